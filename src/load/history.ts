/**
 * The runs of a state folder, kept for `history` and `undo`: `STATE/history/RUN/` holds `run.json` (when,
 * which files and their hash, the service key, counts, exit code, duration), `report.json` (the same
 * object `--report` writes) and, for a run that sent something, `undo.json` (what the entities it touched
 * were before it, and the operations it carried out). The folder is made when the run chooses its id; the
 * files are written once at the run's end, through temporary files (a failed write leaves none behind);
 * nothing here receives configuration, so no secret is kept.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { RunError } from '../errors.js';
import { compactJsonPieces, replaceFileSync, replaceFileWith } from '../json-file.js';
import type { Operation } from '../model/operations.js';
import { savedReason } from '../model/reasons.js';
import type { Department, Organisation, Team } from '../model/organisation.js';
import { ownerAsShown } from '../plan/after.js';
import { restorable, type BeforeState } from '../plan/undo.js';
import type { OperationStatus } from './outcome.js';

export type { BeforeState };

export const HISTORY_VERSION = 1;

export interface RunRecord {
  version: number;
  id: string;
  /** run: the main job; undo: `undo RUN` (then `undoes` names it); apply: `apply plan.json` (then `plan_file` names it). */
  command: 'run' | 'undo' | 'apply';
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
  finished_at: string;
  duration_ms: number;
  files: string[];
  workbook_hash: string | null;
  service_key: string;
  exit_code: number;
  /** Entity → action → how many were planned and what became of them. */
  counts: Record<string, Record<string, Partial<Record<OperationStatus | 'planned', number>>>>;
  /** The export guard's findings, in words (empty: none). */
  export_guard: string[];
  /**
   * Why the run did not end with exit 0: the `error` of the `--json` summary and the report (its stable
   * code, `guard_refused`, `stale_plan`, `usage`, …, and the reason in words). Absent otherwise.
   */
  error?: RunError;
  /** True when the run changed something (`undo.json` keeps what undo needs for every run that sent something). */
  undoable: boolean;
}

export interface UndoData {
  version: number;
  before: BeforeState;
  /** The operations the run carried out, with their outcome. */
  operations: { op: Operation; status: OperationStatus }[];
}

export function historyDir(stateDir: string): string {
  return join(stateDir, 'history');
}

/**
 * A sortable id from the run's start (`2026-11-25T03-12-45Z`; `…Z-2`, `…Z-3` for later runs that started in
 * the same second), claimed the moment it is chosen by making the run's folder: making a folder fails when
 * it exists, so two runs of one state folder that start together (a run and an undo, two services) never
 * get the same id, and neither writes over the other's record. A folder that cannot be made (a full or
 * read-only disk) does not stop the run: its record is tried at its end, and a failure then is said.
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
    rmSync(join(historyDir(stateDir), id), { recursive: true, force: true });
  } catch {
    // nothing more can be done for it
  }
}

/** Creates the run's folder and returns it: the report is written into it by the caller. */
export function runDir(stateDir: string, id: string): string {
  const dir = join(historyDir(stateDir), id);
  mkdirSync(dir, { recursive: true });
  return dir;
}

/**
 * Written last: a run folder without `run.json` is a run that did not finish writing and is not listed.
 * The undo data of a large run (300,000 operations) is written a piece at a time, not as one string.
 */
export async function saveRun(stateDir: string, record: RunRecord, undo: UndoData | null): Promise<void> {
  const dir = runDir(stateDir, record.id);
  // Three levels: the operations, and the before-state's lists of users, employees and units.
  if (undo) await replaceFileWith(join(dir, 'undo.json'), compactJsonPieces(undo, 3));
  replaceFileSync(join(dir, 'run.json'), JSON.stringify(record));
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
    return JSON.parse(readFileSync(join(historyDir(stateDir), id, 'run.json'), 'utf8')) as RunRecord;
  } catch {
    return null;
  }
}

export function reportPathOf(stateDir: string, id: string): string {
  return join(historyDir(stateDir), id, 'report.json');
}

export function readUndoData(stateDir: string, id: string): UndoData | null {
  try {
    const data = JSON.parse(readFileSync(join(historyDir(stateDir), id, 'undo.json'), 'utf8')) as UndoData;
    // A record written before reasons were codes holds words: kept as they were said.
    for (const entry of data.operations) entry.op.reason = savedReason(entry.op.reason);
    return data;
  } catch {
    return null;
  }
}

/** The entities the operations touch, as `state` has them (the service before the run). */
export function touchedBefore(state: Organisation, ops: readonly Operation[]): BeforeState {
  const users = new Set<string>();
  const employees = new Set<string>();
  const departments = new Set<string>();
  const teams = new Set<string>();
  for (const op of ops) {
    switch (op.type) {
      case 'createUser':
      case 'updateUser':
        users.add(op.id);
        break;
      case 'createEmployee':
      case 'updateEmployee':
      case 'fireEmployee':
      case 'rehireEmployee':
        employees.add(op.id);
        break;
      case 'renameEmployee':
        employees.add(op.fromId).add(op.id);
        break;
      case 'addTeamMember':
      case 'removeTeamMember':
        employees.add(op.employeeId);
        break;
      case 'createDepartment':
      case 'updateDepartment':
      case 'moveDepartment':
      case 'deleteDepartment':
        departments.add(op.id);
        break;
      case 'renameDepartment':
        departments.add(op.fromId).add(op.id);
        break;
      case 'createTeam':
      case 'updateTeam':
      case 'moveTeam':
      case 'deleteTeam':
        teams.add(op.id);
        break;
      case 'renameTeam':
        teams.add(op.fromId).add(op.id);
        break;
      default:
        break; // delegations and absences: the operation itself says what was there
    }
  }
  for (const id of employees) {
    const userId = state.employees.get(id)?.userId;
    if (userId !== undefined) users.add(userId);
  }
  // Firing an employee clears the units they led and removes their delegations (the service's rule): both
  // are kept, so that undo, which rehires them, gives them back too.
  const fired = new Set(ops.flatMap((op) => (op.type === 'fireEmployee' ? [op.id] : [])));
  if (fired.size > 0) {
    for (const d of state.departments.values()) if (fired.has(ownerAsShown(state, d) ?? '')) departments.add(d.id);
    for (const t of state.teams.values()) if (fired.has(ownerAsShown(state, t) ?? '')) teams.add(t.id);
  }
  const pick = <T>(map: Map<string, T>, ids: Set<string>) => [...ids].flatMap((id) => (map.has(id) ? [map.get(id)!] : []));
  // v3 shows only who is responsible: the unit's own owner is recorded as the planner reads it.
  const withOwner = <T extends Department | Team>(unit: T): T => ({ ...unit, owner: ownerAsShown(state, unit) });
  // Only what undo gives back is kept (the field table's `undo`): a create-only field is left out.
  return {
    users: pick(state.users, users).map((u) => restorable('user', u)),
    employees: pick(state.employees, employees).map((e) => restorable('employee', e)),
    departments: pick(state.departments, departments).map((d) => restorable('department', withOwner(d))),
    teams: pick(state.teams, teams).map((t) => restorable('team', withOwner(t))),
    delegations: state.delegations.filter((d) => fired.has(d.employeeId)),
  };
}
