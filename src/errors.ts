/**
 * One error base class with a stable code and the exit code of cli.md. Library code throws these; only
 * the CLI entry point turns them into a message and a process exit.
 */
export const EXIT = {
  ok: 0,
  validation: 1,
  partial: 2,
  cannotStart: 3,
  interrupted: 130,
} as const;
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

export class OrgsyncError extends Error {
  constructor(
    readonly code: string,
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
