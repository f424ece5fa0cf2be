/**
 * The one set of counts every view shows: per kind and action as the plan shows them, and per outcome
 * status. The terminal summary, the `--report` JSON and the plan all count with these functions.
 */
import type { OperationOutcome, OperationStatus } from '../load/outcome.js';
import { countByKindAndAction, type Count } from '../view/plan-text.js';
import type { Action, EntityKind } from '../model/operations.js';
import { DESCRIBE } from '../model/operations.js';

export const STATUSES: readonly OperationStatus[] = ['done', 'unchanged', 'failed', 'skipped'];

export interface OutcomeCount extends Count {
  statuses: Record<OperationStatus, number>;
}

export function emptyStatuses(): Record<OperationStatus, number> {
  return { done: 0, unchanged: 0, failed: 0, skipped: 0 };
}

export function countStatuses(outcomes: readonly Pick<OperationOutcome, 'status'>[]): Record<OperationStatus, number> {
  const counts = emptyStatuses();
  for (const outcome of outcomes) counts[outcome.status] += 1;
  return counts;
}

/** Per kind and action (in the plan's order), how many were planned and what became of them. */
export function countOutcomes(outcomes: readonly OperationOutcome[]): OutcomeCount[] {
  const key = (entity: EntityKind, action: Action) => `${entity}/${action}`;
  const byKind = new Map<string, Record<OperationStatus, number>>();
  for (const outcome of outcomes) {
    const { entity, action } = DESCRIBE[outcome.op.type];
    const statuses = byKind.get(key(entity, action)) ?? emptyStatuses();
    statuses[outcome.status] += 1;
    byKind.set(key(entity, action), statuses);
  }
  return countByKindAndAction(outcomes.map((o) => o.op)).map((c) => ({ ...c, statuses: byKind.get(key(c.entity, c.action)) ?? emptyStatuses() }));
}
