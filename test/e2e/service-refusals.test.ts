/**
 * Issue 10 point 7: what the service would refuse is refused in validation, at the row, before any write.
 * The company is made by a first run against the sandbox (loopback HTTP); the second run's workbook (CSV
 * bytes) carries the mistake; the sandbox must have received no write.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/index.js';
import { runCli, serviceArgs, tempDir, writeCsvSet } from '../helpers/cli.js';

const EMPLOYEES = [
  ['employee_id', 'name', 'email', 'team_id'],
  ['100', 'Anna Holm', 'anna@firma.dk', 'T1'],
  ['101', 'Bo Kragh', 'bo@firma.dk', 'T1'],
  ['102', 'Carl Berg', 'carl@firma.dk', 'T1'],
];
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
  const first = await runCli([writeCsvSet({ employees: EMPLOYEES, organisation: ORGANISATION }), '--yes', ...serviceArgs(sandbox)], {
    cwd,
  });
  expect(first.code, first.stdout + first.stderr).toBe(0);
  sandbox.resetStats();
});
afterEach(async () => {
  await sandbox.close();
});

function run(sheets: Record<string, string[][]>, command: string[] = ['--yes']) {
  return runCli([...command, writeCsvSet(sheets), ...serviceArgs(sandbox)], { cwd });
}

describe('an id the export changed (101 written as 101.0), the person not otherwise in the workbook', () => {
  it("is refused at its row before any write, suggesting the service's id", async () => {
    const employees = EMPLOYEES.map((row) => (row[0] === '101' ? ['101.0', ...row.slice(1)] : row));
    const before = sandbox.snapshot();
    const result = await run({ employees, organisation: ORGANISATION });
    expect(result.code, result.stdout + result.stderr).toBe(1);
    expect(result.stdout).toMatch(/row 3/);
    expect(result.stdout).toMatch(/bo@firma\.dk.*Bo Kragh \(user "101", employee "101"\).*same person under id "101"/s);
    expect(sandbox.stats().writes).toBe(0);
    expect(sandbox.snapshot()).toEqual(before);
  });

  it('is refused by validate as well, for 0101 and with a username column', async () => {
    const employees = [
      ['employee_id', 'name', 'email', 'username', 'team_id'],
      ['100', 'Anna Holm', 'anna@firma.dk', '', 'T1'],
      ['0101', 'Bo Kragh', 'bo.kragh@firma.dk', 'bo@firma.dk', 'T1'],
      ['102', 'Carl Berg', 'carl@firma.dk', '', 'T1'],
    ];
    const result = await run({ employees, organisation: ORGANISATION }, ['validate']);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/username "bo@firma\.dk".*same person under id "101"/s);
    expect(sandbox.stats().writes).toBe(0);
  });
});

describe('firing the owner of the top department', () => {
  it('is refused at the row when the workbook does not give the top department another owner', async () => {
    const employees = [
      ['employee_id', 'name', 'email', 'team_id', 'status'],
      ...EMPLOYEES.slice(1).map((row) => [...row, row[0] === '100' ? 'left' : '']),
    ];
    const organisation = ORGANISATION.map((row) => row.slice(0, 4));
    const result = await run({ employees, organisation });
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/Employee "100" owns the top department "root".*refuses to fire/);
    expect(sandbox.stats().writes).toBe(0);
  });

  it('goes through when the workbook gives the top department another owner', async () => {
    const employees = [
      ['employee_id', 'name', 'email', 'team_id', 'status'],
      ...EMPLOYEES.slice(1).map((row) => [...row, row[0] === '100' ? 'left' : '']),
    ];
    const organisation = ORGANISATION.map((row) => (row[1] === 'root' ? ['department', 'root', 'Company', '', '101'] : row));
    const result = await run({ employees, organisation });
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(sandbox.snapshot().employees.find((e) => e.id === '100')?.active).toBe(false);
  });
});
