import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { department, join, person, startClient, team, type Client } from './helpers.js';

let client: Client;
beforeEach(async () => {
  client = await startClient();
});
afterEach(() => client.sandbox.close());

const ids = (list: { id: string }[]) => list.map((item) => item.id);

describe('v3 Departments', () => {
  test('create under a parent answers 201 with parent_id from the path (v3 Departments: Create department)', async () => {
    const reply = await client.post('/v3/core/departments/root/departments', { department: { id: 'd1', name: 'Sales' } });
    expect(reply.status).toBe(201);
    expect(reply.body).toEqual({ id: 'd1', name: 'Sales', parent_id: 'root', responsible_employee: null });
  });

  test('create under an unknown parent is 404 (v3 Errors 404)', async () => {
    expect((await client.post('/v3/core/departments/nowhere/departments', { department: { id: 'd1', name: 'X' } })).status).toBe(404);
  });

  test('id and name are required (v3 Department fields)', async () => {
    const reply = await client.post('/v3/core/departments/root/departments', { department: {} });
    expect(reply.status).toBe(422);
    expect(reply.body.errors).toEqual([
      { resource: 'MUS::Department', field: 'id', error: "can't be blank" },
      { resource: 'MUS::Department', field: 'name', error: "can't be blank" },
    ]);
  });

  test('owner is input only: responses carry responsible_employee as an employee object (v3 Owner and responsible employee 1-2)', async () => {
    await person(client, 'boss');
    const reply = await client.post('/v3/core/departments/root/departments', { department: { id: 'd1', name: 'Sales', owner: 'boss' } });
    expect(reply.body).not.toHaveProperty('owner');
    expect(reply.body.responsible_employee).toMatchObject({ id: 'boss', user: { id: 'u-boss' } });
  });

  test('responsible_employee_id is accepted as the owner field too (README owner field)', async () => {
    await person(client, 'boss');
    const reply = await client.post('/v3/core/departments/root/departments', {
      department: { id: 'd1', name: 'Sales', responsible_employee_id: 'boss' },
    });
    expect(reply.body.responsible_employee.id).toBe('boss');
  });

  test('without an owner the responsible employee is the closest owner up the tree (v3 Owner and responsible employee 3)', async () => {
    await person(client, 'top');
    await person(client, 'mid');
    await client.patch('/v3/core/departments/root', { department: { owner: 'top' } });
    await department(client, 'd1', 'root', { owner: 'mid' });
    await department(client, 'd2', 'd1');
    await department(client, 'd3', 'root');
    expect((await client.get('/v3/core/departments/d2')).body.responsible_employee.id).toBe('mid');
    expect((await client.get('/v3/core/departments/d3')).body.responsible_employee.id).toBe('top');
  });

  test('owner null clears the owner; an unknown owner is 422 (v3 Department fields: owner optional)', async () => {
    await person(client, 'boss');
    await department(client, 'd1', 'root', { owner: 'boss' });
    const cleared = await client.patch('/v3/core/departments/d1', { department: { owner: null } });
    expect(cleared.body.responsible_employee).toBeNull();
    const unknown = await client.patch('/v3/core/departments/d1', { department: { owner: 'ghost' } });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual([{ resource: 'MUS::Department', field: 'owner', error: 'is not an active employee' }]);
  });

  test('update changes name and id and keeps children and teams (v3 Departments: Update department)', async () => {
    await department(client, 'd1');
    await department(client, 'd1a', 'd1');
    await team(client, 't1', 'd1');
    const reply = await client.patch('/v3/core/departments/d1', { department: { id: 'sales', name: 'Sales' } });
    expect(reply.body).toMatchObject({ id: 'sales', name: 'Sales', parent_id: 'root' });
    expect((await client.get('/v3/core/departments/d1a')).body.parent_id).toBe('sales');
    expect((await client.get('/v3/core/teams/t1')).body.department.id).toBe('sales');
  });

  test('move places department {id} below {department_id} (v3 Departments: Move department)', async () => {
    await department(client, 'd1');
    await department(client, 'd2');
    const reply = await client.patch('/v3/core/departments/d1/departments/d2');
    expect(reply.status).toBe(200);
    expect(reply.body.parent_id).toBe('d1');
  });

  test('a department cannot be moved below itself (v3 Departments rule)', async () => {
    await department(client, 'd1');
    const reply = await client.patch('/v3/core/departments/d1/departments/d1');
    expect(reply.status).toBe(422);
    expect(reply.body.errors[0]).toMatchObject({ resource: 'MUS::Department', field: 'parent_id' });
  });

  test('a department cannot be moved below its own descendant (v3 Departments rule; the tree stays a tree)', async () => {
    await department(client, 'd1');
    await department(client, 'd2', 'd1');
    await department(client, 'd3', 'd2');
    expect((await client.patch('/v3/core/departments/d3/departments/d1')).status).toBe(422);
    expect((await client.patch('/v3/core/departments/d3/departments/root')).status).toBe(422);
    expect(client.sandbox.snapshot().departments.find((d) => d.id === 'd1')?.parentId).toBe('root');
  });

  test('a department with departments or teams attached cannot be deleted (README departments)', async () => {
    await department(client, 'd1');
    await department(client, 'd2', 'd1');
    await department(client, 'd3');
    await team(client, 't1', 'd3');
    expect((await client.del('/v3/core/departments/d1')).status).toBe(422);
    expect((await client.del('/v3/core/departments/d3')).status).toBe(422);
    expect((await client.del('/v3/core/departments/d2')).status).toBe(200);
    expect((await client.del('/v3/core/departments/d1')).status).toBe(200);
    expect((await client.get('/v3/core/departments/d1')).status).toBe(404);
  });

  test('the top department cannot be deleted (v3 What the service does 4: the tree has a top)', async () => {
    expect((await client.del('/v3/core/departments/root')).status).toBe(422);
  });

  test('the department list is paginated (v3 Departments: List departments)', async () => {
    await department(client, 'd1');
    const reply = await client.get('/v3/core/departments');
    expect(ids(reply.body)).toEqual(['root', 'd1']);
    expect(reply.headers.total).toBe('2');
  });
});

