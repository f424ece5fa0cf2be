/**
 * Issue 26, exports as they really come (round 2), on files no exporter of ours wrote: hand-made CSV bytes
 * in Windows-1252 and Latin-1 with `;` (test/fixtures/exports-round2/generate-csv.mjs) and a US HR dataset
 * written by openpyxl (generate.py) and saved again by LibreOffice Calc (convert-libreoffice.sh). Each is
 * imported by the built command into the sandbox over loopback, then again with nothing sent; `map --init`
 * on each is checked header by header, and the profile it writes is what the import runs with.
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/index.js';
import { runCli, serviceArgs, tempDir } from '../helpers/cli.js';
import { expectNothingSent } from '../helpers/converges.js';

const FIXTURES = fileURLToPath(new URL('../fixtures/exports-round2/', import.meta.url));
const TODAY = ['--today', '2025-06-01'];
/** The same HR dataset as openpyxl wrote it and as LibreOffice Calc saved it again. */
const HR_DATASETS = [
  ['openpyxl', 'hr-dataset.xlsx'],
  ['LibreOffice', 'hr-dataset-libreoffice.xlsx'],
] as const;

let sandbox: RunningSandbox | undefined;
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

/** The fixtures in a fresh folder (a run writes its error copy and report beside its input), with a profile. */
function folderWith(profile: unknown): string {
  const cwd = tempDir('round2-');
  cpSync(FIXTURES, cwd, { recursive: true });
  writeFileSync(join(cwd, 'profile.json'), JSON.stringify(profile));
  return cwd;
}

const expectSecondRunSendsNothing = (sb: RunningSandbox, args: string[], cwd: string) => expectNothingSent(sb, args, cwd, TODAY);

const PAYROLL_PROFILE = {
  employees: {
    headers: { Lønnr: 'employee_id', Mail: ['email', 'username'], 'Egen afd': 'unit_path' },
    dates: { birthday: 'DD.MM.YY' },
  },
};

describe('a Danish payroll CSV (Windows-1252, `;`, a title row) read through a profile', () => {
  it('is the Employees sheet the profile names; two-digit years by the century rule; the e-mail also the username; a second run sends nothing', async () => {
    sandbox = await startSandbox({ quiet: true, rootName: 'Kolding Kommune' });
    const cwd = folderWith(PAYROLL_PROFILE);
    const args = ['loenexport.csv', '--map', 'profile.json'];
    const first = await runCli([...args, '--yes', ...TODAY, ...serviceArgs(sandbox)], { cwd });
    expect(first.code, first.stdout + first.stderr).toBe(0);
    const s = sandbox.snapshot();
    const people = s.users.filter((u) => /^10\d$/.test(u.id)).map((u) => [u.id, u.name, u.birthday, u.username]);
    // Birthdays are never in the future: 28.02.04 is 2004, 30.06.60 is 1960 (2060 has not come).
    expect(people).toEqual([
      ['100', 'Tracy Andersen', '1971-04-03', 'tracya@kolding.dk'],
      ['101', 'Asbjørn Ladefoged', '1985-11-15', 'asbjoernl@kolding.dk'],
      ['102', 'Ester Truelsen', '1999-02-01', 'estert@kolding.dk'],
      ['103', 'Peder Thomsen', '2004-02-28', 'pedert@kolding.dk'],
      ['104', 'Elsa Ærø', '1960-06-30', 'elsaae@kolding.dk'],
      ['105', 'Søren Åby', '1992-12-11', 'soerena@kolding.dk'],
    ]);
    expect(s.teams.map((t) => [t.id, t.members.join(' ')])).toEqual(
      expect.arrayContaining([
        ['teknik-og-miljoe.park-og-vej', '102 103'],
        ['skole-og-boern', '104 105'],
      ]),
    );
    await expectSecondRunSendsNothing(sandbox, args, cwd);
  });

  it('a profile header no column has is an error naming it and the nearest header; nothing is sent', async () => {
    sandbox = await startSandbox({ quiet: true, rootName: 'Kolding Kommune' });
    const typo = {
      employees: {
        ...PAYROLL_PROFILE.employees,
        headers: { ...PAYROLL_PROFILE.employees.headers, 'Egen afd': undefined, 'Egen afdd': 'unit_path' },
      },
    };
    const cwd = folderWith(typo);
    const result = await runCli(['loenexport.csv', '--map', 'profile.json', '--yes', ...TODAY, ...serviceArgs(sandbox)], { cwd });
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(
      /The profile maps "Egen afdd" to unit_path, but the sheet has no column "Egen afdd".*Did you mean "Egen afd"\?/,
    );
    // The column it meant, left unread, is proposed as the unit path by its values.
    expect(result.stdout).toMatch(
      /unknown column "Egen afd" is ignored; its values look like paths of units: if it is the unit path, map it to unit_path/,
    );
    expect(sandbox.stats().writes).toBe(0);
  });
});

