/**
 * sheets.md "Absent columns": a column the workbook leaves out is not managed. Two runs against the
 * sandbox over loopback: the first with every optional column, the second with only the required ones;
 * the service's state after the second is what the first made.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/index.js';
import { runCli, serviceArgs, tempDir, writeCsvSet } from '../helpers/cli.js';

const ORGANISATION = [
  ['type', 'id', 'name', 'parent_id'],
  ['department', 'root', 'Company', ''],
  ['team', 'T1', 'Bogholderi', 'root'],
];

// Anna has two jobs (one person, user U1); Bo has one.
const FULL = [
  ['employee_id', 'user_id', 'name', 'email', 'username', 'gender', 'birthday', 'employment', 'system_language', 'team_id'],
  ['101', 'U1', 'Anna Holm', 'anna@firma.dk', 'anna.holm', 'f', '1980-05-17', 'Bogholder', 'en', 'T1'],
  ['102', 'U1', 'Anna Holm', 'anna@firma.dk', 'anna.holm', 'f', '1980-05-17', 'Kasserer', 'en', 'T1'],
  ['103', '', 'Bo Kragh', 'bo@firma.dk', 'bokr', 'm', '1975-01-02', 'Udvikler', 'da', 'T1'],
];

const REQUIRED_ONLY = [
  ['employee_id', 'name', 'email'],
  ['101', 'Anna Holm', 'anna@firma.dk'],
  ['102', 'Anna Holm', 'anna@firma.dk'],
  ['103', 'Bo Kragh', 'bo@firma.dk'],
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

function importSheets(employees: string[][], ...flags: string[]) {
  const dir = writeCsvSet({ employees, organisation: ORGANISATION });
  return runCli([dir, '--yes', ...serviceArgs(sandbox), ...flags], { cwd });
}

describe('a second run whose employees sheet leaves out every optional column', () => {
  it('keeps usernames, the person behind each job, gender, birthday, title and team as the service has them', async () => {
    const first = await importSheets(FULL);
    expect(first.code, first.stdout + first.stderr).toBe(0);
    const before = sandbox.snapshot();
    expect(before.employees.filter((e) => e.id.startsWith('10')).map((e) => [e.id, e.userId])).toEqual([
      ['101', 'U1'],
      ['102', 'U1'],
      ['103', '103'],
    ]);
    sandbox.resetStats();

    // Leaving columns out is what the export guard refuses by default; here it is meant.
    const second = await importSheets(REQUIRED_ONLY, '--accept-changes');
    expect(second.code, second.stdout + second.stderr).toBe(0);
    expect(second.stdout).not.toMatch(/already belongs to another person/);
    expect(sandbox.stats().writes).toBe(0);
    const after = sandbox.snapshot();
    expect(after.users).toEqual(before.users);
    expect(after.employees).toEqual(before.employees);
    expect(after.users.find((u) => u.id === 'U1')).toMatchObject({ username: 'anna.holm', gender: 'f', birthday: '1980-05-17' });
    expect(after.users.find((u) => u.id === '103')?.username).toBe('bokr');
  });

  it('still changes what a present column says: a new e-mail is sent, the username stays', async () => {
    expect((await importSheets(FULL)).code).toBe(0);
    const changed = REQUIRED_ONLY.map((row) => (row[0] === '103' ? ['103', 'Bo Kragh', 'bo.kragh@firma.dk'] : row));
    const second = await importSheets(changed, '--accept-changes');
    expect(second.code, second.stdout + second.stderr).toBe(0);
    expect(sandbox.snapshot().users.find((u) => u.id === '103')).toMatchObject({ email: 'bo.kragh@firma.dk', username: 'bokr' });
  });
});

describe('two jobs of one person without a user_id column', () => {
  it('are refused offline with a message that points at user_id', async () => {
    const dir = writeCsvSet({ employees: REQUIRED_ONLY, organisation: ORGANISATION });
    const result = await runCli(['validate', dir], { cwd });
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/anna@firma\.dk.*already belongs to another person.*add a user_id column/);
  });
});
