import { afterEach, describe, expect, it } from 'vitest';
import { ServiceError } from '../../src/service/errors.js';
import { HttpClient } from '../../src/service/http/client.js';
import { V3Adapter } from '../../src/service/v3/adapter.js';
import { sendJson, startLocalServer, type LocalServer } from './local-server.js';

type Route = [status: number, body?: unknown, headers?: Record<string, string>];
const base = { key: 'k', reason: { code: 'as_saved' as const, text: 'r' } };
const taken = { message: 'Validation failed', errors: [{ resource: 'MUS::Employee', field: 'id', error: 'has already been taken' }] };

let server: LocalServer | null = null;
let adapter: V3Adapter | null = null;
afterEach(async () => {
  await adapter?.close();
  await server?.close();
  adapter = server = null;
});

/** A scripted v3 service: "METHOD /path" (query left out) → answer; anything else 404. */
async function fakeService(routes: Record<string, Route>) {
  server = await startLocalServer((req, res) => {
    const route = routes[`${req.method} ${new URL(req.url, 'http://x').pathname}`] ?? [404, { message: 'Not found' }];
    sendJson(res, route[0], route[1], route[2]);
  });
  adapter = new V3Adapter(
    new HttpClient({ baseUrl: server.baseUrl, credentials: { companyId: 1, accessToken: 'secret' }, concurrency: 3 }),
  );
  return { server, adapter, calls: () => server!.received.map((r) => `${r.method} ${r.url.split('?')[0]}`) };
}

const list = (items: unknown[]): Route => [200, items, { Total: String(items.length), 'Per-Page': '1000' }];

describe('reading the current state from v3', () => {
  it('maps users, employees, departments, teams, memberships and delegations into the organisation', async () => {
    const { adapter } = await fakeService({
      'GET /v3/core/users': list([{ id: 'u1', name: 'Ann', email: 'a@x.dk', username: 'ann', gender: 'f', birthday: '1980-02-03' }]),
      'GET /v3/core/employees': list([
        { id: 'e1', employement: 'Nurse', system_language: 'en', user: { id: 'u1' } },
        { id: 'e2', employment: null, user: { id: 'u1' } },
      ]),
      'GET /v3/core/departments': list([
        { id: 'root', name: 'Top', parent_id: null, responsible_employee: { id: 'e1' } },
        { id: 'd2', name: 'Sales', parent_id: 'root', responsible_employee: null },
      ]),
      'GET /v3/core/teams': list([
        { id: 't1', name: 'Night', department: { id: 'd2' }, responsible_employee: { id: 'e1' }, employees: [{ id: 'e1' }] },
      ]),
      'GET /v3/core/departments/root/delegations': list([{ id: 5, responsibility: 'configuration', employee: { id: 'e2' } }]),
      'GET /v3/core/departments/d2/delegations': list([]),
      'GET /v3/core/teams/t1/delegations': list([{ id: '6', responsibility: 'dialog_access_cv', employee: { id: 'e1' } }]),
    });
    const progress: string[] = [];
    const { org, firedEmployees } = await adapter.readCurrentState({
      progress: (done, total, what) => progress.push(`${what} ${done}/${total}`),
    });

    expect(org.users.get('u1')).toEqual({ id: 'u1', name: 'Ann', email: 'a@x.dk', username: 'ann', gender: 'f', birthday: '1980-02-03' });
    expect(org.employees.get('e1')).toEqual({
      id: 'e1',
      userId: 'u1',
      employment: 'Nurse',
      systemLanguage: 'en',
      teamId: 't1',
      status: 'active',
    });
    expect(org.employees.get('e2')).toEqual({ id: 'e2', userId: 'u1', employment: null, teamId: null, status: 'active' });
    expect(org.departments.get('root')).toEqual({ id: 'root', name: 'Top', parentId: null, responsible: 'e1' });
    expect(org.departments.get('d2')).toEqual({ id: 'd2', name: 'Sales', parentId: 'root', responsible: null });
    expect(org.departments.get('d2')?.owner).toBeUndefined();
    expect(org.teams.get('t1')).toEqual({ id: 't1', name: 'Night', departmentId: 'd2', responsible: 'e1' });
    expect(org.delegations).toEqual([
      { unitKind: 'department', unitId: 'root', responsibility: 'configuration', employeeId: 'e2', serviceId: '5' },
      { unitKind: 'team', unitId: 't1', responsibility: 'dialog_access_cv', employeeId: 'e1', serviceId: '6' },
    ]);
    expect(firedEmployees.size).toBe(0);
    expect(progress).toContain('users 1/1');
    expect(progress).toContain('delegations 3/3');
  });
});

