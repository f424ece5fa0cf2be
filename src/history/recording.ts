/**
 * A run's history record, kept as the run goes (issue 34): the run's id is claimed when it starts; before
 * its first write, what undo needs (the plan and the entities it touches as they were) is on disk with a
 * provisional `run.json`; when the apply ends, what became of each operation, before the journal forgets
 * the run; and the record's final `run.json` at the very end. The journal's run line names the record, so
 * a run killed at any moment is recorded by the next one that opens the journal, from what the journal
 * says of it (`recordLeftovers`), and a run stopped and finished by the same command again — whatever
 * stopped it — is one run: the finishing run takes the stopped one's id and adds itself as its next part.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { RunError } from '../errors.js';
import { holdsRuns, Journal, journalLockPath, journalRuns, type JournalIdentity, type PreviousRun } from '../load/journal.js';
import { lockJournal, unlockJournal } from '../load/journal-lock.js';
import type { OperationOutcome } from '../load/outcome.js';
import type { Operation } from '../model/operations.js';
import type { Employee, Organisation } from '../model/organisation.js';
import { removeLeftoverTemporaries } from '../process-lock.js';
import { touchedBefore } from './before.js';
import {
  claimRunId,
  discardRun,
  HISTORY_VERSION,
  historyDir,
  readRun,
  recordCounts,
  runDir,
  writeRecord,
  type RunPart,
  type RunRecord,
} from './record.js';
import { doneForUndo, partsOf, readUndoData, recordOutcomes, recordPart, type PartOutcomes, type UndoData } from './undo-data.js';

/** What the record says of a run from its start: what was run, on which files, against which service. */
export interface RecordHeader {
  command: RunRecord['command'];
  undoes?: string;
  plan_file?: string;
  approved?: number;
  /** The saved plan the run carries out, or wrote with --out or --hold-removals: its id. */
  plan_id?: string;
  files: string[];
  workbook_hash: string | null;
  service_key: string;
  /** The export guard's findings, in words. */
  export_guard: string[];
}

export interface RecordingStart {
  stateDir: string;
  /** The journal of the service the run applies to: what it says of killed runs is recorded from it. */
  journalPath: string;
  /**
   * The run's identity in the journal: the service, and the work (the input files' hash, or the saved
   * plan's id); an undo's work is the run it undoes, whatever `workbookHash` says.
   */
  journal: JournalIdentity;
  startedAt: Date;
  header: RecordHeader;
  /** The service as read before planning: what the run's operations touch is recorded as it was here. */
  before: Organisation;
}

/** An operation a killed run sent without reading the answer, when that run started, and its employee as it was. */
export interface Unanswered {
  op: Operation;
  sentOn: Date;
  before?: Employee;
}

/** How a run ended, for its final record. */
export interface RunEnd {
  exitCode: number;
  error?: RunError;
  /** This part's counts: its plan and what became of its operations. */
  counts: RunRecord['counts'];
  /** This part changed something in the service. */
  changed: boolean;
  /** Writes the run's report to the path given (the record's `report.json`). */
  writeReport(path: string): Promise<void>;
}

export class RunRecording {
  private runId: string;
  private part = 1;
  /** The record of the earlier parts, when this run finishes a stopped one. */
  private earlier: RunRecord | null = null;
  /** Operations the earlier parts sent without reading the answer. */
  private earlierUnknown = new Set<string>();
  /** The keys of this part's plan, when an earlier part left answers unread. */
  private planned = new Set<string>();
  /** What the record counts once the part's outcomes are known. */
  private kept: { counts: RunRecord['counts']; undoable: boolean } | null = null;
  private begun = false;
  private sealed = false;
  /** The record could not be written (a full disk): what is left of it is removed at the end, once. */
  private failure: Error | null = null;

  private constructor(
    private readonly start: RecordingStart,
    /** Operations the runs the journal holds sent without reading the answer (the ledgers learn of them). */
    readonly unanswered: readonly Unanswered[],
  ) {
    this.runId = claimRunId(start.stateDir, start.startedAt);
  }

