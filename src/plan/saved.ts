/**
 * A saved plan against the plan the world gives now (`apply plan.json`), and removals held for approval
 * (`--hold-removals`). Pure: the app reads the files and the service, these decide.
 */
import { isDeepStrictEqual } from 'node:util';
import type { PlannedOperation } from './graph.js';
import { deletionGuard, isPrunedRemoval, type Plan } from './plan.js';
import type { Organisation } from '../model/organisation.js';
import { sentValues } from '../model/field-changes.js';
import type { Operation } from '../model/operations.js';
import type { SavedPlanFinding } from '../model/reasons.js';

/**
 * `--hold-removals`: every removal only --prune asks for waits for approval, one by one. On the page the
 * person approves some before the run (`approved`): those go ahead with it, and the deletion guard counts
 * them alone (against the service as it is, `org`).
 */
export function holdRemovals(plan: Plan, approved?: { keys: readonly string[]; org: Organisation; maxDeletions?: number }): Plan {
  const pruned = plan.operations.filter((p) => isPrunedRemoval(p.op));
  if (!approved) return { ...plan, held: pruned.map((p) => p.op.key) };
  const keys = new Set(approved.keys);
  const going = pruned.filter((p) => keys.has(p.op.key));
  return {
    ...plan,
    held: pruned.filter((p) => !keys.has(p.op.key)).map((p) => p.op.key),
    approved: going.map((p) => p.op.key),
    guard: deletionGuard(
      going.map((p) => p.op),
      approved.org,
      approved.maxDeletions,
    ),
  };
}

/**
 * What an operation asks of the service, as a file holds it (no undefined fields). Its source is left out:
 * the file names in it are spelled as the command line gave them, and the workbook's bytes are compared
 * on their own (the same bytes give the same rows). So is its reason: why, not what is asked (a plan file
 * written before reasons were codes holds words, in the language of the run that wrote them), and so are
 * the values an update's fields had.
 */
function asSaved(op: Operation): unknown {
  const { source: _source, reason: _reason, ...asked } = op;
  // An update asks for each field's new value; the value it had (`was`) is why, like the reason.
  if ('changes' in asked) (asked as { changes: object }).changes = sentValues(asked.changes);
  return JSON.parse(JSON.stringify(asked));
}

function sameOperation(saved: Operation, fresh: Operation): boolean {
  return isDeepStrictEqual(asSaved(saved), asSaved(fresh));
}

function sameKeys(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && isDeepStrictEqual([...a].sort(), [...b].sort());
}

/**
 * What would change if the saved plan were made again now, one sentence per operation: none means the
 * saved plan is exactly what the workbook asks of the service as it is now (terraform's stale plan check).
 */
export function planDifferences(saved: readonly PlannedOperation[], fresh: readonly PlannedOperation[]): SavedPlanFinding[] {
  const now = new Map(fresh.map((p) => [p.op.key, p]));
  const before = new Set(saved.map((p) => p.op.key));
  const differences: SavedPlanFinding[] = [];
  for (const p of saved) {
    const current = now.get(p.op.key);
    if (!current) differences.push({ code: 'no_longer_needed', key: p.op.key });
    else if (!sameOperation(p.op, current.op)) differences.push({ code: 'other_values', key: p.op.key });
    else if (!sameKeys(p.dependsOn, current.dependsOn)) differences.push({ code: 'other_dependencies', key: p.op.key });
  }
  for (const p of fresh) if (!before.has(p.op.key)) differences.push({ code: 'needed_now', key: p.op.key });
  return differences;
}

/** What earlier applies of a saved plan did, as its journal knows it (load/journal.ts `planProgress`). */
export interface SavedPlanProgress {
  /** Confirmed by the service. */
  done: ReadonlySet<string>;
  /** Sent without an answer: arrived or not; the plan made now tells. */
  unconfirmed: ReadonlySet<string>;
}

/**
 * The saved plan less its own progress: what an interrupted apply confirmed, and what it sent without an
 * answer that the service no longer needs (it arrived). That is no change of the service the plan did not
 * expect, so it must not make the plan stale; what is left is compared with the plan made now, and carried
 * out. An operation that waits for that progress and that the service no longer needs came about with it
 * (a service that puts a rehired employee back in their team, say): it is carried out too. Dependencies on
 * what is done are dropped, as the executor drops them.
 */
export function remainingOf(
  saved: readonly PlannedOperation[],
  progress: SavedPlanProgress,
  fresh: readonly PlannedOperation[],
): PlannedOperation[] {
  if (progress.done.size === 0 && progress.unconfirmed.size === 0) return [...saved];
  const now = new Set(fresh.map((p) => p.op.key));
  const carriedOut = new Set(
    saved.filter((p) => progress.done.has(p.op.key) || (progress.unconfirmed.has(p.op.key) && !now.has(p.op.key))).map((p) => p.op.key),
  );
  for (let grew = true; grew; ) {
    grew = false;
    for (const p of saved) {
      if (carriedOut.has(p.op.key) || now.has(p.op.key) || !p.dependsOn.some((key) => carriedOut.has(key))) continue;
      carriedOut.add(p.op.key);
      grew = true;
    }
  }
  const left = saved.filter((p) => !carriedOut.has(p.op.key));
  const keys = new Set(left.map((p) => p.op.key));
  return left.map((p) => ({ op: p.op, dependsOn: p.dependsOn.filter((key) => keys.has(key)) }));
}

