/**
 * History and undo (issue 16, points 4 and 5) end to end: two nightly runs against the sandbox over
 * loopback, `history` lists them, `history show` prints one, and `undo` of the second puts the sandbox
 * back as it was before it, except what the undo says it cannot give back (an absence, a person record).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox, type SandboxSnapshot } from '../../src/sandbox/index.js';
import { runCli, serviceArgs, tempDir } from '../helpers/cli.js';
import { nightlyExport, type ExportShape } from '../helpers/nightly.js';

let sandbox: RunningSandbox;
let cwd: string;

beforeEach(async () => {
  sandbox = await startSandbox({ quiet: true });
  cwd = tempDir();
});
afterEach(async () => {
  await sandbox.close();
});

function importExport(shape: ExportShape, ...flags: string[]) {
  return runCli([nightlyExport(shape), '--yes', ...serviceArgs(sandbox), ...flags], { cwd });
}

/** Everything the undo gives back: units, teams with their members, employees, the people behind them. */
function restorable(s: SandboxSnapshot, users: Set<string>) {
  return {
    departments: s.departments,
    teams: s.teams,
    employees: s.employees,
    users: s.users.filter((u) => users.has(u.id)),
    delegations: s.delegations,
  };
}

const SECOND_NIGHT: ExportShape = {
  employees: 17, // 118–120 leave (--prune fires them)
  edits: {
    '101': { employee_id: '201', previous_employee_id: '101' }, // a new employee number
    '102': { team_id: 'T1', employment: 'Team lead' },
    '103': { gender: 'm', name: 'Person 103 Renamed' },
  },
  extraEmployees: [
    {
      employee_id: '301',
      name: 'New Person',
      email: 'new@firma.dk',
      gender: 'f',
      birthday: '1990-01-01',
      employment: 'Trainee',
      team_id: 'T4',
    },
  ],
  unitEdits: { D21: { parent_id: 'D1' }, T2: { name: 'Sales South-West' } },
  extraUnits: [['team', 'T4', 'Interns', 'D2']],
  absences: [['104', '2026-01-05', '2026-01-07']],
};

describe('history and undo of a nightly run', () => {
  it('lists the runs, shows one, and undo puts back the state before the run except what it says it cannot', async () => {
    const first = await importExport({});
    expect(first.code, first.stdout + first.stderr).toBe(0);
    const before = sandbox.snapshot();

    const second = await importExport(SECOND_NIGHT, '--prune', '--report', 'second.json');
    expect(second.code, second.stdout + second.stderr).toBe(0);
    const after = sandbox.snapshot();
    expect(after.employees.find((e) => e.id === '201')?.active).toBe(true);
    expect(after.departments.find((d) => d.id === 'D21')?.parentId).toBe('D1');

    const history = await runCli(['history'], { cwd });
    expect(history.code, history.stdout + history.stderr).toBe(0);
    const runIds = [...history.stdout.matchAll(/^(\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ(?:-\d+)?) {2}exit 0/gm)].map((m) => m[1]!);
    expect(runIds).toHaveLength(2);
    expect(history.stdout).toMatch(/employee: .*3 fire \(3 done\)/);
    expect(history.stdout).toContain('sha256');
    const secondRun = runIds[1]!;

    const shown = await runCli(['history', 'show', secondRun], { cwd });
    expect(shown.code, shown.stdout + shown.stderr).toBe(0);
    expect(shown.stdout).toContain(`Run ${secondRun}`);
    expect(shown.stdout).toMatch(/done\s+rename employee 101 → 201/);
    expect(shown.stdout).toMatch(/done\s+fire employee 120/);
    expect(shown.stdout + shown.stderr).not.toContain(sandbox.accessToken);
    const kept = join(cwd, '.orgsync', 'history');
    // The history keeps the very report the run wrote with --report (copied, not made a second time).
    const secondReport = readFileSync(join(cwd, 'second.json'), 'utf8');
    expect(readFileSync(join(kept, secondRun, 'report.json'), 'utf8')).toBe(secondReport);
    expect(JSON.parse(secondReport).summary.operations.done).toBeGreaterThan(0);
    for (const file of readdirSync(kept, { recursive: true, withFileTypes: true }).filter((f) => f.isFile())) {
      expect(readFileSync(join(file.parentPath, file.name), 'utf8')).not.toContain(sandbox.accessToken);
    }

    const undo = await runCli(['undo', secondRun, '--yes', ...serviceArgs(sandbox)], { cwd });
    expect(undo.code, undo.stdout + undo.stderr).toBe(0);
    expect(undo.stdout).toMatch(/the \d+ people and the \d+ units it changed go back to how they were; what it created is removed\./);
    expect(undo.stdout).toContain('Cannot be undone: 1 absence report(s) cannot be taken back');
    expect(undo.stdout).toContain('Cannot be undone: 1 person record(s) the run created stay');

    const undone = sandbox.snapshot();
    const people = new Set(before.users.map((u) => u.id));
    // What the report says it cannot undo: the absence stays, and the new person's employment is ended.
    expect(undone.absences.map((a) => a.employeeId)).toEqual(['104']);
    expect(undone.employees.find((e) => e.id === '301')?.active).toBe(false);
    const withoutNewcomer = { ...undone, employees: undone.employees.filter((e) => e.id !== '301') };
    expect(restorable(withoutNewcomer, people)).toEqual(restorable(before, people));

    // The undo is a run of its own; running the first export again now changes nothing.
    const listed = await runCli(['history'], { cwd });
    expect(listed.stdout).toContain(`undo of ${secondRun}`);
    const again = await importExport({});
    expect(again.code, again.stdout + again.stderr).toBe(0);
    expect(again.stdout).toContain('Nothing to do');
  });

  it('says how many people and units the undo sets back: one person renamed is "the 1 person" (issue 34, point 14)', async () => {
    expect((await importExport({})).code).toBe(0);
    const before = sandbox.snapshot();
    expect((await importExport({ edits: { '103': { name: 'Person 103 Renamed' } } })).code).toBe(0);
    const ids = [...(await runCli(['history'], { cwd })).stdout.matchAll(/^(\S+Z(?:-\d+)?) {2}exit/gm)].map((m) => m[1]!);
    const undo = await runCli(['undo', ids[1]!, '--yes', ...serviceArgs(sandbox)], { cwd });
    expect(undo.code, undo.stdout + undo.stderr).toBe(0);
    expect(undo.stdout).toMatch(new RegExp(`Undoing run ${ids[1]} \\([^)]+\\): the 1 person it changed goes back to how it was\\.\n`));
    expect(sandbox.snapshot().users).toEqual(before.users);
  });

  it('says there is nothing to undo for a run that sent nothing, and refuses an unknown run', async () => {
    await importExport({});
    const same = await importExport({});
    expect(same.code).toBe(0);
    const ids = [...(await runCli(['history'], { cwd })).stdout.matchAll(/^(\S+Z(?:-\d+)?) {2}exit/gm)].map((m) => m[1]!);
    const undo = await runCli(['undo', ids[1]!, '--yes', ...serviceArgs(sandbox)], { cwd });
    expect(undo.code).toBe(0);
    expect(undo.stdout).toContain('there is nothing to undo');
    const unknown = await runCli(['undo', '2020-01-01T00-00-00Z', '--yes', ...serviceArgs(sandbox)], { cwd });
    expect(unknown.code).toBe(3);
    expect(unknown.stderr).toContain('No run 2020-01-01T00-00-00Z is recorded');
  });
});
