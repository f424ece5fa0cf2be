/**
 * `orgsync-import apply plan.json [--approve approvals.json]`: carries out exactly a saved plan, through
 * the same executor, journal and ledgers as the main job. Refused (exit 3, nothing sent) when the
 * workbook or the service changed since the plan was made in a way that changes the plan: the plan is
 * made again from both and must come out the same, as terraform refuses a stale saved plan.
 * With approvals, only the approved held removals are carried out, under the deletion guard.
 */
import { resolve } from 'node:path';
import { EXIT, OrgsyncError, UsageError, type ExitCode } from '../errors.js';
import { planProgress } from '../load/journal.js';
import { hasErrors } from '../model/issue.js';
import { OPERATION_KINDS, operationId } from '../model/operations.js';
import { deletionGuard, isPrunedRemoval, type Plan } from '../plan/plan.js';
import { approvedRemovals, leftToCarryOut, planDifferences, remainingOf, type SavedPlanProgress } from '../plan/saved.js';
import { savedPlanFindingText } from '../view/reason-text.js';
import { appSavedPlanWords } from '../words/app-saved-plan.js';
import { readApprovals } from './approvals.js';
import { goAhead } from './applying.js';
import { journalPathOf } from './state-paths.js';
import { inputDigests, profileDigest } from './inputs.js';
import type { ImportOptions } from './options.js';
import { refuseOutputsOverInputs } from './output-paths.js';
import { makePlan, withPlan } from './planning.js';
import { connectRun, readServiceAndWorkbook } from './reading.js';
import { finishRun } from './reports.js';
import { openRecord, recordingRefusals } from './run-record.js';
import type { RunView } from './run-view.js';
import type { RunNotice } from '../view/run-notices.js';
import { invalidInput, Run } from './run.js';
import { earlierRunsOfPlan, readPlanFile, savedPlanId, serviceFingerprint, type SavedPlan } from './saved-plan.js';
import { withSandboxRoot } from './sandbox-root.js';
import { serviceKey } from './service.js';

export interface ApplyRequest {
  planFile: string;
  approve?: string;
  /** --api was given (flag or environment): it must then be the plan's. */
  apiGiven: boolean;
  /** The options that shape a plan, as given to this apply (flags only): each must be the plan's. */
  shaping: ShapingFlags;
}

/** The flags of the main job that shape its plan, which apply takes only to say they are the plan's. */
export interface ShapingFlags {
  map?: string;
  dateOrder?: string;
  encoding?: string;
  pathSeparator?: string;
  acceptRenames?: boolean;
  today?: string;
}

/**
 * A flag given to apply that shapes the plan must say what the plan was made with: apply makes the plan
 * again with the plan's own options (a saved plan is carried out as it was made, never with others).
 */
function refuseOtherShaping(saved: SavedPlan, flags: ShapingFlags, planFile: string): void {
  const { inputs, options: made } = saved.file;
  const differs = (option: string, given: string | undefined, planValue: string | null) => {
    if (given !== undefined && given !== planValue)
      throw new UsageError(appSavedPlanWords().optionNotThePlans(planFile, option, planValue));
  };
  differs('--map', flags.map === undefined ? undefined : resolve(flags.map), inputs.map);
  differs('--date-order', flags.dateOrder, inputs.date_order);
  differs('--encoding', flags.encoding, inputs.encoding);
  differs('--path-separator', flags.pathSeparator, made.path_separator);
  differs('--today', flags.today, made.today);
  // Accepting every proposal is not what a plan made with some of them accepted (on the page) was made with.
  if (flags.acceptRenames && made.accept_renames !== true) differs('--accept-renames', 'yes', null);
}

/** The options the plan was made with; credentials, concurrency and outputs from this command's flags. */
function optionsOf(saved: SavedPlan, options: ImportOptions, request: ApplyRequest): ImportOptions {
  const { service, inputs, options: made } = saved.file;
  refuseOtherShaping(saved, request.shaping, request.planFile);
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
    acceptRenames: made.accept_renames,
    today: made.today,
  };
  const optional = {
    mapFile: inputs.map,
    dateOrder: inputs.date_order,
    encoding: inputs.encoding,
    pathSeparator: made.path_separator,
    companyId: service.company_id,
    rootId: service.root_id,
    rootName: service.root_name,
  } as const;
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

/** The input files that are not as they were when the plan was made, by name: changed, come or gone. */
function changedFiles(saved: Readonly<Record<string, string>>, now: Readonly<Record<string, string>>): string[] {
  const names = new Set([...Object.keys(saved), ...Object.keys(now)]);
  return [...names].filter((name) => saved[name] !== now[name]);
}

type PlanProgress = SavedPlanProgress & { runs: string[] };

