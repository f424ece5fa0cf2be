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
  const byKey = new Map(planned.map((p) => [p.op.key, p]));
  const waitingOn = new Map<string, number>();
  const dependents = new Map<string, string[]>();
  for (const p of planned) {
    const deps = p.dependsOn.filter((d) => byKey.has(d));
    waitingOn.set(p.op.key, deps.length);
    for (const dep of deps) {
      const list = dependents.get(dep) ?? [];
      list.push(p.op.key);
      dependents.set(dep, list);
    }
  }
  // A queue read from `head` on: shift() on an array of 100,000 keys moves them all, every time.
  const ready: string[] = planned.filter((p) => waitingOn.get(p.op.key) === 0).map((p) => p.op.key);
  let head = 0;
  const outcomes = new Map<string, OperationOutcome>();
  let inFlight = 0;
  let stopped: ExecutionResult['stopped'] = null;
  let stopError: Error | undefined;
  let wake: (() => void) | null = null;

  const settle = (outcome: OperationOutcome) => {
    if (outcomes.has(outcome.op.key)) return;
    outcomes.set(outcome.op.key, outcome);
    try {
      options.onOutcome?.(outcome);
    } catch (error) {
      // The journal could not record a confirmation (disk full): stop before doing more than it knows.
      stopped ??= 'journal';
      stopError ??= error as Error;
    }
    if (succeeded(outcome)) {
      for (const next of dependents.get(outcome.op.key) ?? []) {
        const left = (waitingOn.get(next) ?? 1) - 1;
        waitingOn.set(next, left);
        if (left === 0) ready.push(next);
      }
    } else {
      const root = outcome.blockedBy ?? outcome.op.key;
      for (const next of dependents.get(outcome.op.key) ?? []) {
        const op = byKey.get(next)!.op;
        settle({ op, status: 'skipped', statusCode: null, message: loadWords().blockedBy(root), blockedBy: root });
      }
    }
  };

  const run = async (op: Operation) => {
    const outcome = await runOne(op, options);
    if (outcome.error instanceof ServiceError && outcome.error.kind === 'auth') {
      stopped ??= 'auth';
      stopError ??= outcome.error;
    }
    if (outcome.journalError) {
      stopped ??= 'journal';
      stopError ??= outcome.journalError;
    }
    settle(outcome.outcome);
  };

  const onAbort = () => {
    stopped ??= 'interrupted';
    wake?.();
  };
  options.signal?.addEventListener('abort', onAbort);
  if (options.signal?.aborted) stopped = 'interrupted';

  try {
    while (true) {
      while (stopped === null && inFlight < options.concurrency && head < ready.length) {
        const key = ready[head++]!;
        if (outcomes.has(key)) continue;
        const op = byKey.get(key)!.op;
        inFlight++;
        void run(op).finally(() => {
          inFlight--;
          wake?.();
        });
      }
      if (inFlight === 0 && (stopped !== null || head === ready.length)) break;
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
    (p) => outcomes.get(p.op.key) ?? { op: p.op, status: 'skipped', statusCode: null, message: notStarted },
  );
  return stopError ? { outcomes: result, stopped, stopError } : { outcomes: result, stopped };
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
