import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startSandbox } from '../../src/sandbox/index.js';
import { clientFor, department, person, startClient, team, stateOnDisk, type Client } from './helpers.js';

const WRITERS = 50;

describe('concurrency: 50 parallel writers (issue 3)', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(joinPath(tmpdir(), 'sandbox-concurrency-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  test('50 writers building people, teams and absences never corrupt the store or the state file', async () => {
    const statePath = joinPath(dir, 'state.json');
    const client = await startClient({ statePath });
    await department(client, 'd1');
    for (const id of ['t0', 't1', 't2', 't3', 't4']) await team(client, id, 'd1');

    const writer = async (n: number) => {
      const id = `w${n}`;
      await person(client, id);
      const joined = await client.post(`/v3/core/teams/t${n % 5}/employees/${id}`);
      expect(joined.status).toBe(200);
      const moved = await client.post(`/v3/core/teams/t${(n + 1) % 5}/employees/${id}`);
      expect(moved.status).toBe(200);
      const sick = await client.post('/v3/siab/dialogs', { employee_id: id, start_date: '2025-02-03' });
      expect(sick.status).toBe(201);
      const renamed = await client.patch(`/v3/core/users/u-${id}`, { user: { name: `Writer ${n}` } });
      expect(renamed.status).toBe(200);
    };
    await Promise.all(Array.from({ length: WRITERS }, (_, n) => writer(n)));

    const snapshot = client.sandbox.snapshot();
    expect(snapshot.users).toHaveLength(WRITERS);
    expect(snapshot.employees).toHaveLength(WRITERS);
    expect(snapshot.absences).toHaveLength(WRITERS);
    const members = snapshot.teams.flatMap((t) => t.members);
    expect(members).toHaveLength(WRITERS);
    expect(new Set(members).size).toBe(WRITERS);
    for (const employee of snapshot.employees) {
      const n = Number(employee.id.slice(1));
      expect(employee.teamId).toBe(`t${(n + 1) % 5}`);
    }

    const onDisk = await stateOnDisk(statePath);
    expect(onDisk.employees).toHaveLength(WRITERS);
    await client.sandbox.close();
    const reloaded = await startSandbox({ quiet: true, statePath });
    expect(reloaded.snapshot()).toEqual(snapshot);
    await reloaded.close();
  });

  test('50 parallel creates of the same user id: exactly one succeeds, the rest are 422', async () => {
    const client = await startClient();
    const replies = await Promise.all(
      Array.from({ length: WRITERS }, (_, n) =>
        client.post('/v3/core/users', { user: { id: 'same', name: `N${n}`, email: `n${n}@example.com`, username: `n${n}` } }),
      ),
    );
    expect(replies.filter((r) => r.status === 201)).toHaveLength(1);
    expect(replies.filter((r) => r.status === 422)).toHaveLength(WRITERS - 1);
    expect(client.sandbox.stats().successfulCreates['user:same']).toBe(1);
    await client.sandbox.close();
  });

  test('50 parallel joins of one employee to different teams leave them in exactly one team (README teams)', async () => {
    const client: Client = clientFor(await startSandbox({ quiet: true }));
    await person(client, 'solo');
    for (let n = 0; n < 10; n++) await team(client, `t${n}`);
    await Promise.all(Array.from({ length: WRITERS }, (_, n) => client.post(`/v3/core/teams/t${n % 10}/employees/solo`)));
    const holding = client.sandbox.snapshot().teams.filter((t) => t.members.includes('solo'));
    expect(holding).toHaveLength(1);
    await client.sandbox.close();
  });
});
