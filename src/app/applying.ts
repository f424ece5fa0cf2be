/**
 * A shown plan's way on, the same for the main job and `apply plan.json`: refused by a guard, nothing to
 * do, asked about, and carried out through the journal, the executor and the ledgers.
 */
import { EXIT, OrgsyncError, runErrorOf, type ExitCode, type RunError } from '../errors.js';
import { sendingBegins } from '../interrupts.js';
import { executePlan } from '../load/executor.js';
import { withoutHeld } from '../load/held.js';
import { Journal, type JournalIdentity } from '../load/journal.js';
import { recordInLedgers } from '../load/ledger.js';
import { exitCodeOf, succeeded, type OperationOutcome } from '../load/outcome.js';
import type { Plan } from '../plan/plan.js';
import { deletionGuardLines } from '../view/plan-text.js';
import { isTransientFailure, rejectionIssues } from '../view/row-issues.js';
import { appRunWords } from '../words/app-run.js';
import { hashInputs } from './inputs.js';
import type { ImportOptions } from './options.js';
import { heldForApproval } from './plan-file.js';
import { today } from './planning.js';
import { finishRun } from './reports.js';
import { journalPathOf } from './state-paths.js';
import { guardRefusal, needsYesRefusal, type PlannedRun } from './run.js';

/**
 * The deletion guard refuses the plan (held removals are not carried out now: it is applied to them when
 * they are approved, by `apply --approve` or, on the page, before the run).
 */
export function deletionRefused(options: ImportOptions, plan: Plan): boolean {
  return plan.guard.exceeded && !options.force && (plan.approved !== undefined || !plan.held?.length);
}

/**
 * What follows a shown plan: a guard's refusal (`exportRefusal`, else the deletion guard's), an empty
 * plan or `plan` (nothing more to do), no --yes and nobody to ask, a "no", or the apply.
 */
export async function goAhead(run: PlannedRun, exportRefusal?: RunError): Promise<ExitCode> {
  const { options, view, planned } = run;
  const { plan } = planned;
  const refusal =
    exportRefusal ?? (deletionRefused(options, plan) ? guardRefusal('deletion', deletionGuardLines(plan, run.undoing?.runId)) : undefined);
  if (refusal) {
    await finishRun(run, { exitCode: EXIT.cannotStart, error: refusal });
    view.notice({ kind: 'refused_nothing_sent' });
    return EXIT.cannotStart;
  }
  const operations = plan.operations.length;
  // Nothing left to send of a stopped run of the same work: this run finishes it (one record).
  if (operations === 0) run.recording?.finishStopped();
  if (options.command === 'plan' || operations === 0) return finishRun(run, { exitCode: EXIT.ok, nothingToDo: operations === 0 });
  if (!options.yes) {
    if (!view.canAsk) {
      view.notice({ kind: 'needs_yes' });
      return finishRun(run, { exitCode: EXIT.cannotStart, error: needsYesRefusal() });
    }
    if (!(await view.confirm({ operations, service: run.connection.description }))) {
      view.notice({ kind: 'nothing_sent' });
      return finishRun(run, { exitCode: EXIT.ok });
    }
  }
  return carryOut(run);
}