  /** Records what killed runs left in the journal (and removes their temporary files), then claims this run's id. */
  static async open(start: RecordingStart): Promise<RunRecording> {
    const unanswered = await recordLeftovers(start.stateDir, start.journalPath);
    return new RunRecording(start, unanswered);
  }

  get id(): string {
    return this.runId;
  }

  /**
   * The run's identity in the journal, naming its record and part once it has one (so that a kill is
   * recorded from there). An undo has no files: its work is the run it undoes.
   */
  get identity(): JournalIdentity {
    const { journal, header } = this.start;
    return {
      ...journal,
      ...(header.command === 'undo' ? { workbookHash: `undo ${header.undoes}` } : {}),
      ...(this.begun ? { record: { id: this.runId, part: this.part } } : {}),
    };
  }

  /**
   * The run carries out a saved plan it wrote itself (--out, --hold-removals): the journal keeps the
   * plan's progress by its id, and the record names it, so a later `apply` of the file knows what is done.
   */
  forPlan(planId: string): void {
    this.start.journal = { ...this.start.journal, plan: planId };
    this.start.header.plan_id = planId;
  }

  /** Why the record could not be written, once (null: it could, or it was said already). */
  takeFailure(): Error | null {
    const failure = this.failure;
    this.failure = null;
    return failure;
  }

  /**
   * When the journal says the previous run was this same work and did not finish: this run is its next
   * part, under its id (the id this run claimed is given back). Called once the journal is open.
   */
  adopt(previous: PreviousRun | null): void {
    const earlierId = previous?.record?.id;
    if (!previous?.unfinished || !previous.sameWorkbook || earlierId === undefined || earlierId === this.runId) return;
    const { stateDir, header } = this.start;
    const earlier = readRun(stateDir, earlierId);
    if (!earlier || earlier.service_key !== header.service_key || earlier.command !== header.command) return;
    discardRun(stateDir, this.runId);
    this.runId = earlierId;
    this.earlier = earlier;
    this.part = Math.max(previous.record!.part, earlier.parts?.length ?? 1, ...partsOf(stateDir, earlierId).parts.map((p) => p.part)) + 1;
    const data = readUndoData(stateDir, earlierId);
    this.earlierUnknown = new Set(data?.operations.filter((o) => o.status === 'unknown').map((o) => o.op.key) ?? []);
  }

  /**
   * A run with nothing left to send that finishes a stopped run of the same work: it takes that run's id,
   * and the journal closes the stopped run (the next run does not resume it). Nothing happens when the
   * journal's last run finished, or another process holds the journal.
   */
  finishStopped(): void {
    const { journalPath } = this.start;
    const identity = this.identity;
    let last: ReturnType<typeof journalRuns>[number] | undefined;
    try {
      last = journalRuns(journalPath).at(-1);
    } catch {
      return; // a journal that cannot be read: the next run that applies says why
    }
    if (!last?.record || last.end?.complete || last.serviceKey !== identity.serviceKey) return;
    if (identity.plan !== undefined ? last.plan !== identity.plan : last.workbookHash !== identity.workbookHash) return;
    let journal: Journal;
    try {
      journal = Journal.open(journalPath, this.identity);
    } catch {
      return;
    }
    try {
      this.adopt(journal.previous);
      if (!this.earlier) return;
      journal.beginRun(this.identity, 0);
      journal.endRun(true);
    } finally {
      journal.close();
    }
  }

  /** Before the part's first write: its plan, and the entities it touches as the service had them. */
  async begin(operations: readonly Operation[]): Promise<void> {
    this.begun = true;
    // Only a run finishing a stopped one asks what its plan holds (a large plan's keys are kept only then).
    if (this.earlierUnknown.size > 0) this.planned = new Set(operations.map((op) => op.key));
    await this.attempt(async () => {
      const before = touchedBefore(this.start.before, operations);
      await recordPart(this.start.stateDir, this.runId, { part: this.part, before, operations: [...operations] });
      const counts = this.earlier?.counts ?? recordCounts(operations.map((op) => ({ op })));
      writeRecord(this.start.stateDir, this.record(null, undefined, counts, this.earlier?.undoable ?? false));
    });
  }

