/**
 * The export-against-last-time guard (issue 16, point 3): after a good nightly run, an export that lost
 * half its rows, a department subtree, a column, or a column's values is refused with exit 3 and nothing
 * sent, even with --prune; --accept-changes applies it. The built command against the sandbox over
 * loopback, through a recording proxy that sees every request.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/index.js';
import { runCli, tempDir } from '../helpers/cli.js';
import { recordedServiceArgs, recordRequests, type Recorder } from '../helpers/recorder.js';
import { nightlyExport, type ExportShape } from '../helpers/nightly.js';

let sandbox: RunningSandbox;
let recorder: Recorder;
let cwd: string;

beforeEach(async () => {
  sandbox = await startSandbox({ quiet: true });
  recorder = await recordRequests(sandbox);
  cwd = tempDir();
});
afterEach(async () => {
  await recorder.close();
  await sandbox.close();
});

function importExport(shape: ExportShape, ...flags: string[]) {
  return runCli([nightlyExport(shape), '--yes', ...recordedServiceArgs(sandbox, recorder), ...flags], { cwd });
}

async function afterAGoodNight() {
  const first = await importExport({}, '--prune');
  expect(first.code, first.stdout + first.stderr).toBe(0);
  recorder.clear();
  return sandbox.snapshot();
}

const activeIds = () =>
  sandbox
    .snapshot()
    .employees.filter((e) => e.active)
    .map((e) => e.id);

describe('an export that lost much since the last successful run', () => {
  it('is refused when half the rows are missing, even with --prune: exit 3, no write, the report lists why', async () => {
    const before = await afterAGoodNight();
    const report = join(cwd, 'report.json');
    const run = await importExport({ employees: 10 }, '--prune', '--report', report);
    expect(run.code, run.stdout + run.stderr).toBe(3);
    expect(run.stdout).toContain(
      'The export has 10 employees; the last successful run had 20: 10 are missing (e.g. 111, 112, 113, 114, 115, …)',
    );
    expect(run.stdout).toContain('--accept-changes');
    expect(recorder.writes()).toEqual([]);
    expect(sandbox.snapshot()).toEqual(before);
    const json = JSON.parse(readFileSync(report, 'utf8'));
    expect(json.exit_code).toBe(3);
    expect(json.summary.export_guard.refused).toBe(true);
    expect(json.summary.export_guard.findings.map((f: { kind: string }) => f.kind)).toEqual(['employees_missing']);
  });

  it('is applied with --accept-changes, and the next run compares with it', async () => {
    await afterAGoodNight();
    const accepted = await importExport({ employees: 10 }, '--prune', '--force', '--accept-changes');
    expect(accepted.code, accepted.stdout + accepted.stderr).toBe(0);
    expect(accepted.stdout).toContain('accepted with --accept-changes');
    expect(activeIds().filter((id) => id.startsWith('1'))).toHaveLength(10);
    recorder.clear();
    const again = await importExport({ employees: 10 }, '--prune');
    expect(again.code, again.stdout + again.stderr).toBe(0);
    expect(recorder.writes()).toEqual([]);
  });

  it("is refused, not silently unguarded, when the last run's summary is damaged; --accept-changes runs and writes it anew", async () => {
    await afterAGoodNight();
    const dir = join(cwd, '.orgsync', 'last-run');
    const [file] = readdirSync(dir);
    writeFileSync(join(dir, file!), '{"version":1,"employ');
    const refused = await importExport({ employees: 10 }, '--prune');
    expect(refused.code, refused.stdout + refused.stderr).toBe(3);
    expect(refused.stderr).toMatch(/Cannot read .*last-run.*--accept-changes/s);
    expect(recorder.writes()).toEqual([]);
    const accepted = await importExport({}, '--accept-changes');
    expect(accepted.code, accepted.stdout + accepted.stderr).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, file!), 'utf8')).version).toBe(2);
  });

  it('is refused when a whole department subtree is missing', async () => {
    const before = await afterAGoodNight();
    const run = await importExport({ withoutSubtree: true });
    expect(run.code, run.stdout + run.stderr).toBe(3);
    expect(run.stdout).toContain('Department D2 is missing from the export with everything below it (2 more units: D21, T3)');
    expect(recorder.writes()).toEqual([]);
    expect(sandbox.snapshot()).toEqual(before);
  });

  it('is refused when a column the last run had is missing', async () => {
    const before = await afterAGoodNight();
    const run = await importExport({ withoutColumn: 'employment' });
    expect(run.code, run.stdout + run.stderr).toBe(3);
    expect(run.stdout).toContain('The employees sheet has no employment column; the last successful run had one.');
    expect(recorder.writes()).toEqual([]);
    expect(sandbox.snapshot()).toEqual(before);
  });

  it('is refused when a column comes out blank (team_id would take everyone out of their team)', async () => {
    const before = await afterAGoodNight();
    const run = await importExport({ blankColumn: 'team_id' });
    expect(run.code, run.stdout + run.stderr).toBe(3);
    expect(run.stdout).toContain('The team_id column of the employees sheet is blank for 20 of the 20 rows that had a value last time');
    expect(recorder.writes()).toEqual([]);
    expect(sandbox.snapshot()).toEqual(before);

    const accepted = await importExport({ blankColumn: 'team_id' }, '--accept-changes');
    expect(accepted.code, accepted.stdout + accepted.stderr).toBe(0);
    expect(
      sandbox
        .snapshot()
        .employees.filter((e) => e.id.startsWith('1'))
        .every((e) => e.teamId === null),
    ).toBe(true);
  });

  it('lets ordinary changes through: a few leavers, one blanked value', async () => {
    await afterAGoodNight();
    const run = await importExport({ employees: 18, edits: { '101': { team_id: '' } } }, '--prune');
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).not.toContain('last successful run');
    expect(activeIds()).not.toContain('119');
  });

  it('says in a plan that applying would be refused, and does not fire on the first run', async () => {
    const first = await runCli(['plan', nightlyExport({ employees: 3 }), ...recordedServiceArgs(sandbox, recorder)], { cwd });
    expect(first.code, first.stdout + first.stderr).toBe(0);
    await afterAGoodNight();
    const plan = await runCli(['plan', nightlyExport({ employees: 10 }), ...recordedServiceArgs(sandbox, recorder)], { cwd });
    expect(plan.code, plan.stdout + plan.stderr).toBe(3);
    expect(plan.stdout).toContain('Applying would be refused');
    expect(recorder.writes()).toEqual([]);
  });
});
