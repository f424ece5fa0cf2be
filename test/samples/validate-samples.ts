/** Reading and validating a sample the way `orgsync-import validate` does, offline or against a fresh sandbox. */
import { join } from 'node:path';
import type { Organisation } from '../../src/model/organisation.js';
import { readInput } from '../../src/sheets/read.js';
import { validate, type CurrentView, type ValidationResult } from '../../src/validate/index.js';

export const samplesDir = join(import.meta.dirname, '..', '..', 'samples');

/** What a freshly started sandbox holds: only its top department, `root`. */
export function freshSandbox(): CurrentView {
  return { employees: new Set(), departments: new Set(['root']), teams: new Set(), topDepartmentId: 'root', teamOf: new Map() };
}

export interface SampleOptions {
  online?: boolean;
  dateOrder?: 'dmy' | 'mdy';
}

export async function validateSample(relativePath: string, options: SampleOptions = {}): Promise<ValidationResult> {
  const reading = await readInput([join(samplesDir, relativePath)], {});
  return validate(reading, {
    today: '2025-11-22',
    dateOrder: options.dateOrder,
    ...(options.online ? { current: freshSandbox() } : {}),
  });
}

export function codes(result: ValidationResult, severity: 'error' | 'warning'): string[] {
  return result.issues
    .filter((i) => i.severity === severity)
    .map((i) => i.code)
    .sort();
}

/** The organisation without the `source` of each entity, so two inputs of the same data compare equal. */
export function withoutSources(org: Organisation): unknown {
  const strip = <T extends { source?: unknown }>(entity: T): Omit<T, 'source'> => {
    const { source: _source, ...rest } = entity;
    return rest;
  };
  const byKey = <T extends { source?: unknown }>(map: Map<string, T>) =>
    [...map.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([key, entity]) => [key, strip(entity)]);
  const sorted = <T extends { source?: unknown }>(list: T[]) =>
    list.map(strip).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  return {
    users: byKey(org.users),
    employees: byKey(org.employees),
    departments: byKey(org.departments),
    teams: byKey(org.teams),
    absences: sorted(org.absences),
    delegations: sorted(org.delegations),
  };
}
