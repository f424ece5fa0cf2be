/**
 * The main job and its read-only siblings: validate → read the service → plan → show → confirm →
 * apply → report. Each stage is called here in order; none of them knows about the others.
 */
import { join } from 'node:path';
import { EXIT, OrgsyncError, runErrorOf, UsageError, type ExitCode, type RunError } from '../errors.js';
import { ServiceError } from '../service/errors.js';
import { AbsenceLedger, FiredLedger, recordInLedgers } from '../load/ledger.js';
import { formatISO } from 'date-fns/formatISO';
import { Journal } from '../load/journal.js';
import { executePlan } from '../load/executor.js';
import { exitCodeOf, succeeded, type OperationOutcome } from '../load/outcome.js';
import { buildPlan, type Plan } from '../plan/plan.js';
import { withLedgers } from '../plan/ledger-merge.js';
import { deletionGuardLines, renderPlan } from '../view/plan-text.js';
import { NO_DELEGATIONS, type CurrentState, type DelegationScope } from '../model/service-state.js';
import type { ReadStateOptions } from '../service/adapter.js';
import { delegationScope } from '../plan/delegation-scope.js';
import { hasErrors, type Issue } from '../model/issue.js';
import type { ValidationResult } from '../validate/types.js';
import { currentView } from '../validate/current-view.js';
import { describeValidation, hashInputs, readAndValidate, withProfile } from './inputs.js';
import { println, type AppIO } from './io.js';
import type { ImportOptions } from './options.js';
import { phaseInRunLanguage } from './progress.js';
import { confirm } from './prompt.js';
import { finishReports, type RunReporting } from './reports.js';
import { isTransientFailure, noteIssues, rejectionIssues } from '../view/row-issues.js';
import { refuseOutputsOverInputs } from './output-paths.js';
import { connect, howToConfigure, isServiceConfigured, type Connection } from './service.js';
import { applySummary, countAlreadyMatching } from '../view/apply-summary.js';
import { withSandboxRoot } from './sandbox-root.js';
import { holdRemovals } from '../plan/saved.js';
import { withoutHeld } from '../load/held.js';
import { sendingBegins } from '../interrupts.js';
import { heldLine, savePlanIfAsked } from './plan-file.js';
import { exportGuardText } from '../view/export-guard-text.js';
import { claimRunId } from '../load/history.js';
import { checkExportAgainstLastRun, exportGuardSummary, recordingRefusals, recordRunHook } from './run-record.js';
import type { GuardFinding } from '../plan/export-guard.js';
import type { RunSummary } from './run-result.js';
import { appRunWords } from '../words/app-run.js';

// `validate` lives in run-validate.ts, which loads only what an offline check needs; these are shared.
export { invalidInput, printIssues, progressFor, type Context } from './run-validate.js';
import { invalidInput, printIssues, progressFor, type Context } from './run-validate.js';

/** The main job (`command` run) and `plan` (same as --dry-run). */
export async function runImport(options: ImportOptions, io: AppIO): Promise<ExitCode> {
  await refuseOutputsOverInputs(options);
  options = await withProfile(options);
  const ctx: Context = { options, io, progress: progressFor(io), startedAt: new Date() };
  if (!isServiceConfigured(options)) throw new UsageError(howToConfigure());
  const connection = await connect(await withSandboxRoot(options), options.stateDir, (line) => println(io.stderr, line));
  try {
    const { current, validation } = await readServiceAndWorkbook(connection, ctx, { planning: true });
    printIssues(validation.issues, io);
    if (hasErrors(validation.issues)) {
      println(io.stdout, appRunWords().fixErrorsFirst);
      await finishReports(ctx, { exitCode: EXIT.validation, issues: validation.issues, error: invalidInput(validation.issues) });
      return EXIT.validation;
    }
    return await planAndApply(ctx, connection, current, validation);
  } finally {
    await connection.close();
  }
}

/**
 * Reads the service and the workbook at the same time: the rows stream and are checked while the list
 * pages arrive; only the cross-checks (references, the top department) wait for the service's state.
 * Delegations are read unit by unit while the workbook is read; once it is, only the units the plan
 * needs are read on (none when no plan follows).
 */
