import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATION_KINDS, type Operation } from '../../src/model/operations.js';
import { HttpClient } from '../../src/service/http/client.js';
import { V3Adapter } from '../../src/service/v3/adapter.js';
import { sendJson, startLocalServer, type LocalServer } from './local-server.js';

const base = { key: 'k', reason: { code: 'as_saved' as const, text: 'r' } };

/** Every operation, the request it must become: method, path, body. */
const cases: [Operation, string, string, unknown?][] = [
  [
    { ...base, type: 'createUser', id: 'u1', fields: { name: 'Ann', email: 'a@x.dk', username: 'ann', gender: 'f', birthday: null } },
    'POST',
    '/v3/core/users',
    { user: { id: 'u1', name: 'Ann', email: 'a@x.dk', username: 'ann', gender: 'f' } },
  ],
  [
    { ...base, type: 'updateUser', id: 'u1', changes: { email: { now: 'b@x.dk' }, gender: { now: null } } },
    'PATCH',
    '/v3/core/users/u1',
    { user: { email: 'b@x.dk', gender: null } },
  ],
  [
    {
      ...base,
      type: 'createEmployee',
      id: 'e1',
      userId: 'u1',
      user: { name: 'N', email: 'u1@x.dk', username: 'u1' },
      employment: 'Nurse',
      systemLanguage: 'en',
    },
    'POST',
    '/v3/core/users/u1/employees',
    { employee: { id: 'e1', employment: 'Nurse', system_language: 'en' } },
  ],
  [
    { ...base, type: 'updateEmployee', id: 'e1', changes: { employment: { now: 'Chief' } } },
    'PATCH',
    '/v3/core/employees/e1',
    { employee: { employment: 'Chief' } },
  ],
  [{ ...base, type: 'renameEmployee', id: 'e2', fromId: 'e1' }, 'PATCH', '/v3/core/employees/e1', { employee: { id: 'e2' } }],
  [{ ...base, type: 'fireEmployee', id: 'e1' }, 'DELETE', '/v3/core/employees/e1'],
  [{ ...base, type: 'rehireEmployee', id: 'e1', userId: 'u1' }, 'PATCH', '/v3/core/users/u1/employees/e1'],
  [
    { ...base, type: 'createDepartment', id: 'd2', name: 'Sales', parentId: 'd1', owner: 'e1' },
    'POST',
    '/v3/core/departments/d1/departments',
    { department: { id: 'd2', name: 'Sales', owner: 'e1' } },
  ],
  [
    { ...base, type: 'updateDepartment', id: 'd2', changes: { owner: { now: null } } },
    'PATCH',
    '/v3/core/departments/d2',
    { department: { owner: null } },
  ],
  [{ ...base, type: 'moveDepartment', id: 'd2', parentId: 'd3', fromParentId: 'd1' }, 'PATCH', '/v3/core/departments/d3/departments/d2'],
  [{ ...base, type: 'renameDepartment', id: 'd9', fromId: 'd2' }, 'PATCH', '/v3/core/departments/d2', { department: { id: 'd9' } }],
  [{ ...base, type: 'deleteDepartment', id: 'd2' }, 'DELETE', '/v3/core/departments/d2'],
  [
    { ...base, type: 'createTeam', id: 't1', name: 'Night shift', departmentId: 'd1', owner: null },
    'POST',
    '/v3/core/departments/d1/teams',
    { team: { id: 't1', name: 'Night shift' } },
  ],
  [
    { ...base, type: 'updateTeam', id: 't1', changes: { name: { now: 'Day shift' } } },
    'PATCH',
    '/v3/core/teams/t1',
    { team: { name: 'Day shift' } },
  ],
  [{ ...base, type: 'moveTeam', id: 't1', departmentId: 'd3', fromDepartmentId: 'd1' }, 'PATCH', '/v3/core/departments/d3/teams/t1'],
  [{ ...base, type: 'renameTeam', id: 't2', fromId: 't1' }, 'PATCH', '/v3/core/teams/t1', { team: { id: 't2' } }],
  [{ ...base, type: 'deleteTeam', id: 't1' }, 'DELETE', '/v3/core/teams/t1'],
  [{ ...base, type: 'addTeamMember', teamId: 't1', employeeId: 'e1' }, 'POST', '/v3/core/teams/t1/employees/e1'],
  [{ ...base, type: 'removeTeamMember', teamId: 't1', employeeId: 'e1' }, 'DELETE', '/v3/core/teams/t1/employees/e1'],
  [
    { ...base, type: 'createDelegation', unitKind: 'team', unitId: 't1', responsibility: 'dialog_access_cv', employeeId: 'e1' },
    'POST',
    '/v3/core/teams/t1/delegations',
    { delegation: { responsibility: 'dialog_access_cv', employee_id: 'e1' } },
  ],
  [
    {
      ...base,
      type: 'deleteDelegation',
      unitKind: 'department',
      unitId: 'd1',
      responsibility: 'configuration',
      employeeId: 'e1',
      serviceId: '77',
    },
    'DELETE',
    '/v3/core/departments/d1/delegations/77',
  ],
  [
    { ...base, type: 'reportAbsence', employeeId: 'e1', startDate: '2030-01-02', endDate: null },
    'POST',
    '/v3/siab/dialogs',
    { employee_id: 'e1', start_date: '2030-01-02' },
  ],
];

let server: LocalServer;
let adapter: V3Adapter;
beforeAll(async () => {
  server = await startLocalServer((_req, res) => sendJson(res, 200, {}));
  adapter = new V3Adapter(new HttpClient({ baseUrl: server.baseUrl, credentials: { jwt: 'x.y.z' }, concurrency: 2 }));
});
afterAll(async () => {
  await adapter.close();
  await server.close();
});

describe('v3 requests', () => {
  it('covers every operation type', () => {
    expect(new Set(cases.map(([op]) => op.type))).toEqual(new Set(Object.keys(OPERATION_KINDS)));
  });

  const table = cases.map(([op, method, path, body]) => ({ type: op.type, op, method, path, body }));
  it.each(table)('sends $type as the documented request', async ({ op, method, path, body }) => {
    server.received.length = 0;
    await expect(adapter.execute(op)).resolves.toEqual({ status: 200 });
    expect(server.received).toHaveLength(1);
    expect(server.received[0]).toMatchObject({ method, url: path });
    expect(server.received[0]?.body).toEqual(body);
  });

  it('escapes ids that are not safe in a path', async () => {
    server.received.length = 0;
    await adapter.execute({ ...base, type: 'fireEmployee', id: 'a/b c' });
    expect(server.received[0]?.url).toBe('/v3/core/employees/a%2Fb%20c');
  });
});
