import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { startClient, type Client } from './helpers.js';

let client: Client;
beforeEach(async () => {
  client = await startClient();
  for (const [ext, name] of [
    ['E1', 'Ann'],
    ['E2', 'Ben'],
    ['E3', 'Cai'],
  ] as const) {
    await client.post('/v2/core/employees', { employee: { name, email: `${ext}@example.com`, ext_id: ext } });
  }
  await client.post('/v2/core/departments', { department: { name: 'Sales', ext_id: 'D1', parent_department: 'root' } });
});
afterEach(() => client.sandbox.close());

const K = '?key_field=ext_id';

describe('v2 Departments', () => {
  test('create answers 201 with Location; parent and leader are ids (v2 Department fields, Endpoints create)', async () => {
    const reply = await client.post('/v2/core/departments', {
      department: { name: 'North', ext_id: 'D2', parent_department: 'D1', responsible_employee: 'E1' },
    });
    expect(reply.status).toBe(201);
    expect(reply.body).toEqual({ id: '3', ext_id: 'D2', name: 'North', parent_department: '2', responsible_employee: '1' });
    expect(reply.headers.location).toBe('/v2/core/departments/3');
  });

  test('with key_field=ext_id every relation id is a client id (v2 Identifier mode 2)', async () => {
    await client.post(`/v2/core/departments${K}`, {
      department: { name: 'North', ext_id: 'D2', parent_department: 'D1', responsible_employee: 'E1' },
    });
    const reply = await client.get(`/v2/core/departments/D2${K}`);
    expect(reply.body).toEqual({ id: 'D2', name: 'North', parent_department: 'D1', responsible_employee: 'E1' });
  });

  test('parent_department is required on create (v2 Department fields)', async () => {
    const reply = await client.post('/v2/core/departments', { department: { name: 'Loose' } });
    expect(reply.status).toBe(422);
    expect(reply.body.errors).toEqual([{ resource: 'MUS::Department', field: 'parent_department', error: "can't be blank" }]);
  });

  test('PUT with another parent moves the department; below itself or its descendant is 422 (v2 Departments: Update; the tree)', async () => {
    await client.post('/v2/core/departments', { department: { name: 'North', ext_id: 'D2', parent_department: 'D1' } });
    const moved = await client.put(`/v2/core/departments/D2${K}`, { department: { parent_department: 'root' } });
    expect(moved.body.parent_department).toBe('root');
    await client.put(`/v2/core/departments/D2${K}`, { department: { parent_department: 'D1' } });
    const cycle = await client.put(`/v2/core/departments/D1${K}`, { department: { parent_department: 'D2' } });
    expect(cycle.status).toBe(422);
  });

  test('PUT without parent_department is 422, except for the top department (v2 Department fields: required on update)', async () => {
    expect((await client.put('/v2/core/departments/D1', { department: { name: 'Renamed' } })).status).toBe(422);
    const top = await client.put('/v2/core/departments/root', { department: { name: 'Group' } });
    expect(top.status).toBe(200);
    expect(top.body).toMatchObject({ name: 'Group', parent_department: null });
  });

  test('a department with teams is not deleted; an empty one is (README departments; v2 Departments: Delete)', async () => {
    await client.post('/v2/core/teams', { team: { name: 'T', ext_id: 'T1', department: 'D1' } });
    expect((await client.del('/v2/core/departments/D1')).status).toBe(422);
    await client.del('/v2/core/teams/T1');
    expect((await client.del('/v2/core/departments/D1')).status).toBe(200);
  });
});

