/**
 * v2 changes team members by sending the whole list: the adapter keeps each team's list in memory and
 * lets only one change of a team run at a time, so concurrent changes never lose each other.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hire, op, person, startV2Rig, type V2Rig } from './v2-helpers.js';

let rig: V2Rig;
beforeEach(async () => {
  rig = await startV2Rig();
});
afterEach(async () => {
  await rig.close();
});

const add = (teamId: string, employeeId: string) => op({ type: 'addTeamMember', teamId, employeeId });
const membersOf = (teamId: string) => rig.sandbox.snapshot().teams.find((t) => t.id === teamId)?.members;

async function setUp(employees: string[], teams: string[]): Promise<void> {
  await rig.adapter.execute(op({ type: 'createDepartment', id: 'd1', name: 'Care', parentId: 'root' }));
  await Promise.all(employees.map((id) => rig.adapter.execute(hire(id, person(`Person ${id}`)))));
  for (const id of teams) await rig.adapter.execute(op({ type: 'createTeam', id, name: `Team ${id}`, departmentId: 'd1' }));
  await rig.adapter.readCurrentState();
}

describe('team members on v2', () => {
  it('keeps every member when several are added to one team at the same time', async () => {
    await setUp(['e1', 'e2', 'e3', 'e4', 'e5'], ['t1']);
    await Promise.all(['e1', 'e2', 'e3', 'e4', 'e5'].map((id) => rig.adapter.execute(add('t1', id))));
    expect(membersOf('t1')).toEqual(['e1', 'e2', 'e3', 'e4', 'e5']);
    const lists = rig.sent.filter((s) => s.method === 'PUT').map((s) => (s.body as { team: { employees: string[] } }).team.employees);
    expect(lists.map((list) => list.length)).toEqual([1, 2, 3, 4, 5]);
  });

  it('does not pull a member back into the team they left when both teams change at once', async () => {
    await setUp(['e1', 'e2', 'e3'], ['t1', 't2']);
    await rig.adapter.execute(add('t1', 'e1'));
    await rig.adapter.execute(add('t1', 'e2'));
    // e1 moves to t2 while e3 joins t1: t1's list sent for e3 must not name e1 any more.
    await Promise.all([rig.adapter.execute(add('t2', 'e1')), rig.adapter.execute(add('t1', 'e3'))]);
    expect(membersOf('t1')).toEqual(['e2', 'e3']);
    expect(membersOf('t2')).toEqual(['e1']);
  });

  it('sends the new id in the member list once an employee has been renamed at the same time', async () => {
    await setUp(['e1', 'e2'], ['t1']);
    await rig.adapter.execute(add('t1', 'e1'));
    await Promise.all([
      rig.adapter.execute(op({ type: 'renameEmployee', id: 'e1-new', fromId: 'e1' })),
      rig.adapter.execute(add('t1', 'e2')),
    ]);
    expect(membersOf('t1')).toEqual(['e1-new', 'e2']);
  });

  it('learns a team it did not read from the service before changing its members', async () => {
    await setUp(['e1', 'e2'], []);
    await rig.raw('POST', '/v2/core/teams?key_field=ext_id', {
      team: { ext_id: 't9', name: 'Made elsewhere', department: 'd1', employees: ['e1'] },
    });
    await rig.adapter.execute(add('t9', 'e2'));
    expect(membersOf('t9')).toEqual(['e1', 'e2']);
  });

  it('keeps the list right after an answer is lost on the way back', async () => {
    await setUp(['e1', 'e2'], ['t1']);
    rig.sandbox.setFaults({ dropAfterCommitRate: 1, seed: 1 });
    const lost = add('t1', 'e1');
    await expect(rig.adapter.execute(lost)).rejects.toMatchObject({ kind: 'unknown_outcome' });
    rig.sandbox.setFaults({});
    expect(await rig.adapter.verify(lost)).toBe(true);
    await rig.adapter.execute(add('t1', 'e2'));
    expect(membersOf('t1')).toEqual(['e1', 'e2']);
  });

  it('refuses to change the members of a team that has members without ext_id, and sends nothing', async () => {
    await setUp(['e1'], ['t1']);
    const made = await rig.raw('POST', '/v2/core/employees', {
      employee: { name: 'Site Made', email: 'site@example.com', username: 'site' },
    });
    expect(made.status).toBe(201);
    const team = await rig.raw('GET', '/v2/core/teams/t1');
    await rig.raw('PUT', `/v2/core/teams/${team.body.id}`, { team: { department: team.body.department, employees: [made.body.id] } });

    const state = await rig.adapter.readCurrentState();
    expect(state.unmatched).toMatchObject({ employees: 1, teamMembers: 1 });
    expect(state.unmatched?.notes.map((say) => say()).join(' ')).toMatch(/t1 have members without ext_id/);
    const writes = rig.sent.filter((s) => s.method !== 'GET').length;
    await expect(rig.adapter.execute(add('t1', 'e1'))).rejects.toMatchObject({
      kind: 'rejected',
      message: expect.stringMatching(/1 member\(s\) without ext_id/),
    });
    expect(rig.sent.filter((s) => s.method !== 'GET').length).toBe(writes);
    expect(membersOf('t1')).toEqual([`#${made.body.id}`]);
  });
});
