/** The main job's and `plan`'s side of saved plans: `--out plan.json` and `--hold-removals` write the plan file. */
import { resolve } from 'node:path';
import { EXIT, OrgsyncError } from '../errors.js';
import { appSavedPlanWords } from '../words/app-saved-plan.js';
import { inputDigests, profileDigest } from './inputs.js';
import type { ImportOptions } from './options.js';
import { pagePath } from './pages.js';
import { planDay } from './planning.js';
import type { PlannedRun } from './run.js';
import { defaultPlanPath, planFileOf, savedPlanId, serviceFingerprint, writePlanFile } from './saved-plan.js';

/** The plan file this run writes or applies: --out, else `NAME.plan.json` beside the input. */
export function planPathOf(options: Pick<ImportOptions, 'out' | 'files'>): string {
  return options.out ?? defaultPlanPath(options.files);
}

/**
 * With --out or --hold-removals, the plan is saved for `apply plan.json` (written before anything is sent),
 * with every option that shaped it and a hash of each thing it was made from. The run keeps the plan's id
 * (the journal and the history know the run that carries it out by it).
 */
export async function savePlanIfAsked(run: PlannedRun): Promise<void> {
  const { options, connection, serviceState } = run;
  const { plan, current } = run.planned;
  if (options.out === undefined && !options.holdRemovals) return;
  const path = planPathOf(options);
  const file = planFileOf(plan, {
    options,
    serviceKey: connection.serviceKey,
    fingerprint: serviceFingerprint(serviceState),
    records: serviceFingerprint(current),
    inputs: await inputDigests(options.files.map((f) => resolve(f))),
    profile: await profileDigest(options.mapFile),
    today: planDay(options),
    now: run.startedAt,
  });
  try {
    await writePlanFile(path, file);
  } catch (error) {
    throw new OrgsyncError('usage', appSavedPlanWords().couldNotSavePlan(path, (error as Error).message), EXIT.cannotStart, {
      cause: error,
    });
  }
  // A run that holds removals carries out the rest now: applying the file again takes --approve.
  const applies = options.command !== 'plan' && options.holdRemovals === true;
  run.view.notice({ kind: 'plan_saved', path, withHeld: applies });
  run.planId = savedPlanId(file);
  run.recording?.forPlan(run.planId);
}

/** The removals a run held: the page it writes (a checkbox for each there) and the plan file to apply with approvals. */
export function heldForApproval(
  options: Pick<ImportOptions, 'out' | 'files' | 'command' | 'html'>,
  count: number,
): { count: number; page: string; planFile: string } {
  return { count, page: pagePath(options), planFile: planPathOf(options) };
}
