/**
 * Issue 35, exports as they really come (round 3), and issue 34 points 8 and 9: exports nobody here
 * wrote, shaped like an identity system's HR feed and Odoo's people and departments, an ERP's employee and
 * department export, and a municipality's OS2mo objects (test/fixtures/exports-round3/generate.mjs writes
 * them byte by byte and by SheetJS). Each is read with the profile `map --init` writes, imported by the
 * built command into the sandbox over loopback, and the sandbox's state is checked; then again with
 * nothing sent.
 */
import { cpSync, existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/index.js';
import { runCli, serviceArgs, tempDir } from '../helpers/cli.js';
import { expectNothingSent } from '../helpers/converges.js';

const FIXTURES = fileURLToPath(new URL('../fixtures/exports-round3/', import.meta.url));
const TODAY = ['--today', '2025-06-01'];

let sandbox: RunningSandbox | undefined;
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

/** A fixture folder copied to a fresh place (a run writes its pages and error copies beside its input). */
function copyOf(fixture: string): string {
  const cwd = tempDir('round3-');
  cpSync(join(FIXTURES, fixture), join(cwd, fixture.replace(/\/$/, '').split('/').pop()!), { recursive: true });
  return cwd;
}

async function mapInit(cwd: string, input: string, out = 'profile.json') {
  const init = await runCli(['map', '--init', input, ...(out === '' ? [] : ['--out', out])], { cwd });
  expect(init.code, init.stdout + init.stderr).toBe(0);
  return { stdout: init.stdout };
}

const profileIn = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Record<string, any>;

async function importWith(sb: RunningSandbox, args: string[], cwd: string) {
  const result = await runCli([...args, '--yes', ...TODAY, ...serviceArgs(sb)], { cwd });
  expect(result.code, result.stdout + result.stderr).toBe(0);
  return result;
}

const expectConverged = (sb: RunningSandbox, args: string[], cwd: string) => expectNothingSent(sb, args, cwd, TODAY);

const members = (s: ReturnType<RunningSandbox['snapshot']>, team: string) =>
  s.teams
    .find((t) => t.id === team)
    ?.members.slice()
    .sort();

describe("an identity system's HR feed (empno,firstname,lastname,…,orgnum) and its unit list", () => {
  it('map --init . reads the plain header, names the profile and the page after the folder, places people by the unit list; the company only named as a parent is the top', async () => {
    const cwd = copyOf('identity/feed');
    const feed = join(cwd, 'feed');
    // Point 4: run in the folder, named ".": the outputs are named after the folder, never "..map.json".
    const { stdout } = await mapInit(feed, '.', '');
    expect(stdout).toContain('Wrote feed.map.json');
    expect(existsSync(join(feed, '..map.json'))).toBe(false);
    const profile = profileIn(join(feed, 'feed.map.json'));
    // Point 1: the header the issue names, read; point 2: each section names its file.
    expect(profile.employees).toMatchObject({
      file: 'hr.csv',
      headers: { empno: 'employee_id', firstname: 'first_name', lastname: 'last_name', email: 'email', orgnum: 'team_id', jobcode: null },
    });
    expect(profile.organisation).toMatchObject({
      file: 'orgunits.csv',
      headers: { orgnum: 'id', orgname: 'name', parentorg: 'parent_id' },
    });

    // Point 6 offline: the one parent no row defines is the top, named by --root-name, said once.
    const offline = await runCli(['validate', '.', '--map', 'feed.map.json', '--root-name', 'Nordhavn Logistik'], { cwd: feed });
    expect(offline.code, offline.stdout).toBe(0);
    expect(offline.stdout.match(/"1000" is taken as the top department \("Nordhavn Logistik"\)/g)).toHaveLength(1);

    sandbox = await startSandbox({ quiet: true, rootId: '1000', rootName: 'Nordhavn Logistik' });
    const planned = await runCli(['plan', '.', '--map', 'feed.map.json', ...TODAY, ...serviceArgs(sandbox)], { cwd: feed });
    expect(planned.code, planned.stdout).toBe(0);
    expect(existsSync(join(cwd, 'feed.plan.html'))).toBe(true);
    expect(existsSync(join(feed, '..plan.html')) || existsSync(join(cwd, '..plan.html'))).toBe(false);

    const args = ['.', '--map', 'feed.map.json'];
    await importWith(sandbox, args, feed);
    const s = sandbox.snapshot();
    // The service's top keeps its name; Transport has units below it: a department, with its own team.
    expect(s.departments.find((d) => d.id === '1000')?.name).toBe('Nordhavn Logistik');
    expect(s.departments.find((d) => d.id === '120')).toMatchObject({ parentId: '1000', name: 'Transport' });
    expect(members(s, '110')).toEqual(['5002', '5003', '5004']);
    expect(members(s, '120')).toEqual(['5005']);
    expect(members(s, '1000')).toEqual(['5001']);
    expect(s.teams.find((t) => t.id === '121')).toMatchObject({ departmentId: '120', members: ['5006'] });
    await expectConverged(sandbox, args, feed);
  });

  it('map --init of a payroll workbook takes the header row below its title (Lønnr;Fornavn;Efternavn;Afdeling)', async () => {
    const cwd = copyOf('loen.xlsx');
    await mapInit(cwd, 'loen.xlsx');
    const profile = profileIn(join(cwd, 'profile.json'));
    expect(profile.employees).toEqual({
      file: 'Ark1',
      headers: { Lønnr: 'employee_id', Fornavn: 'first_name', Efternavn: 'last_name', Afdeling: null },
    });
    // A unit's name is no path: without a unit list, the column is left for the user, with why.
    expect(profile._check.employees.Afdeling).toMatch(/no unit list read with it has them.*team_id/);
  });
});

describe("Odoo's people and departments (id,name,email,department,parent_id/id)", () => {
  it('a people list is people by its values, each file the section naming it (a glob), the manager from parent_id/id; units without a parent are one error with the fix, then placed under --root-id', async () => {
    const cwd = copyOf('identity/odoo');
    await mapInit(cwd, 'odoo');
    const profile = profileIn(join(cwd, 'profile.json'));
    // Point 3: e-mails make the people list people, never units with email as the owner.
    expect(profile.employees.headers).toEqual({
      id: 'employee_id',
      name: 'name',
      email: 'email',
      department: 'team_id',
      'parent_id/id': 'manager',
    });
    expect(profile.organisation.headers).toEqual({ id: 'id', name: 'name', 'parent_id/id': 'parent_id', 'manager_id/id': 'owner' });
    // Point 2: next month's file is read by a glob, whatever its headers complete.
    profile.employees.file = 'hr.employee*.csv';
    writeFileSync(join(cwd, 'profile.json'), JSON.stringify(profile));
    renameSync(join(cwd, 'odoo/hr.employee.csv'), join(cwd, 'odoo/hr.employee-2025-06.csv'));

    sandbox = await startSandbox({ quiet: true, rootId: 'yourcompany', rootName: 'YourCompany' });
    const refused = await runCli(['odoo', '--map', 'profile.json', '--yes', ...TODAY, ...serviceArgs(sandbox)], { cwd });
    expect(refused.code).toBe(1);
    expect(refused.stdout).toMatch(
      /3 units have no parent: "Management" \(row 2\), "Sales" \(row 3\), "Research & Development" \(row 5\)\. The unit list leaves the company out: add it as a row and give it as their parent, or run with --root-id yourcompany/,
    );
    expect(sandbox.stats().writes).toBe(0);

    const args = ['odoo', '--map', 'profile.json', '--root-id', 'yourcompany'];
    const done = await importWith(sandbox, args, cwd);
    expect(done.stdout).not.toMatch(/unknown column/);
    // Point 5: the top's leader is the one everyone reports to, said so in the plan.
    expect(done.stdout).toMatch(
      /update department YourCompany \(yourcompany, hr\.department row 2\): owner \(none\) → Mitchell Admin \(leader from the reporting line\)/,
    );
    const s = sandbox.snapshot();
    const dep = (n: number) => s.departments.find((d) => d.id.startsWith(`__export__.hr_department_${n}_`));
    const team = (n: number) => s.teams.find((t) => t.id.startsWith(`__export__.hr_department_${n}_`));
    const emp = (n: number) => s.employees.find((e) => e.id.startsWith(`__export__.hr_employee_${n}_`))!.id;
    expect(s.departments.find((d) => d.id === 'yourcompany')?.owner).toBe(emp(1));
    expect(dep(2)).toMatchObject({ name: 'Sales', parentId: 'yourcompany', owner: emp(2) });
    expect(team(3)).toMatchObject({ name: 'Sales EU', departmentId: dep(2)!.id, owner: emp(3) });
    expect(team(3)?.members.slice().sort()).toEqual([emp(3), emp(4), emp(5)].sort());
    expect(team(2)?.members).toEqual([emp(2)]);
    await expectConverged(sandbox, args, cwd);
  });
});

describe("an ERP's employee and department export (ManagerID, DateofTermination in two formats)", () => {
  it('dates in a list of formats and "no end" words; leaders from the reporting line checked against the leader column; the top the service has', async () => {
    const cwd = copyOf('erp');
    const { stdout } = await mapInit(cwd, 'erp');
    const profile = profileIn(join(cwd, 'profile.json'));
    // Point 8: two formats found for one column, tried in order; never "values" for a date column.
    expect(profile.employees.dates).toEqual({ hiring_date: 'M/D/YYYY', leaving_date: ['M/D/YYYY', 'MM/DD/YY'] });
    expect(profile.employees.values).toBeUndefined();
    expect(JSON.stringify(profile._check ?? {})).not.toMatch(/under \\"values\\".*leaving_date|leaving_date.*under \\"values\\"/);
    expect(profile.employees.headers).toMatchObject({ ManagerID: 'manager', DeptID: 'team_id', DateofTermination: 'leaving_date' });
    expect(stdout).not.toMatch(/Still missing/);

    // Point 6: every top unit names "1", the service's top department: its name stays the service's.
    sandbox = await startSandbox({ quiet: true, rootId: '1', rootName: 'Dental Magic Inc.' });
    const args = ['erp', '--map', 'profile.json'];
    const done = await importWith(sandbox, args, cwd);
    const s = sandbox.snapshot();
    const active = s.employees.filter((e) => e.active).map((e) => e.id);
    // 04/15/15 and 9/25/2013 are gone by today: never created; 9999-12-31 is no end; 11/7/2026 is to come.
    expect(active.sort()).toEqual(['1001', '1002', '1003', '1004', '1005', '1006', '1007', '1009', '1011', '1012', '1013', '1014']);
    expect(done.stdout).toMatch(/The employee leaves on 2026-11-07/);
    // Point 5: leaders from the reporting line where the leader column is blank; the column wins where both are given.
    const owner = (id: string) => s.departments.find((d) => d.id === id)?.owner ?? s.teams.find((t) => t.id === id)?.owner;
    expect(s.departments.find((d) => d.id === '1')).toMatchObject({ name: 'Dental Magic Inc.', owner: '1001' });
    expect([owner('20'), owner('21'), owner('22'), owner('30'), owner('40')]).toEqual(['1002', '1003', '1006', '1009', '1012']);
    expect(done.stdout).toMatch(
      /create team Production Line B \(22, departments row 5\): new team in the workbook; leader from the reporting line: Foss, Jason/,
    );
    expect(done.stdout).toMatch(
      /The leader column names Salter, Jason as the leader of "IT\/IS" \(40\), the reporting line Roup, Simon: the leader column is used/,
    );
    expect(done.stdout).toMatch(/employees row 15, column manager \("ManagerID"\): The manager "2051" is no active employee of the export/);
    await expectConverged(sandbox, args, cwd);
  });
});

describe("a municipality's OS2mo objects: units, people and organisationfunktion placements", () => {
  it('places people by their current engagements and leaders by their leader functions; next month: names in the plan, a department only the service knows, an own team kept', async () => {
    const cwd = copyOf('kommune');
    cpSync(join(FIXTURES, 'kommune-next-month'), join(cwd, 'kommune-next-month'), { recursive: true });
    await mapInit(cwd, 'kommune');
    const profile = profileIn(join(cwd, 'profile.json'));
    // Point 9: the placements section, its role's spellings written by map --init.
    expect(profile.placements).toEqual({
      file: 'organisationfunktion.csv',
      headers: { objektid: null, funktionsnavn: 'is_manager', bruger: 'employee_id', enhed: 'unit_id', fra: 'start_date', til: 'end_date' },
      values: { is_manager: { Engagement: 'no', Leder: 'yes' } },
    });

    const ORG = 'ae1a4c5b-0f6d-4a3e-9e0a-3c2b1d4e5f60';
    const U = { bib: 'b1a70e3c', hoved: '0c5d9a82', boeger: '6e2f4b19', musik: 'd84c1e07', lokal: '3a9b6c4d', trafik: '9d8c7b6a' };
    const P = { karin: 'a0c4e1f2', henrik: '52b7d9e0', sune: '34705881', maja: 'c3e5a7b9', pia: '18c6e4a2', ole: '96a4c2e0' };
    sandbox = await startSandbox({ quiet: true, rootId: ORG, rootName: 'Aarhus Kommune' });
    const first = ['kommune', '--map', 'profile.json'];
    await importWith(sandbox, first, cwd);
    let s = sandbox.snapshot();
    const unit = (prefix: string) => s.teams.find((t) => t.id.startsWith(prefix)) ?? s.departments.find((d) => d.id.startsWith(prefix));
    const people = (prefix: string) => (s.teams.find((t) => t.id.startsWith(prefix))?.members ?? []).map((id) => id.slice(0, 8)).sort();
    // Current engagements only: Maja's ended one in Musik is history; Ole's leader function starts in 2030.
    expect(people(U.hoved)).toEqual([P.henrik, P.sune, P.maja].sort());
    expect(people(U.musik)).toEqual(['e2d4f6a8']);
    expect([unit(U.bib)?.owner?.slice(0, 8), unit(U.hoved)?.owner?.slice(0, 8), unit(U.lokal)?.owner?.slice(0, 8)]).toEqual([
      P.karin,
      P.henrik,
      P.pia,
    ]);
    expect(unit(U.trafik)?.owner ?? null).toBeNull();

    const next = ['kommune-next-month', '--map', 'profile.json', '--prune'];
    const month = await importWith(sandbox, next, cwd);
    // Point 10: names, with the id (a UUID shortened) and row; a move from where to where by name.
    expect(month.stdout).toContain('- fire employee Sune Skriver (34705881-…, bruger row 4)');
    expect(month.stdout).toMatch(/\+ add Maja Friis to team Bøger \(c3e5a7b9-…@6e2f4b19-…, bruger row 5\): team Hovedbiblioteket → Bøger/);
    expect(month.stdout).not.toMatch(/delete team/);
    s = sandbox.snapshot();
    expect(s.employees.find((e) => e.id.startsWith(P.sune))?.active).toBe(false);
    expect(people(U.boeger)).toEqual(['7f9e1d3c', P.maja].sort());
    // Point 7: Lokalbiblioteker is left out of this month's unit list; Pia works from its own team.
    expect(s.teams.find((t) => t.id.startsWith(U.lokal))).toMatchObject({
      name: 'Lokalbiblioteker',
      members: [expect.stringMatching(P.pia)],
    });
    // Point 11: nobody works directly in Borgerservice og Biblioteker now; its own team stays.
    expect(s.teams.find((t) => t.id.startsWith(U.bib))).toMatchObject({ name: 'Borgerservice og Biblioteker', members: [] });
    await expectConverged(sandbox, next, cwd);
  });
});

describe('a path export whose department is renamed (issue 34 points 8 and 9)', () => {
  const month = (sales: string) =>
    `Medarbejder_id;Navn;E-mail;Afdelingssti\r\n1;Anna Holm;anna@acme.example;Acme\r\n2;Bo Berg;bo@acme.example;Acme > ${sales}\r\n` +
    `3;Cy Dahl;cy@acme.example;Acme > ${sales} > Nord\r\n4;Di Lund;di@acme.example;Acme > ${sales} > Nord\r\n`;
  function months(): string {
    const cwd = tempDir('round3-renames-');
    for (const [folder, sales] of [
      ['m1', 'Salg'],
      ['m2', 'Salg og Marketing'],
    ] as const) {
      writeFileSync(join(cwd, `${folder}.csv`), month(sales));
    }
    return cwd;
  }

  it('--accept-renames renames the department and its own team together; the next --prune deletes nothing', async () => {
    const cwd = months();
    sandbox = await startSandbox({ quiet: true, rootId: 'acme', rootName: 'Acme' });
    await importWith(sandbox, ['m1.csv'], cwd);
    const renamed = await importWith(sandbox, ['m2.csv', '--accept-renames'], cwd);
    expect(renamed.stdout).toMatch(/≈ rename team Salg og Marketing \(salg → salg-og-marketing, m2 row 3\)/);
    const s = sandbox.snapshot();
    expect(s.teams.find((t) => t.id === 'salg')).toBeUndefined();
    expect(s.teams.find((t) => t.id === 'salg-og-marketing')).toMatchObject({
      name: 'Salg og Marketing',
      departmentId: 'salg-og-marketing',
      members: ['2'],
    });
    await expectConverged(sandbox, ['m2.csv', '--prune'], cwd);
  });

  it('the report page after a run that created the new unit asks no rename decision; the plan page before it did', async () => {
    const cwd = months();
    sandbox = await startSandbox({ quiet: true, rootId: 'acme', rootName: 'Acme' });
    await importWith(sandbox, ['m1.csv'], cwd);
    // The export guard sees Salg gone with its team below it: the change is meant, accepted.
    const planned = await runCli(['plan', 'm2.csv', '--accept-changes', ...TODAY, ...serviceArgs(sandbox)], { cwd });
    expect(planned.code, planned.stdout).toBe(0);
    expect(readFileSync(join(cwd, 'm2.plan.html'), 'utf8')).toContain('id="proposals"');
    await importWith(sandbox, ['m2.csv', '--accept-changes'], cwd);
    const page = readFileSync(join(cwd, 'm2.report.html'), 'utf8');
    expect(page).not.toContain('id="proposals"');
    expect(page).not.toContain('data-proposal=');
  });
});
