import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { department, join, person, startClient, team, type Client } from './helpers.js';

let client: Client;
beforeEach(async () => {
  client = await startClient();
  await person(client, 'e1');
  await department(client, 'd1');
  await team(client, 't1', 'd1');
});
afterEach(() => client.sandbox.close());

describe('v3 Delegations', () => {
  test('a department delegation answers 201 with id, responsibility, employee and department (v3 Delegations: Create)', async () => {
    const reply = await client.post('/v3/core/departments/d1/delegations', {
      delegation: { responsibility: 'department_task_report_siab', employee_id: 'e1' },
    });
    expect(reply.status).toBe(201);
    expect(reply.body).toEqual({
      id: expect.any(String),
      responsibility: 'department_task_report_siab',
      employee: expect.objectContaining({ id: 'e1' }),
      department: expect.objectContaining({ id: 'd1' }),
    });
  });

  test('a team delegation names the team instead (v3 Delegations: the response names the resource)', async () => {
    const reply = await client.post('/v3/core/teams/t1/delegations', {
      delegation: { responsibility: 'dialog_access_siab', employee_id: 'e1' },
    });
    expect(reply.status).toBe(201);
    expect(reply.body.team).toMatchObject({ id: 't1' });
    expect(reply.body).not.toHaveProperty('department');
  });

  test('a responsibility of the other table is 422 (v3 Delegation: responsibility must be valid for the kind of resource)', async () => {
    const onDepartment = await client.post('/v3/core/departments/d1/delegations', {
      delegation: { responsibility: 'dialog_access_cv', employee_id: 'e1' },
    });
    expect(onDepartment.status).toBe(422);
    expect(onDepartment.body.errors).toEqual([
      { resource: 'MUS::Delegation', field: 'responsibility', error: 'is not included in the list' },
    ]);
    const onTeam = await client.post('/v3/core/teams/t1/delegations', {
      delegation: { responsibility: 'configuration', employee_id: 'e1' },
    });
    expect(onTeam.status).toBe(422);
  });

  test('every responsibility of each table is accepted on its kind (v3 Delegation responsibility tables)', async () => {
    for (const responsibility of [
      'dialog_access_cv',
      'dialog_access_onboarding',
      'dialog_access_siab',
      'dialog_access_edp',
      'dialog_access_wpa',
    ]) {
      expect((await client.post('/v3/core/teams/t1/delegations', { delegation: { responsibility, employee_id: 'e1' } })).status).toBe(201);
    }
    for (const responsibility of [
      'manage_organisation_department',
      'configuration',
      'department_task_report_siab',
      'department_task_report_edp',
      'department_task_report_wpa',
    ]) {
      expect((await client.post('/v3/core/departments/d1/delegations', { delegation: { responsibility, employee_id: 'e1' } })).status).toBe(
        201,
      );
    }
  });

  test('responsibility and employee_id are both required; an unknown employee is 422 (v3 Delegations: both required)', async () => {
    const missing = await client.post('/v3/core/departments/d1/delegations', { delegation: {} });
    expect(missing.body.errors.map((e: { field: string }) => e.field)).toEqual(['responsibility', 'employee_id']);
    const unknown = await client.post('/v3/core/departments/d1/delegations', {
      delegation: { responsibility: 'configuration', employee_id: 'ghost' },
    });
    expect(unknown.status).toBe(422);
  });

  test('the same responsibility for the same employee twice is 422, so a retried create cannot duplicate it', async () => {
    const body = { delegation: { responsibility: 'configuration', employee_id: 'e1' } };
    expect((await client.post('/v3/core/departments/d1/delegations', body)).status).toBe(201);
    expect((await client.post('/v3/core/departments/d1/delegations', body)).status).toBe(422);
  });

  test('GET …/delegations lists them, paginated (README delegations: list with GET)', async () => {
    await client.post('/v3/core/departments/d1/delegations', { delegation: { responsibility: 'configuration', employee_id: 'e1' } });
    await client.post('/v3/core/teams/t1/delegations', { delegation: { responsibility: 'dialog_access_cv', employee_id: 'e1' } });
    const reply = await client.get('/v3/core/departments/d1/delegations');
    expect(reply.body.map((d: { responsibility: string }) => d.responsibility)).toEqual(['configuration']);
    expect(reply.headers.total).toBe('1');
  });

  test('destroy answers 200 and the delegation is gone; via another unit it is 404 (v3 Delegations: Destroy)', async () => {
    const created = await client.post('/v3/core/departments/d1/delegations', {
      delegation: { responsibility: 'configuration', employee_id: 'e1' },
    });
    expect((await client.del(`/v3/core/departments/root/delegations/${created.body.id}`)).status).toBe(404);
    expect((await client.del(`/v3/core/departments/d1/delegations/${created.body.id}`)).status).toBe(200);
    expect((await client.get('/v3/core/departments/d1/delegations')).body).toEqual([]);
  });
});

