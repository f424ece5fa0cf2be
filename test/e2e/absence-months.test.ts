/**
 * Absences month after month (issue 11 points 1–3), through the built command against the sandbox over
 * loopback: the first run's workbook, then the changed one; the sandbox's periods and the requests it
 * received are checked, not the importer's own account.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/index.js';
import { runCli, tempDir, writeCsvSet } from '../helpers/cli.js';
import { recordedServiceArgs, recordRequests, type Recorder } from '../helpers/recorder.js';

const EMPLOYEE_HEADER = ['employee_id', 'name', 'email', 'team_id', 'previous_employee_id'];
const ORGANISATION = [
  ['type', 'id', 'name', 'parent_id', 'owner'],
  ['department', 'root', 'Company', '', '100'],
  ['team', 'T1', 'Team 1', 'root', ''],
];
const ABSENCE_HEADER = ['employee_id', 'start_date', 'end_date'];
const person = (id: string, previous = '', email = `p${id}@nordlys.dk`) => [id, `Person ${id}`, email, 'T1', previous];
const PEOPLE = [person('100'), person('101')];

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

async function importMonth(absences: string[][], people = PEOPLE, ...flags: string[]) {
  const dir = writeCsvSet({ employees: [EMPLOYEE_HEADER, ...people], organisation: ORGANISATION, absence: [ABSENCE_HEADER, ...absences] });
  recorder.clear();
  return runCli([dir, '--yes', ...recordedServiceArgs(sandbox, recorder), ...flags], { cwd });
}

const periods = () => sandbox.snapshot().absences.map(({ employeeId, startDate, endDate }) => ({ employeeId, startDate, endDate }));
const absenceReports = () =>
  recorder
    .writes()
    .filter((r) => r.path.startsWith('/v3/siab/dialogs'))
    .map((r) => r.body);

describe('an absence corrected in a later month', () => {
  it('moves a start later by the requests the service needs, and then has nothing to do', async () => {
    const first = await importMonth([['101', '2026-01-06', '2026-01-10']]);
    expect(first.code, first.stdout + first.stderr).toBe(0);
    expect(periods()).toEqual([{ employeeId: '101', startDate: '2026-01-06', endDate: '2026-01-10' }]);

    const corrected = await importMonth([['101', '2026-01-08', '2026-01-12']]);
    expect(corrected.code, corrected.stdout + corrected.stderr).toBe(0);
    expect(periods()).toEqual([{ employeeId: '101', startDate: '2026-01-08', endDate: '2026-01-12' }]);
    // Shorten with the same end date (the only way the service moves a start later), then extend.
    expect(absenceReports()).toEqual([
      { employee_id: '101', start_date: '2026-01-08', end_date: '2026-01-10' },
      { employee_id: '101', start_date: '2026-01-08', end_date: '2026-01-12' },
    ]);
    expect(corrected.stdout).toContain('same end date 2026-01-10');

    const again = await importMonth([['101', '2026-01-08', '2026-01-12']]);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('Nothing to do');
    expect(recorder.writes()).toEqual([]);
  });

  it('moves the start of an open period later by ending it first and sending the same end again', async () => {
    expect((await importMonth([['101', '2026-02-02', '']])).code).toBe(0);
    const corrected = await importMonth([['101', '2026-02-04', '2026-02-09']]);
    expect(corrected.code, corrected.stdout + corrected.stderr).toBe(0);
    expect(periods()).toEqual([{ employeeId: '101', startDate: '2026-02-04', endDate: '2026-02-09' }]);
    expect(absenceReports()).toHaveLength(2);
  });

  it('counts an answer that differs from what was sent as failed, never as done, and keeps telling the truth', async () => {
    expect((await importMonth([['101', '2026-03-02', '2026-03-06']])).code).toBe(0);
    // The service cannot make a closed period open again: it answers that it keeps the end date.
    const report = join(cwd, 'report.json');
    const reopened = await importMonth([['101', '2026-03-02', '']], PEOPLE, '--report', report);
    expect(reopened.code).toBe(2);
    expect(periods()).toEqual([{ employeeId: '101', startDate: '2026-03-02', endDate: '2026-03-06' }]);
    expect(reopened.stdout).toMatch(/Failed: report absence 101:2026-03-02.*holds 2026-03-02 to 2026-03-06/);
    const json = JSON.parse(readFileSync(report, 'utf8'));
    expect(json.operations).toMatchObject([
      { type: 'reportAbsence', status: 'failed', answered: { start_date: '2026-03-02', end_date: '2026-03-06' } },
    ]);
    expect(json.summary.operations).toMatchObject({ done: 0, failed: 1 });
    // The ledger holds what the service answered: the next run does not pretend it is done.
    const next = await importMonth([['101', '2026-03-02', '']]);
    expect(next.stdout).not.toContain('Nothing to do');
    expect(next.stdout).toContain('end date 2026-03-06 → open');
  });
});

describe('an absence removed from the workbook', () => {
  it('is named in the plan and the report, with the row it came from', async () => {
    expect(
      (
        await importMonth([
          ['100', '2026-01-05', '2026-01-07'],
          ['101', '2026-01-12', '2026-01-14'],
        ])
      ).code,
    ).toBe(0);
    const report = join(cwd, 'report.json');
    const second = await importMonth([['100', '2026-01-05', '2026-01-07']], PEOPLE, '--report', report);
    expect(second.code).toBe(0);
    expect(second.stdout).toMatch(
      /absence of employee 101 2026-01-12 to 2026-01-14 \(reported from absence row 3\) is no longer in the workbook/,
    );
    const json = JSON.parse(readFileSync(report, 'utf8'));
    expect(json.issues).toContainEqual(
      expect.objectContaining({ severity: 'warning', code: 'plan_note', message: expect.stringContaining('2026-01-12 to 2026-01-14') }),
    );
    expect(recorder.writes()).toEqual([]);
    expect(periods()).toHaveLength(2); // the API cannot delete it: the service keeps it
  });
});

describe('an employee whose id changes', () => {
  it('keeps their absences: nothing is reported again under the new id', async () => {
    expect((await importMonth([['101', '2026-01-06', '2026-01-09']])).code).toBe(0);
    const renamed = await importMonth([['201', '2026-01-06', '2026-01-09']], [person('100'), person('201', '101', 'p101@nordlys.dk')]);
    expect(renamed.code, renamed.stdout + renamed.stderr).toBe(0);
    expect(absenceReports()).toEqual([]);
    expect(periods()).toEqual([{ employeeId: '201', startDate: '2026-01-06', endDate: '2026-01-09' }]);
    const again = await importMonth([['201', '2026-01-06', '2026-01-09']], [person('100'), person('201', '101', 'p101@nordlys.dk')]);
    expect(again.stdout).toContain('Nothing to do');
  });
});
