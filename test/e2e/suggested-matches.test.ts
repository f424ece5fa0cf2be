/**
 * Issue 14 point 6 (people): a person under a new id who looks like an employee the workbook no longer
 * lists is proposed as a rename at the row; nothing is renamed until the user says so. Real runs of the
 * built command against the sandbox over loopback; the workbooks are CSV bytes.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/index.js';
import { runCli, serviceArgs, tempDir, writeCsvSet } from '../helpers/cli.js';

const HEADER = ['employee_id', 'name', 'email', 'birthday', 'team_id', 'status'];
const ANNA = ['100', 'Anna Holm', 'anna@firma.dk', '1975-04-02', 'T1', ''];
const BO = ['101', 'Bo Kragh', 'bo@firma.dk', '1980-12-31', 'T1', ''];
const ORGANISATION = [
  ['type', 'id', 'name', 'parent_id', 'owner'],
  ['department', 'root', 'Company', '', '100'],
  ['team', 'T1', 'Bogholderi', 'root', ''],
];

let sandbox: RunningSandbox;
let cwd: string;

beforeEach(async () => {
  sandbox = await startSandbox({ quiet: true });
  cwd = tempDir();
});
afterEach(async () => {
  await sandbox.close();
});

function run(employees: string[][], command: string[]) {
  return runCli([...command, writeCsvSet({ employees, organisation: ORGANISATION }), ...serviceArgs(sandbox)], { cwd });
}

async function firstRun(employees: string[][]) {
  const first = await run(employees, ['--yes']);
  expect(first.code, first.stdout + first.stderr).toBe(0);
  sandbox.resetStats();
}

describe('a person under a new id while employee 101 is missing from the workbook', () => {
  it("with 101's e-mail: one sentence at the row proposes previous_employee_id, and nothing is sent", async () => {
    await firstRun([HEADER, ANNA, BO]);
    const result = await run([HEADER, ANNA, ['201', 'Bo Kragh', 'bo@firma.dk', '1980-12-31', 'T1', '']], ['--yes']);
    expect(result.code).toBe(1);
    const atRow = result.stdout.split('\n').filter((line) => /row 3\b/.test(line));
    expect(atRow, result.stdout).toHaveLength(1);
    expect(atRow[0]).toMatch(
      /It looks like employee 101 under a new id: put 101 in previous_employee_id, or give this person their own e-mail address\./,
    );
    expect(result.stdout).not.toMatch(/suggested_match|This looks like/);
    expect(sandbox.stats().writes).toBe(0);
  });

  it("with 101's name and birthday: a warning proposes the rename; the plan creates a second person until the user confirms", async () => {
    await firstRun([HEADER, ANNA, BO]);
    const renamed = ['201', 'Bo Kragh', 'bo.kragh@firma.dk', '1980-12-31', 'T1', ''];
    const plan = await run([HEADER, ANNA, renamed], ['plan']);
    expect(plan.code, plan.stdout + plan.stderr).toBe(0);
    expect(plan.stdout).toMatch(
      /row 3[^\n]*This looks like employee 101 \(Bo Kragh, born 1980-12-31\) under a new id: put 101 in previous_employee_id/,
    );
    expect(plan.stdout).toMatch(/\+ create[^\n]*201/);
    expect(sandbox.stats().writes).toBe(0);

    // Confirmed: the id changes, the person and their data stay; no second person.
    const confirmed = await run(
      [
        [...HEADER, 'previous_employee_id'],
        [...ANNA, ''],
        [...renamed, '101'],
      ],
      ['--yes'],
    );
    expect(confirmed.code, confirmed.stdout + confirmed.stderr).toBe(0);
    expect(confirmed.stdout).not.toMatch(/This looks like/);
    const snapshot = sandbox.snapshot();
    expect(snapshot.employees.map((e) => e.id)).toEqual(['100', '201']);
    expect(snapshot.users.filter((u) => u.name === 'Bo Kragh')).toHaveLength(1);
  });

  it('who left, coming back under a new id: the warning names their user, and following it makes no second person', async () => {
    await firstRun([HEADER, ANNA, BO]);
    expect((await run([HEADER, ANNA, [...BO.slice(0, 5), 'left']], ['--yes'])).code).toBe(0);
    const back = ['201', 'Bo Kragh', 'bo.k@firma.dk', '1980-12-31', 'T1', ''];
    const plan = await run([HEADER, ANNA, back], ['plan']);
    expect(plan.code, plan.stdout + plan.stderr).toBe(0);
    expect(plan.stdout).toMatch(
      /This looks like Bo Kragh, born 1980-12-31 \(user "101" in the service, who has no active employment: someone who left\) coming back under a new id: put "101" in user_id, and their old employee id in previous_employee_id/,
    );

    const confirmed = await run(
      [
        [...HEADER, 'user_id', 'previous_employee_id'],
        [...ANNA, '', ''],
        [...back, '101', '101'],
      ],
      ['--yes'],
    );
    expect(confirmed.code, confirmed.stdout + confirmed.stderr).toBe(0);
    const snapshot = sandbox.snapshot();
    expect(snapshot.employees.find((e) => e.id === '201')).toMatchObject({ userId: '101', active: true });
    expect(snapshot.users.filter((u) => u.name === 'Bo Kragh')).toHaveLength(1);
  });

  it('is not suggested for someone new with another name or birthday', async () => {
    await firstRun([HEADER, ANNA, BO]);
    const plan = await run([HEADER, ANNA, BO, ['202', 'Bo Kragh', 'bo2@firma.dk', '1991-01-01', 'T1', '']], ['plan']);
    expect(plan.code, plan.stdout + plan.stderr).toBe(0);
    expect(plan.stdout).not.toMatch(/looks like/);
  });
});
