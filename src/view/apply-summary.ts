/** The closing summary of an apply: failures named with their root cause, the counts of report/counts.ts. */
import type { OperationOutcome } from '../load/outcome.js';
import { describeSource } from './plan-text.js';
import { actionWords, doneWords, entityWords, operationName, statusWords } from './words.js';
import { planWords } from '../words/view-plan.js';
import { formatNumber } from '../words/language.js';
import { OPERATION_KINDS, type Action, type Operation } from '../model/operations.js';
import { countOutcomes, countStatuses, STATUSES } from '../report/counts.js';
import type { Organisation } from '../model/organisation.js';

/**
 * Entities of the workbook that no operation touches: already as the workbook says. A person made with
 * their employment is touched by its create (v2 has no users of its own: the person travels on the
 * employee), and an update of the service user that holds one of their employments touches them.
 */
export function countAlreadyMatching(desired: Organisation, ops: readonly Operation[], current: Organisation): number {
  // The workbook's people who have an employment in the service, and the service's own user of each
  // employment where it is not the workbook's (v2 keeps one per employee).
  const heldPeople = new Set<string>();
  const personOfServiceUser = new Map<string, string>();
  for (const employee of desired.employees.values()) {
    const held = current.employees.get(employee.id);
    if (!held) continue;
    heldPeople.add(employee.userId);
    if (held.userId !== employee.userId) personOfServiceUser.set(held.userId, employee.userId);
  }
  const touched = new Set<string>();
  for (const op of ops) {
    const entity = OPERATION_KINDS[op.type].entity;
    if (op.type === 'addTeamMember' || op.type === 'removeTeamMember') touched.add(`employee:${op.employeeId}`);
    else if (op.type === 'updateUser') touched.add(`user:${personOfServiceUser.get(op.id) ?? op.id}`);
    else if ('id' in op) touched.add(`${entity}:${op.id}`);
    // A person the service does not know yet is made with this employment.
    if ((op.type === 'createEmployee' || op.type === 'rehireEmployee') && !current.users.has(op.userId) && !heldPeople.has(op.userId)) {
      touched.add(`user:${op.userId}`);
    }
  }
  let unchanged = 0;
  const count = (kind: string, ids: Iterable<string>) => {
    for (const id of ids) if (!touched.has(`${kind}:${id}`)) unchanged++;
  };
  count('user', desired.users.keys());
  count('employee', desired.employees.keys());
  count('department', desired.departments.keys());
  count('team', desired.teams.keys());
  return unchanged;
}

/**
 * The closing summary: failures first, then per kind and action (as the plan shows them) what became of
 * the planned operations, then one line of totals. The same counts go into the JSON report.
 */
export function applySummary(outcomes: OperationOutcome[], elapsedMs: number, alreadyMatching: number, maxFailures = 20): string[] {
  const lines: string[] = [];
  const words = planWords();
  const failed = outcomes.filter((o) => o.status === 'failed');
  for (const failure of failed.slice(0, maxFailures)) {
    lines.push(words.failed(operationName(failure.op), describeSource(failure.op), failure.message, failure.statusCode));
  }
  if (failed.length > maxFailures) lines.push(words.moreFailures(failed.length - maxFailures));
  // Skipped for a failure, not while waiting for a removal held for approval (nothing failed there).
  const failedKeys = new Set(failed.map((o) => o.op.key));
  const blocked = outcomes.filter((o) => o.status === 'skipped' && o.blockedBy !== undefined && failedKeys.has(o.blockedBy));
  if (blocked.length > 0) lines.push(words.blocked(blocked.length));
  const counts = countOutcomes(outcomes);
  if (counts.length > 0) lines.push(words.outcomeByKind);
  for (const c of counts) {
    const statuses = STATUSES.filter((s) => c.statuses[s] > 0).map((s) => `${formatNumber(c.statuses[s])} ${statusWords(s)}`);
    lines.push(
      `  ${entityWords(c.entity).padEnd(11)} ${actionWords(c.action).padEnd(17)} ${formatNumber(c.count).padStart(7)}: ${statuses.join(', ')}`,
    );
  }
  const done = new Map<Action, number>();
  for (const c of counts) done.set(c.action, (done.get(c.action) ?? 0) + c.statuses.done);
  const parts = [...done].filter(([, n]) => n > 0).map(([action, n]) => `${formatNumber(n)} ${doneWords(action)}`);
  const totals = countStatuses(outcomes);
  lines.push(words.applied(parts, totals.unchanged, totals.failed, totals.skipped, (elapsedMs / 1000).toFixed(1)));
  if (alreadyMatching > 0) lines.push(words.alreadyMatched(alreadyMatching));
  return lines;
}
