/**
 * Issue 15 point 5 for the reading stage: what a person reads about their files comes in the run's
 * language. Real inputs (a legacy .xls, a hidden sheet, a CSV with broken quotes, a sheet merged by
 * openpyxl, a bad --map profile, an existing template file) read once in Danish and once in English:
 * the Danish is whole sentences with no English left in them, the English is the exact English sentence.
 */
import { copyFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as XLSX from 'xlsx';
import { afterEach, describe, expect, it } from 'vitest';
import { OrgsyncError } from '../../src/errors.js';
import { errorCellMessage } from '../../src/sheets/cells.js';
import { starterProfile } from '../../src/sheets/starter.js';
import { checkProfile } from '../../src/sheets/profile/check.js';
import { readInput, readSheetHeads } from '../../src/sheets/read.js';
import { templateChangesSince, writeTemplate } from '../../src/template/index.js';
import { valueRules } from '../../src/validate/value-maps.js';
import { chooseLanguage, language, letWorkbookChooseLanguage, type Lang } from '../../src/words/language.js';
import type * as LanguageModule from '../../src/words/language.js';
import { EMPLOYEE_HEADERS, legacyXlsBytes, rawWorkbookBytes, readAll, tempFolder, writeBytes, writeWorkbook } from './fixtures.js';
import { bothWays, built, errorOf } from './worker-support.js';
import { englishWordsIn } from '../helpers/languages.js';

/** The built words layer, which the built reader (and its worker thread) answers to. */
const builtLanguage = (await import(built('words/language.js'))) as typeof LanguageModule;

afterEach(() => {
  chooseLanguage('en');
  builtLanguage.chooseLanguage('en');
});

const WRITERS = join(import.meta.dirname, '..', 'fixtures', 'writers');

/** Words of the reading stage's English sentences that no Danish sentence has; quoted text and JSON are left out. */
const SHEET_WORDS = ['by', 'ignored', 'sheet', 'cell', 'row', 'column', 'file', 'header', 'headers'];
function expectNoEnglish(text: string): void {
  expect(englishWordsIn(text.replace(/\{.*\}/g, '{}'), SHEET_WORDS)).toEqual([]);
}

/** The message of what `action` throws, which must be the importer's own error. */
async function refusal(action: () => Promise<unknown> | unknown): Promise<string> {
  try {
    await action();
  } catch (error) {
    expect(error).toBeInstanceOf(OrgsyncError);
    return (error as Error).message;
  }
  throw new Error('nothing was refused');
}

async function readIn(lang: Lang, paths: string[]) {
  chooseLanguage(lang);
  return (await readAll(paths)).reading.issues;
}

describe('a file that cannot be read', () => {
  it('an old .xls workbook is refused with what to do, in Danish or English', async () => {
    const file = writeBytes('medarbejdere.xls', legacyXlsBytes());
    chooseLanguage('da');
    const danish = await refusal(() => readInput([file], {}));
    expect(danish).toBe(`${file}: det er en gammel Excel 97–2003-projektmappe (.xls); gem den som .xlsx eller CSV, og prøv igen.`);
    chooseLanguage('en');
    expect(await refusal(() => readInput([file], {}))).toBe(
      `${file}: it is an old-style Excel 97–2003 workbook (.xls); save it as .xlsx or CSV and try again.`,
    );
  });

  it('a text file named .xlsx, an empty file and an unknown encoding', async () => {
    const text = writeBytes('export.xlsx', 'Medarbejder_id;Navn\n1;Ann\n');
    const empty = writeBytes('tom.csv', '');
    const csv = writeBytes('Medarbejdere.csv', 'Medarbejder_id;Navn;E-mail\n1;Ann;a@x.dk\n');
    chooseLanguage('da');
    expect(await refusal(() => readInput([text], {}))).toBe(
      `${text}: det er en tekstfil, ikke en Excel-projektmappe; hvis den indeholder CSV-data, så omdøb den, så navnet ender på .csv.`,
    );
    expect(await refusal(() => readInput([empty], {}))).toBe(`${empty}: filen er tom.`);
    const encoding = await refusal(() => readInput([csv], { encoding: 'klingon' }));
    expect(encoding).toBe('ukendt tegnkodning "klingon"; brug utf-8, utf-16le, utf-16be eller windows-1252');
    expect(await refusal(() => readInput([], {}))).toBe(
      'angiv en Excel-projektmappe (.xlsx), en eller flere CSV-filer eller en mappe med CSV-filer',
    );
    chooseLanguage('en');
    expect(await refusal(() => readInput([empty], {}))).toBe(`${empty}: the file is empty.`);
    expect(await refusal(() => readInput([csv], { encoding: 'klingon' }))).toBe(
      'unknown encoding "klingon"; use utf-8, utf-16le, utf-16be or windows-1252',
    );
  });

  it('a cell longer than Excel allows names the sheet and cell, and hints at an unclosed quote in a CSV file', async () => {
    const file = writeBytes('Medarbejdere.csv', `Medarbejder_id;Navn;E-mail\n1;${'x'.repeat(40_000)};a@x.dk\n`);
    chooseLanguage('da');
    const danish = await refusal(() => readAll([file]));
    expect(danish).toBe(
      `${file}: ark "Medarbejdere", celle B2 indeholder mere end 32.767 tegn, Excels egen grænse for en celle (det betyder som regel, at et anførselstegn aldrig bliver lukket).`,
    );
    chooseLanguage('en');
    expect(await refusal(() => readAll([file]))).toBe(
      `${file}: sheet "Medarbejdere", cell B2 holds more than 32,767 characters, Excel's own limit for a cell (this usually means a quotation mark has no closing partner).`,
    );
  });
});

describe('a workbook refused while a worker thread reads it', () => {
  const inline = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;
  const rows =
    `<row r="1">${inline('A1', 'Medarbejder_id')}${inline('B1', 'Navn')}${inline('C1', 'E-mail')}</row>` +
    `<row r="2">${inline('A2', '1')}${inline('B2', 'x'.repeat(40_000))}${inline('C2', 'a@x.dk')}</row>`;

  it('is worded in the main thread, in the run’s language, as the in-thread reader words it', async () => {
    const file = writeBytes('lang.xlsx', await rawWorkbookBytes([{ name: 'Medarbejdere', rows }]));
    builtLanguage.chooseLanguage('da');
    const danish = await bothWays(file);
    expect(errorOf(danish.worker)?.error.message).toBe(
      `${file}: ark "Medarbejdere", celle B2 indeholder mere end 32.767 tegn, Excels egen grænse for en celle.`,
    );
    expect(danish.worker).toStrictEqual(danish.inThread);
    builtLanguage.chooseLanguage('en');
    const english = await bothWays(file);
    expect(errorOf(english.worker)?.error.message).toBe(
      `${file}: sheet "Medarbejdere", cell B2 holds more than 32,767 characters, Excel's own limit for a cell.`,
    );
  });
});

describe('sheets and columns the reader leaves out', () => {
  it('a hidden sheet that looks like an employee sheet is named and explained', async () => {
    const file = writeWorkbook(
      { Medarbejdere: [EMPLOYEE_HEADERS, [1, 'Ann', 'a@x.dk']], Arkiv: [EMPLOYEE_HEADERS, [2, 'Bo', 'b@x.dk']] },
      { hidden: ['Arkiv'] },
    );
    const hidden = (issues: Awaited<ReturnType<typeof readIn>>) => issues.find((issue) => issue.code === 'ignored_sheet')?.message;
    const danish = hidden(await readIn('da', [file]));
    expect(danish).toBe(
      'ignoreret: arket "Arkiv" er skjult i Excel. Det ligner et Medarbejdere-ark, men et skjult ark importeres aldrig. ' +
        'Hvis det skal importeres, så vis arket (højreklik på en arkfane, Vis) og kør igen.',
    );
    expectNoEnglish(danish!);
    expect(hidden(await readIn('en', [file]))).toBe(
      'ignored: the sheet "Arkiv" is hidden in Excel. It looks like an Employees sheet, but a hidden sheet is never imported. ' +
        'If it should be imported, unhide it (right-click a sheet tab, Unhide) and run again.',
    );
  });

  it('a sheet whose headers are nearly an employee sheet says what it has and lacks, in the template’s own names', async () => {
    const file = writeWorkbook({
      Eksport: [
        ['Medarbejder_id', 'Navn', 'Afdeling'],
        [1, 'Ann', 'HR'],
      ],
    });
    const ignored = (issues: Awaited<ReturnType<typeof readIn>>) => issues.find((issue) => issue.code === 'ignored_sheet')?.message;
    const danish = ignored(await readIn('da', [file]))!;
    expect(danish).toMatch(/^ignoreret: navnet er ikke et kendt ark, og overskrifterne er ikke fuldstændige for nogen slags ark\. /);
    expect(danish).toContain(
      'Som Medarbejdere-ark (overskrifter i række 1) har det "Medarbejder_id" (employee_id), "Navn" (name), men mangler email ("E-mail" eller "Email").',
    );
    expect(danish).toContain(
      'Som Fravær-ark (overskrifter i række 1) har det "Medarbejder_id" (employee_id), men mangler start_date ("Første sygedag" eller "Start date").',
    );
    expect(danish).toMatch(
      /Tilføj de manglende kolonner, eller knyt dine egne overskrifter til kolonnerne med --map mapping\.json, for eksempel \{.*\}\.$/,
    );
    expectNoEnglish(danish);
    const english = ignored(await readIn('en', [file]))!;
    expect(english).toContain(
      'As Employees sheet (headers in row 1) it has "Medarbejder_id" (employee_id), "Navn" (name) but lacks email ("Email" or "E-mail").',
    );
    expect(english).toMatch(/^ignored: its name is no known sheet and its headers are not complete for any kind\. /);
  });

  it('a sheet with no known header at all gets the short sentence', async () => {
    const file = writeWorkbook({
      Medarbejdere: [EMPLOYEE_HEADERS, [1, 'Ann', 'a@x.dk']],
      Opslag: [
        ['Kode', 'Tekst'],
        ['A', 'Aktiv'],
      ],
    });
    const ignored = async (lang: Lang) => (await readIn(lang, [file])).find((issue) => issue.code === 'ignored_sheet')?.message;
    expect(await ignored('da')).toBe('ignoreret: der findes intet ark med dette navn, og overskrifterne passer ikke til nogen slags ark');
    expect(await ignored('en')).toBe('ignored: no sheet of this name is known and its headers match none');
  });

  it('an unknown column and a second column for the same field are warned about', async () => {
    const file = writeWorkbook({
      Medarbejdere: [
        ['Medarbejder_id', 'Navn', 'E-mail', 'Afdeling', 'Name'],
        [1, 'Ann', 'a@x.dk', 'HR', 'Ann'],
      ],
    });
    const columnWarnings = async (lang: Lang) =>
      (await readIn(lang, [file]))
        .filter((issue) => issue.code === 'unknown_column' || issue.code === 'ignored_column')
        .map((issue) => issue.message);
    const danish = await columnWarnings('da');
    expect(danish).toEqual(['ukendt kolonne "Afdeling" ignoreres', 'kolonnen "Name" ignoreres: kolonnen "Navn" giver allerede name']);
    danish.forEach(expectNoEnglish);
    expect(await columnWarnings('en')).toEqual([
      'unknown column "Afdeling" is ignored',
      'column "Name" is ignored: column "Navn" already gives name',
    ]);
  });
});

describe('cells the reader cannot take as they are', () => {
  it('a CSV file with a stray quote and a quote never closed (hand-made bytes)', async () => {
    const file = join(WRITERS, 'handmade', 'stray-quotes.csv');
    const quotes = async (lang: Lang) =>
      (await readIn(lang, [file]))
        .filter((issue) => issue.code === 'csv_quotes' || issue.code === 'unclosed_quote')
        .map((issue) => [issue.code, issue.message]);
    const danish = await quotes('da');
    expect(danish.map(([code]) => code)).toEqual(['csv_quotes', 'unclosed_quote']);
    expect(danish[0]![1]).toMatch(
      /^Cellen i kolonne D har tekst efter sit afsluttende anførselstegn \(.+\)\. Importen læste den, som den står, med anførselstegn, sådan som LibreOffice gør; Excel viser den uden anførselstegnene\. Hvis anførselstegnene ikke skal være der, så fjern dem fra eksporten\.$/,
    );
    expect(danish[1]![1]).toMatch(
      /^Cellen i kolonne [A-Z] begynder med et anførselstegn \("\), som aldrig bliver lukket, så Excel ville læse resten af filen ind i denne ene celle\. Importen læste rækken til enden af linjen og de næste linjer som rækker for sig\. Fjern anførselstegnet, eller luk det, og importér igen\.$/,
    );
    for (const [, message] of danish) expectNoEnglish(message!.replace(/\(.+?\)\./, '().'));
    const english = await quotes('en');
    expect(english[0]![1]).toMatch(
      /^The cell in column D has text after its closing quote \(.+\)\. The importer read it as written, quotes included, as LibreOffice does;/,
    );
    expect(english[1]![1]).toMatch(
      /^The cell in column [A-Z] starts with a quote \("\) that is never closed, so Excel would read the rest of the file into this one cell\. /,
    );
  });

  it('when nobody chose a language, a CSV file named as the Danish template names it has its first rows worded in Danish', async () => {
    const folder = tempFolder();
    const quoteMessages = async (name: string) => {
      const file = join(folder, name);
      copyFileSync(join(WRITERS, 'handmade', 'stray-quotes.csv'), file);
      letWorkbookChooseLanguage();
      const { reading } = await readAll([file]);
      return reading.issues
        .filter((issue) => issue.code === 'csv_quotes' || issue.code === 'unclosed_quote')
        .map((issue) => issue.message.slice(0, 24));
    };
    expect(await quoteMessages('Medarbejdere.csv')).toEqual(['Cellen i kolonne D har t', 'Cellen i kolonne D begyn']);
    expect(language()).toBe('da');
    expect(await quoteMessages('Employees.csv')).toEqual(['The cell in column D has', 'The cell in column D sta']);
    expect(language()).toBe('en');
  });

  it('merged cells in a sheet saved by openpyxl', async () => {
    const file = join(WRITERS, 'openpyxl', 'merged-cells.xlsx');
    const merged = async (lang: Lang) =>
      (await readIn(lang, [file])).filter((issue) => issue.code === 'merged_cells').map((issue) => issue.message);
    const danish = await merged('da');
    expect(danish).toEqual([
      'Cellerne D3:D4 er flettet; importen gav den flettede celles værdi "T-2" til alle cellerne i området, sådan som Excel viser det. Hvis det ikke er meningen, så ophæv fletningen, og udfyld hver række.',
      'Cellerne D5:D7 er flettet; importen gav den flettede celles værdi "T-3" til alle cellerne i området, sådan som Excel viser det. Hvis det ikke er meningen, så ophæv fletningen, og udfyld hver række.',
    ]);
    danish.forEach(expectNoEnglish);
    expect((await merged('en'))[0]).toBe(
      'The cells D3:D4 are merged; the importer gave the merged cell\'s value "T-2" to every cell of the range, as Excel shows it. If that is not meant, unmerge the cells and fill in each row.',
    );
  });

  it('a cell showing a spreadsheet error, read from a workbook SheetJS wrote', async () => {
    const sheet = XLSX.utils.aoa_to_sheet([EMPLOYEE_HEADERS, [1, 'Ann', 'a@x.dk']]);
    sheet.C2 = { t: 'e', v: 0x2a };
    const workbook = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(workbook, sheet, 'Medarbejdere');
    const file = writeBytes('fejl.xlsx', XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
    const { sheets } = await readAll([file]);
    const cell = sheets[0]!.rows[0]!.cells.email!;
    expect(cell.type).toBe('error');
    chooseLanguage('da');
    expect(errorCellMessage(cell.text)).toBe(
      'Cellen viser regnearksfejlen "#N/A" i stedet for en værdi. Ret formlen, eller skriv værdien.',
    );
    chooseLanguage('en');
    expect(errorCellMessage(cell.text)).toBe(
      'The cell shows the spreadsheet error "#N/A" instead of a value. Correct the formula or type the value.',
    );
  });
});

describe('a --map profile that cannot be used', () => {
  const refused = (lang: Lang, profile: unknown) => {
    chooseLanguage(lang);
    return refusal(() => checkProfile(profile, 'profil.json', valueRules));
  };

  it('a header mapped to no column names the sheet in the language’s template name', async () => {
    const profile = { medarbejdere: { headers: { 'Medarb.nr.': 'personale_nr' } } };
    const danish = await refused('da', profile);
    expect(danish).toMatch(
      /^--map profil\.json: "medarbejdere\.headers": "Medarb\.nr\." er knyttet til "personale_nr", som ikke er en kolonne i arket Medarbejdere; brug en af employee_id, /,
    );
    expect(await refused('en', profile)).toMatch(
      /^--map profil\.json: "medarbejdere\.headers": "Medarb\.nr\." is mapped to "personale_nr", which is no column of the Employees sheet; use one of employee_id, /,
    );
  });

  it('a value map on a free-text column, a value the column does not take, a date format on no date, a format not read', async () => {
    expect(await refused('da', { employees: { values: { name: { Ann: 'Anne' } } } })).toBe(
      '--map profil.json: "employees.values.name" knytter værdier, men name har ikke en fast liste af værdier (værdier knyttes kun til kolonner som status, gender og type)',
    );
    expect(await refused('da', { employees: { values: { status: { Væk: 'gone' } } } })).toBe(
      '--map profil.json: "employees.values.status": "Væk" er knyttet til "gone", som status ikke tager imod',
    );
    expect(await refused('da', { employees: { dates: { name: 'DD.MM.YYYY' } } })).toBe(
      '--map profil.json: "employees.dates.name" angiver et datoformat, men name indeholder ingen datoer',
    );
    const format = await refused('da', { employees: { dates: { birthday: 'YYYY/DD' } } });
    expect(format).toBe(
      '--map profil.json: "employees.dates.birthday" "YYYY/DD" er ikke et datoformat, som importen kan læse; skriv dag, måned og år som DD, MM og YYYY (D og M for et eller to cifre, YY for et tocifret årstal) med . - / eller et mellemrum imellem, f.eks. DD.MM.YYYY, MM/DD/YYYY eller MM/DD/YY',
    );
    expect(await refused('en', { employees: { dates: { name: 'DD.MM.YYYY' } } })).toBe(
      '--map profil.json: "employees.dates.name" gives a date format, but name holds no dates',
    );
  });

  it('an unknown key and a wrong shape are told in Danish too, zod’s words included', async () => {
    const danish = await refused('da', { employees: { headers: {}, kolonner: {} } });
    expect(danish).toMatch(/^--map profil\.json: "employees": Ukendt nøgle: "kolonner" \(f\.eks\. \{.*\}\)$/);
    expect(await refused('da', 'employees')).toMatch(/^--map profil\.json: forventede et objekt med ark, f\.eks\. \{/);
    expect(await refused('da', { ansatte: {} })).toMatch(
      /^--map profil\.json: "ansatte" er ikke et ark; brug et af "employees", .* eller "path_separator" \(f\.eks\. \{/,
    );
    expect(await refused('en', { employees: { headers: {}, kolonner: {} } })).toMatch(
      /^--map profil\.json: "employees": Unrecognized key: "kolonner" \(e\.g\. \{/,
    );
  });

  it('the starter profile written by map --init carries its note in the run’s language', async () => {
    const file = writeBytes('eksport.csv', 'Medarb.nr.;Navn;Mail\n1;Ann;a@x.dk\n');
    const note = async (lang: Lang) => {
      chooseLanguage(lang);
      return starterProfile(await readSheetHeads([file], {}, 10), 'eksport.csv', {
        fixed: () => undefined,
        email: () => true,
        today: '2025-06-01',
      }).json._about as string;
    };
    const danish = await note('da');
    expect(danish).toMatch(/^Startprofil skrevet af "orgsync-import map --init" ud fra eksport\.csv\. Tjek hver tilknytning: /);
    expectNoEnglish(danish);
    expect(await note('en')).toMatch(/^Starter profile written by "orgsync-import map --init" from eksport\.csv\. Check every mapping: /);
  });
});

describe('the template', () => {
  it('refuses to write over a file that exists, in Danish or English', async () => {
    const outDir = tempFolder();
    const [file] = await writeTemplate({ format: 'csv', lang: 'da', outDir });
    const again = (lang: Lang) => {
      chooseLanguage(lang);
      return refusal(() => writeTemplate({ format: 'csv', lang: 'da', outDir }));
    };
    const written = readFileSync(file!, 'utf8');
    expect(await again('da')).toBe(
      `${file} findes allerede: vælg en anden mappe med --out, flyt filen væk først, eller brug --overwrite for at erstatte den.`,
    );
    expect(await again('en')).toBe(
      `${file} already exists: choose another --out folder, move the file away first, or give --overwrite to replace it.`,
    );
    expect(readFileSync(file!, 'utf8')).toBe(written);
  });

  it('says what changed since an older version in the run’s language', () => {
    chooseLanguage('da');
    expect(templateChangesSince('0')).toEqual([
      { version: '1', changes: 'Første skabelon: arkene Medarbejdere, Organisation, Fravær og Delegeringer.' },
    ]);
    chooseLanguage('en');
    expect(templateChangesSince('0')).toEqual([
      { version: '1', changes: 'First template: Employees, Organisation, Absence and Delegations sheets.' },
    ]);
    expect(templateChangesSince('1')).toEqual([]);
  });
});
