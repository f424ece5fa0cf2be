/** "The sandbox equals the workbook": every field the workbook manages, compared as plain data. */
import { readInput } from '../../src/sheets/read.js';
import { validate } from '../../src/validate/index.js';
import { effectiveResponsible } from '../../src/plan/responsible.js';
import type { Organisation } from '../../src/model/organisation.js';
import type { SandboxSnapshot } from '../../src/sandbox/index.js';
import { effectiveOwners } from './sync.js';

export async function desiredFrom(files: string[], options: { api?: 'v3' | 'v2' } = {}): Promise<Organisation> {
  const result = await validate(await readInput(files, {}), { api: options.api ?? 'v3' });
  const errors = result.issues.filter((i) => i.severity === 'error');
  if (errors.length > 0) throw new Error(`fixture has errors: ${errors.map((e) => e.message).join('; ')}`);
  return result.desired;
}

const sortBy = <T>(items: T[], key: (t: T) => string) => [...items].sort((a, b) => key(a).localeCompare(key(b)));

export function workbookView(desired: Organisation, options: { delegations?: boolean } = {}) {
  const active = [...desired.employees.values()].filter((e) => e.status === 'active');
  const users = new Set(active.map((e) => e.userId));
  return {
    users: sortBy(
      [...desired.users.values()]
        .filter((u) => users.has(u.id))
        .map((u) => ({
          id: u.id,
          name: u.name,
          email: u.email,
          username: u.username ?? u.email,
          gender: u.gender ?? null,
          birthday: u.birthday ?? null,
        })),
      (u) => u.id,
    ),
    employees: sortBy(
      active.map((e) => ({ id: e.id, userId: e.userId, employment: e.employment ?? null, teamId: e.teamId ?? null })),
      (e) => e.id,
    ),
    departments: sortBy(
      [...desired.departments.values()].map((d) => ({ id: d.id, name: d.name, parentId: d.parentId })),
      (d) => d.id,
    ),
    teams: sortBy(
      [...desired.teams.values()].map((t) => ({ id: t.id, name: t.name, departmentId: t.departmentId })),
      (t) => t.id,
    ),
    responsible: Object.fromEntries([...effectiveResponsible(desired)].sort()),
    delegations:
      options.delegations === false
        ? []
        : sortBy(
            desired.delegations.map((d) => `${d.unitKind}:${d.unitId}|${d.responsibility}|${d.employeeId}`),
            (s) => s,
          ),
    absences: sortBy(
      desired.absences.map((a) => `${a.employeeId}|${a.startDate}|${a.endDate ?? '9999-12-31'}`),
      (s) => s,
    ),
  };
}

export function sandboxView(s: SandboxSnapshot, options: { userIds?: boolean } = {}) {
  const active = s.employees.filter((e) => e.active);
  const users = new Set(active.map((e) => e.userId));
  return {
    users: sortBy(
      s.users
        .filter((u) => users.has(u.id))
        .map((u) => ({ id: u.id, name: u.name, email: u.email, username: u.username, gender: u.gender, birthday: u.birthday })),
      (u) => u.id,
    ),
    employees: sortBy(
      active.map((e) => ({ id: e.id, userId: options.userIds === false ? '' : e.userId, employment: e.employment, teamId: e.teamId })),
      (e) => e.id,
    ),
    departments: sortBy(
      s.departments.map((d) => ({ id: d.id, name: d.name, parentId: d.parentId })),
      (d) => d.id,
    ),
    teams: sortBy(
      s.teams.map((t) => ({ id: t.id, name: t.name, departmentId: t.departmentId })),
      (t) => t.id,
    ),
    responsible: Object.fromEntries(Object.entries(effectiveOwners(s)).sort()),
    delegations: sortBy(
      s.delegations.map((d) => `${d.unitKind}:${d.unitId}|${d.responsibility}|${d.employeeId}`),
      (x) => x,
    ),
    absences: sortBy(
      s.absences.map((a) => `${a.employeeId}|${a.startDate}|${a.endDate}`),
      (x) => x,
    ),
  };
}
