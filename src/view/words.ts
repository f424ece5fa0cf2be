/**
 * Every wording of an action, in one place: what the plan says is to be done, what the summary says was
 * done, and one name for an operation wherever it is shown.
 */
import { DESCRIBE, operationId, type Action, type Operation } from '../model/operations.js';

export const ACTION_WORDS: Record<Action, string> = {
  create: 'create',
  update: 'update',
  move: 'move',
  rename: 'rename',
  fire: 'fire',
  rehire: 'rehire',
  delete: 'delete',
  add_member: 'add to team',
  remove_member: 'remove from team',
  report_absence: 'report absence',
};

export function actionWords(action: Action): string {
  return ACTION_WORDS[action];
}

/** Past tense of each action, for the closing line. */
export const DONE_WORDS: Record<Action, string> = {
  create: 'created',
  update: 'updated',
  move: 'moved',
  rename: 'renamed',
  fire: 'fired',
  rehire: 'rehired',
  delete: 'deleted',
  add_member: 'added to a team',
  remove_member: 'removed from a team',
  report_absence: 'absences reported',
};

/**
 * An operation named as every view names it, the plan, the failure line and a refused row alike:
 * "update user 121", "rename employee 120 → 121", "add to team 121@T1", "report absence 101:2026-03-02".
 */
export function operationName(op: Operation): string {
  const d = DESCRIBE[op.type];
  const subject = d.entity === 'membership' || d.entity === 'absence' ? '' : `${d.entity} `;
  const id = op.type.startsWith('rename') && 'fromId' in op ? `${op.fromId} → ${op.id}` : operationId(op);
  return `${ACTION_WORDS[d.action]} ${subject}${id}`;
}
