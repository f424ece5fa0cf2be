/**
 * Issue 15 point 5 for validation, the rarer findings: people over several rows, dates that decide an
 * employment, renames, whole sheets, exports' units and leaders, a service's top department. With Danish
 * chosen each one is Danish and holds no English word; English stays as it was.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { exampleRow } from '../../src/template/content.js';
import type { CurrentView, ValidationResult } from '../../src/validate/index.js';
import { chooseLanguage, type Lang } from '../../src/words/language.js';
import { englishWordsIn } from './english-words.js';
import { basicEmployees, basicOrganisation, EMPLOYEE_COLUMNS, run, type SheetInput } from './helpers.js';

afterEach(() => chooseLanguage('en'));

const PEOPLE: SheetInput = {
  kind: 'employees',
  sheetName: 'Medarbejdere',
  columns: [
    'employee_id',
    'user_id',
    'first_name',
    'last_name',
    'email',
    'username',
    'leaving_date',
    'hiring_date',
    'status',
    'previous_employee_id',
    'team_id',
  ],
  rows: [
    ['E1', 'U1', 'Anna', 'Berg', 'anna@firma.dk', 'anna', '', '', '', '', 'T1'],
    ['E2', 'U1', 'Anne', 'Berg', 'anna@firma.dk', 'anna', '', '', '', '', 'T1'],
    ['E3', 'U3', '', '', 'carl@firma.dk', 'anna', '', '', '', '', 'T1'],
    ['E4', 'U4', 'Dan', 'Ek', 'dan@firma.dk', '', '2025-01-01', '', 'aktiv', '', 'T1'],
    ['E5', 'U5', 'Eva', 'Fog', 'eva@firma.dk', '', '2025-12-31', '', '', '', 'T1'],
    ['E6', 'U6', 'Finn', 'Gad', 'finn@firma.dk', '', '', '2025-09-01', '', '', 'T1'],
    ['E7', 'U7', 'Gry', 'Hav', 'gry@firma.dk', '', '', '', '', 'OLD1', 'T1'],
    ['E8', 'U8', 'Hans', 'Ib', 'hans@firma.dk', '', '', '', '', 'OLD1', 'T1'],
    ['E9', 'U9', 'Ida', 'Jul', 'ida@firma.dk', 'kim@firma.dk', '', '', '', '', 'T1'],
    ['E10', 'U10', 'Kim', 'Lo', 'kim@firma.dk', '', '', '', '', '', 'T1'],
    ['E11', 'U11', 'Li\u0007v', 'Ma', 'liv@firma.dk', '', '', '', '', '', 'T1'],
    ['E12', 'U12', 'Mo', 'Ny', 'mo@firma.dk', '', '', '', '', 'E1', 'T1'],
  ],
};

const ABSENCE_OF_OLD_ID: SheetInput = {
  kind: 'absence',
  sheetName: 'Fravær',
  columns: ['employee_id', 'start_date'],
  rows: [['OLD1', '2025-02-01']],
};

/** Eight departments whose parents go round in a ring: the message shortens the loop. */
const RING: SheetInput = {
  kind: 'organisation',
  sheetName: 'Organisation',
  columns: ['type', 'id', 'name', 'parent_id'],
  rows: [['afdeling', 'D0', 'Firma', ''], ...Array.from({ length: 8 }, (_, i) => ['afdeling', `R${i}`, `Ring ${i}`, `R${(i + 1) % 8}`])],
};

const SERVICE: CurrentView = {
  employees: new Set(['E1']),
  departments: new Set(['root']),
  teams: new Set(),
  topDepartmentId: 'root',
  teamOf: new Map([['E1', null]]),
  departmentNames: new Map([['root', 'Firma']]),
  teamNames: new Map(),
  departmentParents: new Map([['root', null]]),
  teamDepartments: new Map(),
};

