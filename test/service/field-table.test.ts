/**
 * The output side is derived from the field table (src/model/fields.ts): for every table (the person, the
 * employee, the unit), every updatable value field the workbook changes is planned as a change, sent by its
 * wire name on v3 and v2, and verified by reading it back; a create-only field is never sent in an update.
 * The wire helpers follow whatever table they get.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { EMPLOYEE_FIELDS, UNIT_FIELDS, USER_FIELDS, type ValueKind, type WireName } from '../../src/model/fields.js';
import type { Operation, OperationOf } from '../../src/model/operations.js';
import type { Department, Organisation, Team } from '../../src/model/organisation.js';
import type { Capabilities, CurrentState } from '../../src/model/service-state.js';
import { diffOrganisations, type Diff } from '../../src/plan/diff.js';
import { startSandbox } from '../../src/sandbox/index.js';
import type { ServiceAdapter } from '../../src/service/adapter.js';
import { createAdapter } from '../../src/service/connect.js';
import { readFields, showsValues, writeChanges, writeFields } from '../../src/service/field-wire.js';
import { v3Request } from '../../src/service/v3/requests.js';
import { ALL_MANAGED } from '../helpers/org.js';
import { hire, op, person, startV2Rig, type V2Rig } from './v2-helpers.js';

const base = { key: 'k', reason: { code: 'as_saved' as const, text: 'r' } };

/** A value of the kind other than `was`, as a workbook would change it to. */
function another(kind: ValueKind, was: unknown): unknown {
  switch (kind) {
    case 'gender':
      return was === 'f' ? 'm' : 'f';
    case 'date':
      return was === '1991-02-03' ? '1992-03-04' : '1991-02-03';
    case 'email':
      return 'changed@example.com';
    case 'system_language':
      return was === 'en' ? 'da' : 'en';
    default:
      return `${String(was ?? '')} changed`.trim();
  }
}

const updatable = <F extends { update: string; key: string }>(fields: readonly F[]) => fields.filter((f) => f.update === 'updatable');
const keysOf = (changes: object) => Object.keys(changes).sort();
const v2Name = (field: { wire: { v3?: WireName; v2?: WireName } }): WireName | undefined => field.wire.v2;

/** The workbook: the service's person and employment with every value field of the table changed. */
function everyFieldChanged(current: Organisation, userId: string, employeeId: string): Organisation {
  const user = { ...current.users.get(userId)! };
  for (const field of USER_FIELDS) (user as Record<string, unknown>)[field.key] = another(field.value, user[field.key]);
  const employee = { ...current.employees.get(employeeId)! };
  for (const field of EMPLOYEE_FIELDS) (employee as Record<string, unknown>)[field.key] = another(field.value, employee[field.key]);
  return {
    ...current,
    users: new Map([[userId, user]]),
    employees: new Map([[employeeId, employee]]),
    departments: new Map(),
    teams: new Map(),
    delegations: [],
    absences: [],
  };
}

/**
 * The workbook: the service's department and team with every value field of the unit table changed (a
 * unit's id field names an employee: `otherEmployee`).
 */
function everyUnitFieldChanged(current: Organisation, otherEmployee: string): Organisation {
  const changed = <U extends Department | Team>(unit: U): U => {
    const copy = { ...unit };
    for (const field of UNIT_FIELDS)
      (copy as unknown as Record<string, unknown>)[field.key] =
        field.value === 'id' ? otherEmployee : another(field.value, unit[field.key]);
    return copy;
  };
  return {
    ...current,
    departments: new Map([...current.departments].map(([id, d]) => [id, changed(d)])),
    teams: new Map([...current.teams].map(([id, t]) => [id, changed(t)])),
    delegations: [],
    absences: [],
  };
}

