import { describe, expect, it } from 'vitest';
import { buildPlan } from '../../src/plan/plan.js';
import { levels } from '../../src/plan/graph.js';
import type { Organisation } from '../../src/model/organisation.js';
import { ALL_MANAGED, V3_CAPABILITIES, asCurrent, org } from '../helpers/org.js';
import { noteText, reasonText } from '../../src/view/reason-text.js';

function plan(desired: Organisation, current: Organisation, extra: { prune?: boolean; maxDeletions?: number } = {}) {
  return buildPlan({
    desired,
    current: asCurrent(current),
    managed: ALL_MANAGED,
    capabilities: V3_CAPABILITIES,
    reportedAbsences: new Map(),
    prune: extra.prune ?? false,
    ...(extra.maxDeletions !== undefined ? { maxDeletions: extra.maxDeletions } : {}),
  });
}

const keys = (p: ReturnType<typeof plan>) => p.operations.map((o) => o.op.key).sort();
const depsOf = (p: ReturnType<typeof plan>, key: string) => p.operations.find((o) => o.op.key === key)?.dependsOn ?? [];

describe('the plan', () => {
  it('is empty when the service already equals the workbook', () => {
    const o = org({
      departments: [
        ['root', null, 'e1'],
        ['d1', 'root'],
      ],
      teams: [['t1', 'd1', 'e2']],
      employees: [
        ['e1', 'u1', 't1'],
        ['e2', 'u2', 't1'],
      ],
    });
    expect(plan(o, o).operations).toEqual([]);
  });

  it('gives a second job of a person the username the service has when the workbook has no username column', () => {
    const current = org({ departments: [['root', null]], teams: [['t1', 'root']], employees: [['e1', 'u1', 't1']] });
    current.users.get('u1')!.username = 'anna.h';
    const desired = org({
      departments: [['root', null]],
      teams: [['t1', 'root']],
      employees: [
        ['e1', 'u1', 't1'],
        ['e2', 'u1', 't1'],
      ],
    });
    delete desired.users.get('u1')!.username; // no username column: not managed
    const create = plan(desired, current).operations.find((o) => o.op.key === 'createEmployee:e2')?.op;
    expect(create).toMatchObject({ type: 'createEmployee', user: { username: 'anna.h', email: 'u1@example.dk' } });
  });

  it('creates a new department tree top-down, each child after its parent', () => {
    const desired = org({
      departments: [
        ['root', null],
        ['a', 'root'],
        ['b', 'a'],
        ['c', 'b'],
      ],
    });
    const p = plan(desired, org({ departments: [['root', null]] }));
    expect(keys(p)).toEqual(['createDepartment:a', 'createDepartment:b', 'createDepartment:c']);
    expect(depsOf(p, 'createDepartment:c')).toContain('createDepartment:b');
    expect(depsOf(p, 'createDepartment:b')).toContain('createDepartment:a');
  });

  it('swaps a parent and its child by moving the new parent first', () => {
    const current = org({
      departments: [
        ['root', null],
        ['a', 'root'],
        ['b', 'a'],
      ],
    });
    const desired = org({
      departments: [
        ['root', null],
        ['b', 'root'],
        ['a', 'b'],
      ],
    });
    const p = plan(desired, current);
    expect(keys(p)).toEqual(['moveDepartment:a', 'moveDepartment:b']);
    expect(depsOf(p, 'moveDepartment:a')).toEqual(['moveDepartment:b']);
  });

  it('deletes a large team after every one of its members has left it, each waited for once', () => {
    const members = Array.from({ length: 40 }, (_, i): [string, string, string | null] => [`e${i}`, `u${i}`, 'T1']);
    const current = org({ departments: [['root', null]], teams: [['T1', 'root']], employees: members });
    const desired = org({
      departments: [['root', null]],
      employees: members.map(([id, user]): [string, string, null] => [id, user, null]),
    });
    const p = plan(desired, current, { prune: true, maxDeletions: 100 });
    const leaving = keys(p).filter((key) => key.startsWith('removeTeamMember:'));
    expect(leaving).toHaveLength(40);
    expect([...depsOf(p, 'deleteTeam:T1')].sort()).toEqual(leaving);
  });

  it('creates users before their employees and employees before they join a team or own a unit', () => {
    const desired = org({
      departments: [
        ['root', null],
        ['d1', 'root', 'e1'],
      ],
      teams: [['t1', 'd1', 'e1']],
      employees: [['e1', 'u1', 't1']],
    });
    const p = plan(desired, org({ departments: [['root', null]] }));
    expect(depsOf(p, 'createEmployee:e1')).toEqual(['createUser:u1']);
    expect(depsOf(p, 'createDepartment:d1')).toContain('createEmployee:e1');
    expect([...depsOf(p, 'addTeamMember:e1')].sort()).toEqual(['createEmployee:e1', 'createTeam:t1']);
  });

  it('renames an employee whose previous id is in the service instead of creating a new one', () => {
    const current = org({ departments: [['root', null]], teams: [['t1', 'root']], employees: [['old', 'u1', 't1']] });
    const desired = org({ departments: [['root', null]], teams: [['t1', 'root']], employees: [['new', 'u1', 't1']] });
    desired.employees.get('new')!.previousId = 'old';
    const p = plan(desired, current);
    expect(keys(p)).toEqual(['renameEmployee:old->new']);
  });

  it('leaves the service as read untouched: the history\'s "before", the plan page and undo see what the service had', () => {
    const current = org({
      departments: [
        ['root', null],
        ['d1', 'root'],
      ],
      teams: [
        ['old-team', 'd1'],
        ['t2', 'd1'],
      ],
      employees: [
        ['e1', 'u1', 'old-team'],
        ['e2', 'u2', 't2'],
        ['old-e3', 'u3', 't2'],
      ],
    });
    current.employees.get('e2')!.employment = 'Nurse';
    const desired = org({
      departments: [
        ['root', null],
        ['d1', 'root'],
      ],
      teams: [
        ['new-team', 'd1'],
        ['t2', 'd1'],
      ],
      employees: [
        ['e1', 'u1', 'new-team'],
        ['e2', 'u2', 't2'],
        ['e3', 'u3', 't2'],
      ],
    });
    desired.teams.get('new-team')!.previousId = 'old-team';
    desired.teams.get('new-team')!.name = 'Team old-team';
    desired.employees.get('e3')!.previousId = 'old-e3';
    desired.employees.get('e2')!.employment = 'Head nurse';
    const state = asCurrent(current);
    const asRead = structuredClone(state.org);
    const p = buildPlan({
      desired,
      current: state,
      managed: ALL_MANAGED,
      capabilities: V3_CAPABILITIES,
      reportedAbsences: new Map(),
      prune: false,
    });
    expect(keys(p)).toEqual(['renameEmployee:old-e3->e3', 'renameTeam:old-team->new-team', 'updateEmployee:e2']);
    expect(state.org).toEqual(asRead);
  });

  it('renames a department and keeps its children under the new id', () => {
    const current = org({
      departments: [
        ['root', null],
        ['old', 'root'],
        ['child', 'old'],
      ],
    });
    const desired = org({
      departments: [
        ['root', null],
        ['new', 'root'],
        ['child', 'new'],
      ],
    });
    desired.departments.get('new')!.previousId = 'old';
    desired.departments.get('new')!.name = 'Dept old';
    expect(keys(plan(desired, current))).toEqual(['renameDepartment:old->new']);
  });

  it('fires an employee whose status is left, after taking away what they own', () => {
    const current = org({
      departments: [
        ['root', null, 'boss'],
        ['d1', 'root', 'e1'],
      ],
      employees: [
        ['boss', 'ub', null],
        ['e1', 'u1', null],
      ],
    });
    const desired = org({
      departments: [
        ['root', null, 'boss'],
        ['d1', 'root', 'boss'],
      ],
      employees: [
        ['boss', 'ub', null],
        ['e1', 'u1', null, 'fired'],
      ],
    });
    const p = plan(desired, current);
    expect(keys(p)).toEqual(['fireEmployee:e1', 'updateDepartment:d1']);
    expect(depsOf(p, 'fireEmployee:e1')).toEqual(['updateDepartment:d1']);
  });

  it('leaves what is merely absent from the workbook alone without --prune', () => {
    const current = org({
      departments: [
        ['root', null],
        ['gone', 'root'],
      ],
      employees: [['e9', 'u9', null]],
    });
    const desired = org({ departments: [['root', null]] });
    expect(plan(desired, current).operations).toEqual([]);
  });

  it('with --prune removes children before parents and empties a team before deleting it', () => {
    const current = org({
      departments: [
        ['root', null],
        ['a', 'root'],
        ['b', 'a'],
      ],
      teams: [['t', 'b']],
      employees: [['e1', 'u1', 't']],
    });
    const desired = org({ departments: [['root', null]], employees: [['e1', 'u1', null]] });
    const p = plan(desired, current, { prune: true });
    expect(depsOf(p, 'deleteTeam:t')).toContain('removeTeamMember:e1');
    expect(depsOf(p, 'deleteDepartment:b')).toContain('deleteTeam:t');
    expect(depsOf(p, 'deleteDepartment:a')).toContain('deleteDepartment:b');
    const level = levels(p.operations);
    expect(level.get('deleteDepartment:a')!).toBeGreaterThan(level.get('deleteTeam:t')!);
  });

  it('refuses to prune more than the limit', () => {
    const employees = Array.from({ length: 30 }, (_, i): [string, string, null] => [`e${i}`, `u${i}`, null]);
    const current = org({ departments: [['root', null]], employees });
    const desired = org({ departments: [['root', null]], employees: employees.slice(0, 20) });
    const guarded = plan(desired, current, { prune: true });
    expect(guarded.guard.exceeded).toBe(true);
    expect(guarded.guard.kinds).toEqual([{ entity: 'employee', removals: 10, inService: 30, limit: 5 }]);
    expect(plan(desired, current, { prune: true, maxDeletions: 10 }).guard.exceeded).toBe(false);
  });

  it('lets the fires the workbook asks for (status left) through: the limit is on what --prune removes (cli.md)', () => {
    const employees = Array.from({ length: 30 }, (_, i): [string, string, null] => [`e${i}`, `u${i}`, null]);
    const current = org({ departments: [['root', null]], employees });
    const leaving = employees.map(([id, user, team], i): [string, string, null, 'active' | 'fired'] => [
      id,
      user,
      team,
      i < 10 ? 'fired' : 'active',
    ]);
    const explicit = plan(org({ departments: [['root', null]], employees: leaving }), current, { prune: true });
    expect(explicit.operations.filter((o) => o.op.type === 'fireEmployee')).toHaveLength(10);
    expect(explicit.guard.exceeded).toBe(false);
    expect(explicit.guard.removals).toEqual([]);
  });

  it('sets an owner explicitly when the equal inherited value would change with its ancestor', () => {
    const current = org({
      departments: [
        ['root', null, 'a'],
        ['d1', 'root'],
      ],
      employees: [
        ['a', 'ua', null],
        ['b', 'ub', null],
      ],
    });
    const desired = org({
      departments: [
        ['root', null, 'b'],
        ['d1', 'root', 'a'],
      ],
      employees: [
        ['a', 'ua', null],
        ['b', 'ub', null],
      ],
    });
    expect(keys(plan(desired, current))).toEqual(['updateDepartment:d1', 'updateDepartment:root']);
  });

  it('reports an absence only when the ledger does not have that period', () => {
    const o = org({ departments: [['root', null]], teams: [['t', 'root']], employees: [['e1', 'u1', 't']] });
    const desired = org({ departments: [['root', null]], teams: [['t', 'root']], employees: [['e1', 'u1', 't']] });
    desired.absences = [
      { employeeId: 'e1', startDate: '2026-01-05', endDate: '2026-01-09' },
      { employeeId: 'e1', startDate: '2026-03-01', endDate: null },
    ];
    const p = buildPlan({
      desired,
      current: asCurrent(o),
      managed: ALL_MANAGED,
      capabilities: V3_CAPABILITIES,
      reportedAbsences: new Map([
        ['e1|2026-01-05', '2026-01-09'],
        ['e1|2026-03-01', null],
      ]),
      prune: false,
    });
    expect(p.operations).toEqual([]);
    const changed = buildPlan({
      desired,
      current: asCurrent(o),
      managed: ALL_MANAGED,
      capabilities: V3_CAPABILITIES,
      reportedAbsences: new Map([['e1|2026-01-05', null]]),
      prune: false,
    });
    expect(changed.operations.map((o) => o.op.key)).toEqual(['reportAbsence:e1|2026-01-05', 'reportAbsence:e1|2026-03-01']);
    // One employee's periods go oldest first, one at a time, so none is merged into another on the way.
    expect(changed.operations[1]!.dependsOn).toEqual(['reportAbsence:e1|2026-01-05']);
  });

  it('renames an employee whose user id was the old employee id, updating that person instead of creating a new one', () => {
    const current = org({ departments: [['root', null]], teams: [['t1', 'root']], employees: [['E1', 'E1', 't1']] });
    const desired = org({
      departments: [['root', null]],
      teams: [['t1', 'root']],
      users: [['E2', 'Person E1']],
      employees: [['E2', 'E2', 't1']],
    });
    desired.employees.get('E2')!.previousId = 'E1';
    desired.users.get('E2')!.email = 'E1@example.dk';
    desired.users.get('E2')!.username = 'E1@example.dk';
    expect(keys(plan(desired, current))).toEqual(['renameEmployee:E1->E2']);
    desired.users.get('E2')!.name = 'New Name';
    const renamedAndChanged = plan(desired, current);
    expect(keys(renamedAndChanged)).toEqual(['renameEmployee:E1->E2', 'updateUser:E1']);
  });

  it('rehires an employee the importer fired when the workbook has them active again', () => {
    const o = org({ departments: [['root', null]], teams: [['t1', 'root']], employees: [['E1', 'u1', 't1']] });
    const current = asCurrent(org({ departments: [['root', null]], teams: [['t1', 'root']], users: [['u1']] }));
    current.firedEmployees = new Set(['E1']);
    const p = buildPlan({
      desired: o,
      current,
      managed: ALL_MANAGED,
      capabilities: V3_CAPABILITIES,
      reportedAbsences: new Map(),
      prune: false,
    });
    // The title the employee had may have survived the firing: the workbook's is sent after the rehire.
    expect(p.operations.map((x) => x.op.key).sort()).toEqual(['addTeamMember:E1', 'rehireEmployee:E1', 'updateEmployee:E1']);
    // The reason names the field the service hid, as a code with its values.
    const update = p.operations.find((x) => x.op.key === 'updateEmployee:E1')!.op;
    expect(update.reason).toEqual({ code: 'employment_not_shown', field: 'employment', now: o.employees.get('E1')!.employment });
  });

  it("rehires without an employment update when the title the employee had when fired is the workbook's", () => {
    const o = org({
      departments: [['root', null]],
      teams: [['t1', 'root']],
      employees: [
        ['E1', 'u1', 't1'],
        ['E2', 'u2', 't1'],
      ],
    });
    for (const e of o.employees.values()) e.employment = 'Nurse';
    const current = asCurrent(org({ departments: [['root', null]], teams: [['t1', 'root']], users: [['u1'], ['u2']] }));
    current.firedEmployees = new Set(['E1', 'E2']);
    current.firedFields = new Map([
      ['E1', { employment: 'Nurse' }],
      ['E2', { employment: 'Porter' }],
    ]);
    const p = buildPlan({
      desired: o,
      current,
      managed: ALL_MANAGED,
      capabilities: V3_CAPABILITIES,
      reportedAbsences: new Map(),
      prune: false,
    });
    expect(keys(p)).toEqual(['addTeamMember:E1', 'addTeamMember:E2', 'rehireEmployee:E1', 'rehireEmployee:E2', 'updateEmployee:E2']);
    expect(reasonText(p.operations.find((x) => x.op.key === 'updateEmployee:E2')!.op.reason)).toBe('employment: "Porter" → "Nurse"');
  });

  it('rehires a fired employee under the old id before giving them the new one, never creating a new employee', () => {
    const desired = org({ departments: [['root', null]], users: [['u1']], employees: [['E2', 'u1', null]] });
    desired.employees.get('E2')!.previousId = 'E1';
    const current = asCurrent(org({ departments: [['root', null]], users: [['u1']] }));
    current.firedEmployees = new Set(['E1']);
    const p = buildPlan({
      desired,
      current,
      managed: ALL_MANAGED,
      capabilities: V3_CAPABILITIES,
      reportedAbsences: new Map(),
      prune: false,
    });
    expect(p.operations.map((x) => x.op.key)).toEqual(['rehireEmployee:E1', 'renameEmployee:E1->E2', 'updateEmployee:E2']);
    expect(p.operations[1]!.dependsOn).toEqual(['rehireEmployee:E1']);
  });

  it('with --prune keeps a department the workbook still puts a team under', () => {
    const current = org({
      departments: [
        ['root', null],
        ['D9', 'root'],
      ],
      teams: [['T1', 'D9']],
    });
    const desired = org({ departments: [['root', null]], teams: [['T1', 'D9']] });
    const p = plan(desired, current, { prune: true });
    expect(keys(p)).toEqual([]);
    expect(p.notes.map((n) => noteText(n.reason))).toEqual(['Department D9 is not in the workbook but is kept: team T1 is in it.']);
  });

  it('leaves the owner of a unit alone when it inherits from a department only the service has', () => {
    const current = org({
      departments: [
        ['root', null],
        ['D9', 'root', 'boss'],
      ],
      teams: [['T1', 'D9']],
      employees: [['boss', 'ub', null]],
    });
    const desired = org({ departments: [['root', null]], teams: [['T1', 'D9', null]], employees: [['boss', 'ub', null]] });
    expect(keys(plan(desired, current))).toEqual([]);
  });

  it('deletes a department only after a team renamed and moved out of it has left', () => {
    const current = org({
      departments: [
        ['root', null],
        ['D', 'root'],
      ],
      teams: [['T1', 'D']],
    });
    const desired = org({ departments: [['root', null]], teams: [['T2', 'root']] });
    desired.teams.get('T2')!.previousId = 'T1';
    desired.teams.get('T2')!.name = 'Team T1';
    const p = plan(desired, current, { prune: true });
    expect(keys(p)).toEqual(['deleteDepartment:D', 'moveTeam:T2', 'renameTeam:T1->T2']);
    expect(depsOf(p, 'deleteDepartment:D')).toEqual(['moveTeam:T2']);
  });

  it('empties a pruned team of members the workbook does not place, before deleting it', () => {
    const current = org({ departments: [['root', null]], teams: [['T1', 'root']], employees: [['E1', 'u1', 'T1']] });
    const desired = org({ departments: [['root', null]], employees: [['E1', 'u1', null]] });
    desired.employees.get('E1')!.teamId = undefined; // the employees sheet has no team_id column
    const p = plan(desired, current, { prune: true });
    expect(keys(p)).toEqual(['deleteTeam:T1', 'removeTeamMember:E1']);
    expect(depsOf(p, 'deleteTeam:T1')).toEqual(['removeTeamMember:E1']);
  });

  it('deletes a delegation on a renamed team only once the team has its new id', () => {
    const current = org({ departments: [['root', null]], teams: [['T1', 'root']], employees: [['E1', 'u1', null]] });
    current.delegations = [{ unitKind: 'team', unitId: 'T1', responsibility: 'dialog_access_cv', employeeId: 'E1' }];
    const desired = org({ departments: [['root', null]], teams: [['T2', 'root']], employees: [['E1', 'u1', null]] });
    desired.teams.get('T2')!.previousId = 'T1';
    desired.teams.get('T2')!.name = 'Team T1';
    const p = plan(desired, current, { prune: true });
    expect(depsOf(p, 'deleteDelegation:team:T2|dialog_access_cv|E1')).toEqual(['renameTeam:T1->T2']);
  });
});
