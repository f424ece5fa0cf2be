/**
 * Issue 15 point 5 for validation: with Danish chosen, every issue validation writes about a workbook's
 * bad cells is Danish (and contains no English sentence); with English, the same workbook gives the
 * same issues in English, word for word.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as XLSX from 'xlsx';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readInput } from '../../src/sheets/read.js';
import { validate, type CurrentView, type ValidationResult } from '../../src/validate/index.js';
import { chooseLanguage, type Lang } from '../../src/words/language.js';
import { writeCsvSet } from '../helpers/cli.js';
import { englishWordsIn } from './english-words.js';
import { basicOrganisation, run, type SheetInput } from './helpers.js';

const TODAY = '2025-06-01';

/** A workbook in the Danish template's shape, with a bad cell of nearly every kind. */
function writeDanishWorkbook(dir: string): string {
  const file = join(dir, 'personale.xlsx');
  const book = XLSX.utils.book_new();
  const sheet = (name: string, rows: (string | number)[][]) => XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), name);
  sheet('Medarbejdere', [
    ['Medarbejder_id', 'Navn', 'E-mail', 'Køn', 'Fødselsdato', 'Sprog', 'Team', 'Status'],
    ['E1', 'Anna Berg', 'anna@firma.dk', 'K', '1980-05-01', 'da', 'T1', 'aktiv'],
    ['E1', 'Bo Holm', 'bo@firma.dk', 'M', '', '', 'T1', ''],
    ['E3', '', 'ikke-en-adresse', 'X', 'i går', '', 'T1', ''],
    ['E4', 'Carl Dahl', 'carl@firma.dk', '', '2090-01-01', 'fransk', 'T1', 'pensioneret'],
    ['E5', 'Dorte Eg', 'anna@firma.dk', '', '', '', 'T1', ''],
    ['E6', 'Erik Fos', 'erik@firma.dk', '', '', '', 'D1', ''],
    ['E7', 'Frida Gam', 'frida@firma.dk', '', '', '', 'T9', ''],
    ['E8', 'Gitte Hald', 'gitte@firma.dk', '', '', '', 'T1', 'fratrådt'],
    ['E9', '  Hans Ib  ', 'hans@firma.dk', '', 12345, '', '', 'aktiv'],
  ]);
  sheet('Organisation', [
    ['Type', 'Enhed_id', 'Navn', 'Overordnet', 'Leder'],
    ['afdeling', 'D0', 'Firma', '', ''],
    ['afdeling', 'D1', 'Salg', 'D0', 'E8'],
    ['team', 'T1', 'Salgsteam', 'D1', ''],
    ['gruppe', 'T2', 'Gruppen', 'D1', ''],
    ['team', 'T3', 'Uden afdeling', '', ''],
    ['afdeling', 'D2', 'Ekstra top', '', ''],
    ['team', 'T1', 'Dublet', 'D1', ''],
    ['afdeling', 'D3', 'Ring A', 'D4', ''],
    ['afdeling', 'D4', 'Ring B', 'D3', ''],
  ]);
  sheet('Fravær', [
    ['Medarbejder_id', 'Første sygedag', 'Sidste sygedag'],
    ['E8', '2025-03-01', '2025-03-05'],
    ['E9', '2025-03-01', ''],
    ['E1', '2025-04-10', '2025-04-01'],
    ['E1', '03/04/2025', ''],
    ['E4', '2025-01-01', '2025-01-10'],
    ['E4', '2025-01-05', '2025-01-20'],
    ['E1', '2025-05-01', '2025-05-03'],
    ['E1', '2025-05-04', '2025-05-06'],
    ['', '2025-01-01', ''],
  ]);
  sheet('Delegeringer', [
    ['Enhed_id', 'Ansvar', 'Medarbejder_id'],
    ['T1', 'kaffe', 'E1'],
    ['D1', 'dialog_access_cv', 'E1'],
    ['T1', 'dialog_access_cv', 'E8'],
    ['T1', 'dialog_access_onboarding', 'E1'],
    ['T1', 'dialog_access_onboarding', 'E1'],
    ['', 'configuration', 'E1'],
  ]);
  XLSX.writeFile(book, file);
  return file;
}

let workbook: string;