describe('reading only the delegations the plan needs', () => {
  const org = {
    'GET /v3/core/users': list([]),
    'GET /v3/core/employees': list([]),
    'GET /v3/core/departments': list([
      { id: 'root', name: 'Top', parent_id: null },
      { id: 'd2', name: 'Sales', parent_id: 'root' },
    ]),
    'GET /v3/core/teams': list([{ id: 't1', name: 'Night', department: { id: 'd2' }, employees: [] }]),
    'GET /v3/core/departments/root/delegations': list([{ id: 5, responsibility: 'configuration', employee: { id: 'e2' } }]),
    'GET /v3/core/departments/d2/delegations': list([]),
    'GET /v3/core/teams/t1/delegations': list([{ id: '6', responsibility: 'dialog_access_cv', employee: { id: 'e1' } }]),
  } satisfies Record<string, Route>;

  it('skips the units outside the scope once the workbook has given it', async () => {
    const { adapter, calls } = await fakeService(org);
    const state = await adapter.readCurrentState({ delegations: Promise.resolve({ all: false, units: new Set(['team:t1']) }) });

    expect(calls().filter((c) => c.endsWith('/delegations'))).toEqual(['GET /v3/core/teams/t1/delegations']);
    expect(state.org.delegations).toEqual([
      { unitKind: 'team', unitId: 't1', responsibility: 'dialog_access_cv', employeeId: 'e1', serviceId: '6' },
    ]);
  });

  it('reads no delegations until the workbook has given the scope, then every unit when it is all', async () => {
    const { adapter, calls } = await fakeService(org);
    let settle: (scope: { all: true }) => void = () => {};
    let listsRead: () => void = () => {};
    const lists = new Promise<void>((resolve) => (listsRead = resolve));
    const reading = adapter.readCurrentState({ delegations: new Promise((resolve) => (settle = resolve)), onLists: () => listsRead() });
    await lists;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls().filter((c) => c.endsWith('/delegations'))).toEqual([]);
    settle({ all: true });
    await reading;
    expect(calls().filter((c) => c.endsWith('/delegations'))).toHaveLength(3);
  });

  it('reads no delegations when the scope is refused (no plan follows)', async () => {
    const { adapter, calls } = await fakeService(org);
    const state = await adapter.readCurrentState({ delegations: Promise.reject(new Error('the workbook could not be read')) });
    expect(calls().filter((c) => c.endsWith('/delegations'))).toEqual([]);
    expect(state.org.delegations).toEqual([]);
  });
});

describe('creating over a taken id', () => {
  const create = {
    ...base,
    type: 'createEmployee',
    id: 'e1',
    userId: 'u1',
    user: { name: 'N', email: 'u1@x.dk', username: 'u1' },
    employment: 'Nurse',
  } as const;

  it('rehires an employee the service hides as fired, then sets its employment', async () => {
    const { adapter, calls, server } = await fakeService({
      'POST /v3/core/users/u1/employees': [422, taken],
      'GET /v3/core/employees/e1': [404, {}],
      'PATCH /v3/core/users/u1/employees/e1': [200, { id: 'e1' }],
      'PATCH /v3/core/employees/e1': [200, { id: 'e1' }],
    });
    await expect(adapter.execute(create)).resolves.toEqual({ status: 200, settled: 'rehired' });
    expect(calls()).toEqual([
      'POST /v3/core/users/u1/employees',
      'GET /v3/core/employees/e1',
      'PATCH /v3/core/users/u1/employees/e1',
      'PATCH /v3/core/employees/e1',
    ]);
    expect(server.received[3]?.body).toEqual({ employee: { employment: 'Nurse' } });
  });

  it('counts an employee that is already there as done', async () => {
    const { adapter, calls } = await fakeService({
      'POST /v3/core/users/u1/employees': [422, taken],
      'GET /v3/core/employees/e1': [200, { id: 'e1', user: { id: 'u1' } }],
    });
    await expect(adapter.execute(create)).resolves.toEqual({ status: 200, settled: 'already_existed' });
    expect(calls()).toHaveLength(2);
  });

  it("reports the create's own rejection when rehiring fails as well", async () => {
    const { adapter } = await fakeService({
      'POST /v3/core/users/u1/employees': [422, { errors: [{ resource: 'MUS::Employee', field: 'system_language', error: 'is invalid' }] }],
      'PATCH /v3/core/users/u1/employees/e1': [404, {}],
    });
    const error = (await adapter.execute(create).catch((e: unknown) => e)) as ServiceError;
    expect(error).toBeInstanceOf(ServiceError);
    expect(error.kind).toBe('rejected');
    expect(error.message).toBe('POST /v3/core/users/u1/employees was rejected (422): system_language: is invalid');
  });

  it('counts a user create whose id is taken as done when the user exists', async () => {
    const { adapter } = await fakeService({
      'POST /v3/core/users': [422, taken],
      'GET /v3/core/users/u1': [200, { id: 'u1' }],
    });
    const op = { ...base, type: 'createUser', id: 'u1', fields: { name: 'Ann', email: 'a@x.dk', username: 'ann' } } as const;
    await expect(adapter.execute(op)).resolves.toEqual({ status: 200, settled: 'already_existed' });
  });

  it('passes a rejection on when the entity does not exist', async () => {
    const { adapter } = await fakeService({
      'POST /v3/core/users': [422, { errors: [{ resource: 'MUS::User', field: 'username', error: 'has already been taken' }] }],
    });
    const op = { ...base, type: 'createUser', id: 'u1', fields: { name: 'Ann', email: 'a@x.dk', username: 'ann' } } as const;
    await expect(adapter.execute(op)).rejects.toThrow('username: has already been taken');
  });

  it('does not look anything up when an absence report is rejected', async () => {
    const { adapter, calls } = await fakeService({ 'POST /v3/siab/dialogs': [422, { message: 'employee is in no team' }] });
    const op = { ...base, type: 'reportAbsence', employeeId: 'e1', startDate: '2030-01-01', endDate: null } as const;
    await expect(adapter.execute(op)).rejects.toThrow('employee is in no team');
    expect(calls()).toEqual(['POST /v3/siab/dialogs']);
  });

  it('counts firing an employee the service no longer shows as done', async () => {
    const { adapter } = await fakeService({});
    await expect(adapter.execute({ ...base, type: 'fireEmployee', id: 'e1' })).resolves.toEqual({ status: 404, settled: 'already_gone' });
  });
});

