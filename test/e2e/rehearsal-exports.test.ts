/**
 * Issue 23 point 6: a fresh `--sandbox` rehearses every export shape of samples/exports/ with the profile
 * beside it. The rehearsal company's top department is the export's own (the first level of its paths:
 * its name, its id from a level-1 id column or derived from the name; or the unit list's unit without a
 * parent), as the sandbox's state shows; a second rehearsal sends nothing, and neither does a run through
 * a recording proxy in front of the same company.
 */
import { cpSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startSandbox, type SandboxSnapshot } from '../../src/sandbox/index.js';
import { ROOT, runCli, serviceArgs, tempDir } from '../helpers/cli.js';
import { recordRequests } from '../helpers/recorder.js';

const EXPORTS = join(ROOT, 'samples', 'exports');
const TODAY = ['--today', '2025-11-22'];

/** Every export under samples/exports/ (a file or a folder of CSV files) with the profile beside it. */
const SHAPES = readdirSync(EXPORTS)
  .filter((name) => !name.endsWith('.map.json') && !/\.(errors|report|plan)\./.test(name))
  .map((input) => ({ input, profile: `${input.replace(/\.(csv|xlsx)$/, '')}.map.json` }));

/** The organisation the unit-giving samples describe, by names: each unit under its parent, and who works where. */
const NORDLYS = {
  departments: [
    ['Nordlys Energi', null],
    ['Salg', 'Nordlys Energi'],
    ['Drift', 'Nordlys Energi'],
  ],
  teams: [
    ['Salg Øst', 'Salg'],
    ['Salg Vest', 'Salg'],
    ['Vagtcentral', 'Drift'],
    ['Drift', 'Drift'],
  ],
};

/** What each sample's rehearsal company holds: its top department, and its tree and people by name. */
const EXPECTED: Record<string, { top: { id: string; name: string }; tree?: typeof NORDLYS; placed: Record<string, string | null> }> = {
  'path-column.csv': {
    top: { id: 'nordlys-energi', name: 'Nordlys Energi' },
    tree: NORDLYS,
    // 2005 has status "Stoppet" (left): never created.
    placed: { 2001: 'Salg Øst', 2002: 'Salg Øst', 2003: 'Salg Vest', 2004: 'Vagtcentral', 2006: 'Drift' },
  },
  'level-columns.xlsx': {
    top: { id: 'nordlys-energi', name: 'Nordlys Energi' },
    tree: NORDLYS,
    placed: { 2001: 'Salg Øst', 2002: 'Salg Øst', 2003: 'Salg Vest', 2004: 'Vagtcentral', 2005: 'Vagtcentral', 2006: 'Drift' },
  },
  'units-and-leaders': {
    top: { id: '100', name: 'Nordlys Energi' },
    tree: NORDLYS,
    placed: { 2001: 'Salg Øst', 2002: 'Salg Øst', 2003: 'Salg Vest', 2004: 'Vagtcentral', 2005: 'Vagtcentral', 2006: 'Drift' },
  },
  // Employee lists without units: the rehearsal company keeps the sandbox's own top department.
  'two-name-columns.csv': {
    top: { id: 'root', name: 'Company' },
    placed: { 2001: null, 2002: null, 2003: null, 2004: null, 2005: null, 2006: null },
  },
  'leaving-date.csv': {
    top: { id: 'root', name: 'Company' },
    // 2005 left on 2025-10-31 (never created); 2006 leaves in 2099: active now.
    placed: { 2001: null, 2002: null, 2003: null, 2004: null, 2006: null },
  },
};

/** The samples copied into a fresh folder (a run writes its pages beside its input). */
function samples(): string {
  const cwd = tempDir('rehearse-exports-');
  cpSync(EXPORTS, cwd, { recursive: true });
  return cwd;
}

/** The rehearsal company as the sandbox has it in its state file, read once the command has ended. */
async function rehearsalCompany(cwd: string): Promise<SandboxSnapshot> {
  const sandbox = await startSandbox({ quiet: true, statePath: join(cwd, '.orgsync', 'sandbox.json') });
  const snapshot = sandbox.snapshot();
  await sandbox.close();
  return snapshot;
}