/** What earlier runs of a plan did: finished ones (the history), and one interrupted (the journal). */
function progressOf(saved: SavedPlan, planId: string, options: ImportOptions): PlanProgress {
  const earlier = earlierRunsOfPlan(options.stateDir, planId);
  const journalled = planProgress(journalPathOf(options, saved.file.service.key), saved.file.service.key, planId);
  return { done: new Set([...earlier.done, ...journalled.done]), unconfirmed: journalled.unconfirmed, runs: earlier.runs };
}

/**
 * A plan (or an approval of it) that earlier runs carried out is done: said, and nothing is read from the
 * service or sent. Not when one of its operations was sent without an answer: the service tells then.
 */
function doneNotice(saved: SavedPlan, progress: PlanProgress, approved: readonly string[] | null, planFile: string): RunNotice | null {
  if (progress.done.size === 0 || progress.unconfirmed.size > 0) return null;
  if (leftToCarryOut(saved.operations, saved.held, progress.done, approved).length > 0) return null;
  const heldLeft = approved === null ? saved.held.filter((key) => !progress.done.has(key)).length : 0;
  return { kind: 'plan_done', planFile, runs: progress.runs, approval: approved !== null, heldLeft };
}

export async function runApply(request: ApplyRequest, given: ImportOptions, view: RunView, signal?: AbortSignal): Promise<ExitCode> {
  const saved = readPlanFile(request.planFile);
  const approved = request.approve === undefined ? null : readApprovals(request.approve, saved.held, request.planFile);
  const options = optionsOf(saved, given, request);
  await refuseOutputsOverInputs(options);
  const inputs = await inputDigests(options.files).catch((error: Error) => {
    throw new OrgsyncError('plan_stale', appSavedPlanWords().workbookUnreadable(error.message));
  });
  // Saved again by Excel, or its line ends changed: its bytes differ, its rows need not. The plan made
  // again from it decides, as for the service. So for the profile.
  const files = changedFiles(saved.file.inputs.file_hashes, inputs.files);
  const profile = (await profileDigest(options.mapFile).catch(() => null)) === saved.file.inputs.map_hash ? null : options.mapFile!;
  const planId = savedPlanId(saved.file);
  const progress = progressOf(saved, planId, options);
  const done = doneNotice(saved, progress, approved, request.planFile);
  if (done) {
    view.notice(done);
    return EXIT.ok;
  }
  // A rehearsal sandbox holding nothing but its top department starts again with the top the plan's was made with.
  const run = await connectRun(
    Object.assign(new Run(await withSandboxRoot(options), view, signal), {
      savedPlan: { file: request.planFile, id: planId, ...(approved !== null ? { approved: approved.length } : {}) },
      planId,
    }),
  );
  try {
    if (run.connection.serviceKey !== saved.file.service.key) {
      throw new UsageError(appSavedPlanWords().otherServiceThan(request.planFile, run.connection.description));
    }
    const read = await readServiceAndWorkbook(run, { planning: true });
    const { serviceState, validation } = read;
    view.issues(validation.issues);
    if (hasErrors(validation.issues)) {
      view.notice({ kind: 'workbook_errors_now' });
      return await finishRun(read, { exitCode: EXIT.validation, error: invalidInput(validation.issues) });
    }
    const fresh = makePlan(read);
    // From here the apply is a run like the main job's: kept in the history (refused or not), undoable,
    // and after exit 0 its export is the guard's baseline.
    await openRecord(read);
    return await recordingRefusals(read, async () => {
      const words = appSavedPlanWords();
      const service = serviceFingerprint(serviceState) !== saved.file.service.fingerprint;
      // Never "the service changed" when only what the importer keeps of it did.
      const records = !service && serviceFingerprint(fresh.current) !== saved.file.service.records;
      const changes = { files, profile, service, records };

      let plan: Plan;
      if (approved === null) {
        const remaining = remainingOf(saved.operations, progress, fresh.plan.operations);
        const differences = planDifferences(remaining, fresh.plan.operations).map(savedPlanFindingText);
        if (differences.length > 0) {
          const error = stale(request.planFile, differences, words.changedSince(changes));
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
        // The plan's own progress is a change of the service the plan expects: not said as a change.
        const harmless = { ...changes, service: service && remaining.length === saved.operations.length };
        if (harmless.files.length > 0 || harmless.profile !== null || harmless.service || harmless.records) {
          view.notice({ kind: 'changed_harmlessly', changes: harmless });
        }
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
            // The rest of the plan was applied since it was made: the service changed as the plan said it would.
            files.length === 0 && profile === null
              ? words.approvedCannotRun
              : words.changedSince({ files, profile, service: false, records: false }),
          );
        if (doneBefore.length > 0)
          view.notice({ kind: 'resuming_plan', done: doneBefore.length, of: approved.length, planFile: request.planFile });
        const removals = approvedRun.operations.map((p) => p.op).filter(isPrunedRemoval);
        // What an approved removal brings about is said again now, as when it was planned.
        const subjects = new Set(approvedRun.operations.map(({ op }) => `${OPERATION_KINDS[op.type].entity}:${operationId(op)}`));
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
