/**
 * Undo gives back everything its before-values hold (issue 23, point 1), through the built command line
 * against the sandbox over loopback: a unit's owner, a rehired employee fired again, and the words speak
 * of the run undone, not of a workbook. The requests the sandbox got are checked through a recording proxy.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/index.js';
import { runCli, tempDir } from '../helpers/cli.js';
import { nightlyExport, type ExportShape } from '../helpers/nightly.js';
import { recordedServiceArgs, recordRequests, type Recorder } from '../helpers/recorder.js';

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

const OWNERS = { root: '101', D1: '103', T1: '104' };
const BASE: ExportShape = { employees: 12, owners: OWNERS };

async function importExport(shape: ExportShape, ...flags: string[]) {
  const result = await runCli([nightlyExport(shape), '--yes', ...recordedServiceArgs(sandbox, recorder), ...flags], { cwd });
  expect(result.code, result.stdout + result.stderr).toBe(0);
  return result;
}

async function lastRunId(): Promise<string> {
  const history = await runCli(['history'], { cwd });
  const ids = [...history.stdout.matchAll(/^(\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ(?:-\d+)?) {2}/gm)].map((m) => m[1]!);
  return ids.at(-1)!;
}

async function undo(runId: string, ...flags: string[]) {
  recorder.clear();
  const result = await runCli(['undo', runId, '--yes', ...recordedServiceArgs(sandbox, recorder), ...flags], { cwd });
  expect(result.code, result.stdout + result.stderr).toBe(0);
  expect(result.stderr).not.toMatch(/\n\s+at .+:\d+:\d+/);
  return result;
}

const ownerOf = (kind: 'departments' | 'teams', id: string) => sandbox.snapshot()[kind].find((u) => u.id === id)?.owner;

describe("undo puts back a unit's owner", () => {
  it("undoes a run that only changed a department's owner (3 → 4)", async () => {
    await importExport(BASE);
    const before = sandbox.snapshot();
    await importExport({ ...BASE, owners: { ...OWNERS, D1: '105' } });
    expect(ownerOf('departments', 'D1')).toBe('105');
    const runId = await lastRunId();

    const undone = await undo(runId);
    expect(undone.stdout).not.toContain('Nothing to do');
    expect(undone.stdout + undone.stderr).not.toContain('workbook');
    // The run re-set T2's blank owner (v3 cannot show whether it was inherited): undo sends it back the same.
    expect(recorder.writes()).toHaveLength(2);
    expect(recorder.writes()).toContainEqual({ method: 'PATCH', path: '/v3/core/departments/D1', body: { department: { owner: '103' } } });
    expect(recorder.writes()).toContainEqual({ method: 'PATCH', path: '/v3/core/teams/T2', body: { team: { owner: null } } });
    expect(sandbox.snapshot()).toEqual(before);
  });

  it('gives back owners beside the other changes of the run, an inherited owner as inherited', async () => {
    await importExport(BASE);
    const before = sandbox.snapshot();
    // T2 had no owner of its own (it inherited D1's); the run gives it one, moves T1's and renames D1.
    await importExport({
      ...BASE,
      owners: { ...OWNERS, T1: '107', T2: '108' },
      unitEdits: { D1: { name: 'Sales and Service' } },
      edits: { '102': { employment: 'Chief' } },
    });
    expect(ownerOf('teams', 'T2')).toBe('108');
    const runId = await lastRunId();

    await undo(runId);
    const writes = recorder.writes();
    expect(writes).toContainEqual({ method: 'PATCH', path: '/v3/core/teams/T1', body: { team: { owner: '104' } } });
    expect(writes).toContainEqual({ method: 'PATCH', path: '/v3/core/teams/T2', body: { team: { owner: null } } });
    expect(sandbox.snapshot()).toEqual(before);
  });

  it('says, when the service is already as before the run, that there is nothing to undo — in English and Danish', async () => {
    await importExport(BASE);
    await importExport({ ...BASE, owners: { ...OWNERS, D1: '105' } });
    const runId = await lastRunId();
    await undo(runId);
    const again = await undo(runId);
    expect(again.stdout).toContain(`Nothing to undo: the service already matches how it was before run ${runId}.`);
    expect(again.stdout).not.toContain('workbook');
    const danish = await undo(runId, '--lang', 'da');
    expect(danish.stdout).toContain(`Intet at fortryde: tjenesten er allerede, som den var før kørsel ${runId}.`);
    expect(danish.stdout).not.toContain('projektmappen');
    expect(recorder.writes()).toEqual([]);
  });
});

describe('undo of a rehire', () => {
  it('rehires without an employment update that changes nothing, and undo fires the employee again', async () => {
    await importExport(BASE);
    await importExport({ ...BASE, employees: 11 }, '--prune');
    const whileGone = sandbox.snapshot();
    expect(whileGone.employees.find((e) => e.id === '112')?.active).toBe(false);

    recorder.clear();
    const back = await importExport(BASE);
    expect(back.stdout).toMatch(/rehire employee .+ \(112, /);
    // The title the employee had when fired is known: the rehire is not followed by a change from "".
    expect(back.stdout).not.toContain('employment: ""');
    expect(recorder.writes().filter((w) => w.path.includes('/112'))).toEqual([
      { method: 'PATCH', path: '/v3/core/users/112/employees/112', body: undefined },
      { method: 'POST', path: '/v3/core/teams/T3/employees/112', body: undefined },
    ]);
    const runId = await lastRunId();

    const undone = await undo(runId);
    expect(undone.stdout).toMatch(/employee\s+fire\s+1: 1 done/);
    expect(recorder.writes()).toContainEqual({ method: 'DELETE', path: '/v3/core/employees/112', body: undefined });
    expect(sandbox.snapshot()).toEqual(whileGone);
  });
});

describe('undo of a leaver who led a team and held a delegation', () => {
  it('rehires them with the team they led and the delegation they held, which the service took away on firing', async () => {
    const leader: ExportShape = { ...BASE, owners: { ...OWNERS, T3: '112' }, delegations: [['T3', 'dialog_access_siab', '112']] };
    await importExport(leader);
    const before = sandbox.snapshot();
    expect(before.delegations.map((d) => d.employeeId)).toEqual(['112']);
    // This export has no owner column: only the firing takes the team from its leader (the service's rule).
    await importExport({ ...BASE, owners: undefined, employees: 11, delegations: [] }, '--prune', '--accept-changes');
    expect(ownerOf('teams', 'T3')).toBeNull();
    expect(sandbox.snapshot().delegations).toEqual([]);
    const runId = await lastRunId();

    await undo(runId);
    expect(recorder.writes()).toContainEqual({ method: 'PATCH', path: '/v3/core/teams/T3', body: { team: { owner: '112' } } });
    expect(recorder.writes()).toContainEqual({
      method: 'POST',
      path: '/v3/core/teams/T3/delegations',
      body: { delegation: { responsibility: 'dialog_access_siab', employee_id: '112' } },
    });
    const withoutServiceIds = (s: typeof before) => ({ ...s, delegations: s.delegations.map(({ id: _id, ...d }) => d) });
    expect(withoutServiceIds(sandbox.snapshot())).toEqual(withoutServiceIds(before));
  });
});
