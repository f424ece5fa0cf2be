/**
 * Sickness periods on v2: reported sick (POST), the sick date moved (PATCH), reported fit (DELETE with the
 * last sick day), chosen by what the sick list shows; the open dialogs are read back as open absences.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hire, op, person, startV2Rig, type V2Rig } from './v2-helpers.js';

let rig: V2Rig;
beforeEach(async () => {
  rig = await startV2Rig();
  await rig.adapter.execute(op({ type: 'createDepartment', id: 'd1', name: 'Care', parentId: 'root' }));
  await rig.adapter.execute(op({ type: 'createTeam', id: 't1', name: 'Day', departmentId: 'd1' }));
  for (const id of ['e1', 'e2']) {
    await rig.adapter.execute(hire(id, person(`Person ${id}`)));
    await rig.adapter.execute(op({ type: 'addTeamMember', teamId: 't1', employeeId: id }));
  }
  await rig.adapter.readCurrentState();
  rig.sent.length = 0;
});
afterEach(async () => {
  await rig.close();
});

const period = (employeeId: string, startDate: string, endDate: string | null) =>
  op({ type: 'reportAbsence', employeeId, startDate, endDate });
const writes = () => rig.sent.filter((s) => s.method !== 'GET').map((s) => `${s.method} ${s.path.split('?')[0]} ${JSON.stringify(s.body)}`);

describe('sickness absence on v2', () => {
  it('reports sick, moves the sick date, then reports fit, and reads the open period back', async () => {
    await rig.adapter.execute(period('e1', '2030-03-05', null));
    expect((await rig.adapter.readCurrentState()).org.absences).toEqual([{ employeeId: 'e1', startDate: '2030-03-05', endDate: null }]);

    await rig.adapter.execute(period('e1', '2030-03-03', null));
    expect((await rig.adapter.readCurrentState()).org.absences).toEqual([{ employeeId: 'e1', startDate: '2030-03-03', endDate: null }]);

    await rig.adapter.execute(period('e1', '2030-03-03', '2030-03-09'));
    expect((await rig.adapter.readCurrentState()).org.absences).toEqual([]);
    expect(rig.sandbox.snapshot().absences).toMatchObject([{ employeeId: 'e1', startDate: '2030-03-03', endDate: '2030-03-09' }]);
    expect(writes()).toEqual([
      'POST /v2/siab/dialogs {"employee":"e1","date":"2030-03-05"}',
      'PATCH /v2/siab/dialogs/e1 {"date":"2030-03-03"}',
      'DELETE /v2/siab/dialogs {"employee":"e1","date":"2030-03-09"}',
    ]);
  });

  it('records a closed period of someone not listed sick by reporting sick and then fit', async () => {
    await rig.adapter.execute(period('e2', '2030-02-01', '2030-02-03'));
    expect(writes()).toEqual([
      'POST /v2/siab/dialogs {"employee":"e2","date":"2030-02-01"}',
      'DELETE /v2/siab/dialogs {"employee":"e2","date":"2030-02-03"}',
    ]);
    expect(rig.sandbox.snapshot().absences).toMatchObject([{ employeeId: 'e2', startDate: '2030-02-01', endDate: '2030-02-03' }]);
  });

  it('moves the date and reports fit when the listed sickness started on another day', async () => {
    await rig.adapter.execute(period('e1', '2030-03-05', null));
    rig.sent.length = 0;
    await rig.adapter.execute(period('e1', '2030-03-04', '2030-03-08'));
    expect(writes()).toEqual([
      'PATCH /v2/siab/dialogs/e1 {"date":"2030-03-04"}',
      'DELETE /v2/siab/dialogs {"employee":"e1","date":"2030-03-08"}',
    ]);
  });

  it('sends nothing for an open period the sick list already shows', async () => {
    await rig.adapter.execute(period('e1', '2030-03-05', null));
    rig.sent.length = 0;
    await expect(rig.adapter.execute(period('e1', '2030-03-05', null))).resolves.toEqual({ status: 200, settled: 'already_done' });
    expect(writes()).toEqual([]);
  });

  it('refuses an earlier closed period while the employee is listed sick, keeping the current sickness', async () => {
    await rig.adapter.execute(period('e1', '2030-03-05', null));
    rig.sent.length = 0;
    await expect(rig.adapter.execute(period('e1', '2030-01-10', '2030-01-12'))).rejects.toMatchObject({
      kind: 'rejected',
      message: expect.stringMatching(/listed sick since 2030-03-05/),
    });
    expect(writes()).toEqual([]);
    expect((await rig.adapter.readCurrentState()).org.absences).toEqual([{ employeeId: 'e1', startDate: '2030-03-05', endDate: null }]);
  });

  it('verifies an open period by the sick list, and never claims a closed one it cannot see', async () => {
    const open = period('e2', '2030-04-01', null);
    expect(await rig.adapter.verify(open)).toBe(false);
    await rig.adapter.execute(open);
    expect(await rig.adapter.verify(open)).toBe(true);
    const closed = period('e2', '2030-04-01', '2030-04-02');
    await rig.adapter.execute(closed);
    expect(await rig.adapter.verify(closed)).toBe(false);
  });

  it('counts a period the service refuses as overlapping an earlier sickness absence as done (issue 17.1)', async () => {
    await rig.adapter.execute(period('e2', '2030-02-01', '2030-02-03'));
    // The same closed period again, as from a machine without the ledger: the service already has it.
    await expect(rig.adapter.execute(period('e2', '2030-02-01', '2030-02-03'))).resolves.toEqual({ status: 200, settled: 'already_done' });
    expect(rig.sandbox.snapshot().absences).toHaveLength(1);
  });
});
