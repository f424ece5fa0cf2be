/** The main job end to end: the built command, a sandbox over loopback HTTP, the sample company. */
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/index.js';
import { SAMPLE_CSV, SAMPLE_XLSX, runCli, serviceArgs, tempDir } from '../helpers/cli.js';
import { desiredFrom, sandboxView, workbookView } from '../helpers/equality.js';

let sandbox: RunningSandbox | undefined;
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

describe('importing the sample company into v3', () => {
  it('makes the service equal the workbook, and a second run sends no write at all', async () => {
    sandbox = await startSandbox({ quiet: true });
    const cwd = tempDir();
    const first = await runCli([SAMPLE_XLSX, '--yes', ...serviceArgs(sandbox), '--report', 'report.json'], { cwd });
    expect(first.stderr).not.toMatch(/at .*\.js:\d+/); // no stack trace
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/Applied: \d+ created/);
    expect(sandboxView(sandbox.snapshot())).toEqual(workbookView(await desiredFrom([SAMPLE_XLSX])));
    const creates = Object.values(sandbox.stats().successfulCreates);
    expect(Math.max(...creates)).toBe(1);

    const report = JSON.parse(readFileSync(join(cwd, 'report.json'), 'utf8'));
    expect(report).toMatchObject({ version: '1', exit_code: 0 });
    expect(report.operations.length).toBeGreaterThan(900);
    expect(report.operations.every((o: { status: string }) => o.status === 'done')).toBe(true);

    const writesBefore = sandbox.stats().writes;
    const second = await runCli([SAMPLE_XLSX, '--yes', ...serviceArgs(sandbox)], { cwd });
    expect(second.code).toBe(0);
    expect(second.stdout).toContain('Nothing to do');
    expect(sandbox.stats().writes).toBe(writesBefore);
  });

  it('reads the CSV folder of the same company as the same organisation: nothing to do after the workbook', async () => {
    sandbox = await startSandbox({ quiet: true });
    const cwd = tempDir();
    expect((await runCli([SAMPLE_XLSX, '--yes', ...serviceArgs(sandbox)], { cwd })).code).toBe(0);
    const writes = sandbox.stats().writes;
    const again = await runCli([SAMPLE_CSV, '--yes', ...serviceArgs(sandbox)], { cwd });
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('Nothing to do');
    expect(sandbox.stats().writes).toBe(writes);
  });

  it('shows the plan without sending anything, and refuses to apply without a terminal unless --yes', async () => {
    sandbox = await startSandbox({ quiet: true });
    const cwd = tempDir();
    const plan = await runCli(['plan', SAMPLE_XLSX, ...serviceArgs(sandbox)], { cwd });
    expect(plan.code).toBe(0);
    expect(plan.stdout).toMatch(/employee\s+create\s+300/);
    expect(plan.stdout).toMatch(/Plan: .*to create/);
    const noYes = await runCli([SAMPLE_XLSX, ...serviceArgs(sandbox)], { cwd });
    expect(noYes.code).toBe(3);
    expect(noYes.stderr).toContain('--yes');
    expect(sandbox.stats().writes).toBe(0);
  });

  it('stops before sending anything when no service is configured, and says how to set one', async () => {
    const result = await runCli([SAMPLE_XLSX, '--yes'], { cwd: tempDir() });
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('--base-url');
    expect(result.stderr).toContain('--sandbox');
  });

  it('rehearses against the embedded sandbox, which remembers the first run', async () => {
    const cwd = tempDir();
    const first = await runCli([SAMPLE_XLSX, '--sandbox', '--yes'], { cwd });
    expect(first.code).toBe(0);
    const second = await runCli([SAMPLE_XLSX, '--sandbox', '--yes'], { cwd });
    expect(second.code).toBe(0);
    expect(second.stdout).toContain('Nothing to do');
  });

  it('starts over, absences included, when the state file of the sandbox is deleted', async () => {
    const cwd = tempDir();
    const first = await runCli([SAMPLE_XLSX, '--sandbox', '--yes'], { cwd });
    expect(first.code).toBe(0);
    const absences = Number(first.stdout.match(/(\d+) absences/)?.[1]);
    expect(absences).toBeGreaterThan(0);
    rmSync(join(cwd, '.orgsync', 'sandbox.json'));
    const again = await runCli([SAMPLE_XLSX, '--sandbox', '--yes'], { cwd });
    expect(again.code).toBe(0);
    expect(again.stdout).toContain(`${absences} absences`);
  });
});
