/**
 * The state file: loaded at start when it exists, rewritten atomically (temp file, fsync, rename) after every
 * write. Writes are coalesced: while one is on its way to disk, later changes wait and go out together in the
 * next, so the file never goes back to an older state and every answered write is already on disk.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { EXIT, OrgsyncError } from '../../errors.js';
import { acquireLock, releaseLock } from '../../process-lock.js';
import { STATE_FORMAT, type CompanyState } from './company.js';

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
      new OrgsyncError('sandbox_state_locked', `Another sandbox is starting on the state file ${path} right now; give this one another --state file.`, EXIT.cannotStart),
    failed: (file, error) => new SandboxStateError(file, `cannot be locked (${(error as NodeJS.ErrnoException).code ?? 'error'})`, { cause: error }),
  });
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

export class StatePersister {
  private requested = 0;
  private written = 0;
  private running: Promise<void> | null = null;

  constructor(
    readonly path: string,
    private readonly capture: () => CompanyState,
  ) {}

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
  }

  private async writeOnce(): Promise<void> {
    const version = this.requested;
    await writeAtomically(this.path, JSON.stringify(this.capture()));
    this.written = version;
  }
}
