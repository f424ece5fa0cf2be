/**
 * Issue 14 points 1–4 end to end: exports as they come (exports.md), written by other programs (SheetJS,
 * hand-made Windows-1252 CSV bytes; test/fixtures/exports/generate.mjs), imported by the built command
 * into the sandbox over loopback. The tree, teams, members and owners are checked as the contract derives
 * them; a second run sends nothing; a unit renamed in the source is proposed as a rename and, once
 * confirmed, renamed (no delete, no create); a team that gains units becomes a department (no delete).
 */
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox, type SandboxSnapshot } from '../../src/sandbox/index.js';
import { runCli, serviceArgs, tempDir } from '../helpers/cli.js';

const FIXTURES = fileURLToPath(new URL('../fixtures/exports/', import.meta.url));
const TODAY = ['--today', '2025-06-01'];

let sandbox: RunningSandbox | undefined;
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

/** The fixtures copied into a fresh folder: a run may write error files beside its input. */
function fixtures(): string {
  const cwd = tempDir('exports-');
  cpSync(FIXTURES, cwd, { recursive: true });
  return cwd;
}

const units = (s: SandboxSnapshot) => ({
  departments: s.departments.map((d) => [d.id, d.name, d.parentId, d.owner]),
  teams: s.teams.map((t) => [t.id, t.name, t.departmentId, t.owner, t.members.join(' ')]),
});
const deletes = (sb: RunningSandbox) => Object.keys(sb.stats().byRoute).filter((route) => route.startsWith('DELETE'));

