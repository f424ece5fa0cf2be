/**
 * Every wording of an action, in one place: what the plan says is to be done, what the summary says was
 * done, and one name for an operation wherever it is shown. The words themselves are in
 * src/words/view-actions.ts, in the run's language.
 */
import { OPERATION_KINDS, operationId, type Action, type EntityKind, type Operation } from '../model/operations.js';
import { actionWords as vocabulary } from '../words/view-actions.js';

/** The action as the plan names it: "create", "add to team". */
export function actionWords(action: Action): string {
  return vocabulary().action[action];
}

/** Past tense of each action, for the closing line. */
export function doneWords(action: Action): string {
  return vocabulary().done[action];
}

/** The kind of entity as the tables of counts name it: "employee" (a kind it does not know, as it is). */
export function entityWords(entity: EntityKind | string): string {
  return vocabulary().entity[entity as EntityKind] ?? entity;
}

/** The kind of entity counted: "employees" (a kind it does not know, as it is). */
export function entitiesWords(entity: EntityKind | string): string {
  return vocabulary().entities[entity as EntityKind] ?? entity;
}

/** What became of an operation: "done", "skipped" (a status it does not know, as it is). */
export function statusWords(status: string): string {
  return vocabulary().status[status as 'done'] ?? status;
}

/**
 * An operation named as every view names it, the plan, the failure line and a refused row alike:
 * "update user 121", "rename employee 120 → 121", "add to team 121@T1", "report absence 101:2026-03-02".
 */
export function operationName(op: Operation): string {
  const d = OPERATION_KINDS[op.type];
  const entity = d.entity === 'membership' || d.entity === 'absence' ? null : d.entity;
  const id = op.type.startsWith('rename') && 'fromId' in op ? `${op.fromId} → ${op.id}` : operationId(op);
  return vocabulary().operation(d.action, entity, id);
}
