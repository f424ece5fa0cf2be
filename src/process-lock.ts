/**
 * A lock file naming the process that holds it: the importer's journal and the sandbox's state file.
 * The file appears with its content in one step (written aside, then hard-linked), so no one reads it
 * half-written. A lock whose process is gone is taken over, under an exclusive takeover file, so of
 * several processes starting at once exactly one takes it. A process id alone is not enough: after a
 * crash and a reboot the id can belong to an unrelated live process, so the lock also records when its
 * process started (Linux: /proc/PID/stat field 22), and a live process that started at another time is
 * not the holder. Where the start time cannot be read, a live process id counts as the holder.
 *
 * Every file written aside before it replaces another carries the process id in its name
 * (`FILE.PID.tmp`, the sandbox's `.FILE.PID.ID.tmp`); a process killed while writing one leaves it, and
 * the next process that holds the folder's lock removes it (`removeLeftoverTemporaries`).
 */
import { closeSync, linkSync, openSync, readdirSync, readFileSync, rmSync, statSync, unlinkSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export interface LockHolder {
  pid: number;
  /** Clock ticks after boot when the process started; null where the system does not tell. */
  started: string | null;
}

/** Field 22 of /proc/PID/stat; the command name (field 2) may hold spaces and parentheses, so count from the last ')'. */
export function processStartTime(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[19] ?? null; // fields[0] is field 3
  } catch {
    return null;
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** True when the lock's process still runs: its id is alive and, where known, it started when the lock says. */
export function holderAlive(holder: LockHolder): boolean {
  if (holder.pid === process.pid || !processAlive(holder.pid)) return false;
  if (holder.started === null) return true;
  const started = processStartTime(holder.pid);
  return started === null || started === holder.started;
}

/** The holder named in a lock file; null when it is missing or unreadable (torn by a crash while written). */
export function readLockHolder(lockPath: string): LockHolder | null {
  try {
    const content = JSON.parse(readFileSync(lockPath, 'utf8')) as { pid?: unknown; started?: unknown };
    const pid = Number(content.pid);
    if (!Number.isInteger(pid) || pid <= 0) return null;
    return { pid, started: typeof content.started === 'string' ? content.started : null };
  } catch {
    return null;
  }
}

export interface LockRefusals {
  /** The lock is held by this live process. */
  held(holder: LockHolder): Error;
  /** Another process is taking over a stale lock right now. */
  starting(): Error;
  /** The file system refused (permission, missing folder…). */
  failed(path: string, error: unknown): Error;
}

/** Takes the lock or throws one of the refusals. */
export function acquireLock(lockPath: string, refusals: LockRefusals): void {
  try {
    createLockFile(lockPath);
    return;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw refusals.failed(lockPath, error);
  }
  const holder = readLockHolder(lockPath);
  if (holder && holderAlive(holder)) throw refusals.held(holder);
  takeOverStaleLock(lockPath, refusals);
}

export function releaseLock(lockPath: string): void {
  try {
    unlinkSync(lockPath);
  } catch {
    // already gone
  }
}

function takeOverStaleLock(lockPath: string, refusals: LockRefusals): void {
  const takeover = `${lockPath}.takeover`;
  try {
    closeSync(openSync(takeover, 'wx'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw refusals.failed(takeover, error);
    // A takeover file older than a few seconds was left by a process that died taking over.
    let age = 0;
    try {
      age = Date.now() - statSync(takeover).mtimeMs;
    } catch {
      age = Infinity;
    }
    if (age > 5_000) releaseLock(takeover);
    throw refusals.starting();
  }
  try {
    const holder = readLockHolder(lockPath);
    if (holder && holderAlive(holder)) throw refusals.held(holder);
    releaseLock(lockPath);
    createLockFile(lockPath);
  } finally {
    releaseLock(takeover);
  }
}

function createLockFile(lockPath: string): void {
  const content = JSON.stringify({ pid: process.pid, started: processStartTime(process.pid), at: new Date().toISOString() });
  const aside = `${lockPath}.${process.pid}.tmp`;
  try {
    writeFileSync(aside, content);
    linkSync(aside, lockPath);
    return;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST' || (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP')) throw error;
  } finally {
    releaseLock(aside);
  }
  // A file system without hard links: create and write in two steps.
  const fd = openSync(lockPath, 'wx');
  try {
    writeSync(fd, content);
  } finally {
    closeSync(fd);
  }
}

/** `NAME.PID.tmp` or `.NAME.PID.ID.tmp`: a file written aside by process PID (json-file.ts, the journal, a lock, the sandbox). */
const TEMPORARY = /^\.?(.+)\.(\d+)(?:\.[0-9a-f]{8})?\.tmp$/;

/**
 * Removes the temporary files in `dir` (and its sub-folders, `depth` levels down) that a process left
 * which no longer runs: killed while it wrote them aside, they would stay for ever (the sandbox's is a whole
 * copy of the company). Called by a process that holds the lock of what is kept in the folder; a file of a
 * process still running (another run of another service, say) is left alone. `of`: only those written
 * aside for the file of that name or its lock. Returns what was removed.
 */
export function removeLeftoverTemporaries(dir: string, { depth = 0, of }: { depth?: number; of?: string } = {}): string[] {
  let entries: import('node:fs').Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (depth > 0) removed.push(...removeLeftoverTemporaries(path, { depth: depth - 1, ...(of !== undefined ? { of } : {}) }));
      continue;
    }
    const [, name, pid] = TEMPORARY.exec(entry.name) ?? [];
    if (name === undefined || pid === undefined || !entry.isFile()) continue;
    if (of !== undefined && name !== of && name !== `${of}.lock`) continue;
    if (Number(pid) === process.pid || processAlive(Number(pid))) continue;
    try {
      rmSync(path, { force: true });
      removed.push(path);
    } catch {
      // another process removed it first, or the folder is read-only: nothing more to do
    }
  }
  return removed;
}
