/**
 * The delegation reading scope: once the workbook is validated, only the units the
 * plan needs are read. Checked through the built command against the sandbox over loopback, counting the
 * delegation lists the sandbox was asked for.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/index.js';
import { runCli, serviceArgs, tempDir, writeCsvSet } from '../helpers/cli.js';

const TEAMS = 30;
const EMPLOYEES = [
  ['employee_id', 'name', 'email', 'team_id'],
  ['100', 'Person 100', 'p100@nordlys.dk', 'T1'],
];
const ORGANISATION = [
  ['type', 'id', 'name', 'parent_id', 'owner'],
  ['department', 'root', 'Company', '', '100'],
  ...Array.from({ length: TEAMS }, (_, i) => ['team', `T${i + 1}`, `Team ${i + 1}`, 'root', '']),
];
const UNITS = TEAMS + 1;

let sandbox: RunningSandbox;
let cwd: string;
let workbook: string;

beforeEach(async () => {
  sandbox = await startSandbox({ quiet: true });
  cwd = tempDir();
  workbook = writeCsvSet({ employees: EMPLOYEES, organisation: ORGANISATION });
  const setup = await runCli([workbook, '--yes', ...serviceArgs(sandbox)], { cwd });
  expect(setup.code, setup.stdout + setup.stderr).toBe(0);
  // A service slower than the workbook: the workbook (two small CSV files) is validated long before
  // the delegations of 31 units, two at a time at 100 ms each, could all have been read.
  sandbox.setFaults({ latencyMs: 100 });
  sandbox.resetStats();
});
afterEach(async () => {
  await sandbox.close();
});

function delegationListsRead(): number {
  return Object.entries(sandbox.stats().byRoute)
    .filter(([route]) => route.startsWith('GET ') && route.endsWith('/delegations'))
    .reduce((sum, [, count]) => sum + count, 0);
}

describe('reading only the delegations the plan needs', () => {
  it('stops reading delegations once a workbook without a delegations sheet is validated (plan)', async () => {
    const result = await runCli([workbook, '--dry-run', '--concurrency', '2', ...serviceArgs(sandbox)], { cwd });
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toContain('Nothing to do');
    // The delegations wait for the workbook, which names none: not one unit's list is read.
    expect(delegationListsRead()).toBe(0);
  });

  it('reads no unit to the end for validate, which plans nothing', async () => {
    const result = await runCli(['validate', workbook, '--concurrency', '2', ...serviceArgs(sandbox)], { cwd });
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(delegationListsRead()).toBe(0);
  });

  it('reads only the units the delegations sheet names, without --prune; every unit with it', async () => {
    const delegations = [
      ['unit_id', 'responsibility', 'employee_id'],
      ['T7', 'dialog_access_cv', '100'],
    ];
    const withDelegations = writeCsvSet({ employees: EMPLOYEES, organisation: ORGANISATION, delegations });
    const first = await runCli([withDelegations, '--yes', ...serviceArgs(sandbox)], { cwd });
    expect(first.code, first.stdout + first.stderr).toBe(0);
    expect(delegationListsRead()).toBe(1);
    sandbox.setFaults({ latencyMs: 0 });
    sandbox.resetStats();
    const again = await runCli([withDelegations, '--yes', ...serviceArgs(sandbox)], { cwd });
    expect(again.code, again.stdout + again.stderr).toBe(0);
    expect(again.stdout).toContain('Nothing to do');
    expect(delegationListsRead()).toBe(1);
    sandbox.resetStats();
    const pruned = await runCli([withDelegations, '--dry-run', '--prune', ...serviceArgs(sandbox)], { cwd });
    expect(pruned.code, pruned.stdout + pruned.stderr).toBe(0);
    expect(delegationListsRead()).toBe(UNITS);
  });
});