function byNames(s: SandboxSnapshot) {
  const departmentName = new Map(s.departments.map((d) => [d.id, d.name]));
  const teamName = new Map(s.teams.map((t) => [t.id, t.name]));
  return {
    departments: s.departments.map((d) => [d.name, d.parentId === null ? null : departmentName.get(d.parentId)]),
    teams: s.teams.map((t) => [t.name, departmentName.get(t.departmentId)]),
    placed: Object.fromEntries(s.employees.filter((e) => e.active).map((e) => [e.id, e.teamId === null ? null : teamName.get(e.teamId)])),
  };
}

const sorted = <T>(list: T[]) => [...list].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

describe('a fresh --sandbox rehearses every export of samples/exports/ with its profile', () => {
  it('knows what to expect of every sample (a new sample gets its line here)', () => {
    expect(SHAPES.map((s) => s.input).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(SHAPES)(
    "$input: the company gets the export's top department and tree; a second run sends nothing",
    async ({ input, profile }) => {
      const expected = EXPECTED[input]!;
      const cwd = samples();
      const args = [input, '--map', profile, '--sandbox', '--yes', ...TODAY];
      const first = await runCli(args, { cwd });
      expect(first.code, first.stdout + first.stderr).toBe(0);
      expect(first.stdout + first.stderr).not.toMatch(/invalid_path|is not the service's top department/);

      const company = await rehearsalCompany(cwd);
      const top = company.departments.find((d) => d.parentId === null)!;
      expect({ id: top.id, name: top.name }).toEqual(expected.top);
      const names = byNames(company);
      if (expected.tree) {
        expect(sorted(names.departments)).toEqual(sorted(expected.tree.departments));
        expect(sorted(names.teams)).toEqual(sorted(expected.tree.teams));
      } else {
        expect(names.departments).toEqual([[expected.top.name, null]]);
        expect(names.teams).toEqual([]);
      }
      expect(names.placed).toEqual(expected.placed);

      // The second rehearsal: nothing to do, and the company's state file is not written again.
      const state = join(cwd, '.orgsync', 'sandbox.json');
      const before = readFileSync(state);
      const second = await runCli(args, { cwd });
      expect(second.code, second.stdout + second.stderr).toBe(0);
      expect(second.stdout).toContain('Nothing to do');
      expect(readFileSync(state).equals(before)).toBe(true);

      // The same company behind a recording proxy: the export plans nothing, so nothing is sent.
      const sandbox = await startSandbox({ quiet: true, statePath: state });
      const recorder = await recordRequests(sandbox);
      try {
        const proxied = await runCli(
          [input, '--map', profile, '--yes', ...TODAY, ...serviceArgs(sandbox), '--base-url', recorder.baseUrl],
          { cwd },
        );
        expect(proxied.code, proxied.stdout + proxied.stderr).toBe(0);
        expect(recorder.received.length).toBeGreaterThan(0);
        expect(recorder.writes()).toEqual([]);
      } finally {
        await recorder.close();
        await sandbox.close();
      }
    },
  );

  it("takes the top department's id from a level-1 id column", async () => {
    const cwd = tempDir('rehearse-level-id-');
    writeFileSync(
      join(cwd, 'personale.csv'),
      [
        'Lønnr;Navn;E-mail;Niveau 1;Niveau 1 id;Niveau 2',
        '1;Anna Berg;anna@nordlys.dk;Nordlys Energi;NE;Salg',
        '2;Bo Holm;bo@nordlys.dk;Nordlys Energi;NE;Drift',
      ].join('\r\n'),
    );
    writeFileSync(join(cwd, 'profil.json'), JSON.stringify({ employees: { headers: { Lønnr: 'employee_id' } } }));
    const run = await runCli(['personale.csv', '--map', 'profil.json', '--sandbox', '--yes'], { cwd });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const company = await rehearsalCompany(cwd);
    expect(company.departments.find((d) => d.parentId === null)).toMatchObject({ id: 'NE', name: 'Nordlys Energi' });
    expect(sorted(company.teams.map((t) => [t.id, t.departmentId]))).toEqual([
      ['drift', 'NE'],
      ['salg', 'NE'],
    ]);
  });
});
