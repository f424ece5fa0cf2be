/**
 * Issue 24, point 2: reasons are data. The same import planned under `--lang en` and `--lang da` gives
 * the same JSON report but for its words: every plan entry's reason and every note carries its code and
 * values beside the words, so a script reads `reason_code` instead of matching English or Danish text.
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/index.js';
import { ROOT, runCli, serviceArgs, tempDir } from '../helpers/cli.js';

const sandboxes: RunningSandbox[] = [];
afterEach(async () => {
  await Promise.all(sandboxes.splice(0).map((s) => s.close()));
});

const COMPANY_CSV = join(ROOT, 'samples', 'csv');

/** The words of a report: `message` everywhere, and the plan entries' `reason` (their message). */
const WORDS = new Set(['message', 'reason']);

/** Findings in a stable order: the service lists people in no fixed order, so notes about them come in any. */
const sorted = (list: unknown[]) => list.sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));

function withoutWords(path: string): unknown {
  const folder = dirname(path);
  const report = JSON.parse(readFileSync(path, 'utf8'), (key, value: unknown) => {
    // Each language ran in its own folder, at its own time.
    if (typeof value === 'string' && value.includes(folder)) return value.split(folder).join('FOLDER');
    if (WORDS.has(key) && typeof value === 'string') return undefined;
    if (['started_at', 'finished_at', 'duration_ms', 'generated_at', 'run_id'].includes(key)) return undefined;
    return value;
  }) as { issues: unknown[]; plan_detail: { notes: unknown[] } };
  sorted(report.issues);
  sorted(report.plan_detail.notes);
  return report;
}

interface PlanReport {
  plan: { reason: string; reason_code: string; reason_params: Record<string, unknown> }[];
  plan_detail: { notes: { code: string; params: Record<string, unknown>; message: string }[] };
}

/** The company imported, then a reorganisation planned: people leave, a team is renamed, removals pruned. */
async function reorganisationReport(lang: 'en' | 'da'): Promise<string> {
  const sandbox = await startSandbox({ quiet: true });
  sandboxes.push(sandbox);
  const dir = tempDir(`codes-${lang}-`);
  const company = join(dir, 'company');
  cpSync(COMPANY_CSV, company, { recursive: true });
  const first = await runCli([company, '--yes', ...serviceArgs(sandbox), '--lang', lang], { cwd: dir });
  expect(first.code, first.stderr).toBe(0);

  const employees = join(company, 'employees.csv');
  // Three owners of departments leave the export (kept: they own units), and the last two people (fired).
  const lines = readFileSync(employees, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '');
  writeFileSync(employees, `${[...lines.slice(0, 2), ...lines.slice(5, -2)].join('\n')}\n`);
  const organisation = join(company, 'organisation.csv');
  const units = readFileSync(organisation, 'utf8').split('\n');
  const team = units.findIndex((line) => line.startsWith('team;'));
  units[team] = units[team]!.replace(/^(team;[^;]*;)[^;]*/, '$1Nyt navn');
  writeFileSync(organisation, units.join('\n'));
  const planned = await runCli(['plan', company, '--prune', '--report', 'report.json', ...serviceArgs(sandbox), '--lang', lang], {
    cwd: dir,
  });
  expect(planned.code, planned.stderr).toBe(0);
  return join(dir, 'report.json');
}

describe('the JSON report in two languages', () => {
  it('is the same but for its words: each reason and note has its code and values beside them', async () => {
    const english = await reorganisationReport('en');
    const danish = await reorganisationReport('da');
    expect(withoutWords(danish)).toEqual(withoutWords(english));

    const en = JSON.parse(readFileSync(english, 'utf8')) as PlanReport;
    const da = JSON.parse(readFileSync(danish, 'utf8')) as PlanReport;
    // The words differ, the codes are what a script matches.
    expect(da.plan.map((p) => p.reason)).not.toEqual(en.plan.map((p) => p.reason));
    const fired = en.plan.filter((p) => p.reason_code === 'pruned');
    expect(fired.length).toBeGreaterThan(0);
    expect(fired[0]!.reason_params).toEqual({});
    expect(fired[0]!.reason).toBe('not in the workbook (--prune)');
    const renamed = en.plan.find((p) => p.reason_code === 'unit_changed');
    expect(renamed?.reason_params).toEqual({ changes: [expect.objectContaining({ code: 'name', now: 'Nyt navn' })] });
    // Each note says what it is by its own code, with its values: no catch-all code a reader cannot act on.
    const notes = en.plan_detail.notes;
    expect(notes.length).toBeGreaterThan(0);
    expect(notes.every((n) => n.code !== 'plan_note' && typeof n.message === 'string' && typeof n.params === 'object')).toBe(true);
    expect(notes).toContainEqual({
      code: 'kept',
      params: { kind: 'employee', id: '1002', why: { code: 'owns_department', department: 'D-100' } },
      message: 'Employee 1002 is not in the employees sheet but is kept: it owns department D-100.',
      file: null,
      sheet_name: null,
      row: null,
    });
    expect(da.plan_detail.notes.map((n) => n.message)).not.toEqual(notes.map((n) => n.message));
  });
});