function plan(desired: Organisation, current: CurrentState, capabilities: Capabilities, kind: 'people' | 'units' = 'people'): Diff {
  return diffOrganisations({
    desired,
    managed: { ...ALL_MANAGED, employees: kind === 'people', organisation: kind === 'units', delegations: false, absence: false },
    current,
    capabilities,
    reportedAbsences: new Map(),
    prune: false,
  });
}

function updates(diff: Diff) {
  const user = diff.operations.find((op): op is OperationOf<'updateUser'> => op.type === 'updateUser');
  const employee = diff.operations.find((op): op is OperationOf<'updateEmployee'> => op.type === 'updateEmployee');
  return { user: user!, employee: employee! };
}

describe('the field table drives the output side', () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  /** The v3 adapter against a fresh sandbox, both closed after the test. */
  async function startV3(): Promise<ServiceAdapter> {
    const sandbox = await startSandbox({ quiet: true });
    const adapter = createAdapter({
      api: 'v3',
      baseUrl: sandbox.baseUrl,
      companyId: sandbox.companyId,
      accessToken: sandbox.accessToken,
      concurrency: 2,
      sleep: async () => {},
    });
    close = async () => {
      await adapter.close();
      await sandbox.close();
    };
    return adapter;
  }

  it('on v3: every updatable field changed is planned, sent by its v3 name and verified; the create-only one is noted, never sent', async () => {
    const adapter = await startV3();
    const created: Operation[] = [
      {
        ...base,
        type: 'createUser',
        id: 'u1',
        fields: { name: 'Ann Berg', email: 'ann@example.com', username: 'ann', gender: 'f', birthday: '1980-04-02' },
      },
      {
        ...base,
        type: 'createEmployee',
        id: 'e1',
        userId: 'u1',
        user: { name: 'Ann Berg', email: 'ann@example.com', username: 'ann' },
        employment: 'Nurse',
        systemLanguage: 'en',
      },
    ];
    for (const op of created) await adapter.execute(op);
    const current = await adapter.readCurrentState();

    const diff = plan(everyFieldChanged(current.org, 'u1', 'e1'), current, adapter.capabilities);
    const { user, employee } = updates(diff);
    expect(keysOf(user.changes)).toEqual(
      updatable(USER_FIELDS)
        .map((f) => f.key)
        .sort(),
    );
    expect(keysOf(employee.changes)).toEqual(
      updatable(EMPLOYEE_FIELDS)
        .map((f) => f.key)
        .sort(),
    );
    expect(diff.notes.map((n) => n.reason.code)).toEqual(['system_language_fixed']);

    const userBody = (v3Request(user).body as { user: Record<string, unknown> }).user;
    const employeeBody = (v3Request(employee).body as { employee: Record<string, unknown> }).employee;
    for (const field of updatable(USER_FIELDS)) expect(userBody[field.wire.v3.write]).toBe(user.changes[field.key]!.now);
    for (const field of updatable(EMPLOYEE_FIELDS)) expect(employeeBody[field.wire.v3.write]).toBe(employee.changes[field.key]!.now);
    for (const field of EMPLOYEE_FIELDS.filter((f) => f.update === 'create_only'))
      expect(employeeBody).not.toHaveProperty(field.wire.v3!.write);

    await expect(adapter.verify(user)).resolves.toBe(false);
    await expect(adapter.verify(employee)).resolves.toBe(false);
    for (const op of [user, employee]) await adapter.execute(op);
    await expect(adapter.verify(user)).resolves.toBe(true);
    await expect(adapter.verify(employee)).resolves.toBe(true);
    const after = await adapter.readCurrentState();
    expect(plan(everyFieldChanged(current.org, 'u1', 'e1'), after, adapter.capabilities).operations).toEqual([]);
  });

  it('on v2: every updatable field changed is sent by its v2 name and verified; a field v2 lacks is never sent', async () => {
    const rig: V2Rig = await startV2Rig();
    close = () => rig.close();
    await rig.adapter.execute(hire('e1', person('Ann Berg', { gender: 'f', birthday: '1980-04-02' }), 'Nurse'));
    const current = await rig.adapter.readCurrentState();

    const diff = plan(everyFieldChanged(current.org, 'v2:e1', 'e1'), current, rig.adapter.capabilities);
    const { user, employee } = updates(diff);
    expect(keysOf(user.changes)).toEqual(
      updatable(USER_FIELDS)
        .map((f) => f.key)
        .sort(),
    );
    expect(keysOf(employee.changes)).toEqual(
      updatable(EMPLOYEE_FIELDS)
        .filter((f) => v2Name(f))
        .map((f) => f.key)
        .sort(),
    );

    rig.sent.length = 0;
    for (const op of [user, employee]) await rig.adapter.execute(op);
    const bodies = rig.sent.filter((r) => r.method === 'PUT').map((r) => (r.body as { employee: Record<string, unknown> }).employee);
    const sent = Object.assign({}, ...bodies) as Record<string, unknown>;
    for (const field of updatable(USER_FIELDS)) expect(sent[field.wire.v2.write]).toBe(user.changes[field.key]!.now);
    for (const field of EMPLOYEE_FIELDS) {
      const name = v2Name(field);
      if (name) expect(sent[name.write]).toBe(employee.changes[field.key as 'employment']!.now);
      else expect(Object.keys(sent)).not.toContain(field.wire.v3.write);
    }
    await expect(rig.adapter.verify(user)).resolves.toBe(true);
    await expect(rig.adapter.verify(employee)).resolves.toBe(true);
  });

  /**
   * The unit table on either version: the service's units with every field changed and a new team with
   * every field given; each change planned, each create and update sent by the version's write names,
   * verified, and nothing left to plan once read back.
   */
  async function everyUnitField(adapter: ServiceAdapter, bodiesOf: (ops: Operation[]) => Promise<Record<string, unknown>[]>) {
    const current = await adapter.readCurrentState();
    const desired = everyUnitFieldChanged(current.org, 'e2');
    const team: Team = { id: 't2', name: 'New team', departmentId: 'd1' };
    for (const field of UNIT_FIELDS)
      (team as unknown as Record<string, unknown>)[field.key] = field.value === 'id' ? 'e1' : another(field.value, undefined);
    desired.teams.set(team.id, team);

    const operations = plan(desired, current, adapter.capabilities, 'units').operations;
    const updates = operations.filter((op): op is OperationOf<'updateDepartment' | 'updateTeam'> => op.type.startsWith('update'));
    expect(updates.map((op) => op.id).sort()).toEqual([...current.org.departments.keys(), ...current.org.teams.keys()].sort());
    for (const op of updates)
      expect(keysOf(op.changes), op.id).toEqual(
        updatable(UNIT_FIELDS)
          .map((f) => f.key)
          .sort(),
      );
    const create = operations.find((op): op is OperationOf<'createTeam'> => op.type === 'createTeam')!;
    for (const field of UNIT_FIELDS) expect(create[field.key], field.key).toBe(team[field.key]);

    const [createBody, ...updateBodies] = await bodiesOf([create, ...updates]);
    for (const field of UNIT_FIELDS) expect(createBody![field.wire[adapter.api].write], field.key).toBe(team[field.key]);
    for (const [index, op] of updates.entries())
      for (const field of updatable(UNIT_FIELDS))
        expect(updateBodies[index]![field.wire[adapter.api].write], `${op.id} ${field.key}`).toBe(op.changes[field.key]!.now);
    for (const op of updates) await expect(adapter.verify(op), op.id).resolves.toBe(true);

    const after = await adapter.readCurrentState();
    expect(plan(desired, after, adapter.capabilities, 'units').operations).toEqual([]);
  }

  it('on v3: every unit field is sent by its v3 name on create and update, verified, and read back', async () => {
    const adapter = await startV3();
    for (const id of ['1', '2']) {
      const who = { name: `Person ${id}`, email: `p${id}@example.com`, username: `p${id}` };
      await adapter.execute({ ...base, type: 'createUser', id: `u${id}`, fields: who });
      await adapter.execute({ ...base, type: 'createEmployee', id: `e${id}`, userId: `u${id}`, user: who });
    }
    await adapter.execute({ ...base, type: 'createDepartment', id: 'd1', name: 'Care', parentId: 'root', owner: 'e1' });
    await adapter.execute({ ...base, type: 'createTeam', id: 't1', name: 'Night shift', departmentId: 'd1', owner: 'e1' });
    await everyUnitField(adapter, async (ops) => {
      const bodies = ops.map((op) => Object.values(v3Request(op).body as Record<string, Record<string, unknown>>)[0]!);
      for (const op of ops) await adapter.execute(op);
      return bodies;
    });
  });

  it('on v2: every unit field is sent by its v2 name on create and update, verified, and read back', async () => {
    const rig: V2Rig = await startV2Rig();
    close = () => rig.close();
    await rig.adapter.execute(hire('e1', person('Ann Berg')));
    await rig.adapter.execute(hire('e2', person('Bo Holm')));
    await rig.adapter.execute(op({ type: 'createDepartment', id: 'd1', name: 'Care', parentId: 'root', owner: 'e1' }));
    await rig.adapter.execute(op({ type: 'createTeam', id: 't1', name: 'Night shift', departmentId: 'd1', owner: 'e1' }));
    await everyUnitField(rig.adapter, async (ops) => {
      const bodies: Record<string, unknown>[] = [];
      for (const operation of ops) {
        rig.sent.length = 0;
        await rig.adapter.execute(operation);
        const [written] = rig.sent.filter((r) => r.method !== 'GET');
        bodies.push(Object.values(written!.body as Record<string, Record<string, unknown>>)[0]!);
      }
      return bodies;
    });
  });

  it('reads, writes and compares whatever table it is given, by its read and write names and value kinds', () => {
    const table = [
      {
        key: 'nickname',
        value: 'text',
        compare: 'text',
        wire: { v3: { write: 'nick_name', read: ['nick_name', 'nickname'] }, v2: { write: 'alias', read: ['alias'] } },
      },
      { key: 'started', value: 'date', compare: 'day', wire: { v3: { write: 'start', read: ['start'] } } },
      { key: 'title', value: 'text', compare: 'exact', wire: { v3: { write: 'title', read: ['title'], absent: 'blank' } } },
    ] as const;
    expect(readFields(table, 'v3', { nickname: 'Bee', start: '2020-01-02T08:00:00Z' })).toEqual({
      nickname: 'Bee',
      started: '2020-01-02',
      title: '',
    });
    expect(readFields(table, 'v2', { alias: '', start: '2020-01-02' })).toEqual({ nickname: null });
    expect(writeFields(table, 'v3', { nickname: 'Bee', started: null }, 'create')).toEqual({ nick_name: 'Bee' });
    expect(writeFields(table, 'v2', { nickname: 'Bee', started: '2020-01-02' }, 'create')).toEqual({ alias: 'Bee' });
    expect(writeChanges(table, 'v3', { started: { was: '2019-01-01', now: null } })).toEqual({ start: null });
    expect(showsValues(table, 'v3', { nick_name: '', start: '2020-01-02T00:00:00Z' }, { nickname: null, started: '2020-01-02' })).toBe(
      true,
    );
    expect(showsValues(table, 'v3', { nick_name: 'Bee' }, { nickname: 'Bea' })).toBe(false);
    // A cleared date a v3 answer shows as "" is cleared: verify after an unknown outcome sees it done.
    expect(readFields(table, 'v3', { start: '' })).toMatchObject({ started: null });
    expect(showsValues(USER_FIELDS, 'v3', { birthday: '' }, { birthday: null })).toBe(true);
  });
});
