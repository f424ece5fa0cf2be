/**
 * Issue 14 point 5: a --map profile, on real runs of the built command. A bad profile stops the run before
 * anything is read (exit 3, naming the key); value maps and date formats change what is imported into
 * the sandbox over loopback; `map --init` writes a starter profile and never overwrites one. The exports
 * are hand-made CSV bytes in Windows-1252 with `;`, as Danish HR systems write them.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import iconv from 'iconv-lite';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/index.js';
import { runCli, serviceArgs, tempDir } from '../helpers/cli.js';

const HEADER = 'Medarb.nr.;Navn;Mail;Køn;Fødselsdato;Hold;Stilling;Status';
const ORGANISATION = ['type;id;name;parent_id;owner', 'department;root;Company;;', 'team;T1;Bogholderi;root;'];

/** An export in Windows-1252, `;`-separated, CRLF: the bytes a Danish payroll system writes. */
function writeExport(dir: string, rows: string[]): void {
  writeFileSync(join(dir, 'medarbejdere.csv'), iconv.encode(`${[HEADER, ...rows].join('\r\n')}\r\n`, 'windows-1252'));
  writeFileSync(join(dir, 'organisation.csv'), `${ORGANISATION.join('\r\n')}\r\n`);
}

const PROFILE = {
  employees: {
    headers: { 'Medarb.nr.': 'employee_id', Mail: 'email', Køn: 'gender', Hold: 'team_id', Stilling: 'employment' },
    values: { gender: { Herre: 'm', Dame: 'f' }, status: { Stoppet: 'left', 'I arbejde': 'active' } },
    dates: { birthday: 'MM/DD/YYYY' },
  },
};

let sandbox: RunningSandbox;
let cwd: string;

beforeEach(async () => {
  sandbox = await startSandbox({ quiet: true });
  cwd = tempDir();
});
afterEach(async () => {
  await sandbox.close();
});

function withProfile(profile: unknown, command: string[]) {
  writeFileSync(join(cwd, 'profile.json'), JSON.stringify(profile));
  return runCli(
    [...command, join(cwd, 'medarbejdere.csv'), join(cwd, 'organisation.csv'), '--map', 'profile.json', ...serviceArgs(sandbox)],
    { cwd },
  );
}

describe("a profile's value maps and date formats", () => {
  const rows = [
    '101;Anna Holm;anna@firma.dk;Dame;12/31/1980;T1;Bogholder;I arbejde',
    '102;Bo Kragh;bo@firma.dk;Herre;02/01/1975;T1;Revisor;I arbejde',
  ];

  it("turn the export's own spellings and dates into what the sandbox gets", async () => {
    writeExport(cwd, rows);
    const result = await withProfile(PROFILE, ['--yes']);
    expect(result.code, result.stdout + result.stderr).toBe(0);
    const users = sandbox.snapshot().users.filter((u) => u.id === '101' || u.id === '102');
    expect(users.map((u) => [u.id, u.gender, u.birthday])).toEqual([
      ['101', 'f', '1980-12-31'],
      ['102', 'm', '1975-02-01'],
    ]);
  });

  it('without them the same export is refused at its cells, and nothing is sent', async () => {
    writeExport(cwd, rows);
    const { values: _values, dates: _dates, ...headersOnly } = PROFILE.employees;
    const result = await withProfile({ employees: headersOnly }, ['--yes']);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/gender "Dame" is not recognised/);
    // 12/31/1980 can be read one way only (issue 26); 02/01/1975 two ways.
    expect(result.stdout).toMatch(/birthday "02\/01\/1975" could be day\/month or month\/day/);
    expect(result.stdout).not.toMatch(/12\/31\/1980/);
    expect(result.stdout).toMatch(/status "I arbejde" is not recognised/);
    expect(sandbox.stats().writes).toBe(0);
  });

  it("map a leaver's status on the next run: the employee is fired", async () => {
    writeExport(cwd, rows);
    expect((await withProfile(PROFILE, ['--yes'])).code).toBe(0);
    writeExport(cwd, [rows[0]!, rows[1]!.replace('I arbejde', 'Stoppet')]);
    const second = await withProfile(PROFILE, ['--yes']);
    expect(second.code, second.stdout + second.stderr).toBe(0);
    const active = Object.fromEntries(sandbox.snapshot().employees.map((e) => [e.id, e.active]));
    expect(active).toMatchObject({ '101': true, '102': false });
  });

  it('leave a value the map does not name to the usual rules, and name the format of a date not written in it', async () => {
    writeExport(cwd, ['101;Anna Holm;anna@firma.dk;K;1980-12-31;T1;Bogholder;aktiv', '102;Bo Kragh;bo@firma.dk;Hr.;31/12/75;T1;Revisor;']);
    const result = await withProfile(PROFILE, ['validate']);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/row 3[^\n]*\n?[^\n]*gender "Hr\." is not recognised/);
    expect(result.stdout).toMatch(/birthday "31\/12\/75" is not a date in the format MM\/DD\/YYYY that the --map profile gives/);
    expect(result.stdout).not.toMatch(/row 2/); // K, an ISO date and "aktiv" are read as without a profile
  });
});

