/** `orgsync-import sandbox` as a user starts it: in the foreground, printing where it listens and as whom. */
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { request } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import type { ChildProcess } from 'node:child_process';
import { startSandbox } from '../../src/sandbox/index.js';
import { SAMPLE_XLSX, runCli, startCli, tempDir } from '../helpers/cli.js';

let child: ChildProcess | undefined;
afterEach(() => {
  child?.kill('SIGINT');
  child = undefined;
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function startSandboxCommand(args: string[], cwd: string, port = 0): Promise<{ baseUrl: string; banner: string }> {
  child = startCli(['sandbox', '--port', String(port), ...args], { cwd });
  let banner = '';
  const baseUrl = await new Promise<string>((resolve, reject) => {
    child!.stdout!.on('data', (chunk) => {
      banner += chunk;
      const url = /base URL:\s+(http:\/\/127\.0\.0\.1:\d+)/.exec(banner)?.[1];
      if (url && banner.includes('Ctrl-C')) resolve(url);
    });
    child!.on('close', (code) => reject(new Error(`sandbox exited ${code}: ${banner}`)));
  });
  return { baseUrl, banner };
}

async function stop(): Promise<void> {
  const exited = new Promise((resolve) => child!.on('close', resolve));
  child!.kill('SIGINT');
  await exited;
  child = undefined;
}

describe('orgsync-import sandbox', () => {
  it('prints its base URL and credentials, answers the API with them, and keeps its state across a restart', async () => {
    const cwd = tempDir();
    const state = join(cwd, 'rehearsal.json');
    const args = ['--state', state, '--company-id', '7', '--access-token', 'rehearsal-token', '--root-id', 'top', '--root-name', 'Nordlys'];
    const { baseUrl, banner } = await startSandboxCommand(args, cwd);
    expect(banner).toContain('company id:    7');
    expect(banner).toContain('rehearsal-token');

    const departments = await request(`${baseUrl}/v3/core/departments`, {
      headers: { company_id: '7', access_token: 'rehearsal-token', accept: 'application/json' },
    });
    expect(departments.statusCode).toBe(200);
    expect(await departments.body.json()).toMatchObject([{ id: 'top', name: 'Nordlys', parent_id: null }]);
    const refused = await request(`${baseUrl}/v3/core/departments`, { headers: { company_id: '7', access_token: 'wrong' } });
    expect(refused.statusCode).toBe(401);
    await refused.body.dump();

    // The sample's top department is `root` (the default): import, restart on the same port (the journal and
    // the absence ledger belong to a base URL), and nothing is left to do.
    await stop();
    const again = ['--state', join(cwd, 'company.json'), '--company-id', '7', '--access-token', 'rehearsal-token'];
    const port = await freePort();
    const second = await startSandboxCommand(again, cwd, port);
    const service = ['--base-url', second.baseUrl, '--company-id', '7', '--access-token', 'rehearsal-token'];
    expect((await runCli([SAMPLE_XLSX, '--yes', ...service], { cwd })).code).toBe(0);
    await stop();
    const third = await startSandboxCommand(again, cwd, port);
    const rerun = await runCli(
      [SAMPLE_XLSX, '--yes', '--base-url', third.baseUrl, '--company-id', '7', '--access-token', 'rehearsal-token'],
      { cwd },
    );
    expect(rerun.code).toBe(0);
    expect(rerun.stdout).toContain('Nothing to do');
  });

  it('--root-id/--root-name start over a state file that holds nothing but its top department, and are refused on one that holds more', async () => {
    const cwd = tempDir();
    const state = join(cwd, 'rehearsal.json');
    await (await startSandbox({ quiet: true, statePath: state, rootId: 'root', rootName: 'Company' })).close();

    const { baseUrl } = await startSandboxCommand(['--state', state, '--root-id', 'top', '--root-name', 'Nordlys'], cwd);
    const headers = {
      company_id: '1',
      access_token: 'sandbox-access-token',
      accept: 'application/json',
      'content-type': 'application/json',
    };
    const departments = await request(`${baseUrl}/v3/core/departments`, { headers });
    expect(await departments.body.json()).toMatchObject([{ id: 'top', name: 'Nordlys', parent_id: null }]);
    const team = await request(`${baseUrl}/v3/core/departments/top/teams`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ team: { id: 'T1', name: 'Salg' } }),
    });
    expect(team.statusCode).toBe(201);
    await team.body.dump();
    await stop();

    const refused = await runCli(['sandbox', '--port', '0', '--state', state, '--root-id', 'other'], { cwd });
    expect(refused.code).toBe(3);
    expect(refused.stderr).toContain(
      `The sandbox company in ${state} already holds people or units under its top department "Nordlys" (id "top")`,
    );
    expect(refused.stderr).toContain(`delete ${state} and run again`);
  });
});
