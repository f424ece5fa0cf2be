import { mkdtemp, readFile, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { SHEETS } from '../../src/sheets/columns.js';
import { SHEET_KINDS } from '../../src/model/sheet-kind.js';
import { DEPARTMENT_RESPONSIBILITIES, TEAM_RESPONSIBILITIES } from '../../src/model/organisation.js';
import { TEMPLATE_VERSION, templateChangesSince, writeTemplate } from '../../src/template/index.js';

let dir: string;
const workbooks: Record<'en' | 'da', ExcelJS.Workbook> = { en: new ExcelJS.Workbook(), da: new ExcelJS.Workbook() };

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'orgsync-template-'));
  for (const lang of ['en', 'da'] as const) {
    const [file] = await writeTemplate({ format: 'xlsx', lang, outDir: join(dir, lang) });
    await workbooks[lang].xlsx.readFile(file as string);
  }
});

function listValues(workbook: ExcelJS.Workbook, sheetName: string, header: string): string[] {
  const sheet = workbook.getWorksheet(sheetName)!;
  const headers = sheet.getRow(1).values as unknown[];
  const column = headers.indexOf(header);
  expect(column).toBeGreaterThan(0);
  const validation = sheet.getCell(2, column).dataValidation;
  expect(validation.type).toBe('list');
  // '_template'!$D$2:$D$3 → the values in that range of the hidden sheet.
  const match = /^'(.+)'!\$([A-Z]+)\$(\d+):\$[A-Z]+\$(\d+)$/.exec(validation.formulae?.[0] as string);
  expect(match).not.toBeNull();
  const [, listSheet, letter, from, to] = match as unknown as [string, string, string, string, string];
  const values: string[] = [];
  for (let row = Number(from); row <= Number(to); row += 1) {
    values.push(String(workbook.getWorksheet(listSheet)!.getCell(`${letter}${row}`).value));
  }
  return values;
}

describe('the template workbook', () => {
  it('has one sheet per kind named in its language, an instructions sheet and the hidden version sheet', () => {
    expect(workbooks.en.worksheets.map((s) => [s.name, s.state])).toEqual([
      ['Employees', 'visible'],
      ['Organisation', 'visible'],
      ['Absence', 'visible'],
      ['Delegations', 'visible'],
      ['Instructions', 'visible'],
      ['_template', 'hidden'],
    ]);
    expect(workbooks.da.worksheets.map((s) => s.name)).toEqual([
      'Medarbejdere',
      'Organisation',
      'Fravær',
      'Delegeringer',
      'Vejledning',
      '_template',
    ]);
  });

  it('carries its template version in the hidden sheet', () => {
    const info = workbooks.da.getWorksheet('_template')!;
    expect(info.getCell('A1').value).toBe('template_version');
    expect(info.getCell('B1').value).toBe(TEMPLATE_VERSION);
  });

  it('has the headers of the sheet contract, a frozen header row and exactly one example row', () => {
    for (const lang of ['en', 'da'] as const) {
      for (const kind of SHEET_KINDS) {
        const spec = SHEETS[kind];
        const sheet = workbooks[lang].getWorksheet(lang === 'en' ? spec.english : spec.danish)!;
        const headers = (sheet.getRow(1).values as unknown[]).slice(1);
        expect(headers).toEqual(spec.columns.map((c) => (lang === 'en' ? c.english : c.danish)));
        expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
        expect(sheet.actualRowCount).toBe(2);
      }
    }
  });

  it('writes example dates as real date cells and ids as text', () => {
    const sheet = workbooks.da.getWorksheet('Medarbejdere')!;
    expect(sheet.getCell('G2').value).toEqual(new Date(Date.UTC(1985, 3, 17)));
    expect(sheet.getCell('G2').numFmt).toBe('dd-mm-yyyy');
    expect(sheet.getCell('A2').value).toBe('1001');
  });

  it('offers drop-down lists of accepted values for gender, language, status, type and responsibility', () => {
    expect(listValues(workbooks.en, 'Employees', 'Gender')).toEqual(['f', 'm']);
    expect(listValues(workbooks.en, 'Employees', 'System language')).toEqual(['en', 'da']);
    expect(listValues(workbooks.en, 'Employees', 'Status')).toEqual(['active', 'left']);
    expect(listValues(workbooks.en, 'Organisation', 'Type')).toEqual(['department', 'team']);
    expect(listValues(workbooks.da, 'Medarbejdere', 'Køn')).toEqual(['K', 'M']);
    expect(listValues(workbooks.da, 'Organisation', 'Type')).toEqual(['afdeling', 'team']);
    expect(listValues(workbooks.da, 'Delegeringer', 'Ansvar')).toEqual([...DEPARTMENT_RESPONSIBILITIES, ...TEAM_RESPONSIBILITIES]);
  });

  it('explains every column in the instructions sheet, in the template’s language', () => {
    const sheet = workbooks.da.getWorksheet('Vejledning')!;
    const rows: string[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
    const columnRows = rows.filter((r) => r.length === 4 && r[0] !== 'Ark');
    const expected = SHEET_KINDS.reduce((n, kind) => n + SHEETS[kind].columns.length, 0);
    expect(columnRows).toHaveLength(expected);
    expect(columnRows.find((r) => r[1] === 'E-mail')).toEqual([
      'Medarbejdere',
      'E-mail',
      'ja',
      'En gyldig e-mailadresse. En person har én e-mailadresse.',
    ]);
    expect(columnRows.find((r) => r[1] === 'Overordnet')?.[2]).toBe('ja, undtagen for den øverste afdeling');
  });
});

describe('the CSV template', () => {
  it('writes one UTF-8 file with BOM per sheet, `;`-separated with Danish dates in Danish', async () => {
    const files = await writeTemplate({ format: 'csv', lang: 'da', outDir: join(dir, 'csv-da') });
    expect(files.map((f) => f.slice(join(dir, 'csv-da').length + 1))).toEqual([
      'medarbejdere.csv',
      'organisation.csv',
      'fravær.csv',
      'delegeringer.csv',
    ]);
    const absence = await readFile(files[2] as string, 'utf8');
    expect(absence).toBe('\ufeffMedarbejder_id;Første sygedag;Sidste sygedag\r\n1001;06-01-2025;10-01-2025\r\n');
  });

  it('writes `,`-separated files with ISO dates in English', async () => {
    const files = await writeTemplate({ format: 'csv', lang: 'en', outDir: join(dir, 'csv-en') });
    expect(await readFile(files[2] as string, 'utf8')).toBe('\ufeffEmployee ID,Start date,End date\r\n1001,2025-01-06,2025-01-10\r\n');
  });

  it('refuses to overwrite a file that is already there, and writes nothing', async () => {
    const outDir = join(dir, 'csv-twice');
    await writeTemplate({ format: 'csv', lang: 'en', outDir });
    await expect(writeTemplate({ format: 'xlsx', lang: 'en', outDir })).resolves.toHaveLength(1);
    await expect(writeTemplate({ format: 'csv', lang: 'en', outDir })).rejects.toThrow(/employees\.csv already exists/);
    expect((await readdir(outDir)).sort()).toEqual([
      'absence.csv',
      'delegations.csv',
      'employees.csv',
      'organisation.csv',
      'orgsync-template.xlsx',
    ]);
  });
});

describe('templateChangesSince', () => {
  it('lists nothing for the current version and every change for an unreadable one', () => {
    expect(templateChangesSince(TEMPLATE_VERSION)).toEqual([]);
    expect(templateChangesSince('')).not.toEqual([]);
    expect(templateChangesSince('0').map((c) => c.version)).toContain('1');
  });
});
