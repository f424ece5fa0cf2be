import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { department, join, person, startClient, team, type Client } from './helpers.js';

let client: Client;
beforeEach(async () => {
  client = await startClient();
});
afterEach(() => client.sandbox.close());

const alice = { id: 'u1', name: 'Alice Andersen', email: 'alice@example.com', username: 'alice' };

describe('v3 Users', () => {
  test('create answers 201 with the User, optional fields null when not sent (v3 Users: Create user)', async () => {
    const reply = await client.post('/v3/core/users', { user: alice });
    expect(reply.status).toBe(201);
    expect(reply.body).toEqual({ ...alice, gender: null, birthday: null });
  });

  test('gender and birthday are kept when given (v3 User fields)', async () => {
    const reply = await client.post('/v3/core/users', { user: { ...alice, gender: 'f', birthday: '1990-02-28' } });
    expect(reply.body).toMatchObject({ gender: 'f', birthday: '1990-02-28' });
  });

  test('a birthday that is not a real YYYY-MM-DD date is 422 (v3 User fields: birthday YYYY-MM-DD)', async () => {
    const reply = await client.post('/v3/core/users', { user: { ...alice, birthday: '1990-02-30' } });
    expect(reply.status).toBe(422);
    expect(reply.body.errors[0]).toMatchObject({ resource: 'MUS::User', field: 'birthday' });
  });

  test('a username already taken is 422 (v3 Errors 422: for example a username already taken)', async () => {
    await client.post('/v3/core/users', { user: alice });
    const reply = await client.post('/v3/core/users', { user: { ...alice, id: 'u2' } });
    expect(reply.status).toBe(422);
    expect(reply.body.errors).toEqual([{ resource: 'MUS::User', field: 'username', error: 'has already been taken' }]);
  });

  test('update sends only the fields to change and returns the complete user (v3 Endpoints: updates)', async () => {
    await client.post('/v3/core/users', { user: { ...alice, gender: 'f' } });
    const reply = await client.patch('/v3/core/users/u1', { user: { name: 'Alice Berg' } });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ ...alice, name: 'Alice Berg', gender: 'f', birthday: null });
  });

  test('changing a user id keeps its employees (v3 Users: Update user, any of the User fields)', async () => {
    await person(client, 'e1');
    const reply = await client.patch('/v3/core/users/u-e1', { user: { id: 'u-renamed' } });
    expect(reply.body.id).toBe('u-renamed');
    expect((await client.get('/v3/core/employees/e1')).body.user.id).toBe('u-renamed');
    expect((await client.get('/v3/core/users/u-e1')).status).toBe(404);
  });

  test('a user with active employees cannot be deleted (README users)', async () => {
    await person(client, 'e1');
    const reply = await client.del('/v3/core/users/u-e1');
    expect(reply.status).toBe(422);
    expect(reply.body.errors[0]).toMatchObject({ resource: 'MUS::User' });
  });

  test('deleting a user without active employees is permanent (README users; v3 Users: Delete user 200)', async () => {
    await client.post('/v3/core/users', { user: alice });
    expect((await client.del('/v3/core/users/u1')).status).toBe(200);
    expect((await client.get('/v3/core/users/u1')).status).toBe(404);
    expect((await client.get('/v3/core/users')).body).toEqual([]);
  });
});

describe('v3 Employees', () => {
  test('create answers 200 with the employee and its nested user; system_language defaults to da (v3 Employees: Create, Employee fields)', async () => {
    await client.post('/v3/core/users', { user: alice });
    const reply = await client.post('/v3/core/users/u1/employees', { employee: { id: 'e1', employment: 'Nurse' } });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      id: 'e1',
      employment: 'Nurse',
      system_language: 'da',
      user: { ...alice, gender: null, birthday: null },
    });
  });

  test('system_language must be en or da (v3 Employee fields)', async () => {
    await client.post('/v3/core/users', { user: alice });
    const english = await client.post('/v3/core/users/u1/employees', { employee: { id: 'e1', system_language: 'en' } });
    expect(english.body.system_language).toBe('en');
    const german = await client.post('/v3/core/users/u1/employees', { employee: { id: 'e2', system_language: 'de' } });
    expect(german.status).toBe(422);
    expect(german.body.errors).toEqual([{ resource: 'MUS::Employee', field: 'system_language', error: 'is not included in the list' }]);
  });

  test('an employee for an unknown user is 404 (v3 Errors 404)', async () => {
    expect((await client.post('/v3/core/users/nobody/employees', { employee: { id: 'e1' } })).status).toBe(404);
  });

  test('one user can hold several employees (v3 What the service does 5)', async () => {
    await person(client, 'e1');
    await client.post('/v3/core/users/u-e1/employees', { employee: { id: 'e1-second', employment: 'Evening shift' } });
    const list = await client.get('/v3/core/employees');
    expect(list.body.map((e: { user: { id: string } }) => e.user.id)).toEqual(['u-e1', 'u-e1']);
  });

  test('update changes employment and id; system_language is not in the update list and stays (v3 Employees: Update)', async () => {
    await person(client, 'e1', { system_language: 'en' });
    const reply = await client.patch('/v3/core/employees/e1', { employee: { employment: 'Chief', system_language: 'da' } });
    expect(reply.body).toMatchObject({ id: 'e1', employment: 'Chief', system_language: 'en' });
  });

  test('changing an employee id keeps team, ownership, delegation and absence (v3 What the service does 6)', async () => {
    await person(client, 'old');
    await department(client, 'd1', 'root', { owner: 'old' });
    await team(client, 't1', 'd1', { owner: 'old' });
    await join(client, 't1', 'old');
    await client.post('/v3/core/teams/t1/delegations', { delegation: { responsibility: 'dialog_access_cv', employee_id: 'old' } });
    await client.post('/v3/siab/dialogs', { employee_id: 'old', start_date: '2025-01-06' });
    const reply = await client.patch('/v3/core/employees/old', { employee: { id: 'new' } });
    expect(reply.body.id).toBe('new');
    const snapshot = client.sandbox.snapshot();
    expect(snapshot.teams[0]).toMatchObject({ id: 't1', owner: 'new', members: ['new'] });
    expect(snapshot.departments.find((d) => d.id === 'd1')?.owner).toBe('new');
    expect(snapshot.delegations[0]?.employeeId).toBe('new');
    expect(snapshot.absences[0]?.employeeId).toBe('new');
    expect((await client.get('/v3/core/employees/old')).status).toBe(404);
  });

  test('an id already taken by another employee is 422 (v3 Identifiers 2)', async () => {
    await person(client, 'e1');
    await person(client, 'e2');
    const reply = await client.patch('/v3/core/employees/e2', { employee: { id: 'e1' } });
    expect(reply.status).toBe(422);
    expect(reply.body.errors).toEqual([{ resource: 'MUS::Employee', field: 'id', error: 'has already been taken' }]);
  });

  test('the employee list is paginated and shows active employees (v3 Employees: List employees)', async () => {
    await person(client, 'e1');
    await person(client, 'e2');
    const reply = await client.get('/v3/core/employees');
    expect(reply.body.map((e: { id: string }) => e.id)).toEqual(['e1', 'e2']);
    expect(reply.headers.total).toBe('2');
  });
});