export async function readServiceAndWorkbook(
  connection: Connection,
  ctx: Context,
  { planning }: { planning: boolean },
): Promise<{ current: CurrentState; validation: ValidationResult }> {
  const reading = phaseInRunLanguage(ctx.progress, () => appRunWords().phaseReadingServiceAndWorkbook);
  let settleScope: (scope: DelegationScope) => void = () => {};
  const scope = new Promise<DelegationScope>((resolve) => (settleScope = resolve));
  let listsRead: (lists: CurrentState) => void = () => {};
  const lists = new Promise<CurrentState>((resolve) => (listsRead = resolve));
  const state = readService(connection, { delegations: scope, onLists: listsRead });
  // The references are checked against the lists; the delegations may still be on their way.
  const view = Promise.race([lists, state]).then(currentView);
  // Awaited below or inside validate(); until then a failure must not count as unhandled.
  view.catch(() => {});
  let validation: ValidationResult;
  try {
    validation = await readAndValidate(ctx.options, { api: ctx.options.api, current: view });
  } catch (error) {
    settleScope(NO_DELEGATIONS);
    await state.catch(() => {}); // no request may outlive the run
    throw error;
  }
  const plans = planning && !hasErrors(validation.issues);
  settleScope(plans ? delegationScope(validation.desired, validation.managed, ctx.options.prune) : NO_DELEGATIONS);
  const current = await state;
  const { org } = current;
  for (const note of current.unmatched?.notes ?? []) println(ctx.io.stdout, appRunWords().note(note()));
  reading.end(
    appRunWords().serviceAndWorkbookRead(org.employees.size, org.departments.size, org.teams.size, describeValidation(validation)),
  );
  return { current, validation };
}

export async function readService(connection: Connection, options: ReadStateOptions): Promise<CurrentState> {
  try {
    return await connection.adapter.readCurrentState(options);
  } catch (error) {
    // Nothing was sent yet: whatever stops the read (unreachable, refused credentials) is "cannot start".
    if (error instanceof ServiceError) {
      throw new OrgsyncError(error.code, appRunWords().couldNotRead(connection.description, error.message), EXIT.cannotStart, {
        cause: error,
      });
    }
    throw error;
  }
}

export function journalPathOf(options: ImportOptions, serviceKey: string): string {
  return options.journal ?? join(options.stateDir, 'journal', `${serviceKey}.jsonl`);
}

function ledgerPath(ctx: Context, connection: Connection, kind: 'absences' | 'fired'): string {
  return join(ctx.options.stateDir, kind, `${connection.serviceKey}.jsonl`);
}

/** The local date, as the ledgers and the plan write dates. */
function today(): string {
  return formatISO(new Date(), { representation: 'date' });
}

/** The day the plan is made for: --today (a rehearsal, or a saved plan's), else today. */
export function planDay(options: Pick<ImportOptions, 'today'>): string {
  return options.today ?? today();
}

/** The plan from the workbook and the service's state, with what the ledgers know merged in. */
export function makePlan(ctx: Context, connection: Connection, serviceState: CurrentState, validation: ValidationResult) {
  const { options } = ctx;
  const ledger = AbsenceLedger.load(ledgerPath(ctx, connection, 'absences'));
  const fired = FiredLedger.load(ledgerPath(ctx, connection, 'fired')).knowing(serviceState.org.employees);
  const { current, reported, reportedFrom } = withLedgers(serviceState, {
    firedOn: fired.firedOn,
    firedFields: fired.fieldsOf,
    periods: ledger.all(),
    rehireWindowDays: connection.adapter.capabilities.rehireWindowDays,
    resendAbsences: options.resendAbsences,
  });
  const built = buildPlan({
    desired: validation.desired,
    managed: validation.managed,
    current,
    capabilities: connection.adapter.capabilities,
    reportedAbsences: reported,
    reportedFrom,
    prune: options.prune,
    proposedRenames: validation.proposedRenames ?? [],
    today: planDay(options),
    ...(options.maxDeletions !== undefined ? { maxDeletions: options.maxDeletions } : {}),
  });
  return { plan: options.holdRemovals ? holdRemovals(built) : built, current, ledgers: { absences: ledger, fired } };
}

/** What an undo reverses: the run (its id), and what of it cannot be put back (said in its reports). */
export interface Undoing {
  runId: string;
  notUndone: string[];
}

