/**
 * A saved plan keeps what decided it (issue 34, points 7 and 21), through the built command against the
 * sandbox over loopback, the requests it got seen by the recording proxy:
 * - nights with accepted renames: a plan made one night with --accept-renames and --today is applied the
 *   next morning as it was made (renamed, nothing deleted or created), running it again says it is done
 *   and sends nothing, and the next night's run of the same export has nothing to do;
 * - a plan made with --path-separator and a profile is applied with them; a changed profile is named as
 *   the input that changed, never "the service"; another value of a plan's option given to apply is refused.
 * The exports are those of test/fixtures/exports/ (written by SheetJS) and hand-written CSV bytes.
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/index.js';
import { runCli, tempDir, writeCsvSet } from '../helpers/cli.js';
import { recordedServiceArgs, recordRequests, type Recorder } from '../helpers/recorder.js';

const FIXTURES = fileURLToPath(new URL('../fixtures/exports/', import.meta.url));

let sandbox: RunningSandbox | undefined;
let recorder: Recorder | undefined;
afterEach(async () => {
  await recorder?.close();
  await sandbox?.close();
  recorder = sandbox = undefined;
});

async function service(rootName?: string): Promise<{ args: string[]; recorder: Recorder; sandbox: RunningSandbox }> {
  sandbox = await startSandbox({ quiet: true, ...(rootName ? { rootName } : {}) });
  recorder = await recordRequests(sandbox);
  return { args: recordedServiceArgs(sandbox, recorder), recorder, sandbox };
}

const writeRoutes = (r: Recorder) => r.writes().map((w) => `${w.method} ${w.path.replace(/\?.*$/, '')}`);

describe('nights with saved plans and accepted renames', () => {
  it('a plan made with --accept-renames and --today is applied the next morning as made; again, it is done', async () => {
    const { args, recorder, sandbox } = await service('Kolding Kommune');
    const cwd = tempDir('exports-');
    cpSync(FIXTURES, cwd, { recursive: true });
    const today = ['--today', '2025-06-01'];

    // Night 1: the export as it comes.
    const first = await runCli(['levels-month1.xlsx', '--yes', ...today, ...args], { cwd });
    expect(first.code, first.stdout + first.stderr).toBe(0);
    const before = sandbox.snapshot();

    // Night 2: "Park og vej" became "Veje og parker" in the HR system; HR reviews the plan that accepts it.
    recorder.clear();
    const planned = await runCli(['plan', 'levels-month2.xlsx', '--accept-renames', ...today, '--out', 'night2.json', ...args], { cwd });
    expect(planned.code, planned.stdout + planned.stderr).toBe(0);
    expect(planned.stdout).toMatch(/rename team Veje og parker \(teknik-og-miljoe\.park-og-vej → teknik-og-miljoe\.veje-og-parker/);
    expect(recorder.writes()).toEqual([]);
    const file = JSON.parse(readFileSync(join(cwd, 'night2.json'), 'utf8'));
    expect(file.options).toMatchObject({ accept_renames: true, today: '2025-06-01', path_separator: null });

    // The next morning (another day: a leaver of 2025-12-31 is past that now) it is applied, as it was made.
    const applied = await runCli(['apply', 'night2.json', '--yes', ...args], { cwd });
    expect(applied.code, applied.stdout + applied.stderr).toBe(0);
    expect(applied.stderr).not.toContain('stale');
    // Renamed (its id, then its name), nothing deleted, nothing created.
    expect(writeRoutes(recorder)).toEqual([
      'PATCH /v3/core/teams/teknik-og-miljoe.park-og-vej',
      'PATCH /v3/core/teams/teknik-og-miljoe.veje-og-parker',
    ]);
    const after = sandbox.snapshot();
    expect(after.teams.find((t) => t.id === 'teknik-og-miljoe.veje-og-parker')).toMatchObject({
      name: 'Veje og parker',
      members: ['101', '102', '109'],
    });
    expect(after.teams.some((t) => t.id === 'teknik-og-miljoe.park-og-vej')).toBe(false);
    // Nobody fired, nobody hired: the same people, those of the renamed team in it under its new id.
    const people = (s: typeof before) => s.employees.filter((e) => e.active).map((e) => e.id);
    expect(people(after)).toEqual(people(before));

    // Run again, the finished plan is done: exit 0, nothing read or sent.
    recorder.clear();
    const again = await runCli(['apply', 'night2.json', '--yes', ...args], { cwd });
    expect(again.code, again.stdout + again.stderr).toBe(0);
    expect(again.stdout).toMatch(/^Nothing to do: \S+night2\.json was carried out already \(run \S+\)\. Nothing was sent\.$/m);
    expect(recorder.received).toEqual([]);

    // Night 3: the same export, another day: the accepted rename holds, nothing to do.
    const third = await runCli(['levels-month2.xlsx', '--yes', '--today', '2025-06-02', ...args], { cwd });
    expect(third.code, third.stdout + third.stderr).toBe(0);
    expect(third.stdout).toContain('Nothing to do');
    expect(recorder.writes()).toEqual([]);

    // The apply is in the history, with the same hash of the export as the night that ran it by name.
    const history = await runCli(['history'], { cwd });
    const hashes = [...history.stdout.matchAll(/levels-month\d\.xlsx \(sha256 (\w+)\)/g)].map((m) => m[1]);
    expect(hashes).toHaveLength(3);
    expect(hashes[1]).toBe(hashes[2]);
  }, 180_000);
});

describe('the options and inputs of a saved plan', () => {
  const employees = (status105: string) => [
    ['Medarb.nr.', 'Navn', 'E-mail', 'Afdelingssti', 'Status'],
    ['101', 'Anna Holm', 'anna@firma.dk', 'Firma :: Salg', 'Aktiv'],
    ['102', 'Bo Berg', 'bo@firma.dk', 'Firma :: Salg :: Nord', 'Aktiv'],
    ['103', 'Carl Dahl', 'carl@firma.dk', 'Firma :: Drift', 'Aktiv'],
    ['105', 'Eva Falk', 'eva@firma.dk', 'Firma :: Drift', status105],
  ];
  const profile = (stopped: string) => ({
    employees: {
      headers: { 'Medarb.nr.': 'employee_id', Afdelingssti: 'unit_path' },
      values: { status: { Aktiv: 'active', Stoppet: stopped } },
    },
  });

  it("--path-separator and the profile are the plan's; a changed profile is named, another option refused", async () => {
    const { args, recorder, sandbox } = await service('Firma');
    const cwd = tempDir();
    const dir = writeCsvSet({ employees: employees('Aktiv') }, join(cwd, 'export'));
    writeFileSync(join(cwd, 'profile.json'), JSON.stringify(profile('left')));
    const shaping = ['--map', 'profile.json', '--path-separator', '::'];
    expect((await runCli(['export', '--yes', ...shaping, ...args], { cwd })).code).toBe(0);

    // 105 stops: the plan fires them, read with the separator and the profile.
    writeCsvSet({ employees: employees('Stoppet') }, dir);
    const planned = await runCli(['plan', 'export', ...shaping, '--out', 'plan.json', ...args], { cwd });
    expect(planned.code, planned.stdout + planned.stderr).toBe(0);
    expect(planned.stdout).toContain('fire employee Eva Falk (105,');

    // Given to apply, an option that shaped the plan must be the plan's: another is refused before anything is read.
    recorder.clear();
    const other = await runCli(['apply', 'plan.json', '--yes', '--path-separator', '>', ...args], { cwd });
    expect(other.code).toBe(3);
    expect(other.stderr).toContain('plan.json was made with --path-separator ::: apply carries out the plan as it was made');
    expect(recorder.received).toEqual([]);

    // HR edits the profile meanwhile: "Stoppet" means active now. The profile is what changed, not the service.
    writeFileSync(join(cwd, 'profile.json'), JSON.stringify(profile('active')));
    const stale = await runCli(['apply', 'plan.json', '--yes', ...args], { cwd });
    expect(stale.code).toBe(3);
    expect(stale.stderr).toContain(
      `The plan is stale: the profile ${join(cwd, 'profile.json')} changed since the plan was made: fireEmployee:105 is no longer needed`,
    );
    expect(stale.stderr).not.toContain('the service changed');
    expect(recorder.writes()).toEqual([]);

    // Back as it was: applied with the plan's own separator and profile.
    writeFileSync(join(cwd, 'profile.json'), JSON.stringify(profile('left')));
    const applied = await runCli(['apply', 'plan.json', '--yes', '--path-separator', '::', ...args], { cwd });
    expect(applied.code, applied.stdout + applied.stderr).toBe(0);
    expect(writeRoutes(recorder)).toEqual(['DELETE /v3/core/employees/105']);
    expect(sandbox.snapshot().employees.find((e) => e.id === '105')?.active).toBe(false);
  }, 180_000);
});