describe('v2 Teams', () => {
  test('create answers 201 with department, employees and responsible_employee as ids (v2 Team fields)', async () => {
    const reply = await client.post('/v2/core/teams', {
      team: { name: 'Night', ext_id: 'T1', department: 'D1', employees: ['E1', '2'], responsible_employee: 'E3' },
    });
    expect(reply.status).toBe(201);
    expect(reply.body).toEqual({ id: '1', ext_id: 'T1', name: 'Night', department: '2', employees: ['1', '2'], responsible_employee: '3' });
    expect(reply.headers.location).toBe('/v2/core/teams/1');
  });

  test('department is required on create and on update (v2 Team fields)', async () => {
    expect((await client.post('/v2/core/teams', { team: { name: 'X' } })).status).toBe(422);
    await client.post('/v2/core/teams', { team: { name: 'Night', ext_id: 'T1', department: 'D1' } });
    const reply = await client.put('/v2/core/teams/T1', { team: { name: 'Day' } });
    expect(reply.status).toBe(422);
    expect(reply.body.errors[0]).toMatchObject({ resource: 'MUS::Team', field: 'department' });
  });

  test('employees on update is the complete member list: send old and new to add, [] to remove all (v2 Teams rule 2)', async () => {
    await client.post('/v2/core/teams', { team: { ext_id: 'T1', department: 'D1', employees: ['E1'] } });
    const added = await client.put(`/v2/core/teams/T1${K}`, { team: { department: 'D1', employees: ['E1', 'E2'] } });
    expect(added.body.employees).toEqual(['E1', 'E2']);
    const replaced = await client.put(`/v2/core/teams/T1${K}`, { team: { department: 'D1', employees: ['E3'] } });
    expect(replaced.body.employees).toEqual(['E3']);
    const emptied = await client.put(`/v2/core/teams/T1${K}`, { team: { department: 'D1', employees: [] } });
    expect(emptied.body.employees).toEqual([]);
    expect(client.sandbox.snapshot().employees.every((e) => e.teamId === null)).toBe(true);
  });

  test('an employee placed in several teams is left in the last team given (v2 Team: one team per employee)', async () => {
    await client.post('/v2/core/teams', { team: { ext_id: 'T1', department: 'D1', employees: ['E1'] } });
    await client.post('/v2/core/teams', { team: { ext_id: 'T2', department: 'D1', employees: ['E1'] } });
    expect((await client.get(`/v2/core/teams/T1${K}`)).body.employees).toEqual([]);
    expect((await client.get(`/v2/core/teams/T2${K}`)).body.employees).toEqual(['E1']);
  });

  test('changing department on update moves the team and its employees follow (v2 Teams rule 1)', async () => {
    await client.post('/v2/core/teams', { team: { ext_id: 'T1', department: 'D1', employees: ['E1'] } });
    const reply = await client.put(`/v2/core/teams/T1${K}`, { team: { department: 'root' } });
    expect(reply.body).toMatchObject({ department: 'root', employees: ['E1'] });
  });

  test('an unknown member id is 422 and nothing changes (v2 Errors 422)', async () => {
    await client.post('/v2/core/teams', { team: { ext_id: 'T1', department: 'D1', employees: ['E1'] } });
    const reply = await client.put('/v2/core/teams/T1', { team: { department: 'D1', employees: ['E2', 'ghost'] } });
    expect(reply.status).toBe(422);
    expect(client.sandbox.snapshot().teams[0]?.members).toEqual(['E1']);
  });

  test('a team with employees cannot be deleted (README teams)', async () => {
    await client.post('/v2/core/teams', { team: { ext_id: 'T1', department: 'D1', employees: ['E1'] } });
    expect((await client.del('/v2/core/teams/T1')).status).toBe(422);
  });

  test('a v3 team is the v2 team with ext_id = v3 id (one store)', async () => {
    await client.post('/v3/core/departments/D1/teams', { team: { id: 'T9', name: 'From v3' } });
    expect((await client.get(`/v2/core/teams/T9${K}`)).body).toEqual({
      id: 'T9',
      name: 'From v3',
      department: 'D1',
      employees: [],
      responsible_employee: null,
    });
  });
});