/** Plans the desired state against the service and applies it; `undoing`: for an undo (no export to guard). */
export async function planAndApply(
  ctx: Context,
  connection: Connection,
  serviceState: CurrentState,
  validation: ValidationResult,
  undoing?: Undoing,
): Promise<ExitCode> {
  const { options, io } = ctx;
  const findings = undoing === undefined ? checkExportAgainstLastRun(options, connection.serviceKey, validation) : [];
  const summary: RunSummary | undefined = undoing
    ? { undoes: undoing.runId, not_undone: undoing.notUndone }
    : findings.length > 0
      ? { export_guard: exportGuardSummary(findings, Boolean(options.acceptChanges)) }
      : undefined;
  const keepRecord =
    options.command === 'plan'
      ? undefined
      : recordRunHook({
          options,
          io,
          startedAt: ctx.startedAt,
          runId: claimRunId(options.stateDir, ctx.startedAt),
          serviceKey: connection.serviceKey,
          before: serviceState.org,
          findings,
          ...(undoing === undefined ? { validation } : { undoes: undoing.runId }),
        });
  const reporting: RunReporting = { ...(summary ? { summary } : {}), ...(keepRecord ? { keepRecord } : {}) };
  return recordingRefusals(ctx, keepRecord, () =>
    showAndApply(ctx, reporting, connection, serviceState, validation, findings, undoing?.runId),
  );
}

async function showAndApply(
  ctx: Context,
  reporting: RunReporting,
  connection: Connection,
  serviceState: CurrentState,
  validation: ValidationResult,
  findings: readonly GuardFinding[],
  undoes: string | undefined,
): Promise<ExitCode> {
  const { options, io } = ctx;
  const { plan, current, ledgers } = makePlan(ctx, connection, serviceState, validation);
  const exportRefused = findings.length > 0 && !options.acceptChanges;
  const deletionRefused = plan.guard.exceeded && !options.force && !plan.held?.length;
  // A refused run does not first say there is nothing to do: its last words are the refusal.
  for (const line of renderPlan(plan, options.allRows ? Infinity : 8, { refused: exportRefused || deletionRefused, undoes }))
    println(io.stdout, line);
  io.events?.plan(plan);
  const withPage: RunReporting = {
    ...reporting,
    page: { desired: validation.desired, current, proposedRenames: validation.proposedRenames ?? [] },
  };
  const guardVerdict = options.acceptChanges ? 'accepted' : options.command === 'plan' ? 'would_refuse' : 'refused';
  const guardLines = exportGuardText(findings, guardVerdict);
  for (const line of guardLines) println(io.stdout, line);
  const operations = plan.operations.map((p) => p.op);
  // The plan's notes are findings about rows like the validator's: the report lists them with the issues.
  const issues = [...validation.issues, ...noteIssues(plan.notes, current.unmatched?.notes ?? [], plan.operations.length)];
  // An undo has no workbook: its desired state is the whole service, so nothing "of the workbook" is counted.
  const alreadyMatching = undoes === undefined ? countAlreadyMatching(validation.desired, operations, current.org) : 0;
  const planId = await savePlanIfAsked(ctx, connection, { read: serviceState, withLedgers: current, today: planDay(options) }, plan);

  // Held removals are not carried out now: the deletion guard is applied to them when they are approved.
  if (deletionRefused || exportRefused) {
    const error = exportRefused ? guardRefusal('export', guardLines) : guardRefusal('deletion', deletionGuardLines(plan));
    await finishReports(ctx, { exitCode: EXIT.cannotStart, issues, plan, summary: { already_matching: alreadyMatching }, error }, withPage);
    println(io.stdout, appRunWords().refusedNothingSent);
    return EXIT.cannotStart;
  }
  if (options.command === 'plan' || operations.length === 0) {
    await finishReports(
      ctx,
      {
        exitCode: EXIT.ok,
        issues,
        plan,
        summary: { nothing_to_do: operations.length === 0, already_matching: alreadyMatching },
      },
      withPage,
    );
    return EXIT.ok;
  }
  if (!options.yes) {
    if (!io.interactive) {
      println(io.stderr, appRunWords().needsYes);
      await finishReports(
        ctx,
        { exitCode: EXIT.cannotStart, issues, plan, summary: { already_matching: alreadyMatching }, error: needsYesRefusal() },
        withPage,
      );
      return EXIT.cannotStart;
    }
    if (!(await confirm(io, appRunWords().confirmApply(operations.length, connection.description)))) {
      println(io.stdout, appRunWords().nothingSent);
      await finishReports(ctx, { exitCode: EXIT.ok, issues, plan, summary: { already_matching: alreadyMatching } }, withPage);
      return EXIT.ok;
    }
  }
  return apply(ctx, withPage, connection, plan, { issues, alreadyMatching }, ledgers, planId);
}

/** Nobody to ask and no --yes: a matter of how the command was called. */
export function needsYesRefusal(): RunError {
  return { code: 'usage', message: appRunWords().needsYes };
}

/** What planning found that the apply's report repeats: the issues (the plan's notes among them), the rows already matching. */
export interface Planning {
  issues: Issue[];
  alreadyMatching: number;
}

