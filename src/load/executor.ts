/**
 * The loader: walks the plan's dependency graph with at most `concurrency` requests in flight. An
 * operation starts the moment everything it depends on is done; a failure skips only what depends on
 * it (reported once as the root cause). Every confirmed operation is journalled before anything that
 * depends on it starts.
 */
import type { PlannedOperation } from '../plan/graph.js';
import type { Operation } from '../model/operations.js';
import type { ExecuteResult, ServiceAdapter } from '../service/adapter.js';
import { ServiceError } from '../service/errors.js';
import { settledMessage, succeeded, type OperationOutcome } from './outcome.js';
import { absenceMismatch } from './absence-answer.js';
import { loadWords } from '../words/load.js';

export interface ExecutorHooks {
  /** Called before a request is sent (the journal's "sent"). */
  onSent?(op: Operation): void;
  /** Called once per operation when it is settled (done, failed or skipped). */
  onOutcome?(outcome: OperationOutcome): void;
}

/** How often a write whose outcome was unknown is verified and resent. */
const UNKNOWN_OUTCOME_ATTEMPTS = 3;

export interface ExecutorOptions extends ExecutorHooks {
  adapter: ServiceAdapter;
  concurrency: number;
  /** Aborting stops new requests; requests in flight are awaited and recorded. */
  signal?: AbortSignal;
  /** Operations the previous run sent without hearing back: verified before they are sent again. */
  unconfirmed?: ReadonlySet<string>;
}

export interface ExecutionResult {
  outcomes: OperationOutcome[];
  /** The run stopped early: interrupted, or the service refused the credentials. */
  stopped: 'interrupted' | 'auth' | 'journal' | null;
  stopError?: Error;
}

export async function executePlan(planned: readonly PlannedOperation[], options: ExecutorOptions): Promise<ExecutionResult> {
  // Operations are counted by their place in `planned`: at 300,000 operations a map from key to
  // operation, to its count of unfinished dependencies and to its outcome held 15 MB each through the
  // whole apply. Keys become places once, here.
  const { waitingOn, from, waiters } = dependencyCounts(planned);
  // A queue read from `head` on: shift() on an array of 100,000 operations moves them all, every time.
  const ready = new Int32Array(planned.length);
  let tail = 0;
  for (let index = 0; index < planned.length; index++) if (waitingOn[index] === 0) ready[tail++] = index;
  let head = 0;
  const outcomes = new Array<OperationOutcome | undefined>(planned.length).fill(undefined);
  let inFlight = 0;
  let stopped: ExecutionResult['stopped'] = null;
  let stopError: Error | undefined;
  let wake: (() => void) | null = null;

  const settle = (index: number, outcome: OperationOutcome) => {
    if (outcomes[index] !== undefined) return;
    outcomes[index] = outcome;
    try {
      options.onOutcome?.(outcome);
    } catch (error) {
      // The journal could not record a confirmation (disk full): stop before doing more than it knows.
      stopped ??= 'journal';
      stopError ??= error as Error;
    }
    if (succeeded(outcome)) {
      for (let at = from[index]!; at < from[index + 1]!; at++) {
        const next = waiters[at]!;
        if (--waitingOn[next]! === 0) ready[tail++] = next;
      }
    } else {
      const root = outcome.blockedBy ?? outcome.op.key;
      for (let at = from[index]!; at < from[index + 1]!; at++) {
        const next = waiters[at]!;
        settle(next, { op: planned[next]!.op, status: 'skipped', statusCode: null, message: loadWords().blockedBy(root), blockedBy: root });
      }
    }
  };

  const run = async (index: number) => {
    const outcome = await runOne(planned[index]!.op, options);
    if (outcome.error instanceof ServiceError && outcome.error.kind === 'auth') {
      stopped ??= 'auth';
      stopError ??= outcome.error;
    }
    if (outcome.journalError) {
      stopped ??= 'journal';
      stopError ??= outcome.journalError;
    }
    settle(index, outcome.outcome);
  };

  const onAbort = () => {
    stopped ??= 'interrupted';
    wake?.();
  };
  options.signal?.addEventListener('abort', onAbort);
  if (options.signal?.aborted) stopped = 'interrupted';

  try {
    while (true) {
      while (stopped === null && inFlight < options.concurrency && head < tail) {
        const index = ready[head++]!;
        if (outcomes[index] !== undefined) continue;
        inFlight++;
        void run(index).finally(() => {
          inFlight--;
          wake?.();
        });
      }
      if (inFlight === 0 && (stopped !== null || head === tail)) break;
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
      wake = null;
    }
  } finally {
    options.signal?.removeEventListener('abort', onAbort);
  }

  const notStarted = stopped === 'interrupted' ? loadWords().notStartedInterrupted : loadWords().notStartedStopped;
  const result: OperationOutcome[] = planned.map(
    (p, index) => outcomes[index] ?? { op: p.op, status: 'skipped', statusCode: null, message: notStarted },
  );
  return stopError ? { outcomes: result, stopped, stopError } : { outcomes: result, stopped };
}