describe('an employee list with the unit as level columns (SheetJS)', () => {
  it('imports the tree the paths give, with own teams, leaders as owners, leaving and hiring dates; a second run sends nothing', async () => {
    sandbox = await startSandbox({ quiet: true, rootName: 'Kolding Kommune' });
    const cwd = fixtures();
    const first = await runCli(['levels-month1.xlsx', '--yes', ...TODAY, ...serviceArgs(sandbox)], { cwd });
    expect(first.code, first.stdout + first.stderr).toBe(0);
    const s = sandbox.snapshot();
    expect(units(s)).toEqual({
      departments: [
        ['root', 'Kolding Kommune', null, '100'],
        ['skole-og-boern', 'Skole og Børn', 'root', '105'],
        ['teknik-og-miljoe', 'Teknik og Miljø', 'root', '106'],
      ],
      teams: [
        ['root', 'Kolding Kommune', 'root', '100', '100'],
        ['skole-og-boern', 'Skole og Børn', 'skole-og-boern', '105', '105'],
        ['skole-og-boern.administration', 'Administration', 'skole-og-boern', '104', '104'],
        ['teknik-og-miljoe', 'Teknik og Miljø', 'teknik-og-miljoe', '106', '106'],
        ['teknik-og-miljoe.administration', 'Administration', 'teknik-og-miljoe', '103', '103'],
        ['teknik-og-miljoe.park-og-vej', 'Park og vej', 'teknik-og-miljoe', '101', '101 102 109'],
      ],
    });
    // 107 left on 2025-05-31 (never created), 108 starts on 2025-07-01 (not yet); 109 leaves later: active.
    expect(s.employees.filter((e) => e.active).map((e) => e.id)).toEqual(['100', '101', '102', '103', '104', '105', '106', '109']);
    expect(s.users.find((u) => u.id === '101')!.name).toBe('Asbjørn Ladefoged');
    expect(first.stdout).toMatch(/starts on 2025-07-01/);
    expect(first.stdout).toMatch(/leaves on 2025-12-31/);

    const writes = sandbox.stats().writes;
    const second = await runCli(['levels-month1.xlsx', '--yes', ...TODAY, ...serviceArgs(sandbox)], { cwd });
    expect(second.code).toBe(0);
    expect(second.stdout).toContain('Nothing to do');
    expect(sandbox.stats().writes).toBe(writes);

    // A month later the rehearsal date has passed the hiring date: 108 is created in the department's own team.
    const later = await runCli(['levels-month1.xlsx', '--yes', '--today', '2025-07-01', ...serviceArgs(sandbox)], { cwd });
    expect(later.code).toBe(0);
    expect(sandbox.snapshot().employees.find((e) => e.id === '108')).toMatchObject({ active: true, teamId: 'skole-og-boern' });
  });

  it('proposes a unit renamed in the source as a rename, and renames it once confirmed: no delete, no create', async () => {
    sandbox = await startSandbox({ quiet: true, rootName: 'Kolding Kommune' });
    const cwd = fixtures();
    expect((await runCli(['levels-month1.xlsx', '--yes', ...TODAY, ...serviceArgs(sandbox)], { cwd })).code).toBe(0);
    sandbox.resetStats();

    const plan = await runCli(['plan', 'levels-month2.xlsx', ...TODAY, ...serviceArgs(sandbox)], { cwd });
    expect(plan.code).toBe(0);
    expect(plan.stdout).toMatch(
      /"Veje og parker" \(teknik-og-miljoe\.veje-og-parker\) looks like a rename of "Park og vej" \(teknik-og-miljoe\.park-og-vej\)/,
    );
    expect(plan.stdout).toMatch(/--accept-renames/);
    expect(sandbox.stats().writes).toBe(0);

    const confirmed = await runCli(['levels-month2.xlsx', '--yes', '--accept-renames', ...TODAY, ...serviceArgs(sandbox)], { cwd });
    expect(confirmed.code, confirmed.stdout).toBe(0);
    expect(confirmed.stdout).toMatch(/rename team Veje og parker \(teknik-og-miljoe\.park-og-vej → teknik-og-miljoe\.veje-og-parker, /);
    expect(deletes(sandbox)).toEqual([]);
    expect(Object.keys(sandbox.stats().successfulCreates)).toEqual([]);
    const team = sandbox.snapshot().teams.find((t) => t.id === 'teknik-og-miljoe.veje-og-parker')!;
    expect(team).toMatchObject({ name: 'Veje og parker', owner: '101', members: ['101', '102', '109'] });
    expect(sandbox.snapshot().teams.some((t) => t.id === 'teknik-og-miljoe.park-og-vej')).toBe(false);

    const writes = sandbox.stats().writes;
    const again = await runCli(['levels-month2.xlsx', '--yes', ...TODAY, ...serviceArgs(sandbox)], { cwd });
    expect(again.stdout).toContain('Nothing to do');
    expect(sandbox.stats().writes).toBe(writes);
  });
  it('with --prune and no confirmation: the unit that looks renamed is kept, not deleted, and the plan says why', async () => {
    sandbox = await startSandbox({ quiet: true, rootName: 'Kolding Kommune' });
    const cwd = fixtures();
    expect((await runCli(['levels-month1.xlsx', '--yes', ...TODAY, ...serviceArgs(sandbox)], { cwd })).code).toBe(0);
    sandbox.resetStats();

    const pruned = await runCli(['levels-month2.xlsx', '--yes', '--prune', '--force', ...TODAY, ...serviceArgs(sandbox)], { cwd });
    expect(pruned.code, pruned.stdout + pruned.stderr).toBe(0);
    expect(pruned.stdout).toMatch(/looks like a rename of "Park og vej"/);
    expect(deletes(sandbox)).toEqual([]);
    expect(sandbox.snapshot().teams.some((t) => t.id === 'teknik-og-miljoe.park-og-vej')).toBe(true);
    expect(sandbox.snapshot().teams.find((t) => t.id === 'teknik-og-miljoe.veje-og-parker')).toMatchObject({
      members: ['101', '102', '109'],
    });
  });
});

describe('a plain unit tree and an employee list (hand-made Windows-1252 CSV, ";")', () => {
  it("makes parents departments, leaves teams, a department's employees its own team; a team that gains a unit becomes a department, no team deleted", async () => {
    sandbox = await startSandbox({ quiet: true, rootName: 'Kolding Kommune' });
    const cwd = fixtures();
    const first = await runCli(['plain-month1', '--yes', ...serviceArgs(sandbox)], { cwd });
    expect(first.code, first.stdout + first.stderr).toBe(0);
    expect(units(sandbox.snapshot())).toEqual({
      departments: [
        ['TM', 'Teknik og Miljø', 'root', 'E2'],
        ['root', 'Kolding Kommune', null, 'E1'],
      ],
      teams: [
        ['AD', 'Administration', 'TM', null, 'E5'],
        ['PV', 'Park og vej', 'TM', 'E3', 'E3 E4'],
        ['TM', 'Teknik og Miljø', 'TM', 'E2', 'E2'],
        ['root', 'Kolding Kommune', 'root', 'E1', 'E1'],
      ],
    });
    sandbox.resetStats();

    const grown = await runCli(['plain-month2', '--yes', ...serviceArgs(sandbox)], { cwd });
    expect(grown.code, grown.stdout).toBe(0);
    expect(grown.stdout).toMatch(/"Park og vej" \(PV\) has units below it now: it becomes a department with the same id/);
    expect(deletes(sandbox)).toEqual([]);
    const s = sandbox.snapshot();
    expect(s.departments.find((d) => d.id === 'PV')).toEqual({ id: 'PV', name: 'Park og vej', parentId: 'TM', owner: 'E3' });
    expect(s.teams.find((t) => t.id === 'PV')).toMatchObject({ departmentId: 'PV', owner: 'E3', members: ['E3'] });
    expect(s.teams.find((t) => t.id === 'PN')).toMatchObject({ departmentId: 'PV', members: ['E4'] });
    expect(sandbox.stats().successfulCreates['team:PV']).toBeUndefined();

    const writes = sandbox.stats().writes;
    const again = await runCli(['plain-month2', '--yes', ...serviceArgs(sandbox)], { cwd });
    expect(again.stdout).toContain('Nothing to do');
    expect(sandbox.stats().writes).toBe(writes);
  });
});

describe('an employee list with the unit as one path column (hand-made Windows-1252 CSV, ";")', () => {
  it('detects " > ", keeps the two Administration units apart, and takes the leader flags', async () => {
    sandbox = await startSandbox({ quiet: true, rootName: 'Kolding Kommune' });
    const cwd = fixtures();
    const first = await runCli([join('path-column', 'Medarbejdere.csv'), '--yes', ...serviceArgs(sandbox)], { cwd });
    expect(first.code, first.stdout + first.stderr).toBe(0);
    expect(units(sandbox.snapshot())).toEqual({
      departments: [
        ['root', 'Kolding Kommune', null, 'E1'],
        ['skole-og-boern', 'Skole og Børn', 'root', null],
        ['teknik-og-miljoe', 'Teknik og Miljø', 'root', null],
      ],
      teams: [
        ['root', 'Kolding Kommune', 'root', 'E1', 'E1'],
        ['skole-og-boern.administration', 'Administration', 'skole-og-boern', 'E5', 'E5'],
        ['teknik-og-miljoe.administration', 'Administration', 'teknik-og-miljoe', null, 'E4'],
        ['teknik-og-miljoe.park-og-vej', 'Park og vej', 'teknik-og-miljoe', 'E2', 'E2 E3'],
      ],
    });
    const writes = sandbox.stats().writes;
    const again = await runCli([join('path-column', 'Medarbejdere.csv'), '--yes', ...serviceArgs(sandbox)], { cwd });
    expect(again.stdout).toContain('Nothing to do');
    expect(sandbox.stats().writes).toBe(writes);
  });
});
