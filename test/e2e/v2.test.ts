/** The same product on the deprecated v2 API: the cases v2 can express, through the built command. */
import { copyFileSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/index.js';
import { SAMPLE_CSV, runCli, serviceArgs, startCli, tempDir, writeCsvSet } from '../helpers/cli.js';
import { desiredFrom, sandboxView, workbookView } from '../helpers/equality.js';

let sandbox: RunningSandbox | undefined;
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

/** The sample company's CSV set without its delegations sheet: v2 has no delegations. */
function sampleWithoutDelegations(): string {
  const dir = tempDir('v2-sample-');
  for (const name of readdirSync(SAMPLE_CSV)) if (name !== 'delegations.csv') copyFileSync(join(SAMPLE_CSV, name), join(dir, name));
  return dir;
}

/** v2 has no separate users: compare people by their fields, not by user ids. */
function withoutUserIds<T extends { employees: { userId: string }[]; users: unknown[] }>(view: T) {
  return { ...view, users: [], employees: view.employees.map((e) => ({ ...e, userId: '' })) };
}

describe('importing into v2', () => {
  it('refuses delegation rows before anything is sent', async () => {
    sandbox = await startSandbox({ quiet: true });
    const dir = tempDir('v2-sample-');
    for (const name of readdirSync(SAMPLE_CSV)) copyFileSync(join(SAMPLE_CSV, name), join(dir, name));
    const result = await runCli([dir, '--yes', ...serviceArgs(sandbox, 'v2')], { cwd: tempDir() });
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/delegations: \d+ errors \(not_supported \d+\)/);
    expect(sandbox.stats().writes).toBe(0);
  });

  it('makes the service equal the sample company, and a second run sends no write', async () => {
    sandbox = await startSandbox({ quiet: true });
    const dir = sampleWithoutDelegations();
    const cwd = tempDir();
    const first = await runCli([dir, '--yes', ...serviceArgs(sandbox, 'v2')], { cwd });
    expect(first.code, first.stdout + first.stderr).toBe(0);
    const desired = await desiredFrom([dir], { api: 'v2' });
    expect(withoutUserIds(sandboxView(sandbox.snapshot()))).toEqual(withoutUserIds(workbookView(desired, { delegations: false })));
    const writes = sandbox.stats().writes;
    const second = await runCli([dir, '--yes', ...serviceArgs(sandbox, 'v2')], { cwd });
    expect(second.code).toBe(0);
    expect(second.stdout).toContain('Nothing to do');
    expect(sandbox.stats().writes).toBe(writes);
  });

  it('lands exactly once through 503s, dropped connections and SIGKILL', async () => {
    sandbox = await startSandbox({
      quiet: true,
      faults: { unavailableRate: 0.1, dropAfterCommitRate: 0.03, retryAfterSeconds: 0, latencyMs: 10, seed: 5 },
    });
    const dir = sampleWithoutDelegations();
    const cwd = tempDir();
    const child = startCli([dir, '--yes', ...serviceArgs(sandbox, 'v2')], { cwd });
    const killed = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => child.kill('SIGKILL'), 1500);
      child.on('close', (code) => {
        clearTimeout(timer);
        resolve(code === null);
      });
    });
    expect(killed).toBe(true);
    let code: number | null = null;
    for (let i = 0; i < 4 && code !== 0; i++) code = (await runCli([dir, '--yes', ...serviceArgs(sandbox, 'v2')], { cwd })).code;
    expect(code).toBe(0);
    sandbox.setFaults({});
    const desired = await desiredFrom([dir], { api: 'v2' });
    expect(withoutUserIds(sandboxView(sandbox.snapshot()))).toEqual(withoutUserIds(workbookView(desired, { delegations: false })));
    expect(Object.entries(sandbox.stats().successfulCreates).filter(([, n]) => n > 1)).toEqual([]);
  });
});

describe('what v2 counts as already matching (issue 34, point 12)', () => {
  it('counts the people it creates as created, as v3 does, and a person whose name it changes as changed', async () => {
    const people = (name102: string, extra: string[][] = []) => [
      ['employee_id', 'name', 'email', 'team_id'],
      ['101', 'Person 101', 'p101@nordlys.dk', 'T1'],
      ['102', name102, 'p102@nordlys.dk', 'T1'],
      ['103', 'Person 103', 'p103@nordlys.dk', 'T1'],
      ['104', 'Person 104', 'p104@nordlys.dk', 'T1'],
      ...extra,
    ];
    const organisation = [
      ['type', 'id', 'name', 'parent_id'],
      ['department', 'root', 'Company', ''],
      ['team', 'T1', 'Team 1', 'root'],
    ];
    const alreadyMatching = (path: string) =>
      (JSON.parse(readFileSync(path, 'utf8')) as { summary: { already_matching: number } }).summary.already_matching;
    const counts: Record<string, number[]> = {};
    for (const api of ['v3', 'v2'] as const) {
      sandbox = await startSandbox({ quiet: true });
      const cwd = tempDir();
      const dir = writeCsvSet({ employees: people('Person 102'), organisation });
      const first = await runCli([dir, '--yes', '--report', 'first.json', ...serviceArgs(sandbox, api)], { cwd });
      expect(first.code, first.stdout + first.stderr).toBe(0);
      // 102 renamed and 105 new: 9 of the 12 people, employments and units are as the workbook says.
      writeCsvSet({ employees: people('Person 102 Renamed', [['105', 'Person 105', 'p105@nordlys.dk', 'T1']]), organisation }, dir);
      const second = await runCli([dir, '--yes', '--report', 'second.json', ...serviceArgs(sandbox, api)], { cwd });
      expect(second.code, second.stdout + second.stderr).toBe(0);
      counts[api] = [alreadyMatching(join(cwd, 'first.json')), alreadyMatching(join(cwd, 'second.json'))];
      if (api === 'v2') expect(first.stdout).toContain('1 people and units of the workbook already matched the service.');
      await sandbox.close();
      sandbox = undefined;
    }
    // The top department alone matched before the first import.
    expect(counts).toEqual({ v3: [1, 9], v2: [1, 9] });
  });
});

