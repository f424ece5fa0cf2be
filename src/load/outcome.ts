import { EXIT, type ExitCode } from '../errors.js';
import type { Operation } from '../model/operations.js';
import type { Settled } from '../service/adapter.js';
import { loadWords } from '../words/load.js';

export type OperationStatus = 'done' | 'failed' | 'skipped' | 'unchanged';

/** What became of one planned operation. */
export interface OperationOutcome {
  op: Operation;
  /**
   * done: the service carried it out (also: checked after a lost answer, and found done); unchanged: the
   * service refused it because it already had its effect (a repeated run); failed; skipped (not sent).
   */
  status: OperationStatus;
  /** HTTP status of the request that settled it; null when nothing was sent. */
  statusCode: number | null;
  /** The service's message for a failure, the reason a row was skipped, or how it was settled, in words. */
  message: string | null;
  /** How it was settled when not by the request asked for (typed: never matched on the message). */
  settled?: Settled | 'confirmed';
  /** For an absence report: the period the service answered it holds (also when it differs from the one asked). */
  answered?: { startDate: string; endDate: string | null };
  /** For a failed operation: how the service failed it (`rejected`: the row's to fix; the others are transient). */
  failure?: 'rejected' | 'unavailable' | 'unknown_outcome' | 'auth' | 'error' | 'answer_differs';
  /** For a skipped operation: the key of the failed operation it depended on. */
  blockedBy?: string;
}

/** The operation's effect is in the service: what depends on it may go ahead. */
export function succeeded(outcome: Pick<OperationOutcome, 'status'>): boolean {
  return outcome.status === 'done' || outcome.status === 'unchanged';
}

export function settledMessage(settled: Settled | 'confirmed'): string {
  return loadWords().settled[settled];
}

/** The exit code of cli.md for an apply: interrupted, stopped by refused credentials, partial, or done. */
export function exitCodeOf(result: { outcomes: readonly OperationOutcome[]; stopped: string | null }): ExitCode {
  if (result.stopped === 'interrupted') return EXIT.interrupted;
  if (result.stopped === 'auth') return EXIT.cannotStart;
  return result.outcomes.some((o) => !succeeded(o)) ? EXIT.partial : EXIT.ok;
}
