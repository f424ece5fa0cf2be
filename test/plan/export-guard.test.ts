import { describe, expect, it } from 'vitest';
import { baselineOf, checkExport } from '../../src/plan/export-guard.js';
import type { Organisation } from '../../src/model/organisation.js';
import { ALL_MANAGED, org } from '../helpers/org.js';

const ids = (n: number, from = 101) => Array.from({ length: n }, (_, i) => String(from + i));

/** A company of `n` employees spread over T1 and T2 under D1, and D2 with D21 and T3. */
function company(n: number, teamOf: (id: string, i: number) => string | null = (_, i) => ['T1', 'T2', 'T3'][i % 3]!): Organisation {
  return org({
    employees: ids(n).map((id, i) => [id, `U${id}`, teamOf(id, i)]),
    departments: [
      ['root', null],
      ['D1', 'root'],
      ['D2', 'root'],
      ['D21', 'D2'],
    ],
    teams: [
      ['T1', 'D1'],
      ['T2', 'D1'],
      ['T3', 'D21'],
    ],
  });
}

const lastRun = (o: Organisation) => baselineOf(o, ALL_MANAGED, 'R1', null);

describe('the export guard', () => {
  it('does not judge the first run: there is nothing to compare with', () => {
    expect(checkExport(null, company(1), ALL_MANAGED)).toEqual([]);
  });

  it('lets 5 of 20 employees go missing and refuses 6, naming them', () => {
    expect(checkExport(lastRun(company(20)), company(15), ALL_MANAGED)).toEqual([]);
    expect(checkExport(lastRun(company(20)), company(14), ALL_MANAGED)).toEqual([
      { kind: 'employees_missing', before: 20, now: 14, missing: ids(6, 115), limit: 5 },
    ]);
  });

  it('counts 10% of a large company, and takes the configured limits', () => {
    expect(checkExport(lastRun(company(200)), company(180), ALL_MANAGED)).toEqual([]);
    expect(checkExport(lastRun(company(200)), company(179), ALL_MANAGED).map((f) => f.kind)).toEqual(['employees_missing']);
    expect(checkExport(lastRun(company(200)), company(190), ALL_MANAGED, { maxEmployeeLossPercent: 2, minEmployeeLoss: 1 })).toHaveLength(
      1,
    );
  });

  it('does not count a renamed employee as missing', () => {
    const now = company(20);
    for (const id of ids(8)) {
      const e = now.employees.get(id)!;
      now.employees.delete(id);
      now.employees.set(`9${id}`, { ...e, id: `9${id}`, previousId: id });
    }
    expect(checkExport(lastRun(company(20)), now, ALL_MANAGED)).toEqual([]);
  });

  it('names a department that left with everything below it, once, at the top', () => {
    const now = company(18, () => 'T1');
    now.departments.delete('D2');
    now.departments.delete('D21');
    now.teams.delete('T3');
    const findings = checkExport(lastRun(company(18)), now, ALL_MANAGED);
    expect(findings).toEqual([{ kind: 'subtree_missing', departmentId: 'D2', units: expect.arrayContaining(['D21', 'T3']) }]);
    expect(findings[0]).toMatchObject({ units: { length: 2 } });
  });

  it('does not call it a lost subtree when a unit below moved elsewhere, or a lone empty department went', () => {
    const moved = company(18);
    moved.departments.delete('D2');
    moved.departments.set('D21', { ...moved.departments.get('D21')!, parentId: 'D1' });
    expect(checkExport(lastRun(company(18)), moved, ALL_MANAGED)).toEqual([]);
    const before = company(18);
    before.departments.set('D3', { id: 'D3', name: 'Empty', parentId: 'root', owner: null });
    expect(checkExport(lastRun(before), company(18), ALL_MANAGED)).toEqual([]);
  });

  it('refuses a column the last run had and this export leaves out', () => {
    const now = company(20);
    for (const e of now.employees.values()) delete e.employment;
    expect(checkExport(lastRun(company(20)), now, ALL_MANAGED)).toEqual([
      { kind: 'column_missing', sheet: 'employees', column: 'employment' },
    ]);
  });

  it('refuses a column that comes out blank for more than 10% (at least 5) of the rows that had a value', () => {
    const blank = company(20, () => null);
    expect(checkExport(lastRun(company(20)), blank, ALL_MANAGED)).toEqual([
      { kind: 'values_cleared', sheet: 'employees', column: 'team_id', filledBefore: 20, cleared: ids(20), limit: 5 },
    ]);
    const fewBlank = company(20, (_id, i) => (i < 5 ? null : ['T1', 'T2', 'T3'][i % 3]!));
    expect(checkExport(lastRun(company(20)), fewBlank, ALL_MANAGED)).toEqual([]);
  });

  it('follows each row to where it is now: rows in another order, renamed or gone, a blank counted on its own row', () => {
    // Last time 101…120 in order; now in reverse, 101–103 renamed, 104 gone, and the teams of 110–115 blank.
    const now = company(20, (id, i) => (Number(id) >= 110 && Number(id) <= 115 ? null : ['T1', 'T2', 'T3'][i % 3]!));
    const reordered = org({});
    reordered.departments = now.departments;
    reordered.teams = now.teams;
    reordered.users = now.users;
    for (const id of [...ids(20)].reverse()) {
      const e = now.employees.get(id)!;
      if (id === '104') continue;
      if (['101', '102', '103'].includes(id)) reordered.employees.set(`9${id}`, { ...e, id: `9${id}`, previousId: id, teamId: null });
      else reordered.employees.set(id, e);
    }
    expect(checkExport(lastRun(company(20)), reordered, ALL_MANAGED)).toEqual([
      {
        kind: 'values_cleared',
        sheet: 'employees',
        column: 'team_id',
        filledBefore: 20,
        cleared: ['101', '102', '103', ...ids(6, 110)],
        limit: 5,
      },
    ]);
    // The same export in last time's order: the same finding.
    const inOrder = org({});
    Object.assign(inOrder, { departments: now.departments, teams: now.teams, users: now.users });
    for (const [id, e] of [...reordered.employees].reverse()) inOrder.employees.set(id, e);
    expect(checkExport(lastRun(company(20)), inOrder, ALL_MANAGED)).toEqual(checkExport(lastRun(company(20)), reordered, ALL_MANAGED));
  });

  it('compares only the sheets both exports have, and keeps the summary of a sheet a later run left out', () => {
    const withoutOrganisation = { ...ALL_MANAGED, organisation: false };
    const now = company(20);
    now.departments.clear();
    now.teams.clear();
    expect(checkExport(lastRun(company(20)), now, withoutOrganisation)).toEqual([]);
    const kept = baselineOf(now, withoutOrganisation, 'R2', lastRun(company(20)));
    expect(Object.keys(kept.organisation!.departments)).toEqual(['root', 'D1', 'D2', 'D21']);
  });
});
