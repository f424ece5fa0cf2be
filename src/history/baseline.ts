/**
 * The export guard's baseline on disk: `STATE/last-run/SERVICE.json`, the summary of the desired state of
 * the last run against that service that ended with exit 0. Written through a temporary file, so a run
 * killed while writing leaves the previous baseline. The one it replaces is kept in the run's history
 * folder (`baseline-before.json`), so undoing the run puts it back.
 */
import { copyFileSync, existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { replaceFileSync } from '../json-file.js';
import type { Organisation } from '../model/organisation.js';
import { baselineOf, fromVersion1, type ExportBaseline, type ExportBaselineV1 } from '../plan/export-guard.js';
import type { Managed } from '../validate/types.js';
import { runFolder } from './record.js';

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

/** After a run that applied its export (exit 0): the export's summary becomes the baseline; the one before is kept with the run. */
export function keepBaseline(
  stateDir: string,
  serviceKey: string,
  runId: string,
  export_: { desired: Organisation; managed: Managed },
): void {
  const path = lastRunPath(stateDir, serviceKey);
  const { desired, managed } = export_;
  // The previous summary is read only for a kind this export leaves out, which keeps its summary.
  const previous = managed.employees && managed.organisation ? null : loadBaseline(path);
  if (existsSync(path)) copyFileSync(path, join(runFolder(stateDir, runId), 'baseline-before.json'));
  saveBaseline(path, baselineOf(desired, managed, runId, previous));
}

/**
 * After a successful undo, when the undone run's export is still the baseline: the baseline as it was
 * before that run (none if it was the first), so the next export is compared with the one before it.
 */
export function restoreBaseline(stateDir: string, serviceKey: string, undoneRunId: string): void {
  const path = lastRunPath(stateDir, serviceKey);
  if (loadBaseline(path)?.runId !== undoneRunId) return;
  const kept = join(runFolder(stateDir, undoneRunId), 'baseline-before.json');
  const previous = existsSync(kept) ? loadBaseline(kept) : null;
  if (previous) saveBaseline(path, previous);
  else rmSync(path, { force: true });
}