/** A plain unit tree of an export, with leaders named by e-mail and flagged on employee rows. */
const UNITS: SheetInput = {
  kind: 'organisation',
  sheetName: 'Enheder',
  columns: ['id', 'name', 'parent_id', 'owner_email'],
  rows: [
    ['root', 'Firma', '', ''],
    ['DIG', 'Digital', 'root', 'nemo@firma.dk'],
    ['DEV', 'Udvikling', 'DIG', ''],
    ['', 'Uden id', 'root', ''],
    ['DIG', 'Digital igen', 'root', ''],
  ],
};
const LEADERS: SheetInput = {
  kind: 'employees',
  sheetName: 'Medarbejdere',
  columns: ['employee_id', 'name', 'email', 'team_id', 'is_manager'],
  rows: [
    ['E1', 'Anna Berg', 'anna@firma.dk', 'DIG', ''],
    ['E2', 'Bo Holm', 'bo@firma.dk', 'DEV', 'ja'],
    ['E3', 'Carl Dahl', 'carl@firma.dk', 'DEV', 'ja'],
    ['E4', 'Dan Ek', 'dan@firma.dk', '', 'ja'],
  ],
};

const LEVELS: SheetInput = {
  kind: 'employees',
  sheetName: 'Medarbejdere',
  columns: ['employee_id', 'name', 'email', 'level_1', 'level_2', 'level_3'],
  rows: [['E1', 'Anna Berg', 'anna@firma.dk', 'Firma', '', 'IT']],
};

const example = exampleRow('da', 'employees');
const WITH_EXAMPLE: SheetInput = {
  kind: 'employees',
  sheetName: 'Medarbejdere',
  columns: EMPLOYEE_COLUMNS,
  rows: [
    [String(example.employee_id), String(example.name), String(example.email), 'T1'],
    ['E1', 'Anna Berg', 'anna@firma.dk', 'T1'],
  ],
};

/** Every input of this file, validated in one language: the results in order. */
async function everything(lang: Lang): Promise<ValidationResult[]> {
  chooseLanguage(lang);
  return [
    await run([basicOrganisation(), PEOPLE, ABSENCE_OF_OLD_ID]),
    await run([RING, basicEmployees()]),
    await run([UNITS, LEADERS]),
    await run([UNITS, LEADERS], { current: SERVICE }),
    await run([LEVELS]),
    await run([basicOrganisation(), WITH_EXAMPLE]),
    await run([basicOrganisation(), basicEmployees(), { ...basicEmployees(), sheetName: 'Ark2' }]),
    await run([basicOrganisation()]),
    await run(
      [
        basicOrganisation(),
        basicEmployees([], [...EMPLOYEE_COLUMNS, 'system_language']),
        { kind: 'delegations', columns: ['unit_id', 'responsibility', 'employee_id'], rows: [['T1', 'dialog_access_cv', 'E1']] },
      ],
      { api: 'v2' },
    ),
    await run([basicOrganisation(), basicEmployees()], { current: { ...SERVICE, topDepartmentId: 'TOP' } }),
  ];
}

function messages(results: ValidationResult[]): { code: string; row: number | null; message: string }[] {
  return results.flatMap((r) => r.issues.map(({ code, row, message }) => ({ code, row, message })));
}

