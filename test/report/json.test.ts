import { mkdtemp, readFile, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildReport, writeReport, writeReportOf } from '../../src/report/json.js';
import type { Operation } from '../../src/model/operations.js';
import { makeIssue } from './make-issue.js';
import { buildPlan } from '../../src/plan/plan.js';
import { holdRemovals } from '../../src/plan/saved.js';
import { ALL_MANAGED, V3_CAPABILITIES, asCurrent, org } from '../helpers/org.js';
import { reasonWording } from '../../src/view/reason-text.js';

const source = { file: 'staff.xlsx', sheet: 'employees' as const, sheetName: 'Medarbejdere', row: 7 };
const renameEmployee: Operation = {
  type: 'renameEmployee',
  key: 'renameEmployee:1001',
  id: '1001',
  fromId: '0042',
  reason: { code: 'as_saved' as const, text: 'previous_employee_id is 0042' },
  source,
};
const addMember: Operation = {
  type: 'addTeamMember',
  key: 'addTeamMember:T1:1001',
  teamId: 'T1',
  employeeId: '1001',
  reason: { code: 'as_saved' as const, text: 'team_id is T1' },
  source,
};

describe('buildReport', () => {
  it('uses the field names of the CLI contract for issues', () => {
    const report = buildReport({ exitCode: 1, issues: [makeIssue({ file: 'staff.xlsx' })] }, reasonWording);
    expect(report.version).toBe('1');
    expect(report.exit_code).toBe(1);
    expect(report.issues).toEqual([
      {
        severity: 'error',
        code: 'invalid_email',
        sheet: 'employees',
        sheet_name: 'Employees',
        file: 'staff.xlsx',
        row: 14,
        column: 'email',
        header: 'E-mail',
        message: 'The e-mail address "x" is not valid.',
        value: 'x',
      },
    ]);
    expect(report.plan).toEqual([]);
    expect(report.operations).toEqual([]);
  });

  it('describes plan entries by action, entity, id and the row they came from', () => {
    const report = buildReport({ exitCode: 0, issues: [], plan: [renameEmployee, addMember] }, reasonWording);
    expect(report.plan[0]).toMatchObject({
      action: 'rename',
      entity: 'employee',
      id: '1001',
      sheet: 'employees',
      sheet_name: 'Medarbejdere',
      row: 7,
      reason: 'previous_employee_id is 0042',
    });
    expect(report.plan[1]).toMatchObject({ action: 'add_member', entity: 'membership', id: '1001@T1' });
    expect(report.summary.plan).toEqual({ employee: { rename: 1 }, membership: { add_member: 1 } });
  });

  it('gives each operation its status, the service status code and message, and what blocked it', () => {
    const report = buildReport(
      {
        exitCode: 2,
        issues: [],
        operations: [
          { op: renameEmployee, status: 'failed', statusCode: 422, message: 'user_id is unknown' },
          { op: addMember, status: 'skipped', statusCode: null, message: null, blockedBy: renameEmployee.key },
        ],
      },
      reasonWording,
    );
    expect(report.operations).toEqual([
      expect.objectContaining({ status: 'failed', status_code: 422, message: 'user_id is unknown', blocked_by: null }),
      expect.objectContaining({ status: 'skipped', status_code: null, blocked_by: 'renameEmployee:1001' }),
    ]);
    expect(report.summary.operations).toEqual({ done: 0, failed: 1, skipped: 1, unchanged: 0 });
  });

  it('carries the whole plan: what each operation waits for, and the deletion guard that stopped it', () => {
    const employees = Array.from({ length: 8 }, (_, i): [string, string, string | null] => [`e${i}`, `u${i}`, null]);
    const current = org({ departments: [['root', null]], employees });
    const desired = org({
      departments: [
        ['root', null],
        ['d1', 'root'],
        ['d2', 'd1'],
      ],
      employees: employees.slice(0, 2),
    });
    const plan = buildPlan({
      desired,
      current: asCurrent(current),
      managed: ALL_MANAGED,
      capabilities: V3_CAPABILITIES,
      reportedAbsences: new Map(),
      prune: true,
      maxDeletions: 5,
    });
    const report = buildReport({ exitCode: 3, issues: [], planned: plan }, reasonWording);
    expect(report.plan.find((e) => e.key === 'createDepartment:d2')?.depends_on).toEqual(['createDepartment:d1']);
    expect(report.plan_detail?.deletion_guard).toMatchObject({
      exceeded: true,
      kinds: [{ entity: 'employee', removals: 6, limit: 5, in_service: 8 }],
    });
    expect(report.plan_detail?.deletion_guard.removals).toHaveLength(6);
    expect(report.summary.plan).toEqual({ department: { create: 2 }, employee: { fire: 6 } });
  });

  it('counts errors and warnings and keeps extra summary fields', () => {
    const report = buildReport(
      {
        exitCode: 0,
        issues: [makeIssue(), makeIssue({ severity: 'warning', code: 'trimmed_value' })],
        summary: { nothing_to_do: true },
      },
      reasonWording,
    );
    expect(report.summary).toMatchObject({ errors: 1, warnings: 1, nothing_to_do: true });
  });
});

