/**
 * The export guard's baseline on disk: `STATE/last-run/SERVICE.json`, the summary of the desired state of
 * the last run against that service that ended with exit 0. Written through a temporary file, so a run
 * killed while writing leaves the previous baseline.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { replaceFileSync } from '../json-file.js';
import { fromVersion1, type ExportBaseline, type ExportBaselineV1 } from '../plan/export-guard.js';

export function lastRunPath(stateDir: string, serviceKey: string): string {
  return join(stateDir, 'last-run', `${serviceKey}.json`);
}

/** The baseline, or null on the first run (no file) and when it cannot be read (see `baselineUnreadable`). */
export function loadBaseline(path: string): ExportBaseline | null {
  const read = readBaseline(path);
  return read === 'missing' || read === 'unreadable' ? null : read;
}

/**
 * The baseline as the guard needs it: a file that is there but cannot be read (damaged, another format) is
 * told apart from no file, so an unattended run never loses its guard without saying so.
 */
export function readBaseline(path: string): ExportBaseline | 'missing' | 'unreadable' {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'missing' : 'unreadable';
  }
  try {
    const parsed = JSON.parse(text) as ExportBaseline | ExportBaselineV1;
    if (parsed.version === 2) return parsed;
    // Written by a release before the compact format: read as it was meant.
    return parsed.version === 1 ? fromVersion1(parsed) : 'unreadable';
  } catch {
    return 'unreadable';
  }
}

export function saveBaseline(path: string, baseline: ExportBaseline): void {
  replaceFileSync(path, JSON.stringify(baseline));
}
