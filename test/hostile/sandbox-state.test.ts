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
    const second = await runCli(['sandbox', '--state', statePath], { cwd, timeoutMs: 20_000 });
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
