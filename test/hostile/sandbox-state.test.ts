/**
 * The rehearsal service under misuse (issue 17 point 11): two sandboxes on one --state file would both
 * acknowledge writes and the last to save would win, so the second is refused; a killed one's lock is
 * taken over.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/sandbox/index.js';
import { runCli, startCli, tempDir } from '../helpers/cli.js';

function startedSandbox(statePath: string, cwd: string) {
  const child = startCli(['sandbox', '--state', statePath], { cwd });
  let out = '';
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d) => {
      out += d;
      if (out.includes('Import into it')) resolve();
    });
    child.on('close', (code) => reject(new Error(`sandbox exited ${code}: ${out}`)));
  });
  const closed = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  return { child, ready, closed };
}

describe('one sandbox per state file', () => {
  it('a second sandbox on the same --state file is refused; after the first stops, or is killed, it starts', async () => {
    const cwd = tempDir('sandbox-state-');
    const statePath = join(cwd, 'state.json');
    const first = startedSandbox(statePath, cwd);
    await first.ready;
    const second = await runCli(['sandbox', '--state', statePath], { cwd });
    expect(second.code).toBe(3);
    expect(second.stderr).toContain(`Another sandbox (process ${first.child.pid}) is already using the state file ${statePath}`);

    first.child.kill('SIGTERM');
    await first.closed;
    expect(existsSync(`${statePath}.lock`)).toBe(false);

    const killed = startedSandbox(statePath, cwd);
    await killed.ready;
    killed.child.kill('SIGKILL');
    await killed.closed;
    expect(existsSync(`${statePath}.lock`)).toBe(true); // left behind by the killed one
    const next = await startSandbox({ statePath, quiet: true });
    await next.close();
  });
});

describe('field sizes the sandbox accepts (issue 17 point 7)', () => {
  it('a 30 MB user name is refused (413), a 256-character one too (422); the user list stays small for many readers', async () => {
    const sandbox = await startSandbox({ quiet: true });
    try {
      const headers = { 'content-type': 'application/json', company_id: String(sandbox.companyId), access_token: sandbox.accessToken };
      const post = (name: string) =>
        fetch(`${sandbox.baseUrl}/v3/core/users`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ user: { id: 'U1', name, email: 'u1@nordlys.dk', username: 'u1' } }),
        });
      const huge = await post('x'.repeat(30 * 1024 * 1024));
      expect(huge.status).toBe(413);
      const long = await post('x'.repeat(256));
      expect(long.status).toBe(422);
      expect(((await long.json()) as { errors: { error: string }[] }).errors[0]!.error).toBe('is too long (maximum is 255 characters)');
      expect((await post('x'.repeat(255))).status).toBe(201);
      const lists = await Promise.all(
        Array.from({ length: 20 }, () => fetch(`${sandbox.baseUrl}/v3/core/users`, { headers }).then((r) => r.text())),
      );
      for (const list of lists) expect(list.length).toBeLessThan(2000);
    } finally {
      await sandbox.close();
    }
  });
});
