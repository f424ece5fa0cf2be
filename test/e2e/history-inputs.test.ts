/**
 * What `history` lists (issue 34, points 10 and 11), through the built command against the sandbox over
 * loopback: one export is one hash however its path is typed, and a run refused after it planned is listed
 * as refused with the counts it planned, never as "nothing to do".
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { processStartTime } from '../../src/process-lock.js';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/index.js';
import { runCli, serviceArgs, tempDir } from '../helpers/cli.js';
import { nightlyExport } from '../helpers/nightly.js';

let sandbox: RunningSandbox;
beforeEach(async () => {
  sandbox = await startSandbox({ quiet: true });
});
afterEach(async () => {
  await sandbox.close();
});

const runLines = (stdout: string) => stdout.split('\n').filter((line) => /^\d{4}-\d\d-\d\dT/.test(line));

describe('history', () => {
  it('gives one export one hash, whether its folder is typed c1, /abs/c1 or ../hr/c1', async () => {
    const cwd = tempDir();
    const folder = join(cwd, 'hr', 'c1');
    mkdirSync(join(cwd, 'elsewhere'));
    nightlyExport({ employees: 5 }, folder);
    const state = ['--state-dir', join(cwd, 'state')];
    expect((await runCli([join('hr', 'c1'), '--yes', ...state, ...serviceArgs(sandbox)], { cwd })).code).toBe(0);
    expect((await runCli([folder, '--yes', ...state, ...serviceArgs(sandbox)], { cwd })).code).toBe(0);
    const third = await runCli([join('..', 'hr', 'c1'), '--yes', ...state, ...serviceArgs(sandbox)], { cwd: join(cwd, 'elsewhere') });
    expect(third.code, third.stdout + third.stderr).toBe(0);

    const lines = runLines((await runCli(['history', ...state], { cwd })).stdout);
    const hashes = lines.map((line) => /\(sha256 (\w+)\)/.exec(line)?.[1]);
    expect(hashes).toHaveLength(3);
    expect(new Set(hashes).size).toBe(1);
    expect(hashes[0]).toMatch(/^\w{12}$/);
  });

  it('lists a run refused because another run holds the journal as refused, with the counts it planned', async () => {
    const cwd = tempDir();
    expect((await runCli([nightlyExport({ employees: 5 }), '--yes', '--journal', 'j.jsonl', ...serviceArgs(sandbox)], { cwd })).code).toBe(
      0,
    );
    // Another importer (this test's own process, alive) holds the journal.
    writeFileSync(join(cwd, 'j.lock'), JSON.stringify({ pid: process.pid, started: processStartTime(process.pid) }));
    const writes = sandbox.stats().writes;
    const refused = await runCli([nightlyExport({ employees: 7 }), '--yes', '--journal', 'j.jsonl', '--json', ...serviceArgs(sandbox)], {
      cwd,
    });
    expect(refused.code).toBe(3);
    expect(sandbox.stats().writes).toBe(writes);
    const summary = JSON.parse(refused.stdout.trim().split('\n').at(-1)!);
    expect(summary).toMatchObject({ exit_code: 3, error: { code: 'state_in_use' }, summary: { plan: { employee: { create: 2 } } } });

    const lines = runLines((await runCli(['history'], { cwd })).stdout);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(
      /exit 3 .* {2}— {2}user: 2 create; employee: 2 create; membership: 2 add to team {2}— {2}refused \(state_in_use\): Another orgsync-import/,
    );
    expect(lines[1]).not.toContain('nothing to do');
    expect(lines[1]).not.toMatch(/\(\d+ (done|skipped)\)/);
  });
});
