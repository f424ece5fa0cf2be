/**
 * exports.md "The tree as a path", as a property: for random unit trees written as paths (a CSV of unit
 * rows and one of employee rows, read by the real reader), the organisation read back is the tree
 * written, and after one apply to the sandbox, re-reading the same export plans nothing.
 */
import fc from 'fast-check';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Organisation } from '../../src/model/organisation.js';
import { startSandbox } from '../../src/sandbox/index.js';
import type { ServiceAdapter } from '../../src/service/adapter.js';
import { readInput } from '../../src/sheets/read.js';
import { currentView } from '../../src/validate/current-view.js';
import { nameKey } from '../../src/validate/derived-ids.js';
import { validate } from '../../src/validate/index.js';
import { tempDir } from '../helpers/cli.js';
import { adapterFor, planAgainst, sync } from '../helpers/sync.js';
import { propertyRuns } from '../helpers/property-runs.js';

/** Names that repeat, differ only in case or spacing of another's slug, or need transliteration. */
const NAMES = [
  'Administration',
  'IT',
  'Drift',
  'Park og vej',
  'Park-og-vej',
  'Sønder Ålbæk',
  'Søndre Aalbaek',
  'Økonomi',
  'Café Ünïcode',
  'HR & Løn',
  'X'.repeat(70),
];

interface Tree {
  /** Each unit's path of names below the top, parents before children. */
  units: string[][];
  /** Each employee's unit: an index into units, or -1 for the top. */
  employees: number[];
}

const tree = fc
  .record({
    nodes: fc.array(fc.tuple(fc.nat(), fc.constantFrom(...NAMES)), { minLength: 1, maxLength: 14 }),
    employees: fc.array(fc.nat(), { minLength: 1, maxLength: 10 }),
  })
  .map(({ nodes, employees }): Tree => {
    const units: string[][] = [];
    const seen = new Set<string>();
    for (const [parentPick, name] of nodes) {
      const parent = parentPick % (units.length + 1);
      const path = [...(parent === units.length ? [] : units[parent]!), name];
      const key = path.map(nameKey).join('\u0000');
      if (!seen.has(key)) {
        seen.add(key);
        units.push(path);
      }
    }
    return { units, employees: employees.map((pick) => (pick % (units.length + 1)) - 1) };
  });

const TOP = 'Company';

function writeExport(t: Tree): string[] {
  const dir = tempDir('paths-');
  const path = (names: string[]) => [TOP, ...names].join(' > ');
  const organisation = ['Afdelingssti', ...t.units.map(path)];
  const employees = [
    'Medarbejder_id;Navn;E-mail;Afdelingssti',
    ...t.employees.map((unit, i) => `E${i};Person ${i};e${i}@firma.dk;${path(unit < 0 ? [] : t.units[unit]!)}`),
  ];
  writeFileSync(join(dir, 'Organisation.csv'), organisation.join('\r\n'));
  writeFileSync(join(dir, 'Medarbejdere.csv'), employees.join('\r\n'));
  return [join(dir, 'Organisation.csv'), join(dir, 'Medarbejdere.csv')];
}

async function readBack(files: string[], adapter: ServiceAdapter) {
  const result = await validate(await readInput(files, {}), { current: currentView(await adapter.readCurrentState()) });
  expect(result.issues.filter((i) => i.severity === 'error')).toEqual([]);
  return result;
}

/** The desired organisation as name paths: departments, teams (own teams apart), each employee's unit. */
function asPaths(o: Organisation) {
  const pathOf = (id: string | null): string[] => {
    const d = id === null ? undefined : o.departments.get(id);
    return d ? [...pathOf(d.parentId), d.name] : [];
  };
  return {
    departments: [...o.departments.keys()].map((id) => pathOf(id).slice(1).join(' > ')).sort(),
    teams: [...o.teams.values()]
      .filter((t) => t.id !== t.departmentId)
      .map((t) => [...pathOf(t.departmentId).slice(1), t.name].join(' > '))
      .sort(),
    employees: [...o.employees.values()].map((e) => {
      const team = o.teams.get(e.teamId!)!;
      return team.id === team.departmentId
        ? pathOf(team.departmentId).slice(1).join(' > ')
        : [...pathOf(team.departmentId).slice(1), team.name].join(' > ');
    }),
  };
}

function expected(t: Tree) {
  const written = t.units.map((u) => u.join(' > '));
  const parents = new Set(t.units.filter((u) => u.length > 1).map((u) => u.slice(0, -1).join(' > ')));
  return {
    departments: ['', ...written.filter((p) => parents.has(p))].sort(),
    teams: written.filter((p) => !parents.has(p)).sort(),
    employees: t.employees.map((unit) => (unit < 0 ? '' : written[unit]!)),
  };
}

describe('a tree written as paths', () => {
  it('reads back as the tree written, with url-safe unique ids, and plans nothing after one apply', async () => {
    await fc.assert(
      fc.asyncProperty(tree, async (t) => {
        const sandbox = await startSandbox({ quiet: true, rootName: TOP });
        const adapter = adapterFor(sandbox);
        try {
          const files = writeExport(t);
          const first = await readBack(files, adapter);
          expect(asPaths(first.desired)).toEqual(expected(t));
          for (const id of [...first.desired.departments.keys(), ...first.desired.teams.keys()])
            expect(id).toMatch(/^(root|[a-z0-9.-]{1,64})$/);
          const applied = await sync(adapter, first.desired, { managed: first.managed });
          expect(applied.result.outcomes.filter((o) => o.status !== 'done')).toEqual([]);
          const again = await readBack(files, adapter);
          const next = await planAgainst(adapter, again.desired, { managed: again.managed });
          expect(next.operations.map((p) => p.op.key)).toEqual([]);
        } finally {
          await adapter.close();
          await sandbox.close();
        }
      }),
      { numRuns: propertyRuns(25) },
    );
  });
});
