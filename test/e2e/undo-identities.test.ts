/**
 * Undo sets back what was, in undo's own words (issue 34, points 4, 5, 6 and 17), through the built command
 * against the sandbox over loopback, with the requests it got recorded by a proxy: an id renamed again by
 * a later run is followed and renamed back (never made a second time), a unit renamed back keeps its
 * members and nothing is sent to the id it leaves, a department the run emptied and deleted comes back
 * before its teams move back into it, and the undo's operations carry undo's reasons, never `pruned`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/index.js';
import { runCli, tempDir } from '../helpers/cli.js';
import { nightlyExport, type ExportShape } from '../helpers/nightly.js';
import { recordedServiceArgs, recordRequests, type Recorder } from '../helpers/recorder.js';
import { recordedRuns } from '../helpers/undo-check.js';

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

const BASE: ExportShape = { employees: 6 };

async function importExport(shape: ExportShape, ...flags: string[]): Promise<string> {
  const result = await runCli([nightlyExport(shape), '--yes', ...recordedServiceArgs(sandbox, recorder), ...flags], { cwd });
  expect(result.code, result.stdout + result.stderr).toBe(0);
  return recordedRuns(cwd).at(-1)!;
}

async function undo(runId: string, ...flags: string[]) {
  recorder.clear();
  return runCli(['undo', runId, '--yes', ...recordedServiceArgs(sandbox, recorder), ...flags], { cwd });
}

interface ReportedOperation {
  action: string;
  id: string;
  status: string;
  reason: string;
  reason_code: string;
  reason_params: Record<string, unknown>;
}

function reportOf(file: string) {
  return JSON.parse(readFileSync(join(cwd, file), 'utf8')) as {
    plan: Omit<ReportedOperation, 'status'>[];
    operations: ReportedOperation[];
    summary: { undoes: string; not_undone: { code: string; params: Record<string, unknown>; message: string }[] };
  };
}

const ids = (items: { id: string }[]) => items.map((i) => i.id).sort();

describe('undo across later renames', () => {
  it('follows an employee and a team through a later run’s renames and renames them back, making nothing twice', async () => {
    await importExport(BASE);
    const before = sandbox.snapshot();
    // Run B: employee 102 → 202, team T1 → T9; run C: 202 → 302, T9 → T8.
    const runB = await importExport({
      ...BASE,
      edits: { '102': { employee_id: '202', previous_employee_id: '102' } },
      unitEdits: { T1: { id: 'T9' } },
    });
    await importExport({
      ...BASE,
      edits: { '102': { employee_id: '302', previous_employee_id: '202' } },
      unitEdits: { T1: { id: 'T8', previous_id: 'T9' } },
    });

    const undone = await undo(runB);
    expect(undone.code, undone.stdout + undone.stderr).toBe(0);
    expect(recorder.writes()).toEqual([
      { method: 'PATCH', path: '/v3/core/employees/302', body: { employee: { id: '102' } } },
      { method: 'PATCH', path: '/v3/core/teams/T8', body: { team: { id: 'T1' } } },
    ]);
    const after = sandbox.snapshot();
    expect(ids(after.employees)).toEqual(ids(before.employees));
    expect(after.teams).toEqual(before.teams);
    expect(after.employees).toEqual(before.employees);
  });
});

describe('undo of a run that renamed a unit and closed a department', () => {
  it('renames the team back with its members, gives the department back first, and says so in undo’s own words', async () => {
    await importExport(BASE);
    const before = sandbox.snapshot();
    // The run renames team T1 → T9, moves team T3 out of department D21 and deletes D21 (--prune).
    const runId = await importExport(
      { ...BASE, unitEdits: { T1: { id: 'T9' }, T3: { parent_id: 'D1' } }, withoutUnits: ['D21'] },
      '--prune',
    );
    expect(sandbox.snapshot().departments.map((d) => d.id)).not.toContain('D21');

    const undone = await undo(runId, '--report', 'undo.json');
    expect(undone.code, undone.stdout + undone.stderr).toBe(0);
    const writes = recorder.writes();
    // Nothing is sent to the id the rename leaves; the department is made before the team moves into it.
    expect(writes).toEqual([
      { method: 'PATCH', path: '/v3/core/teams/T9', body: { team: { id: 'T1' } } },
      { method: 'POST', path: '/v3/core/departments/D2/departments', body: { department: { id: 'D21', name: 'Assembly' } } },
      { method: 'PATCH', path: '/v3/core/departments/D21/teams/T3', body: undefined },
    ]);
    expect(sandbox.snapshot()).toEqual(before);

    // Undo's own reasons, each naming the run; the department is no longer "cannot be undone".
    expect(undone.stdout).toContain(`create department Assembly (D21): run ${runId} removed it: the undo gives it back`);
    expect(undone.stdout).toContain(`move team Assembly line (T3): run ${runId} changed it: the undo sets it back (department D1 → D21)`);
    expect(undone.stdout).not.toContain('Cannot be undone');
    expect(undone.stdout + undone.stderr).not.toContain('workbook');
    const report = reportOf('undo.json');
    expect(report.operations.map((o) => [o.action, o.id, o.reason_code, o.reason_params.run])).toEqual([
      ['rename', 'T1', 'undo_changed', runId],
      ['create', 'D21', 'undo_removed', runId],
      ['move', 'T3', 'undo_changed', runId],
    ]);
    expect(report.summary).toMatchObject({ undoes: runId, not_undone: [] });
  });

  it('removes what the run created as undo_created, never as pruned, and reports what it cannot undo as codes in either language', async () => {
    await importExport(BASE);
    const runId = await importExport(
      {
        ...BASE,
        extraUnits: [['team', 'T4', 'Interns', 'D2']],
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
      },
      '--prune',
    );
    const english = await undo(runId, '--report', 'undo-en.json', '--dry-run');
    const danish = await undo(runId, '--report', 'undo-da.json', '--dry-run', '--lang', 'da');
    expect(english.code, english.stdout + english.stderr).toBe(0);
    expect(danish.code, danish.stdout + danish.stderr).toBe(0);
    const [en, da] = [reportOf('undo-en.json'), reportOf('undo-da.json')];
    const codes = (report: typeof en) => report.plan.map((o) => [o.action, o.id, o.reason_code]);
    expect(codes(en)).toEqual(codes(da));
    expect(codes(en)).toContainEqual(['fire', '301', 'undo_created']);
    expect(codes(en)).toContainEqual(['delete', 'T4', 'undo_created']);
    expect(en.plan.filter((o) => o.reason_code === 'pruned')).toEqual([]);
    expect(en.summary.not_undone.map(({ code, params }) => ({ code, params }))).toEqual([{ code: 'people_stay', params: { count: 1 } }]);
    expect(da.summary.not_undone.map(({ code, params }) => ({ code, params }))).toEqual(
      en.summary.not_undone.map(({ code, params }) => ({ code, params })),
    );
    expect(da.summary.not_undone[0]!.message).not.toBe(en.summary.not_undone[0]!.message);
    expect(recorder.writes()).toEqual([]);
  });

  it('refuses with the run to check, not the workbook, when the undo removes more than the deletion guard allows', async () => {
    const first = await importExport(BASE);
    const refused = await undo(first);
    expect(refused.code).toBe(3);
    expect(refused.stdout).toContain(
      `Refusing: undoing run ${first} removes 6 employees of 6 in the service; the limit is 5 (--max-deletions). Check what the run did (\`orgsync-import history show ${first}\`), or add --force.`,
    );
    expect(refused.stdout).not.toContain('workbook');
    expect(recorder.writes()).toEqual([]);
  });
});