/** Carries out the run's plan (all but its held removals), journalled, and reports what became of it. */
export async function carryOut(run: PlannedRun): Promise<ExitCode> {
  const { options, view, connection, planned } = run;
  const { plan, ledgers } = planned;
  const { recording } = run;
  const identity: JournalIdentity = recording?.identity ?? {
    serviceKey: connection.serviceKey,
    workbookHash: await hashInputs(options.files),
    // The saved plan's id (`apply plan.json`, or this run's --out): the journal keeps the plan's progress by it.
    ...(run.planId !== undefined ? { plan: run.planId } : {}),
  };
  let journal: Journal;
  try {
    journal = Journal.open(journalPathOf(options, connection.serviceKey), identity);
  } catch (error) {
    // Refused with its plan made (another run holds the journal, say): the history lists it as refused
    // with the counts it planned, and --report and the --json summary carry them too.
    if (error instanceof OrgsyncError) await finishRun(run, { exitCode: error.exitCode, error: runErrorOf(error.code, error.message) });
    throw error;
  }
  const previous = journal.previous;
  const { runnable, held } = withoutHeld(plan.operations, plan.held);
  if (previous?.unfinished) {
    view.notice(
      previous.sameWorkbook
        ? { kind: 'resuming', startedAt: previous.startedAt, confirmed: previous.confirmed }
        : { kind: 'previous_unfinished', startedAt: previous.startedAt, sameService: previous.sameService },
    );
  }
  let outcomes: OperationOutcome[] = [];
  let stopped: string | null = null;
  let stopError: Error | undefined;
  try {
    // A run finishing a stopped run of the same work is its next part: one record, one undo.
    recording?.adopt(previous);
    // From the record's first line on, an interrupt stops the sending and lets the run record its end:
    // leaving at once would leave a record of a run that never finished and sent nothing.
    sendingBegins();
    // What undo needs is on disk before the first write; the journal's run line names the record.
    await recording?.begin(plan.operations.map((p) => p.op));
    try {
      journal.beginRun(recording?.identity ?? identity, runnable.length);
    } catch (error) {
      throw new OrgsyncError('journal_write', appRunWords().journalCannotBegin((error as Error).message), EXIT.cannotStart, {
        cause: error,
      });
    }
    view.progress.phase(appRunWords().phaseApplying, runnable.length);
    let settled = 0;
    const record = recordInLedgers(ledgers, today);
    const result = await executePlan(runnable, {
      adapter: connection.adapter,
      concurrency: options.concurrency,
      unconfirmed: new Set(previous?.sameWorkbook ? previous.unconfirmed : []),
      ...(run.signal ? { signal: run.signal } : {}),
      onSent: (op) => journal.sent(op),
      onOutcome: (outcome) => {
        journal.finished(outcome);
        record(outcome);
        view.outcome(outcome);
        view.progress.update(++settled);
      },
    });
    outcomes = result.outcomes;
    stopped = result.stopped;
    stopError = result.stopError;
    view.progress.end();
    // After a failed journal write the end line cannot be written either; the next run resumes without it.
    if (stopped !== 'journal') journal.endRun(stopped === null && outcomes.every(succeeded));
    // What became of each operation is in the record before the journal forgets the run.
    await recording?.seal([...outcomes, ...held], exitCodeOf({ outcomes, stopped }));
  } finally {
    journal.close();
  }
  run.outcomes = [...outcomes, ...held];
  run.rejections = rejectionIssues(outcomes);
  await view.applied({ outcomes: run.outcomes, elapsedMs: Date.now() - run.startedAt.getTime(), alreadyMatching: planned.alreadyMatching });
  const exitCode = exitCodeOf({ outcomes, stopped });
  if (plan.held?.length) view.notice({ kind: 'held_for_approval', ...heldForApproval(options, plan.held.length) });
  if (stopped === 'interrupted') view.notice({ kind: 'interrupted' });
  if (stopError) view.notice({ kind: 'stopped_by', message: stopError.message });
  if (stopped === 'journal') view.notice({ kind: 'journal_stopped' });
  if (exitCode === EXIT.partial && stopped !== 'journal') {
    view.notice({ kind: 'some_failed', refusedRows: outcomes.some((o) => o.status === 'failed' && !isTransientFailure(o)) });
  }
  return finishRun(run, {
    exitCode,
    ...(exitCode === EXIT.ok ? {} : { error: applyError(outcomes, runnable.length, stopped, stopError) }),
  });
}

/** Why an apply did not end with exit 0: stopped (Ctrl-C, the credentials, the journal) or some operations failed. */
function applyError(outcomes: readonly OperationOutcome[], total: number, stopped: string | null, stopError: Error | undefined): RunError {
  const words = appRunWords();
  if (stopped === 'interrupted') return { code: 'interrupted', message: words.interrupted };
  if (stopped === 'auth')
    return { code: 'service_failure', cause: 'service_auth', message: stopError?.message ?? words.endedWith(EXIT.cannotStart) };
  if (stopped === 'journal')
    return { code: 'state_failure', cause: 'journal_write', message: [stopError?.message, words.journalStopped].filter(Boolean).join(' ') };
  const failed = outcomes.filter((o) => o.status === 'failed');
  const why = failed.some((o) => !isTransientFailure(o)) ? words.someRefused : words.someUnavailable;
  return { code: 'operations_failed', message: words.operationsFailed(outcomes.filter((o) => !succeeded(o)).length, total, why) };
}
