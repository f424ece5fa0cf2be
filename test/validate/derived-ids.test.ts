/** exports.md: ids derived from a path below the top department. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { derivedIds, nameKey, slug } from '../../src/validate/derived-ids.js';
import type { CurrentView } from '../../src/validate/types.js';
import { errors, run, type SheetInput } from './helpers.js';
import { propertyRuns } from '../helpers/property-runs.js';

describe('derived ids', () => {
  it('make each name a readable slug: lower case, æ→ae, ø→oe, å→aa, accents dropped, anything else "-"', () => {
    expect(slug('Teknik og Miljø')).toBe('teknik-og-miljoe');
    expect(slug('  ÆBLE  Ålborg  ')).toBe('aeble-aalborg');
    expect(slug('Café Ünïcode & Co.')).toBe('cafe-unicode-co');
  });

  it('join the levels with "." and add a stable hash when two paths share a slug or the id grows past 64 characters', () => {
    const ids = derivedIds(
      new Map([
        ['a', ['Teknik og Miljø', 'Park og vej']],
        ['b', ['Teknik og Miljø', 'Park-og-vej']],
        ['c', ['Skole og Børn', 'Administration']],
        ['d', ['X'.repeat(70)]],
      ]),
    );
    expect(ids.get('c')).toBe('skole-og-boern.administration');
    expect(ids.get('a')).toMatch(/^teknik-og-miljoe\.park-og-vej-[0-9a-f]{8}$/);
    expect(ids.get('b')).toMatch(/^teknik-og-miljoe\.park-og-vej-[0-9a-f]{8}$/);
    expect(ids.get('a')).not.toBe(ids.get('b'));
    expect(ids.get('d')!.length).toBeLessThanOrEqual(64);
    // Stable: the same paths in another order, or spelled with other case and spacing, give the same ids.
    const again = derivedIds(
      new Map([
        ['b', ['teknik og  miljø', 'Park-og-vej']],
        ['a', ['Teknik og Miljø', 'PARK og vej']],
      ]),
    );
    expect(again.get('a')).toBe(ids.get('a'));
    expect(again.get('b')).toBe(ids.get('b'));
  });

  it("add the hash to a slug that is the top department's id or an id the export gives, and to no other", () => {
    const ids = derivedIds(
      new Map([
        ['acme', ['Acme']],
        ['sales', ['Acme', 'Sales']],
        ['it', ['IT']],
      ]),
      new Set(['acme', 'it']),
    );
    expect(ids.get('acme')).toMatch(/^acme-[0-9a-f]{8}$/);
    expect(ids.get('it')).toMatch(/^it-[0-9a-f]{8}$/);
    expect(ids.get('sales')).toBe('acme.sales');
  });

  it('are distinct from each other and from every taken id, whatever the names (property)', () => {
    const name = fc.constantFrom(
      'Acme',
      'acme',
      ' ACME ',
      'Ac me',
      'Ac-me',
      'Sales',
      'sales',
      '—',
      '',
      'Ærø',
      'aeroe',
      'X'.repeat(70),
      'X'.repeat(71),
    );
    const paths = fc.array(fc.array(name, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 25 });
    const taken = fc.array(fc.constantFrom<string>('acme', 'sales', 'acme.sales', 'ac-me', 'aeroe', '-', 'root'), { maxLength: 4 });
    fc.assert(
      fc.property(paths, taken, (list, takenList) => {
        const byKey = new Map<string, string[]>();
        for (const names of list) byKey.set(names.map(nameKey).join('\u0000'), names);
        const ids = [...derivedIds(byKey, new Set(takenList)).values()];
        expect(ids).toHaveLength(byKey.size);
        expect(new Set(ids).size).toBe(ids.length);
        expect(ids.filter((id) => takenList.includes(id))).toEqual([]);
        for (const id of ids) expect(id).toMatch(/^[a-z0-9.-]{1,64}$/);
      }),
      { numRuns: propertyRuns(300) },
    );
  });
});

/** A service whose top department is `acme`, "Acme". */
function service(): CurrentView {
  return {
    employees: new Set(),
    departments: new Set(['acme']),
    teams: new Set(),
    topDepartmentId: 'acme',
    teamOf: new Map(),
    departmentNames: new Map([['acme', 'Acme']]),
    teamNames: new Map(),
    departmentParents: new Map([['acme', null]]),
    teamDepartments: new Map(),
  };
}

const LEVELS = ['employee_id', 'name', 'email', 'level_1', 'level_2', 'level_3', 'level_4'];
const ANY_LOOP = /loop|ring/i;

