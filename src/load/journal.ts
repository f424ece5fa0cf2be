/**
 * The progress journal: one JSON line per event, written with a plain write(2) the moment an operation
 * is confirmed, so a crash or `kill -9` loses nothing the service confirmed (the OS keeps what was
 * written); fsync'd at the end of a run and on a timer for power loss. One file per service + company;
 * only an unfinished run is kept, and a run that finishes empties it. A lock file (journal-lock.ts) keeps
 * two importers off the same journal.
 */
import {
  closeSync,
  existsSync,
  fsync,
  fsyncSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { dirname } from 'node:path';
import { EXIT, OrgsyncError, StateFileError } from '../errors.js';
import { lockJournal, unlockJournal } from './journal-lock.js';
import type { Operation } from '../model/operations.js';
import type { OperationOutcome } from './outcome.js';
import { loadWords } from '../words/load.js';

export const JOURNAL_FORMAT = 1;

export interface JournalIdentity {
  /** Hash of API version, base URL and company: never a secret. */
  serviceKey: string;
  /** Hash of the input files. */
  workbookHash: string;
  /** `apply plan.json`: the saved plan's id, so a later apply of it knows what it has done already. */
  plan?: string;
  /**
   * The history record the run writes into, and which part of it this process is (a run stopped and
   * finished by the same command again is one record in parts): a run killed mid-way is recorded from here.
   */
  record?: { id: string; part: number };
}

type Entry =
  | {
      t: 'run';
      format: number;
      serviceKey: string;
      workbookHash: string;
      at: string;
      operations: number;
      plan?: string;
      record?: string;
      part?: number;
    }
  | { t: 'sent'; key: string }
  /** `unchanged`: the service had its effect already (it changed nothing, so undo has nothing to set back). */
  | { t: 'done'; key: string; status: number | null; note?: string; unchanged?: true }
  | { t: 'failed'; key: string; status: number | null; message: string | null }
  | { t: 'end'; at: string; complete: boolean };

export interface PreviousRun {
  /** The previous run stopped before it finished (interrupted, crashed or left failures). */
  unfinished: boolean;
  /** Same workbook and same service: its unconfirmed operations are this run's to verify. */
  sameWorkbook: boolean;
  /** Same service (API version, base URL and company), whatever the workbook. */
  sameService: boolean;
  confirmed: number;
  /** Operations sent whose answer never came (the loader verifies them, never resends blindly). */
  unconfirmed: string[];
  startedAt: string;
  /** The history record the previous run wrote into, and its part (absent: written by an older release). */
  record?: { id: string; part: number };
}

const ENTRY_TYPES = new Set(['run', 'sent', 'done', 'failed', 'end']);

/**
 * A journal holds one run: a few lines per operation, some MB for a large company. One over 500 MB was
 * not written by a run of this importer (or is damaged), and a string that long cannot be made in Node.
 */
export const MAX_JOURNAL_BYTES = 500 * 1024 * 1024;

function readEntries(path: string): Entry[] {
  if (!existsSync(path)) return [];
  const size = statSync(path).size;
  if (size > MAX_JOURNAL_BYTES) {
    throw new OrgsyncError(
      'journal_too_large',
      loadWords().journalTooLarge(path, Math.round(size / 1024 / 1024), MAX_JOURNAL_BYTES / 1024 / 1024),
      EXIT.cannotStart,
    );
  }
  const entries: Entry[] = [];
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    let entry: unknown;
    try {
      entry = JSON.parse(line);
    } catch {
      // A torn line (the process died mid-write) holds no confirmation: skip it.
      continue;
    }
    if (isEntry(entry)) entries.push(entry);
  }
  return entries;
}

/** A line that parses but is not one of ours (a damaged or hand-edited journal) is skipped like a torn one. */
function isEntry(value: unknown): value is Entry {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  if (typeof entry.t !== 'string' || !ENTRY_TYPES.has(entry.t)) return false;
  if (entry.t === 'run') return typeof entry.serviceKey === 'string' && typeof entry.workbookHash === 'string';
  if (entry.t === 'end') return typeof entry.complete === 'boolean';
  return typeof entry.key === 'string';
}

/**
 * Where the last run's lines begin, and with them those of the runs before it that applied the same saved
 * plan to the same service without finishing it: an apply killed twice has done part of its plan in each
 * attempt, and all of it is the plan's progress. -1 when the journal holds no run.
 */
function lastRunStart(entries: readonly Entry[]): number {
  let start = entries.findLastIndex((e) => e.t === 'run');
  if (start < 0) return -1;
  const last = entries[start] as Extract<Entry, { t: 'run' }>;
  if (last.plan === undefined) return start;
  for (let i = start - 1; i >= 0; i--) {
    const e = entries[i]!;
    if (e.t !== 'run') continue;
    if (e.plan !== last.plan || e.serviceKey !== last.serviceKey) break;
    start = i;
  }
  return start;
}

