/**
 * The one set of counts every view shows: per kind and action as the plan shows them, and per outcome
 * status. The terminal summary, the `--report` JSON and the plan all count with these functions.
 */
import type { OperationOutcome, OperationStatus } from '../load/outcome.js';
import { OPERATION_KINDS, type Action, type EntityKind, type Operation } from '../model/operations.js';

/** The order the plan and the summaries list actions in. */
export const ACTION_ORDER: Action[] = [
  'create',
  'update',
  'move',
  'rename',
  'fire',
  'rehire',
  'delete',
  'add_member',
  'remove_member',
  'report_absence',
];
const ENTITY_ORDER: EntityKind[] = ['user', 'employee', 'department', 'team', 'membership', 'delegation', 'absence'];

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

export interface Count {
  entity: EntityKind;
  action: Action;
  count: number;
}

export function countByKindAndAction(ops: readonly Operation[]): Count[] {
  // Counted by type first (no key to build per operation: a plan can have 300,000), then by kind and action.
  const byType = new Map<Operation['type'], number>();
  for (const op of ops) byType.set(op.type, (byType.get(op.type) ?? 0) + 1);
  const counts = new Map<string, Count>();
  for (const [type, n] of byType) {
    const { entity, action } = OPERATION_KINDS[type];
    const key = kindAndAction(entity, action);
    const entry = counts.get(key) ?? { entity, action, count: 0 };
    entry.count += n;
    counts.set(key, entry);
  }
  return [...counts.values()].sort(
    (a, b) =>
      ENTITY_ORDER.indexOf(a.entity) - ENTITY_ORDER.indexOf(b.entity) || ACTION_ORDER.indexOf(a.action) - ACTION_ORDER.indexOf(b.action),
  );
}

export function kindAndAction(entity: EntityKind, action: Action): string {
  return `${entity}/${action}`;
}

/** Per kind and action (in the plan's order), how many were planned and what became of them. */
export function countOutcomes(outcomes: readonly OperationOutcome[]): OutcomeCount[] {
  // By type first: no key is built per outcome (a run can have 300,000).
  const byType = new Map<Operation['type'], Record<OperationStatus, number>>();
  for (const outcome of outcomes) {
    const statuses = byType.get(outcome.op.type) ?? emptyStatuses();
    statuses[outcome.status] += 1;
    byType.set(outcome.op.type, statuses);
  }
  const byKind = new Map<string, Record<OperationStatus, number>>();
  for (const [type, statuses] of byType) {
    const { entity, action } = OPERATION_KINDS[type];
    const sum = byKind.get(kindAndAction(entity, action)) ?? emptyStatuses();
    for (const status of STATUSES) sum[status] += statuses[status];
    byKind.set(kindAndAction(entity, action), sum);
  }
  return countByKindAndAction(outcomes.map((o) => o.op)).map((c) => ({
    ...c,
    statuses: byKind.get(kindAndAction(c.entity, c.action)) ?? emptyStatuses(),
  }));
}