  /**
   * When the part's apply ends, before its journal is closed: what became of its operations, and the record
   * with its exit code (a kill after this loses only the report). What an earlier part sent without reading
   * the answer and this part's plan no longer needs, the service had done.
   */
  async seal(outcomes: readonly OperationOutcome[], exitCode: number): Promise<void> {
    if (!this.begun || this.sealed) return;
    this.sealed = true;
    const by: Required<Pick<PartOutcomes, 'done' | 'unchanged' | 'failed'>> = { done: [], unchanged: [], failed: [] };
    for (const { op, status } of outcomes) if (status !== 'skipped') by[status].push(op.key);
    for (const key of this.earlierUnknown) if (!this.planned.has(key)) by.done.push(key);
    const { stateDir } = this.start;
    await this.attempt(async () => {
      await recordOutcomes(stateDir, this.runId, { part: this.part, outcomes: by });
      // A run in parts counts them all, from its undo log; a run in one part, from what it has in hand.
      const data = this.earlier ? readUndoData(stateDir, this.runId) : null;
      // The outcomes are every operation of the part's plan (the held ones skipped).
      const settled = data?.operations ?? outcomes;
      this.kept = { counts: recordCounts(settled), undoable: settled.some((o) => doneForUndo(o.status)) };
      writeRecord(stateDir, this.record(exitCode, undefined, this.kept.counts, this.kept.undoable));
    });
  }

  /** The run's final record and its report; returns where the report is, or undefined when nothing could be kept. */
  async finish(end: RunEnd): Promise<string | undefined> {
    const { stateDir } = this.start;
    // A finishing run with nothing left to send: what its earlier part left unanswered, the service had done.
    if (this.earlier && !this.begun && this.earlierUnknown.size > 0) {
      await this.attempt(() => recordOutcomes(stateDir, this.runId, { part: this.part, outcomes: { done: [...this.earlierUnknown] } }));
    }
    const report = join(runDir(stateDir, this.runId), 'report.json');
    await this.attempt(async () => {
      await end.writeReport(report);
      let kept = this.kept;
      if (!kept && this.earlier) {
        const data = readUndoData(stateDir, this.runId);
        kept = data ? { counts: recordCounts(data.operations), undoable: data.operations.some((o) => doneForUndo(o.status)) } : null;
      }
      writeRecord(stateDir, this.record(end.exitCode, end.error, kept?.counts ?? end.counts, kept?.undoable ?? end.changed));
    });
    if (this.failure) {
      // Half a record is no record (it is not listed) and would only keep a full disk full.
      if (!this.earlier) discardRun(stateDir, this.runId);
      return undefined;
    }
    return report;
  }

  private async attempt(write: () => Promise<void> | void): Promise<void> {
    if (this.failure) return;
    try {
      await write();
    } catch (error) {
      this.failure = error as Error;
    }
  }

  /** The record as it stands: `exitCode` null while the part runs (what a kill leaves until it is recorded). */
  private record(exitCode: number | null, error: RunError | undefined, counts: RunRecord['counts'], undoable: boolean): RunRecord {
    const { startedAt, header } = this.start;
    const now = new Date().toISOString();
    const part: RunPart = { started_at: startedAt.toISOString(), finished_at: exitCode === null ? null : now, exit_code: exitCode };
    const parts = [...(this.earlier?.parts ?? []).slice(0, this.part - 1), part];
    return {
      version: HISTORY_VERSION,
      id: this.runId,
      ...header,
      started_at: this.earlier?.started_at ?? part.started_at,
      finished_at: part.finished_at,
      duration_ms: durationOf(parts),
      exit_code: exitCode,
      counts,
      ...(error && exitCode !== 0 ? { error } : {}),
      undoable,
      parts,
    };
  }
}

