/**
 * The export guard's baseline on disk: `STATE/last-run/SERVICE.json`, the summary of the desired state of
 * the last run against that service that ended with exit 0. Written through a temporary file, so a run
 * killed while writing leaves the previous baseline.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { ExportBaseline } from '../plan/export-guard.js';

export function lastRunPath(stateDir: string, serviceKey: string): string {
  return join(stateDir, 'last-run', `${serviceKey}.json`);
}

/** The baseline, or null on the first run (or when it cannot be read: the guard then starts afresh). */
export function loadBaseline(path: string): ExportBaseline | null {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return null;
  }
  try {
    const parsed = JSON.parse(text) as ExportBaseline;
    return parsed.version === 1 ? parsed : null;
  } catch {
    return null;
  }
}

export function saveBaseline(path: string, baseline: ExportBaseline): void {
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify(baseline));
  renameSync(temporary, path);
}
