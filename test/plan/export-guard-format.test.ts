/**
 * The guard's summary on disk: compact (a flag per row and column, not a list of ids per column), and a
 * summary written by a release before it (version 1, lists of ids) still finds exactly what it found.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { baselineOf, checkExport } from '../../src/plan/export-guard.js';
import { readBaseline, saveBaseline } from '../../src/history/baseline.js';
import { ALL_MANAGED, org } from '../helpers/org.js';

const ids = (n: number) => Array.from({ length: n }, (_, i) => String(101 + i));
const company = (n: number, teamOf: (i: number) => string | null) =>
  org({
    employees: ids(n).map((id, i) => [id, `U${id}`, teamOf(i)]),
    departments: [
      ['root', null],
      ['D1', 'root', '101'],
      ['D2', 'root'],
      ['D21', 'D2', '102'],
    ],
    teams: [
      ['T1', 'D1'],
      ['T2', 'D1', '103'],
      ['T3', 'D21'],
    ],
  });

/** What version 1 wrote for `company(20, every third without a team)`: the ids with a value, per column. */
function version1(): object {
  const all = ids(20);
  return {
    version: 1,
    runId: 'R1',
    employees: {
      columns: ['username', 'employment', 'team_id'],
      filled: { username: all, team_id: all.filter((_, i) => i % 3 !== 0) },
      active: all,
    },
    organisation: {
      columns: ['owner'],
      filled: { owner: ['department:D1', 'department:D21', 'team:T2'] },
      departments: { root: null, D1: 'root', D2: 'root', D21: 'D2' },
      teams: { T1: 'D1', T2: 'D1', T3: 'D21' },
    },
  };
}

describe('the export guard summary on disk', () => {
  const before = company(20, (i) => (i % 3 === 0 ? null : 'T1'));
  const now = company(20, () => null);
  for (const e of now.employees.values()) e.employment = null;
  now.departments.set('D1', { ...now.departments.get('D1')!, owner: null });
  now.departments.set('D21', { ...now.departments.get('D21')!, owner: null });
  now.teams.set('T2', { ...now.teams.get('T2')!, owner: null });
  const limits = { minEmployeeLoss: 1 };

  it('finds in a version 1 summary exactly what it finds in the one written now', () => {
    const dir = mkdtempSync(join(tmpdir(), 'guard-'));
    writeFileSync(join(dir, 'old.json'), JSON.stringify(version1()));
    const old = readBaseline(join(dir, 'old.json'));
    expect(old).toMatchObject({ version: 2 });
    const written = join(dir, 'new.json');
    saveBaseline(written, baselineOf(before, ALL_MANAGED, 'R1', null));
    const fresh = readBaseline(written);
    const found = checkExport(fresh as never, now, ALL_MANAGED, limits);
    expect(found.map((f) => f.kind)).toEqual(['values_cleared', 'values_cleared']);
    expect(found).toContainEqual(
      expect.objectContaining({ column: 'team_id', filledBefore: 13, cleared: ids(20).filter((_, i) => i % 3 !== 0) }),
    );
    expect(found).toContainEqual(expect.objectContaining({ column: 'owner', filledBefore: 3, cleared: ['D1', 'D21', 'T2'] }));
    expect(checkExport(old as never, now, ALL_MANAGED, limits)).toEqual(found);
  });

  it('keeps one flag per row and column, not lists of ids', () => {
    const dir = mkdtempSync(join(tmpdir(), 'guard-'));
    saveBaseline(join(dir, 'b.json'), baselineOf(before, ALL_MANAGED, 'R1', null));
    const text = readFileSync(join(dir, 'b.json'), 'utf8');
    const saved = JSON.parse(text);
    expect(saved.employees.active).toEqual(ids(20));
    expect(saved.employees.filled.team_id).toBe('01101101101101101101');
    // root, D1, D2, D21, T1, T2, T3: D1, D21 and T2 have an owner.
    expect(saved.organisation.units).toEqual([
      'department:root',
      'department:D1',
      'department:D2',
      'department:D21',
      'team:T1',
      'team:T2',
      'team:T3',
    ]);
    expect(saved.organisation.filled.owner).toBe('0101010');
  });
});
