/**
 * The v3 adapter against the embedded sandbox over loopback: what it writes, it reads back the same way.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Operation } from '../../src/model/operations.js';
import { startSandbox } from '../../src/sandbox/index.js';
import type { ServiceAdapter } from '../../src/service/adapter.js';
import { createAdapter } from '../../src/service/connect.js';
import { ServiceError } from '../../src/service/errors.js';

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;
const base = { key: 'k', reason: { code: 'as_saved' as const, text: 'r' } };

let sandbox: Sandbox;
let adapter: ServiceAdapter;
let retries = 0;
beforeAll(async () => {
  sandbox = await startSandbox({ quiet: true });
  adapter = createAdapter({
    api: 'v3',
    baseUrl: sandbox.baseUrl,
    companyId: sandbox.companyId,
    accessToken: sandbox.accessToken,
    concurrency: 4,
    sleep: async () => {
      retries++;
    },
  });
});
afterAll(async () => {
  await adapter?.close();
  await sandbox?.close();
});

const ops = {
  user: { ...base, type: 'createUser', id: 'u1', fields: { name: 'Ann Berg', email: 'ann@example.com', username: 'ann', gender: 'f' } },
  employee: {
    ...base,
    type: 'createEmployee',
    id: 'e1',
    userId: 'u1',
    user: { name: 'N', email: 'u1@x.dk', username: 'u1' },
    employment: 'Nurse',
    systemLanguage: 'en',
  },
  department: { ...base, type: 'createDepartment', id: 'd1', name: 'Care', parentId: 'root', owner: 'e1' },
  team: { ...base, type: 'createTeam', id: 't1', name: 'Night shift', departmentId: 'd1' },
  member: { ...base, type: 'addTeamMember', teamId: 't1', employeeId: 'e1' },
  teamDelegation: {
    ...base,
    type: 'createDelegation',
    unitKind: 'team',
    unitId: 't1',
    responsibility: 'dialog_access_cv',
    employeeId: 'e1',
  },
  departmentDelegation: {
    ...base,
    type: 'createDelegation',
    unitKind: 'department',
    unitId: 'd1',
    responsibility: 'configuration',
    employeeId: 'e1',
  },
  absence: { ...base, type: 'reportAbsence', employeeId: 'e1', startDate: '2030-03-01', endDate: '2030-03-05' },
} satisfies Record<string, Operation>;

describe('the v3 adapter against the sandbox', () => {
  it('creates each kind of entity and reads them back into the organisation', async () => {
    for (const op of Object.values(ops)) await expect(adapter.execute(op)).resolves.toMatchObject({ status: expect.any(Number) });

    const { org } = await adapter.readCurrentState();
    expect(org.users.get('u1')).toMatchObject({ name: 'Ann Berg', email: 'ann@example.com', username: 'ann', gender: 'f' });
    expect(org.employees.get('e1')).toMatchObject({
      userId: 'u1',
      employment: 'Nurse',
      systemLanguage: 'en',
      teamId: 't1',
      status: 'active',
    });
    expect(org.departments.get('d1')).toMatchObject({ name: 'Care', parentId: 'root', responsible: 'e1' });
    expect(org.departments.get('d1')?.owner).toBeUndefined();
    expect(org.teams.get('t1')).toMatchObject({ name: 'Night shift', departmentId: 'd1', responsible: 'e1' });
    expect(org.delegations.map(({ serviceId: _id, ...rest }) => rest)).toEqual(
      expect.arrayContaining([
        { unitKind: 'team', unitId: 't1', responsibility: 'dialog_access_cv', employeeId: 'e1' },
        { unitKind: 'department', unitId: 'd1', responsibility: 'configuration', employeeId: 'e1' },
      ]),
    );
    expect(sandbox.snapshot().absences).toMatchObject([{ employeeId: 'e1', startDate: '2030-03-01', endDate: '2030-03-05' }]);

    for (const op of Object.values(ops)) {
      if (op.type !== 'reportAbsence') expect(await adapter.verify(op), op.type).toBe(true);
    }
  });

  it('counts a create whose entity already exists as done, without creating it twice', async () => {
    await expect(adapter.execute(ops.user)).resolves.toEqual({ status: 200, settled: 'already_existed' });
    await expect(adapter.execute(ops.employee)).resolves.toEqual({ status: 200, settled: 'already_existed' });
    expect(sandbox.stats().successfulCreates['user:u1']).toBe(1);
  });

  it('renames an employee and moves departments and teams', async () => {
    const rename = { ...base, type: 'renameEmployee', id: 'e1-new', fromId: 'e1' } as const;
    expect(await adapter.verify(rename)).toBe(false);
    await adapter.execute(rename);
    expect(await adapter.verify(rename)).toBe(true);

    const d2 = { ...base, type: 'createDepartment', id: 'd2', name: 'Surgery', parentId: 'root' } as const;
    const moveDepartment = { ...base, type: 'moveDepartment', id: 'd2', parentId: 'd1', fromParentId: 'root' } as const;
    const moveTeam = { ...base, type: 'moveTeam', id: 't1', departmentId: 'd2', fromDepartmentId: 'd1' } as const;
    for (const op of [d2, moveDepartment, moveTeam]) await adapter.execute(op);
    expect(await adapter.verify(moveDepartment)).toBe(true);
    expect(await adapter.verify(moveTeam)).toBe(true);

    const { org } = await adapter.readCurrentState();
    expect(org.employees.has('e1')).toBe(false);
    expect(org.employees.get('e1-new')).toMatchObject({ userId: 'u1', teamId: 't1' });
    expect(org.departments.get('d2')?.parentId).toBe('d1');
    expect(org.teams.get('t1')?.departmentId).toBe('d2');
  });

  it('rehires a fired employee when the workbook creates it again', async () => {
    await adapter.execute({ ...base, type: 'createUser', id: 'u2', fields: { name: 'Bo', email: 'bo@example.com', username: 'bo' } });
    await adapter.execute({
      ...base,
      type: 'createEmployee',
      id: 'e2',
      userId: 'u2',
      user: { name: 'N', email: 'u2@x.dk', username: 'u2' },
      employment: 'Porter',
    });
    const fire = { ...base, type: 'fireEmployee', id: 'e2' } as const;
    await adapter.execute(fire);
    expect(await adapter.verify(fire)).toBe(true);
    expect((await adapter.readCurrentState()).org.employees.has('e2')).toBe(false);

    const again = {
      ...base,
      type: 'createEmployee',
      id: 'e2',
      userId: 'u2',
      user: { name: 'N', email: 'u2@x.dk', username: 'u2' },
      employment: 'Head porter',
    } as const;
    await expect(adapter.execute(again)).resolves.toMatchObject({ settled: 'rehired' });
    expect((await adapter.readCurrentState()).org.employees.get('e2')).toMatchObject({ employment: 'Head porter', status: 'active' });
    expect(sandbox.stats().successfulCreates['employee:e2']).toBe(1);
  });

  it('deletes a delegation by the id the service gave it', async () => {
    const { org } = await adapter.readCurrentState();
    const held = org.delegations.find((d) => d.unitId === 't1');
    expect(held?.serviceId).toBeDefined();
    const op = { ...base, type: 'deleteDelegation', ...held!, serviceId: held!.serviceId! } as const;
    expect(await adapter.verify(op)).toBe(false);
    await adapter.execute(op);
    expect(await adapter.verify(op)).toBe(true);
  });

  it('signs in with minted JWTs as well as with the legacy headers', async () => {
    const jwtAdapter = createAdapter({
      api: 'v3',
      baseUrl: sandbox.baseUrl,
      companyId: sandbox.companyId,
      jwtSecret: sandbox.accessToken,
      concurrency: 2,
    });
    try {
      expect((await jwtAdapter.readCurrentState()).org.users.has('u1')).toBe(true);
    } finally {
      await jwtAdapter.close();
    }
  });

  it('reports a write whose answer was lost as an unknown outcome, and verify finds it done', async () => {
    sandbox.setFaults({ dropAfterCommitRate: 1, seed: 1 });
    const op = { ...base, type: 'createTeam', id: 't9', name: 'Lost answer', departmentId: 'd1' } as const;
    try {
      const error = await adapter.execute(op).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ServiceError);
      expect((error as ServiceError).kind).toBe('unknown_outcome');
    } finally {
      sandbox.setFaults({});
    }
    expect(await adapter.verify(op)).toBe(true);
  });

  it('reads the whole state through maintenance answers by retrying', async () => {
    sandbox.setFaults({ unavailableRate: 0.3, retryAfterSeconds: 0, seed: 7 });
    retries = 0;
    try {
      const { org } = await adapter.readCurrentState();
      expect(org.teams.has('t9')).toBe(true);
      expect(retries).toBeGreaterThan(0);
    } finally {
      sandbox.setFaults({});
    }
  });
});