describe('v3 States and transitions: firing and rehiring', () => {
  test('DELETE fires: the employee disappears from show and list but the data is kept (v3 States: active → fired)', async () => {
    await person(client, 'e1');
    expect((await client.del('/v3/core/employees/e1')).status).toBe(200);
    expect((await client.get('/v3/core/employees/e1')).status).toBe(404);
    expect((await client.get('/v3/core/employees')).body).toEqual([]);
    expect(client.sandbox.snapshot().employees).toEqual([expect.objectContaining({ id: 'e1', active: false })]);
  });

  test('firing removes the employee from their team (v3 What the service does 4: employees work from teams)', async () => {
    await person(client, 'e1');
    await team(client, 't1');
    await join(client, 't1', 'e1');
    await client.del('/v3/core/employees/e1');
    expect((await client.get('/v3/core/teams/t1')).body.employees).toEqual([]);
  });

  test('the owner of the top department cannot be fired (v3 States: delete refused; Limits 6)', async () => {
    await person(client, 'boss');
    await client.patch('/v3/core/departments/root', { department: { owner: 'boss' } });
    const reply = await client.del('/v3/core/employees/boss');
    expect(reply.status).toBe(422);
    expect(reply.body.errors[0]).toMatchObject({ resource: 'MUS::Employee' });
    expect((await client.get('/v3/core/employees/boss')).status).toBe(200);
  });

  test('a fired employee keeps its id: creating another employee with it is 422 (README employees)', async () => {
    await person(client, 'e1');
    await client.del('/v3/core/employees/e1');
    const reply = await client.post('/v3/core/users/u-e1/employees', { employee: { id: 'e1' } });
    expect(reply.status).toBe(422);
    expect(reply.body.errors).toEqual([{ resource: 'MUS::Employee', field: 'id', error: 'has already been taken' }]);
  });

  test("PATCH on the user's employee rehires: the employee is active again with its data (v3 States: fired → active)", async () => {
    await person(client, 'e1', { employment: 'Cook' });
    await client.del('/v3/core/employees/e1');
    const reply = await client.patch('/v3/core/users/u-e1/employees/e1');
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ id: 'e1', employment: 'Cook', user: { id: 'u-e1' } });
    expect((await client.get('/v3/core/employees/e1')).status).toBe(200);
  });

  test('rehiring can attach the employee to another user (README employees)', async () => {
    await person(client, 'e1');
    await client.post('/v3/core/users', { user: alice });
    await client.del('/v3/core/employees/e1');
    const reply = await client.patch('/v3/core/users/u1/employees/e1');
    expect(reply.body.user.id).toBe('u1');
    expect(client.sandbox.snapshot().employees[0]).toMatchObject({ id: 'e1', userId: 'u1', active: true });
  });

  test('the rehire PATCH on an active employee moves it to the user in the path (sandbox choice; README employees)', async () => {
    await person(client, 'e1');
    await client.post('/v3/core/users', { user: alice });
    const reply = await client.patch('/v3/core/users/u1/employees/e1');
    expect(reply.status).toBe(200);
    expect(reply.body.user.id).toBe('u1');
  });

  test('rehiring an unknown employee is 404 (v3 Errors 404)', async () => {
    await client.post('/v3/core/users', { user: alice });
    expect((await client.patch('/v3/core/users/u1/employees/ghost')).status).toBe(404);
  });
});
