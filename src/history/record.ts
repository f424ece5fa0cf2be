/**
 * The runs of a state folder, kept for `history` and `undo`: `STATE/history/RUN/` holds `run.json` (when,
 * which files and their hash, the service key, counts, exit code, duration, the parts it took), `report.json`
 * (the same object `--report` writes) and, for a run that applied a plan, `undo.jsonl` (undo-data.ts). The
 * folder is made when the run chooses its id; `run.json` is written when the run starts applying and again
 * when it ends, each time whole through a temporary file; nothing here receives configuration, so no
 * secret is kept.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { RunError } from '../errors.js';
import { replaceFileSync } from '../json-file.js';
import type { OperationStatus } from '../load/outcome.js';
import { OPERATION_KINDS, type Operation } from '../model/operations.js';

export const HISTORY_VERSION = 2;

/**
 * One process's share of a run: a run stopped (Ctrl-C, a kill, failures) and finished by the same command
 * again is one run in parts. `exit_code` null: the process never said how it ended (killed, crashed, the
 * power lost — or still running).
 */
export interface RunPart {
  started_at: string;
  finished_at: string | null;
  exit_code: number | null;
}

export interface RunRecord {
  version: number;
  id: string;
  /**
   * run: the main job; undo: `undo RUN` (then `undoes` names it); apply: `apply plan.json` (then
   * `plan_file` names it); ui: a run from the page of `orgsync-import ui`.
   */
  command: 'run' | 'undo' | 'apply' | 'ui';
  undoes?: string;
  /** The saved plan an apply carried out (as given), and how many held removals it was told to approve. */
  plan_file?: string;
  approved?: number;
  /**
   * The id of the saved plan the run carried out (an apply, or the main job that wrote it with --out or
   * --hold-removals): what it did of that plan is done for a later `apply` of the same file.
   */
  plan_id?: string;
  started_at: string;
  /** null: the run has not finished (see `exit_code`). */
  finished_at: string | null;
  /** The time its parts took, together. */
  duration_ms: number;
  files: string[];
  workbook_hash: string | null;
  service_key: string;
  /** The last part's exit code; null: the run stopped without saying how (killed, crashed) and was not finished since. */
  exit_code: number | null;
  /** Entity → action → how many were planned and what became of them (over all its parts). */
  counts: Record<string, Record<string, Partial<Record<OperationStatus | 'unknown' | 'planned', number>>>>;
  /** The export guard's findings, in words (empty: none). */
  export_guard: string[];
  /**
   * Why the run did not end with exit 0: the `error` of the `--json` summary and the report (its stable
   * code, `guard_refused`, `stale_plan`, `usage`, …, and the reason in words). Absent otherwise.
   */
  error?: RunError;
  /** True when the run changed something (`undo.jsonl` keeps what undo needs for every run that applied a plan). */
  undoable: boolean;
  /** The processes the run took, in order (version 2; one for a run that ended where it started). */
  parts?: RunPart[];
}

/**
 * Per entity and action, how many operations a run planned and what became of them: each operation with
 * its status, or without one while nothing became of it yet (a plan not carried out, a part still running).
 */
export function recordCounts(operations: Iterable<{ op: Operation; status?: OperationStatus | 'unknown' }>): RunRecord['counts'] {
  const counts: RunRecord['counts'] = {};
  for (const { op, status } of operations) {
    const { entity, action } = OPERATION_KINDS[op.type];
    const perAction = ((counts[entity] ??= {})[action] ??= {});
    perAction.planned = (perAction.planned ?? 0) + 1;
    if (status !== undefined) perAction[status] = (perAction[status] ?? 0) + 1;
  }
  return counts;
}

export function historyDir(stateDir: string): string {
  return join(stateDir, 'history');
}

export function runFolder(stateDir: string, id: string): string {
  return join(historyDir(stateDir), id);
}

/**
 * A sortable id from the run's start (`2026-11-25T03-12-45Z`; `…Z-2`, `…Z-3` for later runs that started in
 * the same second), claimed the moment it is chosen by making the run's folder: making a folder fails when
 * it exists, so two runs of one state folder that start together (a run and an undo, two services) never
 * get the same id, and neither writes over the other's record. A folder that cannot be made (a full or
 * read-only disk) does not stop the run: its record is tried as it goes, and a failure then is said.
 */
export function claimRunId(stateDir: string, startedAt: Date): string {
  const base = startedAt
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-');
  try {
    mkdirSync(historyDir(stateDir), { recursive: true });
    for (let n = 1; ; n++) {
      const id = n === 1 ? base : `${base}-${n}`;
      try {
        mkdirSync(join(historyDir(stateDir), id));
        return id;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
    }
  } catch {
    return base;
  }
}

/** What a run whose record could not be written left of it: a record without `run.json` is not listed anyway. */
export function discardRun(stateDir: string, id: string): void {
  try {
    rmSync(runFolder(stateDir, id), { recursive: true, force: true });
  } catch {
    // nothing more can be done for it
  }
}

/** Creates the run's folder and returns it. */
export function runDir(stateDir: string, id: string): string {
  const dir = runFolder(stateDir, id);
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** The record, replaced whole: a reader sees the one before or this one, never half of it. */
export function writeRecord(stateDir: string, record: RunRecord): void {
  replaceFileSync(join(runDir(stateDir, record.id), 'run.json'), JSON.stringify(record));
}

export function listRuns(stateDir: string): RunRecord[] {
  let ids: string[];
  try {
    ids = readdirSync(historyDir(stateDir)).sort();
  } catch {
    return [];
  }
  return ids.flatMap((id) => {
    const record = readRun(stateDir, id);
    return record ? [record] : [];
  });
}

export function readRun(stateDir: string, id: string): RunRecord | null {
  if (!/^[\w-]+$/.test(id)) return null; // an id is a folder name, never a path
  try {
    return JSON.parse(readFileSync(join(runFolder(stateDir, id), 'run.json'), 'utf8')) as RunRecord;
  } catch {
    return null;
  }
}

export function reportPathOf(stateDir: string, id: string): string {
  return join(runFolder(stateDir, id), 'report.json');
}
