import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { startSandbox } from '../../src/sandbox/index.js';
import { clientFor, person, startClient, team, stateOnDisk, type Client } from './helpers.js';

describe('v3 Limits: pagination (README pages)', () => {
  let client: Client;
  beforeAll(async () => {
    client = await startClient();
    for (let i = 1; i <= 30; i++) {
      await client.post('/v3/core/users', { user: { id: `u${i}`, name: `User ${i}`, email: `u${i}@example.com`, username: `u${i}` } });
    }
  });
  afterAll(() => client.sandbox.close());

  test('a list answers 25 entities by default with Total and Per-Page headers (v3 Limits 1-2)', async () => {
    const reply = await client.get('/v3/core/users');
    expect(reply.body).toHaveLength(25);
    expect(reply.headers.total).toBe('30');
    expect(reply.headers['per-page']).toBe('25');
  });

  test('?page=2 selects the rest (README pages: ?page=N selects a page)', async () => {
    const reply = await client.get('/v3/core/users?page=2');
    expect(reply.body.map((u: { id: string }) => u.id)).toEqual(['u26', 'u27', 'u28', 'u29', 'u30']);
  });

  test('?per_page raises the page size up to 1000 and Per-Page says what was used (README pages)', async () => {
    const all = await client.get('/v3/core/users?per_page=1000');
    expect(all.body).toHaveLength(30);
    expect(all.headers['per-page']).toBe('1000');
    const capped = await client.get('/v3/core/users?per_page=5000');
    expect(capped.headers['per-page']).toBe('1000');
  });

  test('a page beyond the end is an empty list that still carries Total (v3 Limits 2)', async () => {
    const reply = await client.get('/v3/core/users?page=9');
    expect(reply.body).toEqual([]);
    expect(reply.headers.total).toBe('30');
  });

  test('v2 lists page the same way with page, default 1, 25 per page (v2 Limits 1)', async () => {
    for (let i = 1; i <= 26; i++) await client.post('/v2/core/departments', { department: { name: `D${i}`, parent_department: '1' } });
    const first = await client.get('/v2/core/departments');
    expect(first.body).toHaveLength(25);
    expect(first.headers.total).toBe('27');
    expect(first.headers['per-page']).toBe('25');
    expect((await client.get('/v2/core/departments?page=2')).body).toHaveLength(2);
  });
});

describe('v3 Errors and Identifiers', () => {
  let client: Client;
  beforeAll(async () => {
    client = await startClient({ rootId: 'hq', rootName: 'Head Office' });
  });
  afterAll(() => client.sandbox.close());

  test('the top department exists from the start, with parent_id null (v3 What the service does 4)', async () => {
    const reply = await client.get('/v3/core/departments');
    expect(reply.body).toEqual([{ id: 'hq', name: 'Head Office', parent_id: null, responsible_employee: null }]);
  });

  test('unparseable JSON is answered 400 with the error body (v3 Errors 400)', async () => {
    const reply = await client.post('/v3/core/users', '{"user": ');
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ message: expect.any(String), errors: [] });
  });

  test('a body without the wrapper object named after the resource is answered 400 (v3 Endpoints: bodies wrap fields)', async () => {
    const reply = await client.post('/v3/core/users', { id: 'a', name: 'A', email: 'a@example.com', username: 'a' });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toMatch(/user/);
  });

  test('an unknown id is answered 404 with the error body (v3 Errors 404)', async () => {
    for (const path of ['/v3/core/users/nobody', '/v3/core/employees/nobody', '/v3/core/teams/none', '/v3/core/departments/none']) {
      const reply = await client.get(path);
      expect(reply.status).toBe(404);
      expect(reply.body).toEqual({ message: expect.any(String), errors: [] });
    }
  });

  test('invalid data is answered 422 with errors naming resource, field and reason (v3 Errors, README errors MUS::User)', async () => {
    const reply = await client.post('/v3/core/users', { user: { id: 'a', email: 'not-an-email', username: 'a', gender: 'x' } });
    expect(reply.status).toBe(422);
    expect(reply.body.errors).toEqual(
      expect.arrayContaining([
        { resource: 'MUS::User', field: 'name', error: "can't be blank" },
        { resource: 'MUS::User', field: 'email', error: 'is invalid' },
        { resource: 'MUS::User', field: 'gender', error: 'is not included in the list' },
      ]),
    );
    expect(client.sandbox.snapshot().users).toEqual([]);
  });

  test('an id is unique within its data type only: a user and a team can share one (v3 Identifiers 2)', async () => {
    await person(client, 'shared');
    await team(client, 'u-shared', 'hq');
    expect(client.sandbox.snapshot().teams.map((t) => t.id)).toEqual(['u-shared']);
    const again = await client.post('/v3/core/users', { user: { id: 'u-shared', name: 'B', email: 'b@example.com', username: 'b' } });
    expect(again.status).toBe(422);
    expect(again.body.errors).toEqual([{ resource: 'MUS::User', field: 'id', error: 'has already been taken' }]);
  });

  test('the v2 top department is the same department under its service id (v2 Identifier mode 1, one store)', async () => {
    const reply = await client.get('/v2/core/departments/hq');
    expect(reply.body).toEqual({ id: '1', ext_id: 'hq', name: 'Head Office', parent_department: null, responsible_employee: null });
  });
});

describe('state file (issue: a rehearsal survives restarts)', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sandbox-state-'));
  });
  afterEach(async () => {
    for (const name of await readdir(dir)) await rm(join(dir, name), { recursive: true, force: true });
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  test('every write is on disk when it is answered, and a restart shows the same company', async () => {
    const statePath = join(dir, 'nested', 'sandbox.json');
    const first = await startClient({ statePath });
    await person(first, 'kept');
    await team(first, 'kept-team');
    await first.post('/v3/core/teams/kept-team/employees/kept');
    const onDisk = await stateOnDisk(statePath);
    expect(onDisk.employees).toHaveLength(1);
    const before = first.sandbox.snapshot();
    await first.sandbox.close();
    const second = clientFor(await startSandbox({ quiet: true, statePath, rootId: 'ignored' }));
    expect(second.sandbox.snapshot()).toEqual(before);
    expect((await second.get('/v3/core/teams/kept-team')).body.employees[0].id).toBe('kept');
    await second.sandbox.close();
  });

  test('the file is replaced atomically: no temporary file is left beside it', async () => {
    const statePath = join(dir, 'atomic.json');
    const client = await startClient({ statePath });
    await Promise.all([person(client, 'a1'), person(client, 'a2'), team(client, 't1')]);
    await client.sandbox.close();
    expect(await readdir(dir)).toEqual(['atomic.json']);
  });

  test('a file that is not a sandbox state is refused, not overwritten', async () => {
    const statePath = join(dir, 'precious.json');
    await writeFile(statePath, '{"my": "own data"}');
    await expect(startSandbox({ quiet: true, statePath })).rejects.toThrow(/not a sandbox state file/);
    expect(await readFile(statePath, 'utf8')).toBe('{"my": "own data"}');
  });
});