function durationOf(parts: readonly RunPart[]): number {
  return parts.reduce((sum, p) => sum + (p.finished_at === null ? 0 : Date.parse(p.finished_at) - Date.parse(p.started_at)), 0);
}

/**
 * Records the runs killed before they recorded their end, of every journal in the state folder's
 * `journal/` (what `history` and `undo` read must say what the killed runs did).
 */
export async function recordKilledRuns(stateDir: string, journalPaths: readonly string[] = []): Promise<void> {
  const folder = join(stateDir, 'journal');
  let found: string[] = [];
  try {
    found = readdirSync(folder)
      .filter((name) => name.endsWith('.jsonl'))
      .map((name) => join(folder, name));
  } catch {
    // no journal yet
  }
  for (const path of new Set([...found, ...journalPaths])) await recordLeftovers(stateDir, path);
}

/**
 * What runs killed before they recorded their end left: for each run the journal holds, its record's part
 * that has no outcomes yet gets them from the journal (sent and never answered: `unknown`), and its
 * `run.json` says it did not finish. Only while no live process holds the journal (a run that is still
 * going records itself). The temporary files killed processes left in the history, the guard's baseline
 * folder and the journal's folder go too. Returns what those runs sent without reading the answer.
 */
async function recordLeftovers(stateDir: string, journalPath: string): Promise<Unanswered[]> {
  if (!holdsRuns(journalPath)) return [];
  const lockPath = journalLockPath(journalPath);
  try {
    lockJournal(lockPath);
  } catch {
    return []; // a live run holds the journal (it records itself), or the journal cannot be locked (its open says why)
  }
  try {
    removeLeftoverTemporaries(historyDir(stateDir), { depth: 1 });
    removeLeftoverTemporaries(join(stateDir, 'last-run'));
    removeLeftoverTemporaries(join(journalPath, '..'));
    const unanswered: Unanswered[] = [];
    for (const run of journalRuns(journalPath)) {
      if (!run.record) continue;
      const { id, part } = run.record;
      const { parts, sealed } = partsOf(stateDir, id);
      const line = parts.find((p) => p.part === part);
      if (!line) continue; // killed before its plan was on disk: it sent nothing
      const unconfirmed = new Set(run.unconfirmed);
      const employees = new Map(line.before.employees.map((e) => [e.id, e]));
      for (const op of line.operations) {
        if (!unconfirmed.has(op.key)) continue;
        const before = 'id' in op ? employees.get(op.id) : undefined;
        unanswered.push({ op, sentOn: new Date(run.at), ...(before ? { before } : {}) });
      }
      if (!sealed.has(part)) {
        const { done, unchanged, failed } = run;
        await recordOutcomes(stateDir, id, { part, outcomes: { done, unchanged, failed, unknown: run.unconfirmed } });
      }
      // Killed before (or while) its record said how the part ended: it says so now.
      const record = readRun(stateDir, id);
      if (!record || record.parts?.[part - 1]?.exit_code !== null) continue;
      const data = readUndoData(stateDir, id);
      if (data) writeRecord(stateDir, afterKill(record, part, run.end, data));
    }
    return unanswered;
  } catch {
    return []; // recorded as far as it went; the journal's own open says what is wrong with it
  } finally {
    unlockJournal(lockPath);
  }
}

/** The record of a run whose part `part` was killed: it ran until the journal's end line, if it has one. */
function afterKill(record: RunRecord, part: number, end: { at: string; complete: boolean } | null, data: UndoData): RunRecord {
  const parts = [...(record.parts ?? [])];
  const exitCode = end?.complete ? 0 : null;
  const started = parts[part - 1]?.started_at ?? record.started_at;
  parts[part - 1] = { started_at: started, finished_at: end?.at ?? null, exit_code: exitCode };
  return {
    ...record,
    finished_at: end?.at ?? null,
    duration_ms: durationOf(parts),
    exit_code: exitCode,
    counts: recordCounts(data.operations),
    undoable: data.operations.some((o) => doneForUndo(o.status)),
    parts,
  };
}