describe('writeReport', () => {
  it('writes the report as JSON a script can parse, leaving no temporary file behind', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'orgsync-report-'));
    const path = join(dir, 'out', 'report.json');
    const report = buildReport({ exitCode: 0, issues: [], command: 'validate', files: ['a.csv'] }, reasonWording);
    await writeReport(path, report);
    expect(JSON.parse(await readFile(path, 'utf8'))).toEqual(report);
    expect(await readdir(join(dir, 'out'))).toEqual(['report.json']);
  });

  it('writes a report of many operations entry by entry, in the same indented layout as one JSON text', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'orgsync-report-'));
    const path = join(dir, 'report.json');
    const operations = Array.from({ length: 5000 }, (_, n) => ({
      op: { ...addMember, key: `addTeamMember:T1:${n}`, employeeId: String(n) },
      status: n % 7 ? ('done' as const) : ('failed' as const),
      statusCode: n % 7 ? 200 : 422,
      message: n % 7 ? null : 'line one\nline "two"',
    }));
    const input = {
      exitCode: 2,
      issues: [makeIssue(), makeIssue({ severity: 'warning', code: 'trimmed_value' })],
      plan: operations.map((o) => o.op),
      operations,
      summary: { nothing_to_do: false, nested: { a: [1, 2], b: {} } },
      command: 'run',
      files: ['a.xlsx'],
      startedAt: new Date('2025-01-02T03:04:05Z'),
    };
    const report = buildReport(input, reasonWording);
    await writeReport(path, report);
    expect(await readFile(path, 'utf8')).toBe(`${JSON.stringify(report, null, 2)}\n`);
    // The importer's way: entries made one at a time from the plan and the outcomes.
    await writeReportOf(path, input, reasonWording);
    expect(await readFile(path, 'utf8')).toBe(`${JSON.stringify(report, null, 2)}\n`);
    await writeReportOf(path, { exitCode: 0, issues: [] }, reasonWording);
    expect(await readFile(path, 'utf8')).toBe(`${JSON.stringify(buildReport({ exitCode: 0, issues: [] }, reasonWording), null, 2)}\n`);
  });
});

describe('writeReportOf, the whole plan', () => {
  it('writes each planned operation with what it waits for and whether it is held, as buildReport does', async () => {
    const employees = Array.from({ length: 8 }, (_, i): [string, string, string | null] => [`e${i}`, `u${i}`, null]);
    const current = org({ departments: [['root', null]], employees });
    const desired = org({
      departments: [
        ['root', null],
        ['d1', 'root'],
        ['d2', 'd1'],
      ],
      employees: employees.slice(0, 2),
    });
    const plan = holdRemovals(
      buildPlan({
        desired,
        current: asCurrent(current),
        managed: ALL_MANAGED,
        capabilities: V3_CAPABILITIES,
        reportedAbsences: new Map(),
        prune: true,
      }),
    );
    const operations = plan.operations
      .filter((p) => !plan.held?.includes(p.op.key))
      .map((p) => ({ op: p.op, status: 'done' as const, statusCode: 201, message: null }));
    const input = { exitCode: 0, issues: [], planned: plan, operations, command: 'run' };
    const report = buildReport(input, reasonWording);
    expect(report.plan.find((e) => e.key === 'createDepartment:d2')?.depends_on).toEqual(['createDepartment:d1']);
    expect(report.plan.filter((e) => e.held)).toHaveLength(6);
    const path = join(await mkdtemp(join(tmpdir(), 'orgsync-report-')), 'report.json');
    await writeReportOf(path, input, reasonWording);
    expect(await readFile(path, 'utf8')).toBe(`${JSON.stringify(report, null, 2)}\n`);
  });
});

describe('writing the report to something that is not a file', () => {
  it('writes into a pipe instead of replacing it with a file', async () => {
    const { writeReport, buildReport } = await import('../../src/report/json.js');
    const { mkdtempSync, statSync, createReadStream } = await import('node:fs');
    const { spawnSync } = await import('node:child_process');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const fifo = join(mkdtempSync(join(tmpdir(), 'report-fifo-')), 'report.pipe');
    spawnSync('mkfifo', [fifo]);
    let received = '';
    const reader = new Promise<void>((resolve) => {
      createReadStream(fifo, 'utf8')
        .on('data', (d) => (received += d))
        .on('end', () => resolve());
    });
    await writeReport(fifo, buildReport({ exitCode: 2, issues: [] }, reasonWording));
    await reader;
    expect(statSync(fifo).isFIFO()).toBe(true);
    expect(JSON.parse(received)).toMatchObject({ version: '1', exit_code: 2 });
  });
});