beforeAll(() => {
  workbook = writeDanishWorkbook(mkdtempSync(join(tmpdir(), 'orgsync-da-')));
});

afterEach(() => chooseLanguage('en'));

async function validateIn(lang: Lang, files: string[], current?: CurrentView): Promise<ValidationResult> {
  chooseLanguage(lang);
  return validate(await readInput(files, {}), { today: TODAY, ...(current && { current }) });
}

/** sheet:row:column → message, the way a person finds an issue in the error file. */
function bySpot(result: ValidationResult): Record<string, string> {
  const spots: Record<string, string> = {};
  for (const issue of result.issues) spots[`${issue.sheetName ?? ''}:${issue.row ?? ''}:${issue.column ?? ''}`] = issue.message;
  return spots;
}

const SERVICE: CurrentView = {
  employees: new Set(['E1', 'E2', 'OLD7']),
  departments: new Set(['D0', 'D1']),
  teams: new Set(['T1']),
  topDepartmentId: 'D0',
  teamOf: new Map([
    ['E1', 'T1'],
    ['E2', 'T1'],
    ['OLD7', 'T1'],
  ]),
  userOf: new Map([
    ['E1', 'U1'],
    ['E2', 'U2'],
    ['OLD7', 'U7'],
    ['OLD8', 'U8'],
  ]),
  users: new Map([
    ['U1', { name: 'Anna Berg', email: 'anna@firma.dk', username: 'anna@firma.dk' }],
    ['U2', { name: 'Bo Holm', email: 'bo@firma.dk', username: 'bo@firma.dk' }],
    ['U7', { name: 'Karen Lund', email: 'karen@firma.dk', username: 'karen@firma.dk' }],
    ['U8', { name: 'Mette Moe', email: 'mette.gammel@firma.dk', username: 'mette.gammel@firma.dk', birthday: '1975-06-07' }],
  ]),
  departmentNames: new Map([
    ['D0', 'Company'],
    ['D1', 'Sales'],
  ]),
  teamNames: new Map([['T1', 'Sales team']]),
  topDepartmentOwner: 'E2',
  departmentParents: new Map([
    ['D0', null],
    ['D1', 'D0'],
  ]),
  teamDepartments: new Map([['T1', 'D1']]),
};

/** People checked against a service: the top department's owner leaves, a name for an id, a person the service has. */
const PEOPLE_AGAINST_SERVICE: SheetInput = {
  kind: 'employees',
  sheetName: 'Medarbejdere',
  columns: ['employee_id', 'name', 'email', 'team_id', 'status', 'birthday'],
  rows: [
    ['E1', 'Anna Berg', 'anna@firma.dk', 'T1', 'aktiv', ''],
    ['E2', 'Bo Holm', 'bo@firma.dk', 'T1', 'fratrådt', ''],
    ['E3', 'Carl Dahl', 'carl@firma.dk', 'T9', '', ''],
    ['E4', 'Dan Eriksen', 'dan@firma.dk', 'Sales team', '', ''],
    ['E5', 'Karen Lund', 'karen@firma.dk', 'T1', '', ''],
    ['E6', 'Mette Moe', 'mette@firma.dk', 'T1', '', '1975-06-07'],
  ],
};

/** An export whose employee rows name their unit by its path, with a leader flag. */
const PATHS: SheetInput = {
  kind: 'employees',
  sheetName: 'Medarbejdere',
  columns: ['employee_id', 'name', 'email', 'unit_path', 'is_manager'],
  rows: [
    ['E1', 'Anna Berg', 'anna@firma.dk', 'Firma > IT', 'ja'],
    ['E2', 'Bo Holm', 'bo@firma.dk', 'Andet > Salg', ''],
    ['E3', 'Carl Dahl', 'carl@firma.dk', 'Firma > IT', 'måske'],
    ['E4', 'Dan Eriksen', 'dan@firma.dk', 'Firma > > IT', ''],
  ],
};

/** A CSV set: the employees file lacks its e-mail column, the organisation file its top department. */
function csvSet(): string {
  return writeCsvSet({
    medarbejdere: [
      ['Medarbejder_id', 'Navn'],
      ['E1', 'Anna Berg'],
    ],
    organisation: [
      ['Type', 'Enhed_id', 'Navn', 'Overordnet'],
      ['team', 'T1', 'Salg', 'D1'],
    ],
  });
}

