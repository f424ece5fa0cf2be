/**
 * The state file: loaded at start when it exists (with its change log, change-log.ts), rewritten atomically
 * (temp file, fsync, rename) when the log has grown as large as it and when the sandbox stops. Writes are
 * coalesced: while one batch is on its way to disk, later changes wait and go out together in the next, so
 * the state on disk never goes back to an older one and every answered write is already on disk.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { mkdir, open, readFile, rename, rm, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { EXIT, OrgsyncError } from '../../errors.js';
import { acquireLock, releaseLock, removeLeftoverTemporaries } from '../../process-lock.js';
import { changeLine, logHeader, logPathOf } from './change-log.js';
import { STATE_FORMAT, type Company, type CompanyState } from './company.js';

export class SandboxStateError extends OrgsyncError {
  constructor(path: string, reason: string, options?: { cause?: unknown }) {
    super('sandbox_state', `sandbox state file ${path}: ${reason}`, undefined, options);
    this.name = 'SandboxStateError';
  }
}

/** The state file's lock (`FILE.lock`), held while the sandbox runs; the same lock as the importer's journal. */
export function lockStateFile(path: string): { release(): void } {
  const lockPath = `${path}.lock`;
  try {
    mkdirSync(dirname(path), { recursive: true });
  } catch {
    // the lock's own creation says what is wrong
  }
  acquireLock(lockPath, {
    held: (holder) =>
      new OrgsyncError(
        'sandbox_state_locked',
        `Another sandbox (process ${holder.pid}) is already using the state file ${path}; two would overwrite each other's changes. Stop it, or give this one another --state file.`,
        EXIT.cannotStart,
      ),
    starting: () =>
      new OrgsyncError(
        'sandbox_state_locked',
        `Another sandbox is starting on the state file ${path} right now; give this one another --state file.`,
        EXIT.cannotStart,
      ),
    failed: (file, error) =>
      new SandboxStateError(file, `cannot be locked (${(error as NodeJS.ErrnoException).code ?? 'error'})`, { cause: error }),
  });
  // Holding the state file, this sandbox owns its folder: what a killed one left aside there goes.
  removeLeftoverTemporaries(dirname(path), { of: basename(path) });
  let held = true;
  return {
    release: () => {
      if (held) releaseLock(lockPath);
      held = false;
    },
  };
}

const LISTS = ['users', 'employees', 'departments', 'teams', 'delegations', 'absences'] as const;

/** The saved state, or undefined when the file does not exist. A file that is not a state file is refused, never overwritten. */
export async function loadState(path: string): Promise<CompanyState | undefined> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new SandboxStateError(path, `cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`, { cause: error });
  }
  let state: unknown;
  try {
    state = JSON.parse(text);
  } catch (error) {
    throw new SandboxStateError(path, 'is not valid JSON; move it away or pass another --state file', { cause: error });
  }
  const candidate = state as Partial<CompanyState> | null;
  const shapeOk =
    candidate !== null &&
    typeof candidate === 'object' &&
    candidate.format === STATE_FORMAT &&
    candidate.version === 1 &&
    typeof candidate.rootSid === 'number' &&
    typeof candidate.next === 'object' &&
    LISTS.every((list) => Array.isArray(candidate[list])) &&
    (candidate.instanceId === undefined || typeof candidate.instanceId === 'string');
  if (!shapeOk) throw new SandboxStateError(path, `is not a sandbox state file (format ${STATE_FORMAT}, version 1)`);
  return candidate as CompanyState;
}

