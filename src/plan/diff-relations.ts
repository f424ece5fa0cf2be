/** The diff of relations: team memberships, delegations, absences. */
import type { Delegation, Organisation } from '../model/organisation.js';
import { operation, type Operation } from '../model/operations.js';

export function absenceKey(employeeId: string, startDate: string): string {
  return `${employeeId}|${startDate}`;
}

export function planMemberships(desired: Organisation, now: Organisation, ops: Operation[]): void {
  for (const employee of desired.employees.values()) {
    if (employee.status !== 'active' || employee.teamId === undefined) continue;
    const existing = now.employees.get(employee.id);
    const currentTeam = existing?.teamId ?? null;
    if (currentTeam === employee.teamId) continue;
    if (employee.teamId !== null) {
      ops.push(
        operation({
          type: 'addTeamMember',
          teamId: employee.teamId,
          employeeId: employee.id,
          reason: currentTeam
            ? { code: 'team_change', was: currentTeam, now: employee.teamId }
            : { code: 'joins_team', team: employee.teamId },
          source: employee.source,
        }),
      );
    } else if (currentTeam !== null) {
      ops.push(
        operation({
          type: 'removeTeamMember',
          teamId: currentTeam,
          employeeId: employee.id,
          reason: { code: 'leaves_team', team: currentTeam },
          source: employee.source,
        }),
      );
    }
  }
}

function delegationKey(d: Delegation): string {
  return `${d.unitKind}:${d.unitId}|${d.responsibility}|${d.employeeId}`;
}

export function planDelegations(desired: Organisation, now: Organisation, ops: Operation[], prune: boolean): void {
  const existing = new Map(now.delegations.map((d) => [delegationKey(d), d]));
  const wanted = new Set<string>();
  for (const d of desired.delegations) {
    const key = delegationKey(d);
    if (wanted.has(key)) continue;
    wanted.add(key);
    if (existing.has(key)) continue;
    ops.push(
      operation({
        type: 'createDelegation',
        unitKind: d.unitKind,
        unitId: d.unitId,
        responsibility: d.responsibility,
        employeeId: d.employeeId,
        reason: { code: 'delegation', employee: d.employeeId, responsibility: d.responsibility, kind: d.unitKind, unit: d.unitId },
        source: d.source,
      }),
    );
  }
  if (!prune) return;
  for (const [key, d] of existing) {
    if (wanted.has(key) || d.serviceId === undefined) continue;
    ops.push(
      operation({
        type: 'deleteDelegation',
        unitKind: d.unitKind,
        unitId: d.unitId,
        responsibility: d.responsibility,
        employeeId: d.employeeId,
        serviceId: d.serviceId,
        reason: { code: 'pruned' },
        pruned: true,
      }),
    );
  }
}

/**
 * A team is deleted only once it is empty (README "teams"): members the workbook does not place elsewhere
 * (its employees sheet has no team_id column, or no employees sheet at all) are taken out first.
 */
export function planEmptyingTeams(now: Organisation, ops: Operation[]): void {
  const doomed = new Set<string>();
  for (const op of ops) if (op.type === 'deleteTeam') doomed.add(op.id);
  if (doomed.size === 0) return;
  const handled = new Set<string>();
  for (const op of ops) {
    if (op.type === 'addTeamMember' || op.type === 'removeTeamMember') handled.add(op.employeeId);
    if (op.type === 'fireEmployee') handled.add(op.id);
  }
  for (const employee of now.employees.values()) {
    const team = employee.teamId;
    if (!team || !doomed.has(team) || handled.has(employee.id)) continue;
    ops.push(
      operation({
        type: 'removeTeamMember',
        teamId: team,
        employeeId: employee.id,
        reason: { code: 'emptied_for_deletion', team },
      }),
    );
  }
}