describe('v2 Sickness absence (dialogs)', () => {
  beforeEach(async () => {
    await client.post('/v2/core/teams', { team: { ext_id: 'T1', department: 'D1', employees: ['E1', 'E2'] } });
  });

  test('reporting sick answers 201 and the sick list shows id, name and date (v2 Sickness absence: Report, List)', async () => {
    const reply = await client.post('/v2/siab/dialogs', { employee: 'E1', date: '2025-03-03' });
    expect(reply.status).toBe(201);
    const list = await client.get('/v2/siab/dialogs');
    expect(list.body).toEqual([{ id: '1', name: 'Ann', date: '2025-03-03' }]);
    expect((await client.get(`/v2/siab/dialogs${K}`)).body).toEqual([{ id: 'E1', name: 'Ann', date: '2025-03-03' }]);
  });

  test('the employee may be given as a numeric service id (v2 Identifier mode 3)', async () => {
    expect((await client.post('/v2/siab/dialogs', { employee: 2, date: '2025-03-03' })).status).toBe(201);
  });

  test('employee and date are required (v2 Sickness absence: Report employee sick)', async () => {
    const reply = await client.post('/v2/siab/dialogs', {});
    expect(reply.status).toBe(422);
    expect(reply.body.errors.map((e: { field: string }) => e.field)).toEqual(['employee', 'date']);
  });

  test('an employee in no team cannot be reported sick (README sickness absence)', async () => {
    expect((await client.post('/v2/siab/dialogs', { employee: 'E3', date: '2025-03-03' })).status).toBe(422);
  });

  test('PATCH changes the sick date and answers the dialog (v2 Sickness absence: Update sick date)', async () => {
    await client.post('/v2/siab/dialogs', { employee: 'E1', date: '2025-03-03' });
    const reply = await client.patch('/v2/siab/dialogs/E1', { date: '2025-03-01' });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ id: '1', name: 'Ann', date: '2025-03-01' });
  });

  test('DELETE with a body reports fit: the dialog leaves the sick list and the period ends on that day (v2 Sickness absence: Report fit)', async () => {
    await client.post('/v2/siab/dialogs', { employee: 'E1', date: '2025-03-03' });
    const reply = await client.del('/v2/siab/dialogs', { employee: 'E1', date: '2025-03-07' });
    expect(reply.status).toBe(200);
    expect((await client.get('/v2/siab/dialogs')).body).toEqual([]);
    expect(client.sandbox.snapshot().absences).toEqual([
      expect.objectContaining({ employeeId: 'E1', startDate: '2025-03-03', endDate: '2025-03-07' }),
    ]);
  });

  test('a sick report dated inside a period already reported sick and fit is refused 422 "overlaps an earlier sickness absence", and changes nothing (issue 17.1)', async () => {
    await client.post('/v2/siab/dialogs', { employee: 'E1', date: '2025-03-03' });
    await client.del('/v2/siab/dialogs', { employee: 'E1', date: '2025-03-07' });
    for (const date of ['2025-03-03', '2025-03-05', '2025-03-07']) {
      const reply = await client.post('/v2/siab/dialogs', { employee: 'E1', date });
      expect(reply.status, date).toBe(422);
      expect(reply.body.message).toMatch(/overlaps an earlier sickness absence/);
    }
    expect((await client.get('/v2/siab/dialogs')).body).toEqual([]);
    expect(client.sandbox.snapshot().absences).toEqual([
      expect.objectContaining({ employeeId: 'E1', startDate: '2025-03-03', endDate: '2025-03-07' }),
    ]);
    // The day after the fit day goes on with the same sickness (README sickness absence).
    expect((await client.post('/v2/siab/dialogs', { employee: 'E1', date: '2025-03-08' })).status).toBe(200);
  });

  test('reporting fit for an employee who is not sick is 404 (v2 Errors 404)', async () => {
    expect((await client.del('/v2/siab/dialogs', { employee: 'E2', date: '2025-03-07' })).status).toBe(404);
  });

  test('a v3 open absence is a v2 dialog (one store)', async () => {
    await client.post('/v3/siab/dialogs', { employee_id: 'E2', start_date: '2025-04-01' });
    expect((await client.get(`/v2/siab/dialogs${K}`)).body).toEqual([{ id: 'E2', name: 'Ben', date: '2025-04-01' }]);
  });
});
