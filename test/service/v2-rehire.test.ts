/**
 * v2 rehires a deleted employee only through a create with exactly the same name, e-mail, username and
 * ext_id, and only within 14 days; after that the same create makes a new employee.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hire, op, person, startV2Rig, type V2Rig } from './v2-helpers.js';

const DAY = 24 * 60 * 60 * 1000;
let clock = Date.parse('2030-01-10T09:00:00Z');
let rig: V2Rig;
beforeEach(async () => {
  clock = Date.parse('2030-01-10T09:00:00Z');
  rig = await startV2Rig({ now: () => new Date(clock) });
});
afterEach(async () => {
  await rig.close();
});

const cas = person('Cas Dahl');

/** The service's own id of an active employee, read without key_field. */
async function serviceIdOf(extId: string): Promise<string> {
  const answer = await rig.raw('GET', `/v2/core/employees/${extId}`);
  expect(answer.status).toBe(200);
  return answer.body.id;
}

async function hireAndFire(): Promise<string> {
  await rig.adapter.execute(op({ type: 'createDepartment', id: 'd1', name: 'Care', parentId: 'root' }));
  await rig.adapter.execute(op({ type: 'createTeam', id: 't1', name: 'Day', departmentId: 'd1' }));
  await rig.adapter.execute(hire('e7', cas, 'Nurse'));
  await rig.adapter.execute(op({ type: 'addTeamMember', teamId: 't1', employeeId: 'e7' }));
  await rig.adapter.execute(op({ type: 'reportAbsence', employeeId: 'e7', startDate: '2030-01-02', endDate: '2030-01-04' }));
  const serviceId = await serviceIdOf('e7');
  await rig.adapter.execute(op({ type: 'fireEmployee', id: 'e7' }));
  return serviceId;
}

describe('a deleted employee who comes back on v2', () => {
  it('is not shown by the service, so the state lists no fired employees and no rehire window', async () => {
    await hireAndFire();
    const state = await rig.adapter.readCurrentState();
    expect(state.org.employees.has('e7')).toBe(false);
    expect(state.firedEmployees.size).toBe(0);
    expect(state.rehireUntil).toBeUndefined();
  });

  it('is rehired within 14 days by the same create: the same service employee with its data returns', async () => {
    const serviceId = await hireAndFire();
    clock += 13 * DAY;
    await rig.adapter.readCurrentState();
    await expect(rig.adapter.execute(hire('e7', cas, 'Head nurse'))).resolves.toMatchObject({ status: 201 });
    expect(await serviceIdOf('e7')).toBe(serviceId);
    const snapshot = rig.sandbox.snapshot();
    expect(snapshot.employees).toEqual([expect.objectContaining({ id: 'e7', active: true, employment: 'Head nurse' })]);
    expect(snapshot.absences).toEqual([expect.objectContaining({ employeeId: 'e7', startDate: '2030-01-02', endDate: '2030-01-04' })]);
  });

  it('becomes a new employee when created again after the 14 days, and the old one keeps the earlier data', async () => {
    const serviceId = await hireAndFire();
    clock += 15 * DAY;
    await rig.adapter.execute(hire('e7', cas, 'Nurse'));
    expect(await serviceIdOf('e7')).not.toBe(serviceId);
    const snapshot = rig.sandbox.snapshot();
    expect(snapshot.employees.map((e) => [e.id, e.active])).toEqual([
      [`#${serviceId}`, false],
      ['e7', true],
    ]);
    expect(snapshot.absences[0]?.employeeId).toBe(`#${serviceId}`);
  });

  it('explains why a create within the 14 days with other person fields is refused', async () => {
    await hireAndFire();
    clock += 2 * DAY;
    const changed = { ...cas, email: 'cas.dahl@elsewhere.example' };
    await expect(rig.adapter.execute(hire('e7', changed, 'Nurse'))).rejects.toMatchObject({
      kind: 'rejected',
      status: 422,
      message: expect.stringMatching(/deleted within the last 14 days.*exactly the name, e-mail and username/),
    });
  });
});