describe('v2 changes to an existing company', () => {
  const EMPLOYEES = ['employee_id', 'name', 'email', 'team_id', 'status'];
  const ORG = ['type', 'id', 'name', 'parent_id', 'owner'];
  const organisation = [
    ORG,
    ['department', 'root', 'Company', '', ''],
    ['department', 'A', 'A', 'root', ''],
    ['department', 'B', 'B', 'root', ''],
    ['team', 'T1', 'T1', 'A', '101'],
    ['team', 'T2', 'T2', 'B', ''],
  ];
  const people = (status103 = '') => [
    EMPLOYEES,
    ['101', 'Person 101', 'p101@nordlys.dk', 'T1', ''],
    ['102', 'Person 102', 'p102@nordlys.dk', 'T1', ''],
    ['103', 'Person 103', 'p103@nordlys.dk', 'T2', status103],
  ];

  it('moves a team, fires, and rehires within the 14 days; past them the plan says a new employee is created', async () => {
    let now = new Date();
    sandbox = await startSandbox({ quiet: true, now: () => now });
    const cwd = tempDir();
    const run = (orgRows: string[][], employeeRows: string[][], ...flags: string[]) =>
      runCli([writeCsvSet({ employees: employeeRows, organisation: orgRows }), '--yes', ...serviceArgs(sandbox!, 'v2'), ...flags], { cwd });
    expect((await run(organisation, people())).code).toBe(0);

    const moved = organisation.map((r) => (r[1] === 'T2' ? ['team', 'T2', 'T2', 'A', ''] : r));
    expect((await run(moved, people())).code).toBe(0);
    expect(sandbox.snapshot().teams.find((t) => t.id === 'T2')).toMatchObject({ departmentId: 'A', members: ['103'] });

    expect((await run(moved, people('left'))).code).toBe(0);
    expect(sandbox.snapshot().employees.find((e) => e.id === '103')?.active).toBe(false);
    const back = await run(moved, people());
    expect(back.code).toBe(0);
    expect(back.stdout).toContain('rehired by this create');
    expect(sandbox.snapshot().employees.filter((e) => e.id === '103')).toHaveLength(1);

    expect((await run(moved, people('left'))).code).toBe(0);
    // Twenty days pass, for the service and for the importer's record of when it fired 103.
    now = new Date(Date.now() + 20 * 86_400_000);
    const fired = join(cwd, '.orgsync', 'fired', readdirSync(join(cwd, '.orgsync', 'fired'))[0]!);
    const past = new Date(Date.now() - 20 * 86_400_000).toISOString().slice(0, 10);
    // The ledger's last line records 103's firing (with their title after the day): only the day is moved.
    writeFileSync(fired, readFileSync(fired, 'utf8').replace(/"fired_on":"[0-9-]+"([^\n]*)\n$/, `"fired_on":"${past}"$1\n`));
    const plan = await runCli(['plan', writeCsvSet({ employees: people(), organisation: moved }), ...serviceArgs(sandbox, 'v2')], { cwd });
    expect(plan.stdout).toContain('a NEW employee is created; the earlier data stays with the old one');
  });

  it('reports an employee sick and then fit', async () => {
    sandbox = await startSandbox({ quiet: true });
    const cwd = tempDir();
    const sick = [
      ['employee_id', 'start_date', 'end_date'],
      ['101', '2026-11-02', ''],
    ];
    const dir1 = writeCsvSet({ employees: people(), organisation, absence: sick });
    expect((await runCli([dir1, '--yes', ...serviceArgs(sandbox, 'v2')], { cwd })).code).toBe(0);
    expect(sandbox.snapshot().absences).toMatchObject([{ employeeId: '101', startDate: '2026-11-02', endDate: '9999-12-31' }]);
    const fit = [
      ['employee_id', 'start_date', 'end_date'],
      ['101', '2026-11-02', '2026-11-06'],
    ];
    const dir2 = writeCsvSet({ employees: people(), organisation, absence: fit });
    expect((await runCli([dir2, '--yes', ...serviceArgs(sandbox, 'v2')], { cwd })).code).toBe(0);
    expect(sandbox.snapshot().absences).toMatchObject([{ employeeId: '101', startDate: '2026-11-02', endDate: '2026-11-06' }]);
    const again = await runCli([dir2, '--yes', ...serviceArgs(sandbox, 'v2')], { cwd });
    expect(again.stdout).toContain('Nothing to do');
  });
});