/**
 * Per operation (by place), how many of its dependencies in the plan are not done yet, and which
 * operations wait for it, in plan order: those of place i are `waiters[from[i]]` to `waiters[from[i + 1]]`.
 * A dependency on a key outside the plan is none (it was done before).
 */
function dependencyCounts(planned: readonly PlannedOperation[]): { waitingOn: Int32Array; from: Int32Array; waiters: Int32Array } {
  const placeOf = new Map<string, number>();
  for (const [index, p] of planned.entries()) placeOf.set(p.op.key, index);
  const waitingOn = new Int32Array(planned.length);
  const from = new Int32Array(planned.length + 1);
  for (const p of planned) {
    for (const dep of p.dependsOn) {
      const place = placeOf.get(dep);
      if (place !== undefined) from[place + 1]! += 1;
    }
  }
  for (let index = 0; index < planned.length; index++) from[index + 1]! += from[index]!;
  const waiters = new Int32Array(from[planned.length]!);
  const filled = from.slice(0, planned.length);
  planned.forEach((p, index) => {
    for (const dep of p.dependsOn) {
      const place = placeOf.get(dep);
      if (place === undefined) continue;
      waitingOn[index]! += 1;
      waiters[filled[place]!++] = index;
    }
  });
  return { waitingOn, from, waiters };
}

async function runOne(
  op: Operation,
  options: ExecutorOptions,
): Promise<{ outcome: OperationOutcome; error?: unknown; journalError?: Error }> {
  let verifyFirst = options.unconfirmed?.has(op.key) ?? false;
  for (let attempt = 0; ; attempt++) {
    try {
      if (verifyFirst && (await options.adapter.verify(op))) {
        // Carried out by the request whose answer was lost (this run's, or the interrupted run's).
        return { outcome: { op, status: 'done', statusCode: null, message: settledMessage('confirmed'), settled: 'confirmed' } };
      }
      verifyFirst = false;
      try {
        options.onSent?.(op);
      } catch (error) {
        // What is not in the journal must not be sent: a lost answer could then never be checked.
        return {
          outcome: { op, status: 'skipped', statusCode: null, message: loadWords().notSentJournal },
          journalError: error as Error,
        };
      }
      const result = await options.adapter.execute(op);
      return { outcome: outcomeOf(op, result) };
    } catch (error) {
      if (error instanceof ServiceError && error.kind === 'unknown_outcome' && options.signal?.aborted) {
        // Interrupted: no new request. The journal holds it as sent without an answer; the next run checks it.
        return { outcome: { op, status: 'skipped', statusCode: null, message: loadWords().interruptedUnknown }, error };
      }
      if (error instanceof ServiceError && error.kind === 'unknown_outcome' && attempt + 1 < UNKNOWN_OUTCOME_ATTEMPTS) {
        // The connection dropped after sending: the service may have done it. Look before resending.
        verifyFirst = true;
        continue;
      }
      if (error instanceof ServiceError) {
        return {
          outcome: { op, status: 'failed', statusCode: error.status, message: error.serviceMessage ?? error.message, failure: error.kind },
          error,
        };
      }
      const message = error instanceof Error ? error.message : String(error);
      return { outcome: { op, status: 'failed', statusCode: null, message }, error };
    }
  }
}

function outcomeOf(op: Operation, result: ExecuteResult): OperationOutcome {
  const outcome: OperationOutcome = { op, status: 'done', statusCode: result.status, message: null };
  if (result.settled) {
    // A rehire did something; "already there" did not change the service.
    outcome.status = result.settled === 'rehired' ? 'done' : 'unchanged';
    outcome.settled = result.settled;
    outcome.message = settledMessage(result.settled);
  }
  if (op.type === 'reportAbsence' && result.absence) {
    outcome.answered = result.absence;
    const mismatch = absenceMismatch(op, result.absence);
    if (mismatch !== null) {
      // The service kept another period than the one asked for: never counted as done.
      outcome.status = 'failed';
      outcome.failure = 'answer_differs';
      outcome.message = mismatch;
    }
  }
  return outcome;
}
