/**
 * `orgsync-import apply plan.json [--approve approvals.json]`: carries out exactly a saved plan, through
 * the same executor, journal and ledgers as the main job. Refused (exit 3, nothing sent) when the
 * workbook or the service changed since the plan was made in a way that changes the plan: the plan is
 * made again from both and must come out the same, as terraform refuses a stale saved plan.
 * With approvals, only the approved held removals are carried out, under the deletion guard.
 */
import { EXIT, OrgsyncError, UsageError, type ExitCode } from '../errors.js';
import { claimRunId } from '../load/history.js';
import { planProgress } from '../load/journal.js';
import { hasErrors } from '../model/issue.js';
import { OPERATION_KINDS, operationId } from '../model/operations.js';
import { deletionGuard, type Plan } from '../plan/plan.js';
import { approvedRemovals, planDifferences, remainingOf } from '../plan/saved.js';
import { savedPlanFindingText } from '../view/reason-text.js';
import { appSavedPlanWords } from '../words/app-saved-plan.js';
import { readApprovals } from './approvals.js';
import { goAhead, journalPathOf } from './applying.js';
import { hashInputs } from './inputs.js';
import type { ImportOptions } from './options.js';
import { refuseOutputsOverInputs } from './output-paths.js';
import { makePlan, withPlan } from './planning.js';
import { connectRun, readServiceAndWorkbook } from './reading.js';
import { finishRun } from './reports.js';
import { recordingRefusals, recordRunHook } from './run-record.js';
import type { RunView } from './run-view.js';
import { invalidInput, Run } from './run.js';
import { readPlanFile, savedPlanId, serviceFingerprint, type SavedPlan } from './saved-plan.js';
import { serviceKey } from './service.js';

export interface ApplyRequest {
  planFile: string;
  approve?: string;
  /** --api was given (flag or environment): it must then be the plan's. */
  apiGiven: boolean;
}

/** The options the plan was made with; credentials, concurrency and outputs from this command's flags. */
function optionsOf(saved: SavedPlan, options: ImportOptions, request: ApplyRequest): ImportOptions {
  const { service, inputs, options: made } = saved.file;
  const merged: ImportOptions = {
    ...options,
    command: 'apply',
    out: request.planFile,
    files: inputs.files,
    api: service.api,
    sandbox: service.sandbox,
    prune: made.prune,
    holdRemovals: made.hold_removals,
    resendAbsences: made.resend_absences,
  };
  const optional = { mapFile: inputs.map, dateOrder: inputs.date_order, encoding: inputs.encoding, companyId: service.company_id } as const;
  for (const [key, value] of Object.entries(optional)) {
    if (value === null) delete (merged as unknown as Record<string, unknown>)[key];
    else (merged as unknown as Record<string, unknown>)[key] = value;
  }
  if (options.maxDeletions === undefined && made.max_deletions !== null) merged.maxDeletions = made.max_deletions;
  if (request.apiGiven && options.api !== service.api) {
    throw new UsageError(appSavedPlanWords().otherApi(request.planFile, service.api, options.api));
  }
  if (service.sandbox) {
    delete merged.baseUrl;
    return merged;
  }
  // A base URL given now (one with the user name the plan file leaves out, say) must name the same service.
  const baseUrl = options.baseUrl ?? service.base_url ?? undefined;
  if (baseUrl === undefined) throw new UsageError(appSavedPlanWords().namesNoService(request.planFile));
  if (options.companyId !== undefined && options.companyId !== (service.company_id ?? undefined)) {
    throw new UsageError(appSavedPlanWords().otherCompany(request.planFile, service.company_id, options.companyId));
  }
  if (serviceKey(service.api, baseUrl, merged.companyId) !== service.key) {
    throw new UsageError(appSavedPlanWords().otherBaseUrl(request.planFile, service.base_url, baseUrl));
  }
  merged.baseUrl = baseUrl;
  return merged;
}

function stale(planFile: string, differences: string[], what: string): OrgsyncError {
  const shown = differences.slice(0, 5).join('; ');
  return new OrgsyncError('plan_stale', appSavedPlanWords().stale(what, shown, Math.max(0, differences.length - 5), planFile));
}