describe("a municipality's manager list (Latin-1, `;`) with no employee id", () => {
  it('takes the e-mail as both email and employee id when the profile says so, and "Enhed" as the unit path by its values; a second run sends nothing', async () => {
    sandbox = await startSandbox({ quiet: true, rootName: 'Vejle Kommune' });
    const cwd = folderWith({ employees: { headers: { 'E-mail': ['email', 'employee_id'] } } });
    const args = ['ledere.csv', '--map', 'profile.json'];
    const first = await runCli([...args, '--yes', ...TODAY, ...serviceArgs(sandbox)], { cwd });
    expect(first.code, first.stdout + first.stderr).toBe(0);
    expect(first.stdout).toMatch(
      /the column "Enhed" is read as the unit path \(unit_path\): its values are paths of units with "\/" between the levels/,
    );
    const s = sandbox.snapshot();
    const sofie = s.employees.find((e) => e.id === 'sofie.lund@vejle.dk');
    expect(sofie).toMatchObject({ active: true, teamId: 'sundhed-og-omsorg.hjemmeplejen-nord' });
    expect(s.users.find((u) => u.id === 'sofie.lund@vejle.dk')?.email).toBe('sofie.lund@vejle.dk');
    expect(s.teams.find((t) => t.id === 'sundhed-og-omsorg.hjemmeplejen-syd')?.owner).toBe('jens.moller@vejle.dk');
    await expectSecondRunSendsNothing(sandbox, args, cwd);
  });
});

/** `map --init` on a fixture: the profile it writes, and what it printed. */
async function mapInit(cwd: string, file: string) {
  const init = await runCli(['map', '--init', file, '--out', 'start.json'], { cwd });
  expect(init.code, init.stdout + init.stderr).toBe(0);
  return { stdout: init.stdout, profile: JSON.parse(readFileSync(join(cwd, 'start.json'), 'utf8')) as Record<string, any> };
}

