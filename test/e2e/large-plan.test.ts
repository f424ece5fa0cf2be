/**
 * A plan too large for a page (issue 34, point 14): what the run says points where the whole plan is, never
 * at a page it does not write. The built command plans a first import of 17,000 people (51,012 operations)
 * into a fresh rehearsal sandbox; nothing is sent.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir, writeCsvSet } from '../helpers/cli.js';

describe('a plan of more than 50,000 operations', () => {
  it('gets no page, and its notes and the no-page line say where the whole plan is instead', async () => {
    const employees = [['employee_id', 'name', 'email', 'team_id']];
    for (let i = 0; i < 17_000; i++) employees.push([String(10_000 + i), `Person ${i}`, `p${i}@nordlys.dk`, `T${i % 12}`]);
    const organisation = [
      ['type', 'id', 'name', 'parent_id'],
      ['department', 'root', 'Company', ''],
      ...Array.from({ length: 12 }, (_, i) => ['team', `T${i}`, `Team ${i}`, 'root']),
    ];
    const cwd = tempDir();
    const dir = writeCsvSet({ employees, organisation }, join(cwd, 'company'));

    const planned = await runCli(['plan', 'company', '--sandbox', '--report', 'plan.json'], { cwd });
    expect(planned.code, planned.stdout + planned.stderr).toBe(0);
    expect(planned.stdout).toContain('(51,012 operations)');
    expect(planned.stdout).not.toContain('the plan page shows each');
    expect(planned.stdout).toContain(
      '12 new unit(s) have no leader of their own and inherit the responsible employee from above: team T0 → nobody;',
    );
    expect(planned.stdout).toContain('; and 4 more (the plan is too large for a page: --report FILE.json lists every new unit).');
    expect(planned.stdout).toContain(
      'No org chart page: the plan has 51,012 operations, more than a page shows (50,000); the whole plan is in plan.json.',
    );
    expect(existsSync(`${dir}.plan.html`)).toBe(false);
    const report = JSON.parse(readFileSync(join(cwd, 'plan.json'), 'utf8')) as {
      plan: unknown[];
      plan_detail: { notes: { code: string; message: string }[] };
    };
    expect(report.plan).toHaveLength(51_012);
    const inherit = report.plan_detail.notes.find((n) => n.code === 'new_units_inherit')!;
    expect(inherit.message).not.toContain('the plan page shows each');
  }, 120_000);
});