describe('the rarer findings of validation in Danish', () => {
  it('gives each one in Danish, with no English word', async () => {
    const danish = messages(await everything('da'));
    expect(danish.length).toBeGreaterThan(25);
    expect(danish.filter((m) => englishWordsIn(m.message).length > 0)).toEqual([]);
  });

  it('gives the same findings in English, each in English', async () => {
    const danish = messages(await everything('da'));
    const english = messages(await everything('en'));
    expect(danish.map(({ code, row }) => ({ code, row }))).toEqual(english.map(({ code, row }) => ({ code, row })));
    expect(english.filter((m) => englishWordsIn(m.message).length === 0)).toEqual([]);
  });

  it('says in Danish what is wrong with people over several rows and dates that decide an employment', async () => {
    chooseLanguage('da');
    const found = messages([await run([basicOrganisation(), PEOPLE, ABSENCE_OF_OLD_ID])]).map((m) => m.message);
    expect(found).toEqual(
      expect.arrayContaining([
        'Navnet "Anne Berg" afviger fra "Anna Berg" i række 2 for samme person (bruger U1). Alle rækker for én person skal stemme overens.',
        'Både fornavn og efternavn er tomme. Skriv personens navn.',
        'Brugernavnet "anna" tilhører allerede en anden person (bruger U1). Vælg et andet brugernavn.',
        'Ifølge fratrædelsesdatoen 2025-01-01 er medarbejderen fratrådt (i dag er det 2025-06-01), men statussen siger "aktiv". Ret en af dem.',
        'Medarbejderen fratræder den 2025-12-31: vedkommende er aktiv indtil da, og den første kørsel på eller efter den dato fratræder medarbejderen.',
        'Medarbejderen begynder den 2025-09-01: rækken indlæses først fra den dag (i dag er det 2025-06-01).',
        'Det tidligere medarbejder-id "OLD1" er allerede angivet i række 8. Et gammelt id kan kun blive til ét nyt id.',
        'E-mailadressen "kim@firma.dk" er allerede en anden persons brugernavn (bruger U9). Giv denne person sit eget brugernavn.',
        'Værdien "Li␇v" indeholder et usynligt kontroltegn (U+0007, vist som ␇), som ingen navne eller id\'er indeholder. Skriv værdien igen.',
        'Det tidligere id "E1" er stadig id\'et for medarbejderen i række 2. Et id kan ikke både omdøbes og beholdes: slet den række eller dette tidligere id.',
        '"OLD1" er det gamle id for medarbejderen "E7", som denne projektmappe omdøber. Brug det nye id "E7".',
      ]),
    );
  });

  it('says in Danish what is wrong with whole sheets, loops, exports and the top department', async () => {
    const [, ring, offline, online, levels, withExample, twoSheets, noEmployees, v2, otherTop] = await everything('da');
    const texts = (r: ValidationResult | undefined) => r!.issues.map((i) => i.message);
    expect(texts(ring)[0]).toBe(
      'Afdelingerne "R0" → "R1" → "R2" → "R3" → "R4" → … 2 flere … → "R7" → "R0" (8 afdelinger) er hinandens overordnede i en ring. Giv en af dem et andet parent_id.',
    );
    expect(texts(offline)).toEqual(
      expect.arrayContaining([
        "Id'et er tomt. Alle enheder skal have et id.",
        'Enheds-id\'et "DIG" bruges allerede i række 3. Hver enhed skal have sit eget id.',
        'Ingen medarbejder i projektmappen har e-mailadressen "nemo@firma.dk"; uden forbindelse til tjenesten kan den ikke kontrolleres nærmere.',
        'Enheden "DEV" har allerede en leder (E2, række 3). En enhed har kun én leder: fjern en af dem.',
        'Medarbejderen er markeret som leder, men rækken angiver ingen enhed at lede. Udfyld enheden, eller fjern markeringen.',
      ]),
    );
    expect(texts(online)).toEqual(
      expect.arrayContaining([
        'Ingen medarbejder i projektmappen eller i tjenesten har e-mailadressen "nemo@firma.dk", så enhedens leder kan ikke findes. Ret adressen, eller tilføj lederen blandt medarbejderne.',
        'Medarbejderne, der arbejder direkte i afdelingen "Digital" (DIG), hører til afdelingens eget team: et team med samme id og navn oprettes i afdelingen (i tjenesten hører medarbejdere til teams).',
      ]),
    );
    expect(texts(levels)).toEqual([
      'Niveau 2 er tomt, men et dybere niveau er udfyldt ("IT"). Udfyld det manglende niveau: en sti må ikke have huller.',
    ]);
    expect(texts(withExample)).toEqual([
      'Række 2 er skabelonens eksempelrække, som er blevet stående over dine egne rækker. Slet den: den hører ikke til din organisation.',
    ]);
    expect(texts(twoSheets)).toEqual([
      'Både "Employees" og "Ark2" er ark af typen Medarbejdere, og importen kan ikke afgøre, hvilket af dem der menes. Behold ét: slet det andet, eller skjul det, hvis det er et arkiv.',
    ]);
    expect(texts(noEmployees)).toEqual([
      'Filen har intet ark Medarbejdere (Employees). Tilføj et: det er påkrævet, medmindre der kun indlæses et ark Fravær.',
    ]);
    expect(texts(v2)).toEqual([
      'API version 2 har intet systemsprog, så kolonnen med systemsprog ignoreres.',
      'Delegeringer kan ikke sendes med API version 2. Slet denne række (eller hele arket Delegeringer), eller indlæs med --api v3.',
    ]);
    expect(texts(otherTop)).toEqual(
      expect.arrayContaining([
        'Topafdelingen "D0" er ikke tjenestens topafdeling "TOP". Importen udskifter aldrig topafdelingen: brug id\'et "TOP" til den.',
      ]),
    );
  });
});