describe('verifying an operation whose outcome was unknown', () => {
  it('finds a rename done only when the new id exists and the old one is gone', async () => {
    const { adapter } = await fakeService({ 'GET /v3/core/employees/new': [200, { id: 'new' }] });
    await expect(adapter.verify({ ...base, type: 'renameEmployee', id: 'new', fromId: 'old' })).resolves.toBe(true);
    await expect(adapter.verify({ ...base, type: 'renameEmployee', id: 'other', fromId: 'old' })).resolves.toBe(false);
  });

  it('finds a delegation by responsibility and employee on its unit', async () => {
    const { adapter } = await fakeService({
      'GET /v3/core/teams/t1': [200, { id: 't1' }],
      'GET /v3/core/teams/t1/delegations': list([{ id: '9', responsibility: 'dialog_access_siab', employee: { id: 'e1' } }]),
    });
    const op = {
      ...base,
      type: 'createDelegation',
      unitKind: 'team',
      unitId: 't1',
      responsibility: 'dialog_access_siab',
      employeeId: 'e1',
    } as const;
    await expect(adapter.verify(op)).resolves.toBe(true);
    await expect(adapter.verify({ ...op, employeeId: 'e2' })).resolves.toBe(false);
  });

  it('compares the fields of an update and the parent of a move', async () => {
    const { adapter } = await fakeService({
      'GET /v3/core/departments/d2': [200, { id: 'd2', name: 'Sales', parent_id: 'd1', responsible_employee: { id: 'e1' } }],
    });
    await expect(
      adapter.verify({ ...base, type: 'updateDepartment', id: 'd2', changes: { name: { now: 'Sales' }, owner: { now: 'e1' } } }),
    ).resolves.toBe(true);
    await expect(adapter.verify({ ...base, type: 'updateDepartment', id: 'd2', changes: { name: { now: 'Marketing' } } })).resolves.toBe(
      false,
    );
    // A cleared owner cannot be seen in v3 (only the effective responsible is shown): resend, it is safe.
    await expect(adapter.verify({ ...base, type: 'updateDepartment', id: 'd2', changes: { owner: { now: null } } })).resolves.toBe(false);
    await expect(adapter.verify({ ...base, type: 'moveDepartment', id: 'd2', parentId: 'd1', fromParentId: 'd0' })).resolves.toBe(true);
  });

  it('never claims an absence was recorded, since v3 cannot list absences', async () => {
    const { adapter, calls } = await fakeService({});
    await expect(
      adapter.verify({ ...base, type: 'reportAbsence', employeeId: 'e1', startDate: '2030-01-01', endDate: null }),
    ).resolves.toBe(false);
    expect(calls()).toEqual([]);
  });
});