export interface ApprovedRun {
  /**
   * What is carried out: the approved removals as saved, and what the saved plan held back only because it
   * waited for them (a leaver's fire waiting for their delegation's removal, say); each waits only for
   * what is carried out with it.
   */
  operations: PlannedOperation[];
  /** Why the approval cannot be carried out now; empty when it can. */
  problems: SavedPlanFinding[];
}

/**
 * The operations of a saved plan that are not held themselves but wait for held removals (directly or
 * through others), each with the held removals it waits for: the run that held them skipped these too.
 */
function waitingForHeld(saved: readonly PlannedOperation[], held: ReadonlySet<string>): Map<string, Set<string>> {
  const byKey = new Map(saved.map((p) => [p.op.key, p]));
  const found = new Map<string, Set<string>>();
  const heldBehind = (key: string, seen: Set<string>): Set<string> => {
    const known = found.get(key);
    if (known) return known;
    const behind = new Set<string>();
    if (seen.has(key)) return behind;
    seen.add(key);
    for (const dependency of byKey.get(key)?.dependsOn ?? []) {
      if (held.has(dependency)) behind.add(dependency);
      else for (const h of heldBehind(dependency, seen)) behind.add(h);
    }
    found.set(key, behind);
    return behind;
  };
  const waiting = new Map<string, Set<string>>();
  for (const p of saved) {
    if (held.has(p.op.key)) continue;
    const behind = heldBehind(p.op.key, new Set());
    if (behind.size > 0) waiting.set(p.op.key, behind);
  }
  return waiting;
}

/**
 * `apply plan.json --approve approvals.json`: the service has changed since the plan was made (the rest
 * of it was applied), so only what matters for the approved removals is compared: nothing but removals,
 * and what the plan held back with them, is pending now; each approved removal is still needed with the
 * same values, and none waits for a removal that is not approved. What waited only for approved removals
 * is carried out with them, as saved; what waits for one not approved stays held. `approved` holds keys of
 * the saved plan's held removals (the caller checked).
 */
export function approvedRemovals(saved: readonly PlannedOperation[], approved: readonly string[], fresh: Plan): ApprovedRun {
  const problems: SavedPlanFinding[] = [];
  // `--hold-removals` held every removal only --prune asks for (holdRemovals).
  const waiting = waitingForHeld(saved, new Set(saved.filter((p) => isPrunedRemoval(p.op)).map((p) => p.op.key)));
  const pending = fresh.operations.filter((p) => !isPrunedRemoval(p.op) && !waiting.has(p.op.key)).map((p) => p.op.key);
  if (pending.length > 0) problems.push({ code: 'other_changes_pending', count: pending.length, shown: pending.slice(0, 3) });
  const wanted = new Set(approved);
  const savedByKey = new Map(saved.map((p) => [p.op.key, p.op]));
  const freshKeys = new Set(fresh.operations.map((p) => p.op.key));
  for (const key of approved) if (!freshKeys.has(key)) problems.push({ code: 'approved_no_longer_needed', key });
  // What waited for held removals goes with them once every one of those still needed is approved.
  const released = (key: string) => [...(waiting.get(key) ?? [])].every((held) => wanted.has(held) || !freshKeys.has(held));
  const chosen: PlannedOperation[] = [];
  for (const p of fresh.operations) {
    if (!wanted.has(p.op.key) && !(waiting.has(p.op.key) && released(p.op.key))) continue;
    const op = savedByKey.get(p.op.key);
    if (!op) continue;
    if (!sameOperation(op, p.op)) {
      problems.push({ code: 'other_values', key: p.op.key });
      continue;
    }
    chosen.push({ op, dependsOn: p.dependsOn });
  }
  const carried = new Set(chosen.map((p) => p.op.key));
  const operations: PlannedOperation[] = [];
  for (const p of chosen) {
    const unapproved = p.dependsOn.filter((key) => freshKeys.has(key) && !carried.has(key));
    for (const key of unapproved) problems.push({ code: 'waits_for_unapproved', key: p.op.key, waitsFor: key });
    operations.push({ op: p.op, dependsOn: p.dependsOn.filter((key) => carried.has(key)) });
  }
  return { operations, problems };
}

/**
 * What of a saved plan no earlier run carried out (`done`: what its applies confirmed), as far as this
 * apply goes: without approvals everything but the held removals and what waits for them; with approvals
 * the approved removals and what waits only for them. Empty: the apply has nothing left to do.
 */
export function leftToCarryOut(
  saved: readonly PlannedOperation[],
  held: readonly string[],
  done: ReadonlySet<string>,
  approved: readonly string[] | null,
): string[] {
  const heldKeys = new Set(held);
  const waiting = waitingForHeld(saved, heldKeys);
  if (approved === null) {
    return saved.filter((p) => !done.has(p.op.key) && !heldKeys.has(p.op.key) && !waiting.has(p.op.key)).map((p) => p.op.key);
  }
  const wanted = new Set(approved);
  const goes = (key: string) => wanted.has(key) || [...(waiting.get(key) ?? [])].every((held) => wanted.has(held) || done.has(held));
  return saved
    .filter((p) => !done.has(p.op.key) && (wanted.has(p.op.key) || (waiting.has(p.op.key) && goes(p.op.key))))
    .map((p) => p.op.key);
}
