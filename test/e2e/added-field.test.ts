/**
 * Issue 32 point 1: a field added to any table (the person, the employee, the unit) by "Adding a field"
 * alone is read from the workbook, sent on create, read back on v3 and v2, planned when it alone changes,
 * sent on update and given back by undo. The client's and the sandbox's tables are replaced by copies with
 * one added row each (test/helpers/added-fields.ts); the runs are the main job and `undo RUN` called
 * in-process against a sandbox of this process over loopback, and what they did is read from the sandbox.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import type { AppIO } from '../../src/app/io.js';
import { runImport } from '../../src/app/run-import.js';
import { runUndo } from '../../src/app/run-undo.js';
import { TextView } from '../../src/app/text-view.js';
import { listRuns } from '../../src/history/record.js';
import { buildPlan } from '../../src/plan/plan.js';
import { startSandbox, type RunningSandbox, type SandboxSnapshot } from '../../src/sandbox/index.js';
import { ADDED } from '../helpers/added-fields.js';
import { tempDir, writeCsvSet } from '../helpers/cli.js';
import { sandboxRunOptions } from '../helpers/in-process.js';
import { ALL_MANAGED, V3_CAPABILITIES, asCurrent, org } from '../helpers/org.js';

vi.mock('../../src/model/fields.js', async (importOriginal) => {
  const { withAddedFields } = await import('../helpers/added-fields.js');
  return withAddedFields(await importOriginal());
});
vi.mock('../../src/sandbox/store/fields.js', async (importOriginal) => {
  const { withAddedSandboxFields } = await import('../helpers/added-fields.js');
  return withAddedSandboxFields(await importOriginal());
});

interface Values {
  badge: string;
  grade: string;
  /** Unit id → its cost center. */
  costCenters: Record<string, string>;
}

/** The export: one employee in team T1, the units with their cost centers, every added column filled. */
function workbook({ badge, grade, costCenters }: Values): string {
  return writeCsvSet({
    employees: [
      ['employee_id', 'name', 'email', ADDED.user, ADDED.employee, 'team_id'],
      ['E1', 'Ann Berg', 'ann@example.com', badge, grade, 'T1'],
    ],
    organisation: [
      ['type', 'id', 'name', 'parent_id', ADDED.unit],
      ['department', 'root', 'Company', '', costCenters.root!],
      ['department', 'D1', 'Sales', 'root', costCenters.D1!],
      ['team', 'T1', 'Sales North', 'D1', costCenters.T1!],
    ],
  });
}

function capturingIO(): TextView & { said: () => string } {
  const out = new PassThrough();
  let said = '';
  out.on('data', (chunk: Buffer) => {
    said += chunk.toString('utf8');
  });
  const io: AppIO = { stdout: out, stderr: out, stdin: new PassThrough(), interactive: false, colour: false };
  return Object.assign(new TextView(io), { said: () => said });
}

type Unit = Record<string, unknown> & { id: string };

/** What the sandbox holds of the added fields: the person's, the employee's, each unit's. */
function added(snapshot: SandboxSnapshot) {
  const employee = snapshot.employees.find((e) => e.id === 'E1') as (typeof snapshot.employees)[number] & Record<string, unknown>;
  const user = snapshot.users.find((u) => u.id === employee.userId) as Record<string, unknown>;
  const units = [...snapshot.departments, ...snapshot.teams] as Unit[];
  return {
    badge: user[ADDED.user],
    grade: employee[ADDED.employee],
    costCenters: Object.fromEntries(units.map((unit) => [unit.id, unit[ADDED.unit]])),
  };
}

const FIRST: Values = { badge: 'B-1', grade: 'G-1', costCenters: { root: 'CC-0', D1: 'CC-1', T1: 'CC-2' } };
const CHANGED: Values = { badge: 'B-2', grade: 'G-2', costCenters: { root: 'CC-0', D1: 'CC-9', T1: 'CC-8' } };

describe.each(['v3', 'v2'] as const)('a field added to each table, on %s', (api) => {
  it('is read, sent on create, read back, planned and sent when it alone changes, and undone', async () => {
    const sandbox: RunningSandbox = await startSandbox({ quiet: true });
    const stateDir = join(tempDir('added-field-'), '.orgsync');
    const run = async (values: Values, report?: string) => {
      const io = capturingIO();
      const options = { ...sandboxRunOptions(sandbox, [workbook(values)], stateDir), api, ...(report && { report }) };
      expect(await runImport(options, io), io.said()).toBe(0);
    };
    try {
      await run(FIRST);
      const created = sandbox.snapshot();
      // D1, T1 and the person were created with their values; the top department, which was there, updated.
      expect(added(created)).toEqual(FIRST);

      // Read back through the table: the same export again sends nothing.
      sandbox.resetStats();
      await run(FIRST);
      expect(sandbox.stats().writes).toBe(0);

      // A change of the added fields alone is planned, sent, and said by its field.
      const report = join(stateDir, '..', 'report.json');
      await run(CHANGED, report);
      const changed = sandbox.snapshot();
      expect(added(changed)).toEqual(CHANGED);
      // Nothing else changed.
      const addedKeys: string[] = Object.values(ADDED);
      const plain = (records: object[]) =>
        records.map((record) => Object.fromEntries(Object.entries(record).filter(([key]) => !addedKeys.includes(key))));
      const without = (s: SandboxSnapshot) => ({
        ...s,
        users: plain(s.users),
        employees: plain(s.employees),
        departments: plain(s.departments),
        teams: plain(s.teams),
      });
      expect(without(changed)).toEqual(without(created));
      const plan = (JSON.parse(readFileSync(report, 'utf8')) as { plan: { id: string; reason_code: string; reason_params: unknown }[] })
        .plan;
      expect(plan.find((entry) => entry.id === 'D1')).toMatchObject({
        reason_code: 'unit_changed',
        reason_params: { changes: [{ code: 'field', field: ADDED.unit, was: 'CC-1', now: 'CC-9' }] },
      });

      // Undo gives each value back.
      const runs = listRuns(stateDir);
      const io = capturingIO();
      const undoOptions = { ...sandboxRunOptions(sandbox, [], stateDir), api, command: 'undo' as const, force: true };
      expect(await runUndo(undoOptions, runs.at(-1)!.id, io), io.said()).toBe(0);
      expect(sandbox.snapshot()).toEqual(created);
    } finally {
      await sandbox.close();
    }
  });
});

describe('a field added to the employee table, hidden while the employee was fired', () => {
  it('is named in the reason of the update after the rehire, beside the employment', () => {
    const desired = org({ departments: [['root', null]], teams: [['t1', 'root']], employees: [['E1', 'u1', 't1']] });
    Object.assign(desired.employees.get('E1')!, { employment: 'Nurse', [ADDED.employee]: 'G-3' });
    const current = asCurrent(org({ departments: [['root', null]], teams: [['t1', 'root']], users: [['u1']] }));
    current.firedEmployees = new Set(['E1']);
    const plan = buildPlan({
      desired,
      current,
      managed: ALL_MANAGED,
      capabilities: V3_CAPABILITIES,
      reportedAbsences: new Map(),
      prune: false,
    });
    const update = plan.operations.find((p) => p.op.type === 'updateEmployee')!.op;
    expect(update.reason).toEqual({
      code: 'employment_not_shown',
      field: 'employment',
      now: 'Nurse',
      more: [{ field: ADDED.employee, now: 'G-3' }],
    });
  });
});
