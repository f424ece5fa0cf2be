import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { startClient, type Client } from './helpers.js';

let client: Client;
let clock: number;
beforeEach(async () => {
  clock = Date.parse('2025-05-01T08:00:00Z');
  client = await startClient({ now: () => new Date(clock) });
});
afterEach(() => client.sandbox.close());

const DAY = 24 * 60 * 60 * 1000;
const bo = { name: 'Bo Nielsen', email: 'bo@example.com', username: 'bo', ext_id: 'E-100' };

describe('v2 Employees', () => {
  test('create answers 201 with a Location header and the full employee, with service id and ext_id (v2 Endpoints: create 201 + Location; Identifier mode 1)', async () => {
    const reply = await client.post('/v2/core/employees', { employee: { ...bo, gender: 'm', employment: 'Driver' } });
    expect(reply.status).toBe(201);
    expect(reply.body).toEqual({
      id: '1',
      ext_id: 'E-100',
      name: 'Bo Nielsen',
      email: 'bo@example.com',
      username: 'bo',
      gender: 'm',
      birthday: null,
      employment: 'Driver',
    });
    expect(reply.headers.location).toBe('/v2/core/employees/1');
    expect((await client.get(reply.headers.location as string)).body.ext_id).toBe('E-100');
  });

  test('name and a valid e-mail are required (v2 Employee fields)', async () => {
    const reply = await client.post('/v2/core/employees', { employee: { email: 'nope' } });
    expect(reply.status).toBe(422);
    expect(reply.body.errors).toEqual([
      { resource: 'MUS::Employee', field: 'name', error: "can't be blank" },
      { resource: 'MUS::Employee', field: 'email', error: 'is invalid' },
    ]);
  });

  test('username defaults to the e-mail when not supplied (v2 Employee fields: username)', async () => {
    const reply = await client.post('/v2/core/employees', { employee: { name: 'Al', email: 'al@example.com' } });
    expect(reply.body.username).toBe('al@example.com');
  });

  test('key_field=ext_id removes ext_id and puts the client id in id (v2 Identifier mode 2)', async () => {
    await client.post('/v2/core/employees', { employee: bo });
    const reply = await client.get('/v2/core/employees?key_field=ext_id');
    expect(reply.body).toEqual([
      { id: 'E-100', name: 'Bo Nielsen', email: 'bo@example.com', username: 'bo', gender: null, birthday: null, employment: null },
    ]);
  });

  test('a path id may be the service id or the client id (v2 Identifier mode 3)', async () => {
    await client.post('/v2/core/employees', { employee: bo });
    expect((await client.get('/v2/core/employees/1')).body.ext_id).toBe('E-100');
    expect((await client.get('/v2/core/employees/E-100')).body.id).toBe('1');
  });

  test('PUT updates any fields and answers the employee (v2 Employees: Update employee is PUT)', async () => {
    await client.post('/v2/core/employees', { employee: bo });
    const reply = await client.put('/v2/core/employees/E-100', { employee: { name: 'Bo N. Hansen', employment: 'Lead', ext_id: 'E-200' } });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ id: '1', ext_id: 'E-200', name: 'Bo N. Hansen', employment: 'Lead' });
    expect((await client.post('/v2/core/employees/1', { employee: { name: 'x' } })).status).toBe(404);
  });

  test('the v2 employee is the v3 employee with its user: ext_id is the v3 id (one store)', async () => {
    await client.post('/v2/core/employees', { employee: bo });
    const v3 = await client.get('/v3/core/employees/E-100');
    expect(v3.body).toMatchObject({ id: 'E-100', user: { name: 'Bo Nielsen', username: 'bo' } });
  });

  test('a second employment is created with the same name, e-mail and username plus employment (v2 Create rule 2)', async () => {
    await client.post('/v2/core/employees', { employee: bo });
    const second = await client.post('/v2/core/employees', { employee: { ...bo, ext_id: 'E-101', employment: 'Weekend' } });
    expect(second.status).toBe(201);
    const users = client.sandbox.snapshot().users;
    expect(users).toHaveLength(1);
    expect(client.sandbox.snapshot().employees.map((e) => e.userId)).toEqual([users[0]!.id, users[0]!.id]);
  });

  test('the same person again without employment is 422 (v2 Employee fields: employment required when adding a second employment)', async () => {
    await client.post('/v2/core/employees', { employee: bo });
    const reply = await client.post('/v2/core/employees', { employee: { ...bo, ext_id: 'E-101' } });
    expect(reply.status).toBe(422);
    expect(reply.body.errors[0]).toMatchObject({ field: 'employment' });
  });

  test('another person with a taken username is 422 (v2 Errors 422)', async () => {
    await client.post('/v2/core/employees', { employee: bo });
    const reply = await client.post('/v2/core/employees', { employee: { name: 'Other', email: 'o@example.com', username: 'bo' } });
    expect(reply.status).toBe(422);
    expect(reply.body.errors).toEqual([{ resource: 'MUS::Employee', field: 'username', error: 'has already been taken' }]);
  });

  test('an employee without ext_id has no client id: v3 cannot address it, the snapshot names it by service id (sandbox choice)', async () => {
    const reply = await client.post('/v2/core/employees', { employee: { name: 'Anon', email: 'anon@example.com' } });
    expect(reply.body.ext_id).toBeNull();
    expect((await client.get('/v2/core/employees?key_field=ext_id')).body[0].id).toBeNull();
    expect(client.sandbox.snapshot().employees[0]?.id).toBe('#1');
  });
});