describe('validation speaks Danish when Danish is chosen', () => {
  it('names every bad cell of a Danish workbook in Danish', async () => {
    const result = await validateIn('da', [workbook]);
    expect(bySpot(result)).toEqual({
      'Medarbejdere:3:employee_id': 'Medarbejder-id\'et "E1" bruges allerede i række 2. Hver ansættelse skal have sit eget id.',
      'Medarbejdere:4:name': 'Navnet er tomt. Skriv personens fulde navn.',
      'Medarbejdere:4:email': 'E-mailadressen "ikke-en-adresse" er ugyldig. Skriv den som navn@firma.dk.',
      'Medarbejdere:4:gender': 'Kønnet "X" kendes ikke. Skriv K eller M (kvinde/mand, female/male), eller lad cellen stå tom.',
      'Medarbejdere:4:birthday': 'Fødselsdatoen "i går" er ikke en dato. Skriv den som ÅÅÅÅ-MM-DD (for eksempel 2024-03-31).',
      'Medarbejdere:5:birthday': 'Fødselsdatoen 2090-01-01 ligger i fremtiden. Ret datoen, eller lad cellen stå tom.',
      'Medarbejdere:5:system_language':
        'Systemsproget "fransk" kendes ikke. Skriv da (dansk) eller en (engelsk), eller lad cellen stå tom for dansk.',
      'Medarbejdere:5:status':
        'Statussen "pensioneret" kendes ikke. Skriv aktiv, eller fratrådt for en medarbejder, der er fratrådt (active/left).',
      'Medarbejdere:6:email':
        'E-mailadressen "anna@firma.dk" tilhører allerede en anden person (bruger E1). Hvis det er samme person med et job mere, så tilføj en kolonne user_id, og giv begge rækker samme user_id; ellers skal hver person have sin egen e-mailadresse.',
      'Medarbejdere:7:team_id': '"D1" er en afdeling, ikke et team. Medarbejdere hører til teams: skriv id\'et på et af afdelingens teams.',
      'Medarbejdere:8:team_id':
        'Teamet "T9" findes ikke i arket Organisation, og der er ingen tjeneste sat op, som id\'et kan slås op i. Id\'et skal allerede findes i tjenesten, ellers mislykkes importen dér.',
      'Medarbejdere:10:name':
        'Én celle i denne kolonne havde mellemrum før eller efter teksten (første gang i række 10); mellemrummene er fjernet.',
      'Medarbejdere:10:birthday':
        'Fødselsdatoen "12345" er et tal, ikke en dato. Formatér cellen som en dato, eller skriv datoen som ÅÅÅÅ-MM-DD.',
      'Organisation:3:owner':
        'Medarbejderen "E8" er fratrådt (status fratrådt i række 9) og kan ikke være leder af en enhed. Vælg en, der bliver, eller lad cellen stå tom.',
      'Organisation:5:type': 'Typen "gruppe" kendes ikke. Skriv afdeling (department) eller team.',
      'Organisation:6:parent_id': 'Teamet "T3" har intet parent_id. Skriv id\'et på den afdeling, teamet hører til.',
      'Organisation:7:parent_id':
        'Afdelingen "D2" har intet parent_id, men "D0" i række 2 er allerede topafdelingen. Der kan kun være én topafdeling: giv "D2" en overordnet afdeling.',
      'Organisation:8:id': 'Team-id\'et "T1" bruges allerede i række 4. Hvert team skal have sit eget id.',
      'Organisation:9:parent_id': 'Afdelingerne "D3" → "D4" → "D3" er hinandens overordnede i en ring. Giv en af dem et andet parent_id.',
      'Organisation:10:parent_id': 'Afdelingerne "D3" → "D4" → "D3" er hinandens overordnede i en ring. Giv en af dem et andet parent_id.',
      'Fravær:2:employee_id':
        'Medarbejderen "E8" er fratrådt (status i arket Medarbejdere), så dette fravær springes over: tjenesten viser ikke længere medarbejderen.',
      'Fravær:3:employee_id':
        'Medarbejderen "E9" kommer ikke til at være i noget team, og tjenesten kan ikke sygemelde en medarbejder, der ikke er i et team. Giv medarbejderen et team_id i arket Medarbejdere.',
      'Fravær:4:end_date': 'Slutdatoen 2025-04-01 ligger før startdatoen 2025-04-10. Ret en af datoerne.',
      'Fravær:5:start_date':
        'Startdatoen "03/04/2025" kan læses både som dag/måned og som måned/dag. Skriv den som ÅÅÅÅ-MM-DD, eller kør med --date-order dmy (eller mdy).',
      'Fravær:7:start_date':
        'Dette fravær for medarbejderen "E4" (2025-01-05 til 2025-01-20) overlapper fraværet i række 6 (2025-01-01 til 2025-01-10). Tjenesten ville lægge dem sammen uden at sige det: ret datoerne, eller slet en af rækkerne.',
      'Fravær:9:start_date':
        'Dette fravær begynder dagen efter, at fraværet i række 8 slutter, så tjenesten gemmer dem som én periode: de sendes samlet, 2025-05-01 til 2025-05-06.',
      'Fravær:10:employee_id': "Medarbejder-id'et er tomt. Skriv id'et på den medarbejder, der er syg.",
      'Delegeringer:2:responsibility':
        'Ansvarsområdet "kaffe" kendes ikke. Vælg et fra listen (for eksempel dialog_access_cv for et team, configuration for en afdeling).',
      'Delegeringer:3:responsibility':
        'Ansvarsområdet "dialog_access_cv" gælder teams, men "D1" er en afdeling. Vælg et ansvarsområde for afdelinger.',
      'Delegeringer:4:employee_id':
        'Medarbejderen "E8" er fratrådt (status fratrådt i række 9) og kan ikke have en delegering. Vælg en, der bliver, eller lad cellen stå tom.',
      'Delegeringer:6:': 'Denne delegering gentager række 5 (dialog_access_onboarding på "T1" for medarbejderen "E1"); den sendes én gang.',
      'Delegeringer:7:unit_id': "Enheds-id'et er tomt. Skriv id'et på afdelingen eller teamet.",
    });
  });

  it("names a CSV set's missing column and top department in Danish", async () => {
    const result = await validateIn('da', [csvSet()]);
    expect(bySpot(result)).toEqual({
      'medarbejdere::email': 'Arket medarbejdere har ingen kolonne "E-mail" (email). Tilføj kolonnen: den er påkrævet.',
      'organisation::': 'Arket organisation har ingen topafdeling. Præcis én afdeling skal have et tomt parent_id: topafdelingen.',
      'organisation:2:parent_id':
        'Afdelingen "D1" findes ikke i arket organisation, og der er ingen tjeneste sat op, som id\'et kan slås op i. Id\'et skal allerede findes i tjenesten, ellers mislykkes importen dér.',
    });
  });

  it('says in Danish what the service would refuse, and whom a new row looks like', async () => {
    chooseLanguage('da');
    // Two teams named "Sales team": a unit name two units share (issue 26) cannot be read as either.
    const result = await run([basicOrganisation([['team', 'T2', 'Sales team', 'D0']]), PEOPLE_AGAINST_SERVICE], { current: SERVICE });
    expect(bySpot(result)).toEqual({
      'Medarbejdere:3:status':
        'Medarbejderen "E2" er leder af topafdelingen "D0" i tjenesten, og tjenesten afviser at fratræde lederen af topafdelingen. Giv først topafdelingen en anden leder (kolonnen owner i arket Organisation), eller lad medarbejderen forblive aktiv.',
      'Medarbejdere:4:team_id':
        'Teamet "T9" findes hverken i arket Organisation eller i tjenesten. Ret id\'et, eller tilføj teamet i arket Organisation.',
      'Medarbejdere:5:team_id':
        '"Sales team" er navnet på 2 enheder ("Company > Sales > Sales team", "Company > Sales team"), så det kan ikke afgøres, hvilken der menes. Skriv enhedens id i stedet, eller enheden som en sti (en kolonne unit_path, f.eks. "Company > Sales > Sales team").',
      'Medarbejdere:6:email':
        'Tjenesten har allerede e-mailadressen "karen@firma.dk" (som er brugernavn for en person uden eget brugernavn) for Karen Lund (bruger "U7", medarbejder "OLD7"), som ikke er med i denne projektmappe. Det ligner medarbejder OLD7 under et nyt id: skriv OLD7 i previous_employee_id, eller giv denne person sin egen e-mailadresse.',
      'Medarbejdere:7:employee_id':
        'Det ligner Mette Moe, født 1975-06-07 (bruger "U8" i tjenesten, uden aktiv ansættelse: en, der er fratrådt), som kommer tilbage under et nyt id: skriv "U8" i user_id og personens gamle medarbejder-id i previous_employee_id for at genansætte personen med sine data. Som det står nu, oprettes en person mere; er det en anden person, skal du ikke gøre noget.',
    });
  });

  it('names bad paths and leader flags of an export in Danish', async () => {
    chooseLanguage('da');
    const result = await run([PATHS]);
    expect(bySpot(result)).toEqual({
      'Medarbejdere:3:unit_path':
        'Stien begynder ved "Andet", som ikke er "Firma", topafdelingen i den første række. Alle stier begynder ved topafdelingen.',
      'Medarbejdere:4:is_manager': 'Ledermarkeringen "måske" kendes ikke. Skriv ja eller nej (yes/no, true/false, 1/0, x eller tom).',
      'Medarbejdere:5:unit_path':
        'Niveau 2 i stien "Firma > > IT" er tomt (to skilletegn ">" lige efter hinanden). Fjern det ekstra skilletegn, eller udfyld niveauet.',
    });
  });

  it('leaves no English word in any Danish message', async () => {
    const danish = [
      ...(await validateIn('da', [workbook])).issues,
      ...(await validateIn('da', [csvSet()])).issues,
      ...(await run([basicOrganisation(), PEOPLE_AGAINST_SERVICE], { current: SERVICE })).issues,
      ...(await run([PATHS])).issues,
    ];
    expect(danish.length).toBeGreaterThan(40);
    expect(
      danish.map((issue) => ({ message: issue.message, english: englishWordsIn(issue.message) })).filter((m) => m.english.length > 0),
    ).toEqual([]);
  });

  it('the English check finds English: the same workbook in English is full of it', async () => {
    const english = (await validateIn('en', [workbook])).issues;
    expect(english.every((issue) => englishWordsIn(issue.message).length > 0)).toBe(true);
  });
});