describe('map --init on each fixture, header by header', () => {
  it.each(HR_DATASETS)(
    'a US HR dataset written by %s (35 columns and a lookup sheet): aliases beat guesses, codes are no gender or status, names no leader flag; its profile imports it',
    async (_writer, file) => {
      const cwd = folderWith({});
      const { profile, stdout } = await mapInit(cwd, file);
      const mapped = Object.fromEntries(Object.entries(profile.employees.headers).filter(([, column]) => column !== null));
      expect(mapped).toEqual({
        Employee_Name: 'name',
        EmpID: 'employee_id',
        Position: 'employment',
        DOB: 'birthday',
        Sex: 'gender',
        DateofHire: 'hiring_date',
        DateofTermination: 'leaving_date',
        Email: 'email',
      });
      // Every other header is listed as unrecognised, mapped to null; no guess is left among them.
      expect(Object.keys(profile.employees.headers)).toHaveLength(37);
      expect(profile._unrecognised.employees).toHaveLength(37 - 8);
      expect(profile._guessed).toBeUndefined();
      // Dates by how many parse: two-digit years, and month first because no 20th month exists.
      expect(profile.employees.dates).toEqual({ birthday: 'MM/DD/YY', hiring_date: 'M/D/YYYY', leaving_date: 'M/D/YYYY' });
      // Why look-alikes are not mapped: codes, a US state, an employment status in its own words, a manager's name.
      expect(profile._check.employees).toMatchObject({
        EmpStatusID: expect.stringMatching(/^holds codes \(1, 5\), not status/),
        MaritalStatusID: expect.stringMatching(/^holds codes/),
        State: expect.stringMatching(/values \(MA, TX, CT\) are not ones status takes: probably another column/),
        EmploymentStatus: expect.stringMatching(/are not ones status takes/),
        // Issue 35: a manager's column is read when it names the list's own people; these are not among them.
        ManagerName: expect.stringMatching(
          /holds people's names \(Michael Albert.*not this list's people.*nor the leader flag.*map it to name/,
        ),
        ManagerID: expect.stringMatching(/^holds codes/),
      });
      expect(profile._sheets).toEqual({ employees: 'HRDataset_v14' });
      expect(Object.keys(profile._not_placed)).toEqual(['Codes']);
      expect(profile._lacks).toBeUndefined();
      expect(stdout).toMatch(/8 headers recognised, 0 guessed/);

      sandbox = await startSandbox({ quiet: true });
      const args = [file, '--map', 'start.json'];
      const first = await runCli([...args, '--yes', ...TODAY, ...serviceArgs(sandbox)], { cwd });
      expect(first.code, first.stdout + first.stderr).toBe(0);
      const s = sandbox.snapshot();
      // Three left before today (a termination date): never created.
      expect(
        s.employees
          .filter((e) => e.active)
          .map((e) => e.id)
          .sort(),
      ).toEqual(['10002', '10012', '10026', '10062', '10088', '10114', '10194', '10242', '10250', '10252', '10265']);
      expect(s.users.find((u) => u.id === '10026')).toMatchObject({ name: 'Adinolfi, Wilson  K', gender: 'm', birthday: '1983-07-10' });
      expect(s.users.find((u) => u.id === '10252')).toMatchObject({ gender: 'f', birthday: '1974-01-12' });
      await expectSecondRunSendsNothing(sandbox, args, cwd);
    },
  );

  it('a Danish payroll CSV (Windows-1252): the id by its unique values, the path under "Egen afd" by its values, DD.MM.YY found', async () => {
    const cwd = folderWith({});
    const { profile } = await mapInit(cwd, 'loenexport.csv');
    expect(profile.employees.headers).toEqual({
      Lønnr: 'employee_id',
      Fornavn: 'first_name',
      Efternavn: 'last_name',
      Mail: 'email',
      Fødselsdato: 'birthday',
      'Egen afd': 'unit_path',
      Leder: 'is_manager',
    });
    expect(profile._guessed.employees).toEqual({ Lønnr: 'employee_id', 'Egen afd': 'unit_path' });
    expect(profile.employees.dates).toEqual({ birthday: 'DD.MM.YY' });
    expect(profile._check.employees['Egen afd']).toMatch(/read as unit_path by its values: paths of units with ">"/);

    sandbox = await startSandbox({ quiet: true, rootName: 'Kolding Kommune' });
    const args = ['loenexport.csv', '--map', 'start.json'];
    const first = await runCli([...args, '--yes', ...TODAY, ...serviceArgs(sandbox)], { cwd });
    expect(first.code, first.stdout + first.stderr).toBe(0);
    expect(sandbox.snapshot().users.find((u) => u.id === '104')).toMatchObject({ name: 'Elsa Ærø', birthday: '1960-06-30' });
    await expectSecondRunSendsNothing(sandbox, args, cwd);
  });

  it('a manager list (Latin-1) with no employee id: the profile says what the import lacks and how the e-mail can be both', async () => {
    const cwd = folderWith({});
    const { profile, stdout } = await mapInit(cwd, 'ledere.csv');
    expect(profile.employees.headers).toEqual({ Navn: 'name', 'E-mail': 'email', Enhed: 'unit_path', Leder: 'is_manager' });
    expect(profile._lacks).toEqual([expect.stringMatching(/no column is read as employee_id.*"E-mail": \["email", "employee_id"\]/)]);
    expect(stdout).toMatch(/Still missing for an import: Employees: no column is read as employee_id/);
  });

  it('a folder of a unit tree and an employee list naming units by name: one section per file', async () => {
    const cwd = folderWith({});
    const { profile } = await mapInit(cwd, 'units-by-name');
    expect(profile.organisation.headers).toEqual({ Enhed_id: 'id', Navn: 'name', Overordnet: 'parent_id', Leder: 'owner' });
    expect(profile.employees.headers).toEqual({ Medarbejder_id: 'employee_id', Navn: 'name', 'E-mail': 'email', Team: 'team_id' });
    expect(profile._sheets).toEqual({ employees: 'medarbejdere', organisation: 'organisation' });
    expect(profile._guessed).toBeUndefined();
  });
});

