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

/**
 * Why a run ended with an exit code other than 0, as `--json`'s closing `summary` and the `--report` file
 * say it (`error.code`): a few stable codes a script can act on, documented in docs/contracts/cli.md.
 */
export type RunErrorCode =
  /** Bad usage, missing configuration, applying without a terminal and without --yes (exit 3). */
  | 'usage'
  /** The configuration file (exit 3). */
  | 'config'
  /** The workbook has errors (exit 1), or an input cannot be read as a spreadsheet (exit 3). */
  | 'invalid_input'
  /** The export guard or the deletion guard refused the run: nothing sent (exit 3). */
  | 'guard_refused'
  /** A saved plan no longer matches the workbook or the service (exit 3). */
  | 'stale_plan'
  /** An approvals file not valid for its plan (exit 3). */
  | 'invalid_approvals'
  /** The service could not be read, refused the credentials, or the rehearsal sandbox could not start (exit 3). */
  | 'service_failure'
  /** Applied, but some operations failed (exit 2). */
  | 'operations_failed'
  /** The journal, a ledger or the sandbox's state cannot be opened, written or read (exit 3, or 2 mid-run). */
  | 'state_failure'
  /** Another run holds the journal or the sandbox's state (exit 3). */
  | 'state_in_use'
  /** Ctrl-C or SIGTERM (exit 130). */
  | 'interrupted'
  /** Anything else (a fault of the importer; exit 3). */
  | 'unexpected';

export interface RunError {
  code: RunErrorCode;
  message: string;
  /** The finer code where there is one (`service_auth`, `journal_locked`, …). */
  cause?: string;
  /** guard_refused: which guard. */
  guard?: 'export' | 'deletion';
}

const RUN_ERROR_OF: Record<OrgsyncErrorCode, RunErrorCode> = {
  usage: 'usage',
  config: 'config',
  unreadable_file: 'invalid_input',
  journal_locked: 'state_in_use',
  journal_open: 'state_failure',
  journal_write: 'state_failure',
  journal_too_large: 'state_failure',
  journal_not_a_file: 'state_failure',
  service_rejected: 'service_failure',
  service_unavailable: 'service_failure',
  service_unknown_outcome: 'service_failure',
  service_auth: 'service_failure',
  sandbox_state: 'state_failure',
  sandbox_state_locked: 'state_in_use',
  sandbox_failed: 'service_failure',
  plan_stale: 'stale_plan',
  approvals_invalid: 'invalid_approvals',
};

/** The run error of an error code: `service_auth` is a `service_failure` caused by `service_auth`. */
export function runErrorOf(code: OrgsyncErrorCode | undefined, message: string): RunError {
  const runCode = code === undefined ? 'unexpected' : RUN_ERROR_OF[code];
  return runCode === code || code === undefined ? { code: runCode, message } : { code: runCode, message, cause: code };
}

export function isOrgsyncErrorCode(code: unknown): code is OrgsyncErrorCode {
  return typeof code === 'string' && Object.hasOwn(RUN_ERROR_OF, code);
}

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
  constructor(
    readonly file: string,
    reason: string,
    options?: { cause?: unknown },
  ) {
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
    super('journal_locked', errorWords().journalLocked(pid, lockPath.replace(/\.lock$/, '.jsonl')), EXIT.cannotStart);
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
