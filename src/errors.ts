/**
 * One error base class with a stable code and the exit code of cli.md. Library code throws these; only
 * the CLI entry point turns them into a message and a process exit.
 */
import { errorWords } from './words/errors.js';

export const EXIT = {
  ok: 0,
  validation: 1,
  partial: 2,
  cannotStart: 3,
  interrupted: 130,
} as const;
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** Every code an error of the importer (or its sandbox) carries: stable, for scripts and tests. */
export type OrgsyncErrorCode =
  /** Bad usage or missing configuration. */
  | 'usage'
  /** The configuration file (orgsync.config.json, --config): unreadable, a wrong key or value, a secret file others can read. */
  | 'config'
  | 'unreadable_file'
  /** The journal: held by another run, cannot be opened or written, not a plain file, damaged. */
  | 'journal_locked'
  | 'journal_open'
  | 'journal_write'
  | 'journal_too_large'
  | 'journal_not_a_file'
  /** The service (kinds of ServiceError, service/errors.ts). */
  | 'service_rejected'
  | 'service_unavailable'
  | 'service_unknown_outcome'
  | 'service_auth'
  /** The sandbox's state file. */
  | 'sandbox_state'
  | 'sandbox_state_locked'
  /** The rehearsal sandbox's thread could not start. */
  | 'sandbox_failed'
  /** A saved plan (apply plan.json) no longer matches the workbook or the service. */
  | 'plan_stale'
  /** An approvals file (apply --approve) that is not valid for its plan. */
  | 'approvals_invalid';

export class OrgsyncError extends Error {
  constructor(
    readonly code: OrgsyncErrorCode,
    message: string,
    readonly exitCode: ExitCode = EXIT.cannotStart,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'OrgsyncError';
  }
}

/** A file that cannot be read as a spreadsheet at all (not a spreadsheet, corrupt, encrypted, empty). */
export class UnreadableFileError extends OrgsyncError {
  constructor(readonly file: string, reason: string, options?: { cause?: unknown }) {
    super('unreadable_file', `${file}: ${reason}`, EXIT.cannotStart, options);
    this.name = 'UnreadableFileError';
  }
}

/** Bad usage or missing configuration: exit 3 before anything is sent. */
export class UsageError extends OrgsyncError {
  constructor(message: string) {
    super('usage', message, EXIT.cannotStart);
    this.name = 'UsageError';
  }
}

/** Another importer holds the journal's lock (a live process: a stale lock is taken over). */
export class JournalLockedError extends OrgsyncError {
  constructor(lockPath: string, pid: number) {
    super(
      'journal_locked',
      errorWords().journalLocked(pid, lockPath.replace(/\.lock$/, '.jsonl')),
      EXIT.cannotStart,
    );
  }
}

/** A journal or ledger file that cannot be opened or written (disk full, read-only, not a file). */
export class StateFileError extends OrgsyncError {
  constructor(path: string, action: 'open' | 'write', cause: unknown) {
    super(`journal_${action}`, errorWords().couldNot(action, path, writeFailure(cause)), EXIT.cannotStart, { cause });
    this.name = 'StateFileError';
  }
}

function writeFailure(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  const words = errorWords();
  switch (code) {
    case 'ENOSPC':
      return words.diskFull;
    case 'EDQUOT':
      return words.quotaUsed;
    case 'EROFS':
      return words.readOnly;
    case 'EACCES':
    case 'EPERM':
      return words.permissionDenied;
    case 'EFBIG':
      return words.fileTooLarge;
    default:
      return code ? words.systemRefused(code) : String((error as Error).message ?? error);
  }
}
