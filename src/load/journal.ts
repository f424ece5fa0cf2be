/**
 * The progress journal: one JSON line per event, written with a plain write(2) the moment an operation
 * is confirmed, so a crash or `kill -9` loses nothing the service confirmed (the OS keeps what was
 * written); fsync'd at the end of a run and on a timer for power loss. One file per service + company;
 * runs are appended. A lock file keeps two importers off the same journal.
 */
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { OrgsyncError, EXIT } from '../errors.js';
import type { Operation } from '../plan/operations.js';
import type { OperationOutcome } from './outcome.js';

export const JOURNAL_FORMAT = 1;

export interface JournalIdentity {
  /** Hash of API version, base URL and company: never a secret. */
  serviceKey: string;
  /** Hash of the input files. */
  workbookHash: string;
}

type Entry =
  | { t: 'run'; format: number; serviceKey: string; workbookHash: string; at: string; operations: number }
  | { t: 'sent'; key: string }
  | { t: 'done'; key: string; status: number | null; note?: string }
  | { t: 'failed'; key: string; status: number | null; message: string | null }
  | { t: 'end'; at: string; complete: boolean };

export interface PreviousRun {
  /** The previous run stopped before it finished (interrupted, crashed or left failures). */
  unfinished: boolean;
  sameWorkbook: boolean;
  confirmed: number;
  /** Operations sent whose answer never came (the loader verifies them, never resends blindly). */
  unconfirmed: string[];
  startedAt: string;
}

export class JournalLockedError extends OrgsyncError {
  constructor(lockPath: string, pid: number) {
    super(
      'journal_locked',
      `Another orgsync-import (process ${pid}) is already working on this company with the journal ${lockPath.replace(/\.lock$/, '.jsonl')}. Wait for it to finish, or stop it, then run again.`,
      EXIT.cannotStart,
    );
  }
}

function readEntries(path: string): Entry[] {
  if (!existsSync(path)) return [];
  const entries: Entry[] = [];
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    try {
      entries.push(JSON.parse(line) as Entry);
    } catch {
      // A torn line (the process died mid-write) holds no confirmation: skip it.
    }
  }
  return entries;
}

function lastRun(entries: Entry[]): PreviousRun | null {
  let start = -1;
  for (let i = entries.length - 1; i >= 0; i--) if (entries[i]!.t === 'run') { start = i; break; }
  if (start < 0) return null;
  const header = entries[start] as Extract<Entry, { t: 'run' }>;
  const sent = new Set<string>();
  let confirmed = 0;
  let ended: Extract<Entry, { t: 'end' }> | null = null;
  for (const e of entries.slice(start + 1)) {
    if (e.t === 'sent') sent.add(e.key);
    else if (e.t === 'done' || e.t === 'failed') {
      sent.delete(e.key);
      if (e.t === 'done') confirmed++;
    } else if (e.t === 'end') ended = e;
  }
  return {
    unfinished: ended === null || !ended.complete,
    sameWorkbook: false,
    confirmed,
    unconfirmed: [...sent],
    startedAt: header.at,
  };
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export class Journal {
  private fd: number | null = null;
  private syncTimer: NodeJS.Timeout | null = null;
  private dirty = false;

  private constructor(
    readonly path: string,
    private readonly lockPath: string,
    readonly previous: PreviousRun | null,
  ) {}

  /** Opens (and locks) the journal; tells what the previous run on it left behind. */
  static open(path: string, identity: JournalIdentity): Journal {
    mkdirSync(dirname(path), { recursive: true });
    const lockPath = path.replace(/\.jsonl$/, '') + '.lock';
    Journal.lock(lockPath);
    const entries = readEntries(path);
    const previous = lastRun(entries);
    if (previous) {
      const header = [...entries].reverse().find((e) => e.t === 'run') as Extract<Entry, { t: 'run' }>;
      previous.sameWorkbook = header.workbookHash === identity.workbookHash && header.serviceKey === identity.serviceKey;
    }
    const journal = new Journal(path, lockPath, previous);
    journal.fd = openSync(path, 'a');
    // A torn last line must not swallow the next entry.
    const raw = existsSync(path) ? readFileSync(path) : Buffer.alloc(0);
    if (raw.length > 0 && raw[raw.length - 1] !== 0x0a) writeSync(journal.fd, '\n');
    return journal;
  }

  private static lock(lockPath: string): void {
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        const fd = openSync(lockPath, 'wx');
        writeSync(fd, JSON.stringify({ pid: process.pid, at: new Date().toISOString() }));
        closeSync(fd);
        return;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        let pid = 0;
        try {
          pid = Number((JSON.parse(readFileSync(lockPath, 'utf8')) as { pid: number }).pid) || 0;
        } catch {
          pid = 0; // an unreadable lock was torn by a crash while being written
        }
        if (pid && pid !== process.pid && processAlive(pid)) throw new JournalLockedError(lockPath, pid);
        unlinkSync(lockPath); // stale: its process is gone
      }
    }
    throw new OrgsyncError('journal_locked', `Could not lock ${lockPath}.`, EXIT.cannotStart);
  }

  private write(entry: Entry): void {
    if (this.fd === null) return;
    writeSync(this.fd, JSON.stringify(entry) + '\n');
    this.dirty = true;
    this.syncTimer ??= setTimeout(() => this.sync(), 200).unref();
  }

  private sync(): void {
    this.syncTimer = null;
    if (this.fd !== null && this.dirty) {
      fsyncSync(this.fd);
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
    });
  }

  sent(op: Operation): void {
    this.write({ t: 'sent', key: op.key });
  }

  finished(outcome: OperationOutcome): void {
    if (outcome.status === 'done') {
      const entry: Entry = { t: 'done', key: outcome.op.key, status: outcome.statusCode };
      if (outcome.message) entry.note = outcome.message;
      this.write(entry);
    } else if (outcome.status === 'failed') {
      this.write({ t: 'failed', key: outcome.op.key, status: outcome.statusCode, message: outcome.message });
    }
  }

  endRun(complete: boolean): void {
    this.write({ t: 'end', at: new Date().toISOString(), complete });
  }

  close(): void {
    if (this.syncTimer) clearTimeout(this.syncTimer);
    this.syncTimer = null;
    if (this.fd !== null) {
      this.sync();
      closeSync(this.fd);
      this.fd = null;
    }
    try {
      unlinkSync(this.lockPath);
    } catch {
      // already gone
    }
  }
}
