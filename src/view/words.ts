/**
 * Every wording of an action, in one place: what the plan says is to be done, what the summary says was
 * done, and how a failure line and a refused row name an operation. The last two keep the forms users'
 * scripts and the tests already read ("Failed: report_absence absence 101:…", "refused to add member").
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

/** An operation as a failure line of the apply summary names it. */
export function failureName(op: Operation): string {
  const d = DESCRIBE[op.type];
  return `${d.action} ${d.entity} ${operationId(op)}`;
}

/** An operation as a refused row's message names it ("The service refused to …"). */
export function refusalName(op: Operation): string {
  const d = DESCRIBE[op.type];
  return `${d.action.replace('_', ' ')} ${d.entity} ${operationId(op)}`;
}