function lastRun(entries: Entry[]): PreviousRun | null {
  const start = lastRunStart(entries);
  if (start < 0) return null;
  const header = entries.findLast((e) => e.t === 'run') as Extract<Entry, { t: 'run' }>;
  const sent = new Set<string>();
  let confirmed = 0;
  let ended: Extract<Entry, { t: 'end' }> | null = null;
  for (const e of entries.slice(start + 1)) {
    if (e.t === 'sent') sent.add(e.key);
    else if (e.t === 'done' || e.t === 'failed') {
      sent.delete(e.key);
      if (e.t === 'done') confirmed++;
    } else if (e.t === 'end') ended = e;
    else if (e.t === 'run') ended = null;
  }
  return {
    unfinished: ended === null || !ended.complete,
    sameWorkbook: false,
    sameService: false,
    confirmed,
    unconfirmed: [...sent],
    startedAt: header.at,
    ...(header.record !== undefined && header.part !== undefined ? { record: { id: header.record, part: header.part } } : {}),
  };
}

/** What the unfinished applies of one saved plan did: confirmed, and sent without an answer (done or not). */
export interface PlanProgress {
  done: ReadonlySet<string>;
  unconfirmed: ReadonlySet<string>;
}

/**
 * The progress a saved plan's earlier, unfinished applies left in the journal (none when the journal's last
 * run applied something else): read without taking the lock, before the plan is compared with the world,
 * because what the plan itself did is no change of the service that makes it stale.
 */
export function planProgress(path: string, serviceKey: string, plan: string): PlanProgress {
  const entries = readEntries(path);
  const start = lastRunStart(entries);
  const header = start < 0 ? null : (entries[start] as Extract<Entry, { t: 'run' }>);
  const done = new Set<string>();
  const unconfirmed = new Set<string>();
  if (!header || header.plan !== plan || header.serviceKey !== serviceKey) return { done, unconfirmed };
  for (const e of entries.slice(start + 1)) {
    if (e.t === 'sent') unconfirmed.add(e.key);
    else if (e.t === 'done' || e.t === 'failed') {
      unconfirmed.delete(e.key);
      if (e.t === 'done') done.add(e.key);
    }
  }
  return { done, unconfirmed };
}

/** What one run line of the journal and the lines after it say, for its history record (src/history/). */
export interface JournalRun {
  record: { id: string; part: number } | null;
  serviceKey: string;
  workbookHash: string;
  plan?: string;
  at: string;
  done: string[];
  unchanged: string[];
  failed: string[];
  /** Sent, and no answer recorded: the process stopped before it read one. */
  unconfirmed: string[];
  end: { at: string; complete: boolean } | null;
}

/**
 * Every run the journal holds, oldest first, with what became of its operations: read by the history to
 * record a run that was killed before it could record itself. The caller holds the journal's lock (or
 * knows no process does), so no run is read while it is still writing.
 */
export function journalRuns(path: string): JournalRun[] {
  if (!holdsRuns(path)) return [];
  const runs: JournalRun[] = [];
  let sent = new Set<string>();
  let current: JournalRun | null = null;
  const close = () => {
    if (current) current.unconfirmed = [...sent];
  };
  for (const e of readEntries(path)) {
    if (e.t === 'run') {
      close();
      sent = new Set();
      current = {
        record: e.record !== undefined && e.part !== undefined ? { id: e.record, part: e.part } : null,
        serviceKey: e.serviceKey,
        workbookHash: e.workbookHash,
        ...(e.plan !== undefined ? { plan: e.plan } : {}),
        at: e.at,
        done: [],
        unchanged: [],
        failed: [],
        unconfirmed: [],
        end: null,
      };
      runs.push(current);
      continue;
    }
    if (!current) continue;
    if (e.t === 'sent') sent.add(e.key);
    else if (e.t === 'done') {
      sent.delete(e.key);
      (e.unchanged ? current.unchanged : current.done).push(e.key);
    } else if (e.t === 'failed') {
      sent.delete(e.key);
      current.failed.push(e.key);
    } else current.end = { at: e.at, complete: e.complete };
  }
  close();
  return runs;
}

/**
 * A journal that exists and is a plain file: only such a one holds runs. A device such as /dev/full reads
 * as an endless stream, and its lock would be made in /dev: what the journal's open refuses is not read.
 */