export async function runApply(request: ApplyRequest, given: ImportOptions, view: RunView, signal?: AbortSignal): Promise<ExitCode> {
  const saved = readPlanFile(request.planFile);
  const approved = request.approve === undefined ? null : readApprovals(request.approve, saved.held, request.planFile);
  const options = optionsOf(saved, given, request);
  await refuseOutputsOverInputs(options);
  const hash = await hashInputs(options.files).catch((error: Error) => {
    throw new OrgsyncError('plan_stale', appSavedPlanWords().workbookUnreadable(error.message));
  });
  // Saved again by Excel, or its line ends changed: its bytes differ, its rows need not. The plan made
  // again from it decides, as for the service.
  const sameWorkbook = hash === saved.file.inputs.hash;
  const planId = savedPlanId(saved.file);
  const run = await connectRun(
    Object.assign(new Run(options, view, signal), {
      savedPlan: { file: request.planFile, id: planId, ...(approved !== null ? { approved: approved.length } : {}) },
    }),
  );
  try {
    if (run.connection.serviceKey !== saved.file.service.key) {
      throw new UsageError(appSavedPlanWords().otherServiceThan(request.planFile, run.connection.description));
    }
    const read = await readServiceAndWorkbook(run, { planning: true });
    const { serviceState, validation, connection } = read;
    view.issues(validation.issues);
    if (hasErrors(validation.issues)) {
      view.notice({ kind: 'workbook_errors_now' });
      return await finishRun(read, { exitCode: EXIT.validation, error: invalidInput(validation.issues) });
    }
    const fresh = makePlan(read);
    // From here the apply is a run like the main job's: kept in the history (refused or not), undoable,
    // and after exit 0 its export is the guard's baseline.
    read.keepRecord = recordRunHook(read, claimRunId(options.stateDir, read.startedAt));
    return await recordingRefusals(read, async () => {
      // What an earlier apply of this plan did before it was interrupted is the plan's progress, not a change.
      const progress = planProgress(journalPathOf(options, connection.serviceKey), connection.serviceKey, planId);
      const sameService = serviceFingerprint(serviceState) === saved.file.service.fingerprint;
      const files = options.files.join(', ');
      const words = appSavedPlanWords();
      const changed = sameWorkbook
        ? words.serviceChanged
        : sameService
          ? words.workbookChanged(files)
          : words.workbookAndServiceChanged(files);

      let plan: Plan;
      if (approved === null) {
        const remaining = remainingOf(saved.operations, progress, fresh.plan.operations);
        const differences = planDifferences(remaining, fresh.plan.operations).map(savedPlanFindingText);
        if (differences.length > 0) {
          const error = stale(request.planFile, differences, changed);
          // After a --hold-removals run the rest is applied: what is left is the approval of its removals.
          if (saved.held.length > 0) error.message += appSavedPlanWords().approveHeldHint(saved.held.length);
          throw error;
        }
        const left = new Set(remaining.map((p) => p.op.key));
        plan = { ...fresh.plan, operations: remaining, held: saved.held.filter((key) => left.has(key)) };
        if (remaining.length < saved.operations.length) {
          view.notice({
            kind: 'resuming_plan',
            done: saved.operations.length - remaining.length,
            of: saved.operations.length,
            planFile: request.planFile,
          });
        }
        if (!sameWorkbook) view.notice({ kind: 'workbook_changed_harmlessly', files });
        // The plan's own progress is a change of the service the plan expects: not said as a change.
        if (!sameService && remaining.length === saved.operations.length) view.notice({ kind: 'service_changed_harmlessly' });
      } else {
        const now = new Set(fresh.plan.operations.map((p) => p.op.key));
        const doneBefore = approved.filter((key) => progress.done.has(key) || (progress.unconfirmed.has(key) && !now.has(key)));
        const approvedRun = approvedRemovals(
          saved.operations,
          approved.filter((key) => !doneBefore.includes(key)),
          fresh.plan,
        );
        if (approvedRun.problems.length > 0)
          throw stale(
            request.planFile,
            approvedRun.problems.map(savedPlanFindingText),
            sameWorkbook && sameService ? words.approvedCannotRun : changed,
          );
        if (doneBefore.length > 0)
          view.notice({ kind: 'resuming_plan', done: doneBefore.length, of: approved.length, planFile: request.planFile });
        const removals = approvedRun.operations.map((p) => p.op);
        // What an approved removal brings about is said again now, as when it was planned.
        const subjects = new Set(removals.map((op) => `${OPERATION_KINDS[op.type].entity}:${operationId(op)}`));
        const notes = fresh.plan.notes.filter((n) => n.kind === 'consequence' && n.subject !== undefined && subjects.has(n.subject));
        plan = { operations: approvedRun.operations, notes, guard: deletionGuard(removals, fresh.current.org, options.maxDeletions) };
        view.notice({ kind: 'approved_count', approved: removals.length, held: saved.held.length, planFile: request.planFile });
      }
      await view.plan(plan, { refused: false, allRows: Boolean(options.allRows), saved: true });
      return goAhead(withPlan(read, fresh, plan));
    });
  } finally {
    await run.connection.close();
  }
}