describe('the same workbook in English', () => {
  it('gives the same issues at the same cells, with the same codes, each in English', async () => {
    const danish = (await validateIn('da', [workbook])).issues;
    const english = (await validateIn('en', [workbook])).issues;
    const place = ({ severity, code, sheetName, row, column, value }: (typeof english)[number]) => ({
      severity,
      code,
      sheetName,
      row,
      column,
      value,
    });
    expect(danish.map(place)).toEqual(english.map(place));
    for (const [i, issue] of danish.entries()) expect(issue.message).not.toBe(english[i]!.message);
  });

  it('keeps the English sentences word for word', async () => {
    const spots = bySpot(await validateIn('en', [workbook]));
    expect(spots['Medarbejdere:10:birthday']).toBe(
      'The birthday "12345" is a number, not a date. Format the cell as a date or type the date as YYYY-MM-DD.',
    );
    expect(spots['Organisation:8:id']).toBe('The team id "T1" is already used in row 4. Each team needs its own id.');
    expect(spots['Fravær:7:start_date']).toBe(
      'This absence of employee "E4" (2025-01-05 to 2025-01-20) overlaps the absence in row 6 (2025-01-01 to 2025-01-10). The service would merge them silently: correct the dates or remove one of the rows.',
    );
    expect(spots['Delegeringer:4:employee_id']).toBe(
      'Employee "E8" has left (status left in row 9) and cannot hold a delegation. Choose someone who stays, or leave it empty.',
    );
    chooseLanguage('en');
    const service = bySpot(await run([basicOrganisation(), PEOPLE_AGAINST_SERVICE], { current: SERVICE }));
    expect(service['Medarbejdere:6:email']).toBe(
      'The service already has the e-mail address "karen@firma.dk" (the username of a person without one) for Karen Lund (user "U7", employee "OLD7"), who is not in this workbook. It looks like employee OLD7 under a new id: put OLD7 in previous_employee_id, or give this person their own e-mail address.',
    );
  });
});