export function holdsRuns(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** The journal's lock file beside it. */
export function journalLockPath(path: string): string {
  return `${path.replace(/\.jsonl$/, '')}.lock`;
}

export class Journal {
  private fd: number | null = null;
  private syncTimer: NodeJS.Timeout | null = null;
  private dirty = false;
  private complete = false;

  private constructor(
    readonly path: string,
    private readonly lockPath: string,
    readonly previous: PreviousRun | null,
  ) {}

  /**
   * Opens (and locks) the journal; tells what the previous run on it left behind. Only the last run
   * matters for resuming, so older runs are dropped: a finished run leaves nothing behind, an unfinished
   * one stays until a later run finishes.
   */
  static open(path: string, identity: JournalIdentity): Journal {
    refuseNonRegularFile(path);
    try {
      mkdirSync(dirname(path), { recursive: true });
    } catch (error) {
      throw new StateFileError(dirname(path), 'open', error);
    }
    const lockPath = journalLockPath(path);
    lockJournal(lockPath);
    try {
      const entries = readEntries(path);
      const previous = lastRun(entries);
      let keep: Entry[] = [];
      if (previous) {
        const header = entries.findLast((e) => e.t === 'run') as Extract<Entry, { t: 'run' }>;
        previous.sameService = header.serviceKey === identity.serviceKey;
        const samePlan = identity.plan !== undefined && header.plan === identity.plan;
        previous.sameWorkbook = previous.sameService && (samePlan || header.workbookHash === identity.workbookHash);
        if (previous.unfinished) keep = entries.slice(lastRunStart(entries));
      }
      const journal = new Journal(path, lockPath, previous);
      if (existsSync(path)) rewrite(path, keep);
      journal.fd = openSync(path, 'a');
      return journal;
    } catch (error) {
      unlockJournal(lockPath);
      throw error instanceof OrgsyncError ? error : new StateFileError(path, 'open', error);
    }
  }

  /** Throws StateFileError when the line cannot be written (the disk is full): the caller stops the run. */
  private write(entry: Entry): void {
    if (this.fd === null) return;
    try {
      writeSync(this.fd, `${JSON.stringify(entry)}\n`);
    } catch (error) {
      throw new StateFileError(this.path, 'write', error);
    }
    this.dirty = true;
    this.syncTimer ??= setTimeout(() => this.syncInBackground(), 200).unref();
  }

  /**
   * The timer's flush runs on libuv's thread pool: an fsync waits for the disk, and waiting on the main
   * thread held every answer and request back meanwhile (1.5 s of a 20,000-employee import, profiled).
   */
  private syncInBackground(): void {
    this.syncTimer = null;
    if (this.fd === null || !this.dirty) return;
    this.dirty = false;
    // A failure only puts the lines' survival of a power cut in doubt (see sync); close() syncs again.
    fsync(this.fd, () => {});
  }

  private sync(): void {
    this.syncTimer = null;
    if (this.fd !== null && this.dirty) {
      try {
        fsyncSync(this.fd);
      } catch {
        // The lines were written (the OS holds them); only their survival of a power cut is in doubt, and a
        // failing fsync must not crash the run from a timer or hide its outcome.
      }
      this.dirty = false;
    }
  }

  beginRun(identity: JournalIdentity, operations: number): void {
    this.write({
      t: 'run',
      format: JOURNAL_FORMAT,
      serviceKey: identity.serviceKey,
      workbookHash: identity.workbookHash,
      at: new Date().toISOString(),
      operations,
      ...(identity.plan !== undefined ? { plan: identity.plan } : {}),
      ...(identity.record !== undefined ? { record: identity.record.id, part: identity.record.part } : {}),
    });
  }

  sent(op: Operation): void {
    this.write({ t: 'sent', key: op.key });
  }

  finished(outcome: OperationOutcome): void {
    if (outcome.status === 'done' || outcome.status === 'unchanged') {
      const entry: Entry = { t: 'done', key: outcome.op.key, status: outcome.statusCode };
      if (outcome.message) entry.note = outcome.message;
      if (outcome.status === 'unchanged') entry.unchanged = true;
      this.write(entry);
    } else if (outcome.status === 'failed') {
      this.write({ t: 'failed', key: outcome.op.key, status: outcome.statusCode, message: outcome.message });
    }
  }

  endRun(complete: boolean): void {
    this.write({ t: 'end', at: new Date().toISOString(), complete });
    this.complete = complete;
  }

  close(): void {
    if (this.syncTimer) clearTimeout(this.syncTimer);
    this.syncTimer = null;
    if (this.fd !== null) {
      this.sync();
      try {
        // A run that finished leaves nothing to resume: the journal keeps no record of it (the report does).
        if (this.complete) ftruncateSync(this.fd, 0);
      } catch {
        // the next run drops a finished run anyway
      }
      try {
        closeSync(this.fd);
      } catch {
        // nothing more can be done for it
      }
      this.fd = null;
    }
    unlockJournal(this.lockPath);
  }
}

/**
 * A journal must be a plain file: a device such as /dev/full reads as an endless stream (the importer
 * would fill memory trying to read it back) and a pipe or folder cannot hold progress to resume from.
 */
function refuseNonRegularFile(path: string): void {
  let isFile = true;
  try {
    isFile = statSync(path).isFile();
  } catch {
    return; // does not exist yet
  }
  if (!isFile) {
    throw new OrgsyncError('journal_not_a_file', loadWords().journalNotAFile(path), EXIT.cannotStart);
  }
}

/** Replaces the journal's content with these entries: written aside, flushed, then renamed over it. */
function rewrite(path: string, entries: readonly Entry[]): void {
  const aside = `${path}.${process.pid}.tmp`;
  try {
    const fd = openSync(aside, 'w');
    try {
      if (entries.length > 0) writeSync(fd, `${entries.map((e) => JSON.stringify(e)).join('\n')}\n`);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(aside, path);
  } catch (error) {
    try {
      unlinkSync(aside);
    } catch {
      // not created
    }
    throw error;
  }
}
