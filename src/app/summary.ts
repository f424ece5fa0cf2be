/** The closing summary of an apply: one line of counts per action, failures named with their root cause. */
import type { OperationOutcome } from '../load/outcome.js';
import { describeSource } from '../plan/render.js';
import { DESCRIBE, operationId, type Operation } from '../plan/operations.js';
import type { Organisation } from '../model/organisation.js';

const LABELS: [string, (o: OperationOutcome) => boolean][] = [
  ['created', (o) => DESCRIBE[o.op.type].action === 'create' && o.message !== 'rehired'],
  ['updated', (o) => ['update', 'add_member', 'remove_member'].includes(DESCRIBE[o.op.type].action)],
  ['moved', (o) => DESCRIBE[o.op.type].action === 'move'],
  ['renamed', (o) => DESCRIBE[o.op.type].action === 'rename'],
  ['fired', (o) => DESCRIBE[o.op.type].action === 'fire'],
  ['rehired', (o) => DESCRIBE[o.op.type].action === 'rehire' || o.message === 'rehired'],
  ['deleted', (o) => DESCRIBE[o.op.type].action === 'delete'],
  ['absences', (o) => DESCRIBE[o.op.type].action === 'report_absence'],
];

/** Entities of the workbook that no operation touches: already as the workbook says. */
export function countUnchanged(desired: Organisation, ops: readonly Operation[]): number {
  const touched = new Set<string>();
  for (const op of ops) {
    const entity = DESCRIBE[op.type].entity;
    if (op.type === 'addTeamMember' || op.type === 'removeTeamMember') touched.add(`employee:${op.employeeId}`);
    else if ('id' in op) touched.add(`${entity}:${op.id}`);
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

export function applySummary(outcomes: OperationOutcome[], elapsedMs: number, unchanged: number, maxFailures = 20): string[] {
  const lines: string[] = [];
  const failed = outcomes.filter((o) => o.status === 'failed');
  for (const o of failed.slice(0, maxFailures)) {
    const d = DESCRIBE[o.op.type];
    lines.push(
      `Failed: ${d.action} ${d.entity} ${operationId(o.op)}${describeSource(o.op)}: ${o.message ?? 'no answer'}${o.statusCode ? ` (HTTP ${o.statusCode})` : ''}`,
    );
  }
  if (failed.length > maxFailures) lines.push(`…and ${failed.length - maxFailures} more failures (see --report).`);
  const blocked = outcomes.filter((o) => o.status === 'skipped' && o.blockedBy);
  if (blocked.length > 0) lines.push(`${blocked.length} operations were skipped because something they depend on failed.`);
  const done = outcomes.filter((o) => o.status === 'done');
  const parts = LABELS.map(([label, test]) => `${done.filter(test).length} ${label}`);
  const notStarted = outcomes.filter((o) => o.status === 'skipped' && !o.blockedBy).length;
  parts.push(`${failed.length} failed`, `${blocked.length + notStarted} skipped`, `${unchanged} unchanged`);
  lines.push(`Applied: ${parts.join(', ')} in ${(elapsedMs / 1000).toFixed(1)} s.`);
  return lines;
}