describe('the US HR dataset without a profile', () => {
  it('its State column, read as status by the alias, is one error saying it is probably another column, with the fix', async () => {
    const cwd = folderWith({});
    const result = await runCli(['validate', 'hr-dataset.xlsx', '--report', 'report.json', ...TODAY], { cwd });
    expect(result.code).toBe(1);
    const issues = (
      JSON.parse(readFileSync(join(cwd, 'report.json'), 'utf8')) as {
        issues: { severity: string; column: string | null; row: number | null; message: string }[];
      }
    ).issues;
    const status = issues.filter((i) => i.severity === 'error' && i.column === 'status');
    expect(status.map((i) => i.row)).toEqual([null]);
    expect(status[0]!.message).toMatch(
      /"State" is read as status, but 14 of its 14 values \(MA, TX, CT\).*probably another column.*"State": null/,
    );
  });
});

describe('an employee list naming its units by name (Windows-1252, a plain unit tree)', () => {
  it('places each person in the one unit of that name; a second run sends nothing; a name two units share is an error with their paths', async () => {
    sandbox = await startSandbox({ quiet: true, rootName: 'Nordlys Energi' });
    const cwd = folderWith({});
    const args = ['units-by-name'];
    const first = await runCli([...args, '--yes', ...TODAY, ...serviceArgs(sandbox)], { cwd });
    expect(first.code, first.stdout + first.stderr).toBe(0);
    const teamOf = Object.fromEntries(sandbox.snapshot().employees.map((e) => [e.id, e.teamId]));
    // "Nordlys Energi" and "drift" are departments: their own teams; "Net  Nord" is the team NET; D-ADM an id.
    expect(teamOf).toMatchObject({ '300': 'root', '301': 'DRIFT', '302': 'NET', '303': 'D-ADM' });
    await expectSecondRunSendsNothing(sandbox, args, cwd);

    const file = join(cwd, 'units-by-name', 'medarbejdere.csv');
    writeFileSync(file, Buffer.concat([readFileSync(file), Buffer.from('304;Ida Kjaer;idak@nordlys.dk;Administration\r\n')]));
    const shared = await runCli(['validate', ...args, ...TODAY, ...serviceArgs(sandbox)], { cwd });
    expect(shared.code).toBe(1);
    expect(shared.stdout).toMatch(
      /"Administration" is the name of 2 units \("Nordlys Energi > Drift > Administration", "Nordlys Energi > Salg > Administration"\).*Write the unit's id instead, or the unit as a path/,
    );
  });
});
