/** The main job's and `plan`'s side of saved plans: `--out plan.json` and `--hold-removals` write the plan file. */
import { resolve } from 'node:path';
import { EXIT, OrgsyncError } from '../errors.js';
import type { CurrentState } from '../model/service-state.js';
import type { Plan } from '../plan/plan.js';
import { inputDigests, profileDigest } from './inputs.js';
import { println, type AppIO } from './io.js';
import { appSavedPlanWords } from '../words/app-saved-plan.js';
import type { ImportOptions } from './options.js';
import { defaultPlanPath, planFileOf, savedPlanId, serviceFingerprint, writePlanFile } from './saved-plan.js';
import { pagePath } from './pages.js';
import type { Connection } from './service.js';

/** The plan file this run writes or applies: --out, else `NAME.plan.json` beside the input. */
export function planPathOf(options: Pick<ImportOptions, 'out' | 'files'>): string {
  return options.out ?? defaultPlanPath(options.files);
}

/**
 * With --out or --hold-removals, the plan is saved for `apply plan.json` (written before anything is sent),
 * with every option that shaped it and a hash of each thing it was made from. Returns the plan's id (the
 * journal and the history know the run that carries it out by it), or undefined when no plan is saved.
 */
export async function savePlanIfAsked(
  ctx: { options: ImportOptions; io: AppIO; startedAt: Date },
  connection: Connection,
  state: { read: CurrentState; withLedgers: CurrentState; today: string },
  plan: Plan,
): Promise<string | undefined> {
  const { options, io } = ctx;
  if (options.out === undefined && !options.holdRemovals) return undefined;
  const path = planPathOf(options);
  const file = planFileOf(plan, {
    options,
    serviceKey: connection.serviceKey,
    fingerprint: serviceFingerprint(state.read),
    records: serviceFingerprint(state.withLedgers),
    inputs: await inputDigests(options.files.map((f) => resolve(f))),
    profile: await profileDigest(options.mapFile),
    today: state.today,
    now: ctx.startedAt,
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
  println(io.stdout, applies ? appSavedPlanWords().planSavedWithHeld(path) : appSavedPlanWords().planSaved(path));
  return savedPlanId(file);
}

/** Names the page this run writes (its held removals have a checkbox each there) and the plan file. */
export function heldLine(options: Pick<ImportOptions, 'out' | 'files' | 'command' | 'html'>, count: number): string {
  const path = planPathOf(options);
  return appSavedPlanWords().heldForApproval(count, pagePath(options), path);
}
