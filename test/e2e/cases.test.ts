/**
 * One case per behaviour of cli.md "Never lose data" and "Order": each starts from a small company,
 * changes the workbook, and checks what the service holds afterwards — over loopback HTTP, through the
 * built command.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/index.js';
import { runCli, serviceArgs, tempDir, writeCsvSet } from '../helpers/cli.js';

const EMPLOYEE_HEADER = ['employee_id', 'name', 'email', 'team_id', 'status', 'previous_employee_id'];
const ORG_HEADER = ['type', 'id', 'name', 'parent_id', 'owner', 'previous_id'];

function person(id: string, team: string, extra: { status?: string; previous?: string } = {}): string[] {
  return [id, `Person ${id}`, `p${id}@nordlys.dk`, team, extra.status ?? '', extra.previous ?? ''];
}

interface Company {
  employees: string[][];
  organisation: string[][];
}

const BASE: Company = {
  organisation: [
    ['department', 'root', 'Company', '', '100', ''],
    ['department', 'A', 'Afdeling A', 'root', '', ''],
    ['department', 'B', 'Afdeling B', 'A', '', ''],
    ['team', 'T1', 'Team 1', 'A', '', ''],
    ['team', 'T2', 'Team 2', 'B', '', ''],
  ],
  employees: [person('100', 'T1'), person('101', 'T1'), person('102', 'T2'), person('103', 'T2')],
};

let sandbox: RunningSandbox;
let cwd: string;

beforeEach(async () => {
  sandbox = await startSandbox({ quiet: true });
  cwd = tempDir();
});
afterEach(async () => {
  await sandbox.close();
});

async function importCompany(company: Company, ...flags: string[]) {
  const dir = writeCsvSet({ employees: [EMPLOYEE_HEADER, ...company.employees], organisation: [ORG_HEADER, ...company.organisation] });
  return runCli([dir, '--yes', ...serviceArgs(sandbox), ...flags], { cwd });
}

async function start(): Promise<void> {
  const result = await importCompany(BASE);
  expect(result.code, result.stdout + result.stderr).toBe(0);
  sandbox.resetStats();
}

const snap = () => sandbox.snapshot();
const parentOf = (id: string) => snap().departments.find((d) => d.id === id)?.parentId;

describe('changes to a company that already exists', () => {
  it('renames an employee with previous_employee_id and keeps the same employee', async () => {
    await start();
    const employees = BASE.employees.map((row) => (row[0] === '101' ? person('201', 'T1', { previous: '101' }) : row));
    const result = await importCompany({ ...BASE, employees });
    expect(result.code).toBe(0);
    const ids = snap().employees.map((e) => e.id);
    expect(ids).toContain('201');
    expect(ids).not.toContain('101');
    expect(snap().employees.find((e) => e.id === '201')).toMatchObject({ active: true, teamId: 'T1' });
    expect(sandbox.stats().successfulCreates['employee:201']).toBeUndefined(); // renamed, never re-created
  });

  it('renames a department with previous_id, and its children follow', async () => {
    await start();
    const organisation = BASE.organisation.map((row) =>
      row[1] === 'A'
        ? ['department', 'A2', 'Afdeling A', 'root', '', 'A']
        : row[3] === 'A'
          ? [...row.slice(0, 3), 'A2', ...row.slice(4)]
          : row,
    );
    const result = await importCompany({ ...BASE, organisation });
    expect(result.code, result.stdout).toBe(0);
    expect(parentOf('B')).toBe('A2');
    expect(snap().teams.find((t) => t.id === 'T1')?.departmentId).toBe('A2');
    expect(sandbox.stats().successfulCreates['department:A2']).toBeUndefined();
  });

  it('moves a team to another department with its members', async () => {
    await start();
    const organisation = BASE.organisation.map((row) => (row[1] === 'T2' ? ['team', 'T2', 'Team 2', 'A', '', ''] : row));
    expect((await importCompany({ ...BASE, organisation })).code).toBe(0);
    const t2 = snap().teams.find((t) => t.id === 'T2');
    expect(t2).toMatchObject({ departmentId: 'A', members: ['102', '103'] });
  });

  it('swaps a parent and its child department', async () => {
    await start();
    const organisation = BASE.organisation.map((row) =>
      row[1] === 'A'
        ? ['department', 'A', 'Afdeling A', 'B', '', '']
        : row[1] === 'B'
          ? ['department', 'B', 'Afdeling B', 'root', '', '']
          : row,
    );
    const result = await importCompany({ ...BASE, organisation });
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(parentOf('B')).toBe('root');
    expect(parentOf('A')).toBe('B');
  });

  it('fires an employee whose status is left, and rehires them when they are active again', async () => {
    await start();
    const left = BASE.employees.map((row) => (row[0] === '103' ? person('103', 'T2', { status: 'left' }) : row));
    expect((await importCompany({ ...BASE, employees: left })).code).toBe(0);
    expect(snap().employees.find((e) => e.id === '103')?.active).toBe(false);

    const back = await importCompany(BASE);
    expect(back.code).toBe(0);
    expect(back.stdout).toMatch(/1 rehired/);
    expect(snap().employees.find((e) => e.id === '103')).toMatchObject({ active: true, teamId: 'T2' });
    expect(sandbox.stats().successfulCreates['employee:103']).toBeUndefined(); // rehired, never re-created
  });

  it('leaves people who are merely absent from the workbook alone without --prune', async () => {
    await start();
    const fewer = BASE.employees.filter((row) => row[0] !== '103');
    const result = await importCompany({ ...BASE, employees: fewer });
    expect(result.stdout).toContain('Nothing to do');
    expect(snap().employees.find((e) => e.id === '103')?.active).toBe(true);
  });

  it('with --prune fires the absent and deletes empty units bottom-up', async () => {
    await start();
    const result = await importCompany(
      {
        employees: BASE.employees.filter((row) => row[0] !== '103').map((row) => (row[0] === '102' ? person('102', 'T1') : row)),
        organisation: BASE.organisation.filter((row) => row[1] !== 'B' && row[1] !== 'T2'),
      },
      '--prune',
      '--accept-changes', // department B leaves with its team: the export guard asks for this
    );
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(
      snap()
        .departments.map((d) => d.id)
        .sort(),
    ).toEqual(['A', 'root']);
    expect(snap().teams.map((t) => t.id)).toEqual(['T1']);
    expect(snap().employees.find((e) => e.id === '103')?.active).toBe(false);
  });

  it('refuses to prune more than --max-deletions, names what it would remove, and sends nothing', async () => {
    await start();
    const result = await importCompany({ ...BASE, employees: BASE.employees.slice(0, 1) }, '--prune', '--max-deletions', '2');
    expect(result.code).toBe(3);
    expect(result.stdout).toMatch(/removes 3 employee/);
    expect(result.stdout).toMatch(/fire employee .+ \(101\)/);
    expect(sandbox.stats().writes).toBe(0);
    const forced = await importCompany({ ...BASE, employees: BASE.employees.slice(0, 1) }, '--prune', '--max-deletions', '2', '--force');
    expect(forced.code).toBe(0);
  });

  it('reports a row the service refuses with its message, writes it into the error file, and goes on', async () => {
    await start();
    // 103 is fired; then 102 is renamed to 103. The fired employee still holds the id, which the service's
    // lists do not show: validation cannot know, the service refuses. (A newcomer taking the e-mail of a
    // person the workbook does not list is refused by validation now: test/e2e/service-refusals.test.ts.)
    const fired = await importCompany({
      ...BASE,
      employees: BASE.employees.map((row) => (row[0] === '103' ? person('103', 'T2', { status: 'left' }) : row)),
    });
    expect(fired.code, fired.stdout + fired.stderr).toBe(0);
    const employees = [...BASE.employees.filter((row) => row[0] !== '102' && row[0] !== '103'), person('103', 'T2', { previous: '102' })];
    const organisation = BASE.organisation.map((row) => (row[1] === 'T1' ? ['team', 'T1', 'Team Et', 'A', '', ''] : row));
    const dir = writeCsvSet({ employees: [EMPLOYEE_HEADER, ...employees], organisation: [ORG_HEADER, ...organisation] });
    const result = await runCli([dir, '--yes', ...serviceArgs(sandbox), '--report', 'report.json'], { cwd });
    expect(result.code).toBe(2);
    expect(result.stdout).toMatch(/Failed: rename employee \S+ → 103 \(employees row 4\): .*id: has already been taken/);
    expect(snap().teams.find((t) => t.id === 'T1')?.name).toBe('Team Et'); // the rest went on
    const report = JSON.parse(readFileSync(join(cwd, 'report.json'), 'utf8'));
    const ops = Object.fromEntries(report.operations.map((o: { key: string; status: string }) => [o.key, o.status]));
    expect(ops).toMatchObject({ 'renameEmployee:102->103': 'failed', 'updateTeam:T1': 'done' });
    const errorFile = readFileSync(join(dir, 'employees.errors.csv'), 'utf8');
    expect(errorFile).toMatch(/103;Person 103;.*refused/);
  });

  it('lets people swap e-mail addresses (their usernames) in one run, and the next run finds nothing to do', async () => {
    await start();
    // A blank username is the e-mail when the username column is present (an absent column is not managed).
    const withUsernames = (rows: string[][]) => ({
      employees: [[...EMPLOYEE_HEADER, 'username'], ...rows.map((row) => [...row, ''])],
      organisation: [ORG_HEADER, ...BASE.organisation],
    });
    const swapped = BASE.employees.map((row) => {
      if (row[0] === '101') return ['101', 'Person 101', 'p102@nordlys.dk', 'T1', '', ''];
      if (row[0] === '102') return ['102', 'Person 102', 'p101@nordlys.dk', 'T2', '', ''];
      return row;
    });
    const importWithUsernames = () => runCli([writeCsvSet(withUsernames(swapped)), '--yes', ...serviceArgs(sandbox)], { cwd });
    const result = await importWithUsernames();
    expect(result.code, result.stdout).toBe(0);
    expect(result.stdout).toMatch(/temporary|frees the username/);
    const users = Object.fromEntries(snap().users.map((u) => [u.id, u.username]));
    expect(users).toMatchObject({ '101': 'p102@nordlys.dk', '102': 'p101@nordlys.dk' });
    const again = await importWithUsernames();
    expect(again.stdout).toContain('Nothing to do');
  });
});
