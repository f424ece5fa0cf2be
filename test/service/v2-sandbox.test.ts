/**
 * The v2 adapter against the embedded sandbox: each kind of operation, read back through the adapter and
 * checked in the sandbox's raw state.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Operation } from '../../src/model/operations.js';
import { ServiceError } from '../../src/service/errors.js';
import { hire, op, person, startV2Rig, type V2Rig } from './v2-helpers.js';

let rig: V2Rig;
beforeEach(async () => {
  rig = await startV2Rig();
});
afterEach(async () => {
  await rig.close();
});

const ann = person('Ann Berg', { gender: 'f', birthday: '1980-04-02' });
const bo = person('Bo Holm');

async function run(...ops: Operation[]): Promise<void> {
  for (const o of ops) await rig.adapter.execute(o);
}

async function buildSmallOrganisation(): Promise<void> {
  await run(
    hire('e1', ann, 'Nurse'),
    hire('e2', bo, 'Porter'),
    op({ type: 'createDepartment', id: 'd1', name: 'Care', parentId: 'root', owner: 'e1' }),
    op({ type: 'createTeam', id: 't1', name: 'Night shift', departmentId: 'd1', owner: 'e2' }),
    op({ type: 'addTeamMember', teamId: 't1', employeeId: 'e1' }),
    op({ type: 'addTeamMember', teamId: 't1', employeeId: 'e2' }),
  );
  rig.sent.length = 0;
}

describe('the v2 adapter against the sandbox', () => {
  it('creates employees, a department and a team with members, and reads them back as the organisation', async () => {
    await buildSmallOrganisation();

    const snapshot = rig.sandbox.snapshot();
    expect(snapshot.employees.map((e) => [e.id, e.employment, e.teamId])).toEqual([
      ['e1', 'Nurse', 't1'],
      ['e2', 'Porter', 't1'],
    ]);
    expect(snapshot.departments).toContainEqual({ id: 'd1', name: 'Care', parentId: 'root', owner: 'e1' });
    expect(snapshot.teams).toEqual([{ id: 't1', name: 'Night shift', departmentId: 'd1', owner: 'e2', members: ['e1', 'e2'] }]);

    const state = await rig.adapter.readCurrentState();
    expect(state.org.employees.get('e1')).toEqual({ id: 'e1', userId: 'v2:e1', employment: 'Nurse', teamId: 't1', status: 'active' });
    expect(state.org.users.get('v2:e1')).toEqual({ id: 'v2:e1', ...ann });
    expect(state.org.users.get('v2:e2')).toEqual({ id: 'v2:e2', ...bo, gender: null, birthday: null });
    expect(state.org.departments.get('root')).toMatchObject({ id: 'root', parentId: null });
    expect(state.org.departments.get('d1')).toEqual({ id: 'd1', name: 'Care', parentId: 'root', owner: 'e1' });
    expect(state.org.teams.get('t1')).toEqual({ id: 't1', name: 'Night shift', departmentId: 'd1', owner: 'e2' });
    expect(state.firedEmployees.size).toBe(0);
    expect(state.rehireUntil).toBeUndefined();
    expect(state.unmatched).toMatchObject({ employees: 0, departments: 0, teams: 0, teamMembers: 0, absences: 0, notes: [] });
  });

  it('updates the person fields of an employee through its synthetic user, and the employment', async () => {
    await buildSmallOrganisation();
    await run(
      op({
        type: 'updateUser',
        id: 'v2:e1',
        changes: { name: { now: 'Ann Berg Holm' }, email: { now: 'ann.holm@example.com' }, gender: { now: null } },
      }),
      op({ type: 'updateEmployee', id: 'e1', changes: { employment: { now: 'Head nurse' } } }),
    );
    const { org } = await rig.adapter.readCurrentState();
    expect(org.users.get('v2:e1')).toMatchObject({
      name: 'Ann Berg Holm',
      email: 'ann.holm@example.com',
      gender: null,
      birthday: '1980-04-02',
    });
    expect(org.employees.get('e1')?.employment).toBe('Head nurse');
    expect(rig.sent.filter((s) => s.method === 'PUT').map((s) => s.body)).toEqual([
      { employee: { name: 'Ann Berg Holm', email: 'ann.holm@example.com', gender: null } },
      { employee: { employment: 'Head nurse' } },
    ]);
  });

  it('gives a person a second employment that shares their person fields', async () => {
    await run(hire('e1', ann, 'Nurse'), hire('e1b', ann, 'Teacher'));
    const snapshot = rig.sandbox.snapshot();
    const [first, second] = snapshot.employees;
    expect(first?.userId).toBe(second?.userId);
    expect(snapshot.users).toHaveLength(1);

    await run(op({ type: 'updateUser', id: 'v2:e1b', changes: { name: { now: 'Ann B. Berg' } } }));
    const { org } = await rig.adapter.readCurrentState();
    expect(org.users.get('v2:e1')?.name).toBe('Ann B. Berg');
    expect(org.users.get('v2:e1b')?.name).toBe('Ann B. Berg');
    expect(org.employees.get('e1b')).toMatchObject({ userId: 'v2:e1b', employment: 'Teacher' });
  });

  it("adds a second employment while the person's fields change at the same time", async () => {
    await run(hire('e1', ann, 'Nurse'));
    await rig.adapter.readCurrentState();
    const renamed = { ...ann, name: 'Ann Berg Holm', email: 'ann.holm@example.com' };
    await Promise.all([
      rig.adapter.execute(op({ type: 'updateUser', id: 'v2:e1', changes: { name: { now: renamed.name }, email: { now: renamed.email } } })),
      rig.adapter.execute(hire('e1b', renamed, 'Teacher')),
    ]);
    const snapshot = rig.sandbox.snapshot();
    expect(snapshot.users).toEqual([expect.objectContaining({ name: 'Ann Berg Holm', email: 'ann.holm@example.com' })]);
    expect(snapshot.employees.map((e) => e.userId)).toEqual([snapshot.users[0]?.id, snapshot.users[0]?.id]);
  });

  it('renames an employee, a department and a team by putting the new ext_id on the old one', async () => {
    await buildSmallOrganisation();
    const renames = [
      op({ type: 'renameEmployee', id: 'e1-new', fromId: 'e1' }),
      op({ type: 'renameDepartment', id: 'd1-new', fromId: 'd1' }),
      op({ type: 'renameTeam', id: 't1-new', fromId: 't1' }),
    ] as const;
    for (const rename of renames) expect(await rig.adapter.verify(rename)).toBe(false);
    await run(...renames);
    for (const rename of renames) expect(await rig.adapter.verify(rename)).toBe(true);

    // The synthetic user read before the rename still finds the employee.
    await run(op({ type: 'updateUser', id: 'v2:e1', changes: { username: { now: 'annb' } } }));
    const snapshot = rig.sandbox.snapshot();
    expect(snapshot.teams).toEqual([{ id: 't1-new', name: 'Night shift', departmentId: 'd1-new', owner: 'e2', members: ['e1-new', 'e2'] }]);
    expect(snapshot.departments).toContainEqual({ id: 'd1-new', name: 'Care', parentId: 'root', owner: 'e1-new' });
    expect(snapshot.users.find((u) => u.name === 'Ann Berg')?.username).toBe('annb');
    expect(
      rig.sent
        .filter((s) => s.method === 'PUT')
        .slice(0, 3)
        .map((s) => s.body),
    ).toEqual([
      { employee: { ext_id: 'e1-new' } },
      { department: { parent_department: 'root', ext_id: 'd1-new' } },
      { team: { department: 'd1-new', ext_id: 't1-new' } },
    ]);
  });

  it('updates and moves departments and teams, always sending the parent and the department', async () => {
    await buildSmallOrganisation();
    await run(
      op({ type: 'createDepartment', id: 'd2', name: 'Surgery', parentId: 'root' }),
      op({ type: 'updateDepartment', id: 'd1', changes: { name: { now: 'Care and nursing' }, owner: { now: null } } }),
      op({ type: 'moveDepartment', id: 'd2', parentId: 'd1', fromParentId: 'root' }),
      op({ type: 'updateTeam', id: 't1', changes: { name: { now: 'Nights' }, owner: { now: 'e1' } } }),
      op({ type: 'moveTeam', id: 't1', departmentId: 'd2', fromDepartmentId: 'd1' }),
      op({ type: 'updateDepartment', id: 'root', changes: { name: { now: 'The Company' } } }),
    );
    const snapshot = rig.sandbox.snapshot();
    expect(snapshot.departments).toEqual([
      { id: 'd1', name: 'Care and nursing', parentId: 'root', owner: null },
      { id: 'd2', name: 'Surgery', parentId: 'd1', owner: null },
      { id: 'root', name: 'The Company', parentId: null, owner: null },
    ]);
    expect(snapshot.teams).toEqual([{ id: 't1', name: 'Nights', departmentId: 'd2', owner: 'e1', members: ['e1', 'e2'] }]);
    expect(rig.sent.filter((s) => s.method === 'PUT').map((s) => s.body)).toEqual([
      { department: { parent_department: 'root', name: 'Care and nursing', responsible_employee: null } },
      { department: { parent_department: 'd1' } },
      { team: { department: 'd1', name: 'Nights', responsible_employee: 'e1' } },
      { team: { department: 'd2' } },
      { department: { name: 'The Company' } },
    ]);
  });

  it('removes a member by sending the list without them, then fires, deletes the team and the department', async () => {
    await buildSmallOrganisation();
    await run(op({ type: 'removeTeamMember', teamId: 't1', employeeId: 'e1' }));
    expect(rig.sandbox.snapshot().teams[0]?.members).toEqual(['e2']);
    expect(rig.sent.at(-1)).toMatchObject({ method: 'PUT', body: { team: { department: 'd1', employees: ['e2'] } } });

    await run(
      op({ type: 'updateDepartment', id: 'd1', changes: { owner: { now: null } } }),
      op({ type: 'fireEmployee', id: 'e2' }),
      op({ type: 'deleteTeam', id: 't1' }),
      op({ type: 'deleteDepartment', id: 'd1' }),
    );
    const snapshot = rig.sandbox.snapshot();
    expect(snapshot.employees.map((e) => [e.id, e.active])).toEqual([
      ['e1', true],
      ['e2', false],
    ]);
    expect(snapshot.teams).toEqual([]);
    expect(snapshot.departments.map((d) => d.id)).toEqual(['root']);
    for (const done of [
      op({ type: 'fireEmployee', id: 'e2' }),
      op({ type: 'deleteTeam', id: 't1' }),
      op({ type: 'deleteDepartment', id: 'd1' }),
    ] as const) {
      expect(await rig.adapter.verify(done)).toBe(true);
    }
  });

  it('verifies each operation as present once it took effect, and as absent before', async () => {
    const ops = [
      hire('e1', ann, 'Nurse'),
      op({ type: 'createDepartment', id: 'd1', name: 'Care', parentId: 'root' }),
      op({ type: 'createTeam', id: 't1', name: 'Night shift', departmentId: 'd1' }),
      op({ type: 'addTeamMember', teamId: 't1', employeeId: 'e1' }),
      op({ type: 'updateUser', id: 'v2:e1', changes: { name: { now: 'Ann Holm' }, birthday: { now: null } } }),
      op({ type: 'updateEmployee', id: 'e1', changes: { employment: { now: 'Head nurse' } } }),
      op({ type: 'updateDepartment', id: 'd1', changes: { name: { now: 'Care 2' }, owner: { now: 'e1' } } }),
      op({ type: 'updateTeam', id: 't1', changes: { owner: { now: 'e1' } } }),
    ] as Operation[];
    for (const o of ops) {
      expect(await rig.adapter.verify(o), `${o.type} before`).toBe(false);
      await rig.adapter.execute(o);
      expect(await rig.adapter.verify(o), `${o.type} after`).toBe(true);
    }
    expect(await rig.adapter.verify(op({ type: 'removeTeamMember', teamId: 't1', employeeId: 'e1' }))).toBe(false);
  });

  it('counts a create whose ext_id already exists as done, without creating it twice', async () => {
    await buildSmallOrganisation();
    await expect(rig.adapter.execute(hire('e1', ann, 'Nurse'))).resolves.toEqual({ status: 200, settled: 'already_existed' });
    await expect(rig.adapter.execute(op({ type: 'createTeam', id: 't1', name: 'Night shift', departmentId: 'd1' }))).resolves.toEqual({
      status: 200,
      settled: 'already_existed',
    });
    await expect(rig.adapter.execute(op({ type: 'createDepartment', id: 'd1', name: 'Care', parentId: 'root' }))).resolves.toMatchObject({
      settled: 'already_existed',
    });
    expect(rig.sandbox.stats().successfulCreates['employee:e1']).toBe(1);
    expect(rig.sandbox.stats().successfulCreates['team:t1']).toBe(1);
  });

  it('refuses delegations, users and a bare rehire, which v2 does not have, with a clear message and sends nothing', async () => {
    const before = rig.sent.length;
    const delegation = op({
      type: 'createDelegation',
      unitKind: 'team',
      unitId: 't1',
      responsibility: 'dialog_access_cv',
      employeeId: 'e1',
    });
    const error = await rig.adapter.execute(delegation).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({ kind: 'rejected', message: expect.stringMatching(/v2 has no delegations/) });
    await expect(
      rig.adapter.execute(
        op({ type: 'deleteDelegation', unitKind: 'team', unitId: 't1', responsibility: 'x', employeeId: 'e1', serviceId: '1' }),
      ),
    ).rejects.toMatchObject({ kind: 'rejected' });
    await expect(rig.adapter.execute(op({ type: 'createUser', id: 'u1', fields: ann }))).rejects.toMatchObject({
      kind: 'rejected',
      message: expect.stringMatching(/v2 has no users/),
    });
    await expect(rig.adapter.execute(op({ type: 'rehireEmployee', id: 'e1', userId: 'u1' }))).rejects.toMatchObject({
      kind: 'rejected',
      message: expect.stringMatching(/creating it again with the same name, e-mail, username and ext_id/),
    });
    expect(rig.sent.length).toBe(before);
  });

  it('reports a rejection from the service with its message', async () => {
    const error = await rig.adapter
      .execute(op({ type: 'createTeam', id: 't9', name: 'X', departmentId: 'nowhere' }))
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'rejected', status: 422, message: expect.stringMatching(/department/) });
  });
});