describe('v3 Teams', () => {
  test('create answers 201 with responsible_employee, employees and department (v3 Teams: Create team)', async () => {
    await department(client, 'd1');
    const reply = await client.post('/v3/core/departments/d1/teams', { team: { id: 't1', name: 'Night' } });
    expect(reply.status).toBe(201);
    expect(reply.body).toEqual({
      id: 't1',
      name: 'Night',
      responsible_employee: null,
      employees: [],
      department: { id: 'd1', name: 'Dept d1', parent_id: 'root' },
    });
  });

  test('a team without owner has the closest department owner as responsible employee (v3 Owner and responsible employee 3)', async () => {
    await person(client, 'boss');
    await department(client, 'd1', 'root', { owner: 'boss' });
    await team(client, 't1', 'd1');
    expect((await client.get('/v3/core/teams/t1')).body.responsible_employee.id).toBe('boss');
    await person(client, 'lead');
    const owned = await client.patch('/v3/core/teams/t1', { team: { owner: 'lead' } });
    expect(owned.body.responsible_employee.id).toBe('lead');
  });

  test('update changes name, owner and id (v3 Teams: Update team)', async () => {
    await team(client, 't1');
    const reply = await client.patch('/v3/core/teams/t1', { team: { name: 'Day', id: 't-day' } });
    expect(reply.body).toMatchObject({ id: 't-day', name: 'Day' });
    expect((await client.get('/v3/core/teams/t1')).status).toBe(404);
  });

  test('move places the team in the given department and its members follow (v3 Teams: Move team)', async () => {
    await department(client, 'd1');
    await team(client, 't1');
    await person(client, 'e1');
    await join(client, 't1', 'e1');
    const reply = await client.patch('/v3/core/departments/d1/teams/t1');
    expect(reply.status).toBe(200);
    expect(reply.body.department.id).toBe('d1');
    expect(ids(reply.body.employees)).toEqual(['e1']);
  });

  test('adding an employee answers the team with its members (v3 Teams: Add employee to team)', async () => {
    await team(client, 't1');
    await person(client, 'e1');
    const reply = await client.post('/v3/core/teams/t1/employees/e1');
    expect(reply.status).toBe(200);
    expect(reply.body.employees).toEqual([
      expect.objectContaining({ id: 'e1', system_language: 'da', user: expect.objectContaining({ id: 'u-e1' }) }),
    ]);
  });

  test('an employee is in one team at a time: joining another team leaves the first (README teams)', async () => {
    await team(client, 't1');
    await team(client, 't2');
    await person(client, 'e1');
    await join(client, 't1', 'e1');
    await join(client, 't2', 'e1');
    expect((await client.get('/v3/core/teams/t1')).body.employees).toEqual([]);
    expect(ids((await client.get('/v3/core/teams/t2')).body.employees)).toEqual(['e1']);
  });

  test('removing an employee answers the team without them; removing a non-member is 422 (v3 Teams: Remove employee)', async () => {
    await team(client, 't1');
    await person(client, 'e1');
    await join(client, 't1', 'e1');
    const reply = await client.del('/v3/core/teams/t1/employees/e1');
    expect(reply.status).toBe(200);
    expect(reply.body.employees).toEqual([]);
    expect((await client.del('/v3/core/teams/t1/employees/e1')).status).toBe(422);
  });

  test('a fired employee cannot join a team: 404 (v3 States: fired)', async () => {
    await team(client, 't1');
    await person(client, 'e1');
    await client.del('/v3/core/employees/e1');
    expect((await client.post('/v3/core/teams/t1/employees/e1')).status).toBe(404);
  });

  test('a team with employees cannot be deleted; an empty one can (README teams)', async () => {
    await team(client, 't1');
    await person(client, 'e1');
    await join(client, 't1', 'e1');
    expect((await client.del('/v3/core/teams/t1')).status).toBe(422);
    await client.del('/v3/core/teams/t1/employees/e1');
    expect((await client.del('/v3/core/teams/t1')).status).toBe(200);
    expect((await client.get('/v3/core/teams')).body).toEqual([]);
  });

  test('the team list is paginated with Total and Per-Page (v3 Teams: List teams)', async () => {
    await team(client, 't1');
    await team(client, 't2');
    const reply = await client.get('/v3/core/teams?per_page=1&page=2');
    expect(ids(reply.body)).toEqual(['t2']);
    expect(reply.headers).toMatchObject({ total: '2', 'per-page': '1' });
  });
});
