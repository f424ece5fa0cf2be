/**
 * The state file's change log: every answered write survives a kill -9 of the sandbox's process, and the
 * log folded into the state file (when it outgrows it, and on close) leaves the same company.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startSandbox } from '../../src/sandbox/index.js';
import { startCli } from '../helpers/cli.js';
import { clientFor, department, join as joinTeam, person, startClient, team, stateOnDisk } from './helpers.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sandbox-log-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** `orgsync-import sandbox --state FILE` in its own process; resolves with its base URL once it listens. */
async function sandboxProcess(statePath: string) {
  const child = startCli(['sandbox', '--state', statePath], { cwd: dir });
  const baseUrl = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = out.match(/listening on (http:\/\/\S+)/);
      if (match) resolve(match[1]!);
    });
    child.on('exit', (code) => reject(new Error(`the sandbox exited ${code}: ${out}`)));
  });
  return { child, baseUrl };
}

describe('the state file and its change log', () => {
  test('every write answered before the sandbox process is killed with SIGKILL is there after a restart', async () => {
    const statePath = join(dir, 'killed.json');
    const { child, baseUrl } = await sandboxProcess(statePath);
    const client = clientFor({ baseUrl, companyId: 1, accessToken: 'sandbox-access-token' } as never);
    await department(client, 'd1');
    await team(client, 't1', 'd1');
    await Promise.all(['p1', 'p2', 'p3', 'p4', 'p5', 'p6'].map((id) => person(client, id)));
    await joinTeam(client, 't1', 'p1');
    expect((await client.post('/v3/siab/dialogs', { employee_id: 'p1', start_date: '2025-03-03' })).status).toBe(201);
    expect((await client.patch('/v3/core/users/u-p2', { user: { username: 'renamed-p2' } })).status).toBe(200);
    expect((await client.del('/v3/core/employees/p3')).status).toBe(200);
    const exited = new Promise((resolve) => child.on('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    expect(existsSync(`${statePath}.log`)).toBe(true);

    const restarted = await startSandbox({ quiet: true, statePath });
    const snapshot = restarted.snapshot();
    await restarted.close();
    expect(snapshot.departments.map((d) => d.id)).toEqual(['d1', 'root']);
    expect(snapshot.teams).toMatchObject([{ id: 't1', departmentId: 'd1', members: ['p1'] }]);
    expect(snapshot.employees.filter((e) => e.active).map((e) => e.id)).toEqual(['p1', 'p2', 'p4', 'p5', 'p6']);
    expect(snapshot.users.find((u) => u.id === 'u-p2')?.username).toBe('renamed-p2');
    expect(snapshot.absences).toMatchObject([{ employeeId: 'p1', startDate: '2025-03-03' }]);
    // The restart folded the log into the state file, and closing removed it.
    expect(await readdir(dir)).toEqual(['killed.json']);
  });

  test('a log folded into the state file while writes go on leaves the same company, on disk and after a restart', async () => {
    const statePath = join(dir, 'folded.json');
    // Folded whenever the log is larger than the state file: several times during this test.
    const client = await startClient({ statePath, stateLogMinBytes: 0 });
    await department(client, 'd1');
    for (const id of ['t1', 't2']) await team(client, id, 'd1');
    for (let batch = 0; batch < 6; batch++) {
      const ids = Array.from({ length: 8 }, (_, n) => `b${batch}-${n}`);
      await Promise.all(ids.map((id) => person(client, id)));
      await Promise.all(ids.map((id, n) => joinTeam(client, n % 2 ? 't1' : 't2', id)));
      const onDisk = await stateOnDisk(statePath);
      expect(onDisk.employees).toHaveLength((batch + 1) * 8);
      expect(onDisk.employees.filter((e) => e.teamSid !== null)).toHaveLength((batch + 1) * 8);
    }
    expect((await client.del('/v3/core/employees/b0-0')).status).toBe(200);
    const before = client.sandbox.snapshot();
    expect((await stateOnDisk(statePath)).employees.find((e) => e.id === 'b0-0')?.active).toBe(false);
    await client.sandbox.close();
    const again = await startSandbox({ quiet: true, statePath });
    expect(again.snapshot()).toEqual(before);
    await again.close();
  });

  test('a log left beside a state file that was deleted since is not applied to the new company', async () => {
    const statePath = join(dir, 'replaced.json');
    const { child, baseUrl } = await sandboxProcess(statePath);
    const client = clientFor({ baseUrl, companyId: 1, accessToken: 'sandbox-access-token' } as never);
    await person(client, 'old');
    const exited = new Promise((resolve) => child.on('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    await rm(statePath);
    const fresh = await startSandbox({ quiet: true, statePath });
    expect(fresh.snapshot().employees).toEqual([]);
    await fresh.close();
  });
});
