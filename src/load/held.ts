/**
 * Removals held for approval are not carried out, and neither is anything that waits for one: they are
 * reported as skipped, the dependents naming the held removal they wait for.
 */
import type { PlannedOperation } from '../plan/graph.js';
import type { OperationOutcome } from './outcome.js';
import { loadWords } from '../words/load.js';

export function withoutHeld(
  planned: readonly PlannedOperation[],
  held: readonly string[] | undefined,
): { runnable: PlannedOperation[]; held: OperationOutcome[] } {
  if (!held || held.length === 0) return { runnable: [...planned], held: [] };
  const dependents = new Map<string, string[]>();
  for (const p of planned) for (const dep of p.dependsOn) dependents.set(dep, [...(dependents.get(dep) ?? []), p.op.key]);
  // Each operation not carried out, with the held removal it comes down to.
  const rootOf = new Map<string, string>(held.map((key) => [key, key]));
  const queue = [...held];
  for (let i = 0; i < queue.length; i++) {
    const key = queue[i]!;
    for (const next of dependents.get(key) ?? []) {
      if (rootOf.has(next)) continue;
      rootOf.set(next, rootOf.get(key)!);
      queue.push(next);
    }
  }
  const w = loadWords();
  const runnable: PlannedOperation[] = [];
  const outcomes: OperationOutcome[] = [];
  for (const p of planned) {
    const root = rootOf.get(p.op.key);
    if (root === undefined) runnable.push(p);
    else if (root === p.op.key) outcomes.push({ op: p.op, status: 'skipped', statusCode: null, message: w.held });
    else outcomes.push({ op: p.op, status: 'skipped', statusCode: null, message: w.waitsForHeld(root), blockedBy: root });
  }
  return { runnable, held: outcomes };
}