describe('v3 Sickness absence (README sickness absence)', () => {
  const report = (body: Record<string, unknown>) => client.post('/v3/siab/dialogs', { employee_id: 'e1', ...body });
  beforeEach(() => join(client, 't1', 'e1'));

  test('an employee who is in no team cannot be reported sick: 422 (README: must be in a team)', async () => {
    await person(client, 'loner');
    const reply = await client.post('/v3/siab/dialogs', { employee_id: 'loner', start_date: '2025-01-06' });
    expect(reply.status).toBe(422);
    expect(reply.body.errors[0]).toMatchObject({ field: 'employee_id' });
  });

  test('a new absence answers 201; without end_date it ends 9999-12-31 (v3 Sickness absence rule 1)', async () => {
    const reply = await report({ start_date: '2025-01-06' });
    expect(reply.status).toBe(201);
    expect(reply.body).toEqual({
      id: expect.any(String),
      start_date: '2025-01-06',
      end_date: '9999-12-31',
      employee: expect.objectContaining({ id: 'e1', user: expect.objectContaining({ id: 'u-e1' }) }),
    });
  });

  test('reporting fit with end_date updates the same absence: 200 (v3 Sickness absence rules 2-3)', async () => {
    const first = await report({ start_date: '2025-01-06' });
    const fit = await report({ start_date: '2025-01-06', end_date: '2025-01-10' });
    expect(fit.status).toBe(200);
    expect(fit.body).toMatchObject({ id: first.body.id, start_date: '2025-01-06', end_date: '2025-01-10' });
  });

  test('an overlapping period with an earlier start moves the start (README: start only if earlier)', async () => {
    await report({ start_date: '2025-01-06', end_date: '2025-01-10' });
    const reply = await report({ start_date: '2025-01-03', end_date: '2025-01-12' });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ start_date: '2025-01-03', end_date: '2025-01-12' });
  });

  test('an overlapping period with a later start and another end changes only the end (README: start only if earlier)', async () => {
    await report({ start_date: '2025-01-06', end_date: '2025-01-10' });
    const reply = await report({ start_date: '2025-01-08', end_date: '2025-01-14' });
    expect(reply.body).toMatchObject({ start_date: '2025-01-06', end_date: '2025-01-14' });
  });

  test('the same end date with a later start shortens the period (README: or if the same end date is given)', async () => {
    await report({ start_date: '2025-01-06', end_date: '2025-01-10' });
    const reply = await report({ start_date: '2025-01-08', end_date: '2025-01-10' });
    expect(reply.body).toMatchObject({ start_date: '2025-01-08', end_date: '2025-01-10' });
  });

  test('a period starting the day after the reported-fit day extends that period (README)', async () => {
    const first = await report({ start_date: '2025-01-06', end_date: '2025-01-10' });
    const reply = await report({ start_date: '2025-01-11' });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ id: first.body.id, start_date: '2025-01-06', end_date: '9999-12-31' });
  });

  test('a separate later period is a new absence: 201 (v3 Sickness absence: 201 when new)', async () => {
    await report({ start_date: '2025-01-06', end_date: '2025-01-10' });
    const reply = await report({ start_date: '2025-02-03', end_date: '2025-02-04' });
    expect(reply.status).toBe(201);
    expect(client.sandbox.snapshot().absences).toHaveLength(2);
  });

  test('a period overlapping two existing periods is 422 and changes nothing (README)', async () => {
    await report({ start_date: '2025-01-06', end_date: '2025-01-10' });
    await report({ start_date: '2025-01-20', end_date: '2025-01-24' });
    const before = client.sandbox.snapshot().absences;
    const reply = await report({ start_date: '2025-01-09', end_date: '2025-01-21' });
    expect(reply.status).toBe(422);
    expect(client.sandbox.snapshot().absences).toEqual(before);
  });

  test('the body is flat; employee_id and start_date are required, dates are YYYY-MM-DD (v3 Sickness absence request)', async () => {
    const reply = await client.post('/v3/siab/dialogs', { start_date: '06-01-2025' });
    expect(reply.status).toBe(422);
    expect(reply.body.errors.map((e: { field: string }) => e.field)).toEqual(['employee_id', 'start_date']);
  });

  test('an end before the start is 422 (v3 Sickness absence: end_date is the last sick day)', async () => {
    expect((await report({ start_date: '2025-01-06', end_date: '2025-01-05' })).status).toBe(422);
  });

  test('no list of absences is published on v3 (README: a v3 list of absences is not published)', async () => {
    expect((await client.get('/v3/siab/dialogs')).status).toBe(404);
  });
});