describe('a profile that cannot be right stops the run before anything is read (exit 3, naming the key)', () => {
  it.each([
    ['an unknown sheet key', { medarbejdere_liste: { headers: {} } }, /"medarbejdere_liste" is no sheet/],
    [
      'a header target that is no column',
      { employees: { headers: { 'Medarb.nr.': 'personnummer' } } },
      /"employees\.headers": "Medarb\.nr\." is mapped to "personnummer", which is no column/,
    ],
    [
      'a value map for a free-text column',
      { employees: { values: { name: { x: 'y' } } } },
      /"employees\.values\.name" maps values, but name takes no fixed set of values/,
    ],
    [
      'a value map to a value the column does not take',
      { employees: { values: { status: { Stoppet: 'gone' } } } },
      /"employees\.values\.status": "Stoppet" is mapped to "gone", which status does not take/,
    ],
    ['a value map for no column', { employees: { values: { afdeling: { x: 'y' } } } }, /"employees\.values\.afdeling" is no column/],
    [
      'a date format for a column without dates',
      { employees: { dates: { name: 'DD.MM.YYYY' } } },
      /"employees\.dates\.name" gives a date format, but name holds no dates/,
    ],
    [
      'a date format this importer cannot read',
      { employees: { dates: { birthday: 'DD.MM.YYY' } } },
      /"employees\.dates\.birthday" "DD\.MM\.YYY" is no date format/,
    ],
    ['an unknown key inside a sheet', { employees: { headers: {}, formats: {} } }, /"employees": Unrecognized key: "formats"/],
    ['an empty path separator', { path_separator: ' ' }, /"path_separator"/],
  ])('%s', async (_what, profile, message) => {
    writeExport(cwd, ['101;Anna Holm;anna@firma.dk;K;;T1;;']);
    const result = await withProfile(profile, ['--yes']);
    expect(result.code, result.stdout + result.stderr).toBe(3);
    expect(result.stderr).toMatch(message);
    expect(result.stderr).toMatch(/--map profile\.json: /);
    expect(result.stderr).not.toMatch(/Reading/); // stopped before the service or the export was read
    expect(result.stderr).not.toMatch(/\n\s+at /); // no stack trace
    expect(sandbox.stats().requests).toBe(0);
  });

  it('a target written as an alias and the old flat form are read as before', async () => {
    writeExport(cwd, ['101;Anna Holm;anna@firma.dk;K;;T1;;']);
    const flat = { employees: { 'Medarb.nr.': 'Medarbejder_id', Mail: 'E-mail', Hold: 'team', Fødselsdato: null, Stilling: null } };
    const result = await withProfile(flat, ['--yes']);
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).not.toMatch(/unknown column "(Fødselsdato|Stilling)"/); // mapped to null: ignored on purpose
    expect(sandbox.snapshot().employees.map((e) => e.id)).toContain('101');
  });
});

describe('map --init', () => {
  it("writes a starter profile from the export's headers, which then reads the export", async () => {
    writeExport(cwd, ['101;Anna Holm;anna@firma.dk;K;;T1;;']);
    const init = await runCli(['map', '--init', 'medarbejdere.csv', '--out', 'start.json'], { cwd });
    expect(init.code, init.stdout + init.stderr).toBe(0);
    expect(init.stdout).toMatch(/Wrote start\.json/);
    const written = JSON.parse(readFileSync(join(cwd, 'start.json'), 'utf8'));
    expect(written.employees.headers).toMatchObject({
      'Medarb.nr.': 'employee_id',
      Mail: 'email',
      Køn: 'gender',
      Fødselsdato: 'birthday',
      Hold: null,
      Stilling: 'employment',
      Status: 'status',
    });
    expect(written._guessed.employees).toEqual({ 'Medarb.nr.': 'employee_id' });
    expect(written._unrecognised.employees).toEqual(['Hold']);
    const validated = await runCli(['validate', 'medarbejdere.csv', '--map', 'start.json'], { cwd });
    expect(validated.code, validated.stdout + validated.stderr).toBe(0);
  });

  it('speaks the language of a Danish export as validate of the same file does, when nobody chose one (issue 34, point 14)', async () => {
    writeExport(cwd, ['101;Anna Holm;anna@firma.dk;K;;T1;;']);
    const noLanguage = { env: { LANG: 'C' }, cwd };
    const validated = await runCli(['validate', 'medarbejdere.csv'], noLanguage);
    expect(validated.stdout).toContain('Kontrolleret uden tjeneste');
    const init = await runCli(['map', '--init', 'medarbejdere.csv', '--out', 'start.json'], noLanguage);
    expect(init.code, init.stdout + init.stderr).toBe(0);
    expect(init.stdout).toMatch(/^Skrev start\.json: \d+ overskrifter genkendt/m);
    expect(init.stdout).not.toMatch(/Wrote|headers recognised/);
    expect(JSON.parse(readFileSync(join(cwd, 'start.json'), 'utf8'))._about).toMatch(/^Startprofil skrevet af/);
  });

  it('lists every header it does not recognise, mapped to null, and never overwrites without --overwrite', async () => {
    writeFileSync(join(cwd, 'export.csv'), iconv.encode('Lønnr;Koststed;E-mail\r\n1;K1;a@firma.dk\r\n', 'windows-1252'));
    expect((await runCli(['map', '--init', 'export.csv'], { cwd })).code).toBe(0);
    const written = JSON.parse(readFileSync(join(cwd, 'export.map.json'), 'utf8'));
    expect(written._unrecognised.employees).toEqual(['Lønnr', 'Koststed']);
    expect(written.employees.headers).toEqual({ Lønnr: null, Koststed: null, 'E-mail': 'email' });
    const again = await runCli(['map', '--init', 'export.csv'], { cwd });
    expect(again.code).toBe(3);
    expect(again.stderr).toMatch(/export\.map\.json already exists; .*--overwrite/);
    expect((await runCli(['map', '--init', 'export.csv', '--overwrite'], { cwd })).code).toBe(0);
    expect(existsSync(join(cwd, 'export.csv'))).toBe(true);
  });
});
