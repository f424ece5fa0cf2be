/**
 * Issue 17 point 1: on v2 a period the service already holds is recognised, never re-reported for ever.
 * The sandbox refuses a sick report dated inside a period it holds, as the real service does; each
 * trigger the issue names is run against it, twice where it needs two runs.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/index.js';
import { runCli, serviceArgs, tempDir, writeCsvSet } from '../helpers/cli.js';
import { recordedServiceArgs, recordRequests, type Recorder } from '../helpers/recorder.js';
import { existsSync, readdirSync } from 'node:fs';

let sandbox: RunningSandbox | undefined;
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

const EMPLOYEES = ['employee_id', 'name', 'email', 'team_id'];
const ORG = ['type', 'id', 'name', 'parent_id', 'owner'];
const ABSENCE = ['employee_id', 'start_date', 'end_date'];
const PERIODS = [
  { employeeId: '101', startDate: '2025-01-06', endDate: '2025-01-10' },
  { employeeId: '101', startDate: '2025-02-03', endDate: '2025-02-07' },
  { employeeId: '102', startDate: '2025-03-03', endDate: '2025-03-05' },
];

function company(periods = PERIODS): string {
  return writeCsvSet({
    employees: [EMPLOYEES, ['101', 'Person 101', 'p101@nordlys.dk', 'T1'], ['102', 'Person 102', 'p102@nordlys.dk', 'T1']],
    organisation: [ORG, ['department', 'root', 'Company', '', ''], ['team', 'T1', 'T1', 'root', '']],
    absence: [ABSENCE, ...periods.map((p) => [p.employeeId, p.startDate, p.endDate])],
  });
}

function periodsInService(): { employeeId: string; startDate: string; endDate: string }[] {
  return sandbox!
    .snapshot()
    .absences.map(({ employeeId, startDate, endDate }) => ({ employeeId, startDate, endDate }))
    .sort((a, b) => `${a.employeeId}${a.startDate}`.localeCompare(`${b.employeeId}${b.startDate}`));
}

const sickReports = () => sandbox!.stats().byRoute['POST /v2/siab/dialogs'] ?? 0;

describe('v2: a period the service already holds', () => {
  it('is counted as reported after the absence ledger was deleted, and with --resend-absences', async () => {
    sandbox = await startSandbox({ quiet: true });
    const dir = company();
    const cwd = tempDir();
    const run = (...flags: string[]) => runCli([dir, '--yes', ...serviceArgs(sandbox!, 'v2'), ...flags], { cwd });
    expect((await run()).code).toBe(0);
    expect(periodsInService()).toEqual(PERIODS);

    rmSync(join(cwd, '.orgsync', 'absences'), { recursive: true });
    const afterDelete = await run();
    expect(afterDelete.code, afterDelete.stdout + afterDelete.stderr).toBe(0);
    expect(afterDelete.stdout).not.toMatch(/refused|overlaps/);
    expect(readdirSync(dir).filter((f) => f.includes('.errors.'))).toEqual([]);
    expect(periodsInService()).toEqual(PERIODS);
    expect((await run()).stdout).toContain('Nothing to do');

    const reportsBefore = sickReports();
    const resent = await run('--resend-absences');
    expect(resent.code, resent.stdout).toBe(0);
    expect(sickReports() - reportsBefore).toBe(PERIODS.length); // each one sent, each one recognised
    expect(periodsInService()).toEqual(PERIODS);
    expect((await run()).stdout).toContain('Nothing to do');
  });

  it('is found under another spelling of the base URL (localhost for 127.0.0.1): the same journal and ledgers', async () => {
    sandbox = await startSandbox({ quiet: true });
    const dir = company();
    const cwd = tempDir();
    const args = serviceArgs(sandbox, 'v2');
    expect((await runCli([dir, '--yes', ...args], { cwd })).code).toBe(0);
    const writes = sandbox.stats().writes;
    const spelled = args.map((a) => (a === sandbox!.baseUrl ? `${sandbox!.baseUrl.replace('127.0.0.1', 'LocalHost')}/` : a));
    expect(spelled).not.toEqual(args);
    const second = await runCli([dir, '--yes', ...spelled], { cwd });
    expect(second.code, second.stdout).toBe(0);
    expect(second.stdout).toContain('Nothing to do');
    expect(sandbox.stats().writes).toBe(writes);
    expect(readdirSync(join(cwd, '.orgsync', 'absences'))).toHaveLength(1);
  });

  it('answers lost after the service committed: the run recognises the period and reports the later ones', async () => {
    sandbox = await startSandbox({ quiet: true, faults: { dropAfterCommitRate: 1, seed: 1 } });
    const dir = company();
    const cwd = tempDir();
    // Every answer lost after the service committed: each write is checked, a closed period cannot be.
    const first = await runCli([dir, '--yes', ...serviceArgs(sandbox, 'v2'), '--timeout', '2000'], { cwd });
    expect(sandbox.stats().byRoute['DELETE /v2/siab/dialogs']).toBeGreaterThan(0);
    sandbox.setFaults({});
    let last = first;
    for (let i = 0; i < 3 && last.code !== 0; i++) last = await runCli([dir, '--yes', ...serviceArgs(sandbox, 'v2')], { cwd });
    expect(last.code, last.stdout + last.stderr).toBe(0);
    expect(periodsInService()).toEqual(PERIODS);
    expect(existsSync(join(dir, 'absence.errors.csv'))).toBe(false);
    expect((await runCli([dir, '--yes', ...serviceArgs(sandbox, 'v2')], { cwd })).stdout).toContain('Nothing to do');
  });
});

describe('v2: a sick list answering no date (issue 34, point 14)', () => {
  let recorder: Recorder | undefined;
  afterEach(async () => {
    await recorder?.close();
    recorder = undefined;
  });

  it("names the malformed answer and sets the workbook's date on that sickness: no second sick report, no refusal", async () => {
    sandbox = await startSandbox({ quiet: true });
    const open = [{ employeeId: '101', startDate: '2025-03-03', endDate: '' }];
    const dir = company(open);
    const cwd = tempDir();
    expect((await runCli([dir, '--yes', ...serviceArgs(sandbox, 'v2')], { cwd })).code).toBe(0);

    // From now on the service answers employee 101's sickness with "date": "".
    recorder = await recordRequests(sandbox, {
      rewrite: (request, body) => {
        if (request.method !== 'GET' || !request.path.startsWith('/v2/siab/dialogs')) return undefined;
        return body.replace(/("id":"101"[^}]*"date":)"[^"]*"/, '$1""');
      },
    });
    const run = await runCli([dir, '--yes', ...recordedServiceArgs(sandbox, recorder, 'v2')], { cwd });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain('The service\'s sick list is malformed: it answered no date for 1 sick employee (101: "date": "")');
    expect(recorder.writes()).toEqual([{ method: 'PATCH', path: '/v2/siab/dialogs/101?key_field=ext_id', body: { date: '2025-03-03' } }]);
    expect(periodsInService()).toEqual([{ employeeId: '101', startDate: '2025-03-03', endDate: '9999-12-31' }]); // open: the sandbox's snapshot writes no end as its last day
    expect(readdirSync(dir).filter((f) => f.includes('.errors.'))).toEqual([]);
  });
});