describe('v2 States and transitions: delete, 14-day rehire window, username reservation', () => {
  test('DELETE deletes: show is 404 and the list omits the employee (v2 States: active → deleted)', async () => {
    await client.post('/v2/core/employees', { employee: bo });
    expect((await client.del('/v2/core/employees/1')).status).toBe(200);
    expect((await client.get('/v2/core/employees/1')).status).toBe(404);
    expect((await client.get('/v2/core/employees')).body).toEqual([]);
  });

  test('creating with exactly the same name, e-mail, username and ext_id within 14 days rehires the same employee (v2 Create rule 1)', async () => {
    await client.post('/v2/core/employees', { employee: bo });
    await client.del('/v2/core/employees/1');
    clock += 13 * DAY;
    const reply = await client.post('/v2/core/employees', { employee: bo });
    expect(reply.status).toBe(201);
    expect(reply.body.id).toBe('1');
    expect(client.sandbox.snapshot().employees).toEqual([expect.objectContaining({ id: 'E-100', active: true })]);
  });

  test('the username stays reserved for 14 days: another person cannot take it (v2 Limits 2)', async () => {
    await client.post('/v2/core/employees', { employee: bo });
    await client.del('/v2/core/employees/1');
    clock += 10 * DAY;
    const reply = await client.post('/v2/core/employees', { employee: { name: 'Other', email: 'o@example.com', username: 'bo' } });
    expect(reply.status).toBe(422);
    expect(reply.body.errors[0]).toMatchObject({ field: 'username' });
  });

  test('after 14 days the username is released and the old employee can no longer be rehired (v2 States: 14 days pass)', async () => {
    await client.post('/v2/core/employees', { employee: bo });
    await client.del('/v2/core/employees/1');
    clock += 15 * DAY;
    const other = await client.post('/v2/core/employees', { employee: { name: 'Other', email: 'o@example.com', username: 'bo' } });
    expect(other.status).toBe(201);
    const sameAgain = await client.post('/v2/core/employees', { employee: { ...bo, username: 'bo2' } });
    expect(sameAgain.body.id).not.toBe('1');
    expect(client.sandbox.snapshot().employees.filter((e) => e.active)).toHaveLength(2);
  });

  test('after 14 days the same data creates a new employee and the old one keeps no id (README employees: no rehire once a new employee has the id)', async () => {
    await client.post('/v2/core/employees', { employee: bo });
    await client.del('/v2/core/employees/1');
    clock += 15 * DAY;
    const reply = await client.post('/v2/core/employees', { employee: bo });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ id: '2', ext_id: 'E-100' });
    const byId = Object.fromEntries(client.sandbox.snapshot().employees.map((e) => [e.id, e.active]));
    expect(byId).toEqual({ 'E-100': true, '#1': false });
  });

  test('the owner of the top department cannot be deleted through v2 either (v3 Limits 6, one store)', async () => {
    await client.post('/v2/core/employees', { employee: bo });
    await client.put('/v2/core/departments/root', { department: { responsible_employee: 'E-100' } });
    expect((await client.del('/v2/core/employees/E-100')).status).toBe(422);
  });

  test('a deleted employee can be rehired through v3 as well (v3 States: fired → active, one store)', async () => {
    await client.post('/v2/core/employees', { employee: bo });
    await client.del('/v2/core/employees/E-100');
    const userId = client.sandbox.snapshot().users[0]!.id;
    expect((await client.patch(`/v3/core/users/${userId}/employees/E-100`)).status).toBe(200);
    expect((await client.get('/v2/core/employees/E-100')).status).toBe(200);
  });
});