async function writeAtomically(path: string, text: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temporary = join(dirname(path), `.${basename(path)}.${process.pid}.${randomUUID().slice(0, 8)}.tmp`);
  try {
    const handle = await open(temporary, 'w');
    try {
      await handle.writeFile(text, 'utf8');
      await handle.datasync();
    } finally {
      await handle.close();
    }
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/** Below this size the log is never folded into the state file: small companies rewrite it rarely. */
const MIN_LOG_BYTES = 1 << 20;

/** How soon a line of the log is flushed to the disk (fdatasync), as the importer's journal is. */
const SYNC_DELAY_MS = 200;

/**
 * Writes the company to disk. Every write the sandbox answers is in the file first (written with write(2),
 * so a crash or kill -9 of the process loses nothing answered); writes that arrive while one batch is on
 * its way go out together in the next. A batch is one line appended to the change log, so its cost is the
 * size of the change, not of the company. The log is flushed to the disk (fdatasync) within 200 ms, like
 * the importer's journal, and the state file whenever it is rewritten: waiting for the disk before every
 * answer made a rehearsal wait on the disk most of its time.
 */
export class StatePersister {
  private requested = 0;
  private written = 0;
  private running: Promise<void> | null = null;
  private log: FileHandle | null = null;
  private logBytes = 0;
  private headerBytes = 0;
  private snapshotBytes = 0;
  private needsSnapshot: boolean;
  private syncTimer: NodeJS.Timeout | null = null;
  private syncing: Promise<void> | null = null;

  constructor(
    readonly path: string,
    private readonly company: Company,
    private sequence: number,
    /** The state file is missing or behind (a log was replayed): write it whole first. */
    stateFileBehind: boolean,
    private readonly minLogBytes = MIN_LOG_BYTES,
  ) {
    this.needsSnapshot = stateFileBehind;
  }

  /** Before the first request: the state file is made whole if it is behind, and the log starts empty. */
  async start(): Promise<void> {
    if (this.needsSnapshot) await this.writeSnapshot();
    else await this.restartLog();
  }

  /** Resolves once a state that includes every change made before the call is on disk. */
  async save(): Promise<void> {
    const wanted = ++this.requested;
    while (this.written < wanted) {
      if (!this.running) {
        this.running = this.writeOnce().finally(() => {
          this.running = null;
        });
      }
      await this.running;
    }
  }

  /** Waits for a write in progress, for a clean shutdown. */
  async idle(): Promise<void> {
    while (this.running) await this.running.catch(() => undefined);
    await this.syncing;
  }

  /**
   * Leaves the whole state in the state file and no log beside it (the sandbox is stopping). When the state
   * file cannot be written, the log stays: the next start applies it.
   */
  async close(): Promise<void> {
    if (this.syncTimer) clearTimeout(this.syncTimer);
    this.syncTimer = null;
    await this.idle();
    let whole = true;
    if (this.needsSnapshot || this.logBytes > this.headerBytes) {
      whole = await this.writeSnapshot().then(
        () => true,
        () => false,
      );
    }
    if (!whole) await this.log?.datasync().catch(() => undefined);
    await this.log?.close().catch(() => undefined);
    this.log = null;
    if (whole) await rm(logPathOf(this.path), { force: true }).catch(() => undefined);
  }

  private async writeOnce(): Promise<void> {
    const version = this.requested;
    if (this.needsSnapshot || this.logBytes > Math.max(this.minLogBytes, this.snapshotBytes)) await this.writeSnapshot();
    else await this.appendChanges();
    this.written = version;
  }

  private async appendChanges(): Promise<void> {
    const { next, tables } = this.company.takeChanges();
    const line = changeLine(this.sequence + 1, next, tables);
    if (line === null) return;
    const log = await this.openLog();
    try {
      await log.write(line);
    } catch (error) {
      // These changes are in no file now: the next write puts the whole state in the state file.
      this.needsSnapshot = true;
      await log.truncate(this.logBytes).catch(() => undefined);
      throw error;
    }
    this.sequence += 1;
    this.logBytes += Buffer.byteLength(line);
    this.syncTimer ??= setTimeout(() => this.syncLog(), SYNC_DELAY_MS).unref();
  }

  private syncLog(): void {
    this.syncTimer = null;
    // A failed flush leaves the lines with the OS (a process crash loses nothing); the next rewrite of the
    // state file flushes everything again.
    this.syncing = (this.log?.datasync() ?? Promise.resolve())
      .catch(() => undefined)
      .finally(() => {
        this.syncing = null;
      });
  }

  private async writeSnapshot(): Promise<void> {
    this.needsSnapshot = true;
    this.company.takeChanges();
    this.company.logSequence = this.sequence;
    const text = JSON.stringify(this.company.toState());
    await writeAtomically(this.path, text);
    this.snapshotBytes = text.length;
    // Every line of the log is in the state file now.
    await this.restartLog();
    this.needsSnapshot = false;
  }

  private async restartLog(): Promise<void> {
    const log = await this.openLog();
    const header = logHeader(this.company.instanceId);
    await log.truncate(0);
    await log.write(header);
    this.headerBytes = Buffer.byteLength(header);
    this.logBytes = this.headerBytes;
  }

  private async openLog(): Promise<FileHandle> {
    this.log ??= await open(logPathOf(this.path), 'a');
    return this.log;
  }
}
