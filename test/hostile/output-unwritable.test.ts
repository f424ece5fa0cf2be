/**
 * Output sent where it cannot be written (a log on a full disk: /dev/full) ends the run with one sentence
 * on the other stream and exit 3, never Node's stack trace; an import stopped that way is finished by the
 * same command run again, each write sent once.
 */
import { spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/index.js';
import { CLI, cleanEnv, runCli, serviceArgs, tempDir } from '../helpers/cli.js';
import { companyCsv, expectNoStackTrace, expectServiceEqualsWorkbook } from './support.js';

/** The built command with its standard output on /dev/full: every write to it fails with ENOSPC. */
function runWithFullStdout(args: string[], cwd: string): Promise<{ code: number | null; stderr: string }> {
  const full = openSync('/dev/full', 'w');
  const child = spawn(process.execPath, [CLI, ...args], { cwd, env: cleanEnv(), stdio: ['ignore', full, 'pipe'] });
  closeSync(full);
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += d));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

const SENTENCE = 'orgsync-import stopped: its standard output could not be written (ENOSPC: no space left on device, write).';

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ quiet: true });
});
afterAll(async () => {
  await sandbox.close();
});

describe('standard output on a full disk', () => {
  it.each([
    ['--help', ['--help']],
    ['--version', ['--version']],
    ['validate', ['validate', companyCsv(3)]],
  ])('%s ends in exit 3 with one sentence, no stack trace', async (_, args) => {
    const result = await runWithFullStdout(args, tempDir('full-stdout-'));
    expect(result.code).toBe(3);
    expectNoStackTrace(result.stderr);
    expect(result.stderr).toContain(SENTENCE);
  });

  it('an import stops with the sentence, and the same command run again finishes it, each write sent once', async () => {
    const company = companyCsv(20);
    const cwd = tempDir('full-stdout-');
    const args = [company, '--yes', ...serviceArgs(sandbox)];
    const stopped = await runWithFullStdout(args, cwd);
    expect(stopped.code).toBe(3);
    expectNoStackTrace(stopped.stderr);
    expect(stopped.stderr).toContain(SENTENCE);
    const again = await runCli(args, { cwd });
    expect(again.code, again.stderr).toBe(0);
    await expectServiceEqualsWorkbook(sandbox, [company]);
    expect(Object.entries(sandbox.stats().successfulCreates).filter(([, n]) => n > 1)).toEqual([]);
  });
});