export async function apply(
  ctx: Context,
  reporting: RunReporting,
  connection: Connection,
  plan: Plan,
  planning: Planning,
  ledgers: { absences: AbsenceLedger; fired: FiredLedger },
  /** `apply plan.json`: the saved plan's id, kept in the journal with the progress of this apply. */
  planId?: string,
): Promise<ExitCode> {
  const { options, io } = ctx;
  const identity = {
    serviceKey: connection.serviceKey,
    workbookHash: await hashInputs(options.files),
    ...(planId !== undefined ? { plan: planId } : {}),
  };
  let journal: Journal;
  try {
    journal = Journal.open(journalPathOf(options, connection.serviceKey), identity);
  } catch (error) {
    // Refused with its plan made (another run holds the journal, say): the history lists it as refused
    // with the counts it planned, and --report and the --json summary carry them too.
    if (error instanceof OrgsyncError) {
      const refusal = { exitCode: error.exitCode, issues: planning.issues, plan, error: runErrorOf(error.code, error.message) };
      await finishReports(ctx, { ...refusal, summary: { already_matching: planning.alreadyMatching } }, reporting);
    }
    throw error;
  }
  const previous = journal.previous;
  const { runnable, held } = withoutHeld(plan.operations, plan.held);
  if (previous?.unfinished) {
    println(
      io.stdout,
      previous.sameWorkbook
        ? appRunWords().resuming(previous.startedAt, previous.confirmed)
        : appRunWords().previousUnfinished(previous.startedAt, previous.sameService),
    );
  }
  let outcomes: OperationOutcome[] = [];
  let stopped: string | null = null;
  let stopError: Error | undefined;
  try {
    // From the journal's first line on, an interrupt waits for the requests in flight.
    sendingBegins();
    try {
      journal.beginRun(identity, runnable.length);
    } catch (error) {
      throw new OrgsyncError('journal_write', appRunWords().journalCannotBegin((error as Error).message), EXIT.cannotStart, {
        cause: error,
      });
    }
    ctx.progress.phase(appRunWords().phaseApplying, runnable.length);
    let settled = 0;
    const record = recordInLedgers(ledgers, today);
    const result = await executePlan(runnable, {
      adapter: connection.adapter,
      concurrency: options.concurrency,
      unconfirmed: new Set(previous?.sameWorkbook ? previous.unconfirmed : []),
      ...(io.signal ? { signal: io.signal } : {}),
      onSent: (op) => journal.sent(op),
      onOutcome: (outcome) => {
        journal.finished(outcome);
        record(outcome);
        io.events?.outcome(outcome);
        ctx.progress.update(++settled);
      },
    });
    outcomes = result.outcomes;
    stopped = result.stopped;
    stopError = result.stopError;
    ctx.progress.end();
    // After a failed journal write the end line cannot be written either; the next run resumes without it.
    if (stopped !== 'journal') journal.endRun(stopped === null && outcomes.every(succeeded));
  } finally {
    journal.close();
  }
  for (const line of applySummary([...outcomes, ...held], Date.now() - ctx.startedAt.getTime(), planning.alreadyMatching))
    println(io.stdout, line);
  const exitCode = exitCodeOf({ outcomes, stopped });
  if (plan.held?.length) println(io.stdout, heldLine(options, plan.held.length));
  if (stopped === 'interrupted') println(io.stdout, appRunWords().interrupted);
  if (stopError) println(io.stderr, stopError.message);
  if (stopped === 'journal') {
    println(io.stderr, appRunWords().journalStopped);
  }
  if (exitCode === EXIT.partial && stopped !== 'journal') {
    const refusedRows = outcomes.some((o) => o.status === 'failed' && !isTransientFailure(o));
    println(io.stdout, refusedRows ? appRunWords().someRefused : appRunWords().someUnavailable);
  }
  const rejected = rejectionIssues(outcomes);
  await finishReports(
    ctx,
    {
      exitCode,
      issues: [...planning.issues, ...rejected],
      plan,
      outcomes: [...outcomes, ...held],
      summary: { already_matching: planning.alreadyMatching },
      ...(exitCode === EXIT.ok ? {} : { error: applyError(outcomes, runnable.length, stopped, stopError) }),
      ...(planId !== undefined ? { planId } : {}),
    },
    reporting,
  );
  return exitCode;
}

/** A guard's refusal in the words the run printed (exit 3). */
export function guardRefusal(guard: 'export' | 'deletion', lines: readonly string[]): RunError {
  return { code: 'guard_refused', guard, message: lines.map((line) => line.trim()).join(' ') };
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