describe('a path export, whose units have no parent ids', () => {
  it('Acme > Acme > Sales under top department acme: the level-2 Acme gets its own id, and nothing is called a loop', async () => {
    const result = await run(
      [
        {
          kind: 'employees',
          columns: LEVELS,
          rows: [
            ['E1', 'Anna', 'anna@acme.dk', 'Acme', 'Acme', 'Sales', ''],
            ['E2', 'Bo', 'bo@acme.dk', 'Acme', 'Support', '', ''],
          ],
        },
      ],
      { current: service() },
    );
    expect(errors(result)).toEqual([]);
    const inner = [...result.desired.departments.values()].find((d) => d.parentId === 'acme' && d.name === 'Acme')!;
    expect(inner.id).toMatch(/^acme-[0-9a-f]{8}$/);
    expect(result.desired.teams.get('acme.sales')).toMatchObject({ name: 'Sales', departmentId: inner.id });
    expect(result.desired.departments.get('acme')).toMatchObject({ parentId: null });
  });

  it('an id column giving a unit the id of the top or of another unit is duplicate_id at that cell, never a loop', async () => {
    const result = await run(
      [
        {
          kind: 'employees',
          columns: ['employee_id', 'name', 'email', 'level_1', 'level_2', 'level_2_id', 'level_3', 'level_3_id'],
          rows: [
            ['E1', 'Anna', 'anna@acme.dk', 'Acme', 'Acme', 'acme', 'Sales', 'S1'],
            ['E2', 'Bo', 'bo@acme.dk', 'Acme', 'Support', 'S1', '', ''],
          ],
        },
      ],
      { current: service() },
    );
    expect(errors(result).map((e) => [e.code, e.row, e.column, e.value])).toEqual([
      ['duplicate_id', 2, 'level_2_id', 'acme'],
      ['duplicate_id', 3, 'level_2_id', 'S1'],
    ]);
    expect(errors(result)[0]!.message).toBe(
      'The id "acme" is already the id of "Acme". Each unit needs its own id: give this unit another one, or leave the cell empty to have its id made from its path.',
    );
    expect(result.issues.filter((i) => i.code === 'cycle' || ANY_LOOP.test(i.message))).toEqual([]);
  });

  /** Random trees of paths below "Acme", their names drawn from a few that repeat, differ in case or spacing, or slug alike. */
  const NAMES = ['Acme', 'acme', 'ACME', 'Ac me', 'Ac-me', 'Sales', 'sales', 'Salg', 'Ærø', 'Aeroe', '#', 'X'.repeat(70)];
  const trees = fc.array(fc.tuple(fc.nat(), fc.constantFrom(...NAMES)), { minLength: 1, maxLength: 16 }).map((picks) => {
    const paths: string[][] = [];
    const seen = new Set<string>();
    for (const [parentPick, name] of picks) {
      const parent = parentPick % (paths.length + 1);
      const path = [...(parent === paths.length ? [] : paths[parent]!), name];
      const key = path.map(nameKey).join('\u0000');
      if (path.length <= 3 && !seen.has(key)) {
        seen.add(key);
        paths.push(path);
      }
    }
    return paths;
  });

  it("gives every unit of a random tree with repeated names its own id, the top's included (property)", async () => {
    await fc.assert(
      fc.asyncProperty(trees, fc.boolean(), async (paths, withService) => {
        const rows = paths.map((path, i) => [`E${i}`, `Person ${i}`, `e${i}@acme.dk`, 'Acme', ...path, ...Array(3 - path.length).fill('')]);
        const result = await run(
          [{ kind: 'employees', columns: LEVELS, rows } satisfies SheetInput],
          withService ? { current: service() } : {},
        );
        expect(errors(result)).toEqual([]);
        const departments = [...result.desired.departments.values()];
        const ownTeam = (t: { id: string; departmentId: string }) => t.id === t.departmentId && result.desired.departments.has(t.id);
        const teams = [...result.desired.teams.values()].filter((t) => !ownTeam(t));
        // One unit per distinct path, the top included: no two paths were given one id (a Map would have kept one).
        expect(departments.length + teams.length).toBe(paths.length + 1);
        const ids = [...departments.map((d) => d.id), ...teams.map((t) => t.id)];
        expect(new Set(ids).size).toBe(ids.length);
        // Each person sits in the unit their path names, under the parents it names.
        const unitName = (id: string) => result.desired.departments.get(id)?.name ?? result.desired.teams.get(id)!.name;
        const parentOf = (id: string) => result.desired.departments.get(id)?.parentId ?? result.desired.teams.get(id)?.departmentId ?? null;
        paths.forEach((path, i) => {
          const names: string[] = [];
          let id: string | null = result.desired.employees.get(`E${i}`)!.teamId!;
          names.unshift(unitName(id));
          for (id = parentOf(id); id !== null; id = parentOf(id)) names.unshift(unitName(id));
          expect(names).toEqual(['Acme', ...path]);
        });
      }),
      { numRuns: propertyRuns(150) },
    );
  });
});
