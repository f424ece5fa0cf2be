/**
 * Issue 33: workbooks from writers the reader had not met, read as Excel shows them or refused naming
 * the file, sheet and cell. Each point is shown by a workbook made for it: by LibreOffice Calc and openpyxl
 * (the formats they really write), or spelled out to the package standard (test/fixtures/reader-round2/,
 * each with the script that made it), and a few at test time when their size is the point.
 */
import { fileURLToPath } from 'node:url';
import JSZip from 'jszip';
import { afterEach, describe, expect, test } from 'vitest';
import { chooseLanguage } from '../../src/words/language.js';
import { openWorkbook, xlsxSheets } from '../../src/sheets/xlsx/workbook.js';
import { readAll, rawWorkbookBytes, type ReadSheet, writeBytes } from './fixtures.js';

const fixture = (writer: string, name: string) => fileURLToPath(new URL(`../fixtures/reader-round2/${writer}/${name}`, import.meta.url));

/** Each row as its number and its cells' texts (blank cells absent). */
const texts = (sheet: ReadSheet | undefined) =>
  (sheet?.rows ?? []).map((row) => [row.row, Object.fromEntries(Object.entries(row.cells).map(([column, cell]) => [column, cell.text]))]);

/** Every row of every sheet as the workbook reader hands it over, before any column is recognised. */
async function rawRows(file: string) {
  const sheets: { name: string; rows: { row: number; cells: unknown[] }[] }[] = [];
  for await (const sheet of xlsxSheets(await openWorkbook(file))) {
    const rows: { row: number; cells: unknown[] }[] = [];
    for (let next = await sheet.rows.next(); !next.done; next = await sheet.rows.next()) rows.push(...next.value);
    sheets.push({ name: sheet.sheetName, rows });
  }
  return sheets;
}

const refusal = (file: string) =>
  readAll([file]).then(
    () => 'read',
    (error: Error) => error.message,
  );

describe('1. escaped characters and quoted text in a number format are literals, never date codes', () => {
  test('LibreOffice saves "M"0000 as \\M0000: the employee ids are numbers shown M0042, not dates', async () => {
    const { sheets } = await readAll([fixture('libreoffice', 'id-formats.xlsx')]);
    const [first, second] = sheets[0]!.rows;
    expect(first!.cells.employee_id).toEqual({ text: '42', type: 'number', shown: 'M0042' });
    expect(second!.cells.employee_id).toEqual({ text: '43', type: 'number', shown: 'M0043' });
    // A real date format beside them stays a date.
    expect(first!.cells.birthday).toEqual({ text: '1990-01-31', type: 'date', date: '1990-01-31' });
  });

  test('openpyxl writes 0\\ \\d\\a\\g\\e and dd\\.mm\\.yyyy as given: a number shown "104 dage", and a date', async () => {
    const [employees] = await rawRows(fixture('openpyxl', 'id-formats.xlsx'));
    const row2 = employees!.rows.find((row) => row.row === 2)!;
    expect(row2.cells[4]).toEqual({ text: '104', type: 'number', shown: '104 dage' });
    expect(row2.cells[5]).toEqual({ text: '1990-01-31', type: 'date', date: '1990-01-31' });
  });
});

describe('2. merged cells in a prefixed sheet with a single-quoted ref (hand-made)', () => {
  test('the Team cell merged over rows 2–4 reaches rows 3 and 4, once warned; a list in a comment or an instruction is none', async () => {
    const { sheets, reading } = await readAll([fixture('handmade', 'merged-prefixed.xlsx')]);
    expect(texts(sheets[0])).toEqual([
      [2, { employee_id: '1', name: 'Ann Holm', email: 'ann@firma.dk', team_id: 'T-1' }],
      [3, { employee_id: '2', name: 'Bo Kragh', email: 'bo@firma.dk', team_id: 'T-1' }],
      [4, { employee_id: '3', name: 'Cy Dahl', email: 'cy@firma.dk', team_id: 'T-1' }],
      [5, { employee_id: '4', name: 'Di Eng', email: 'di@firma.dk', team_id: 'T-2' }],
    ]);
    expect(reading.issues.map(({ code, row, value }) => ({ code, row, value }))).toEqual([{ code: 'merged_cells', row: 2, value: 'T-1' }]);
    expect(reading.issues[0]?.message).toContain('D2:D4');
  });
});

describe('3. sheet parts found as the package standard finds them (hand-made)', () => {
  test('a part named in another case, one zipped with backslashes and an absolute target in capitals are all read', async () => {
    const { sheets } = await readAll([fixture('handmade', 'part-names.xlsx')]);
    expect(sheets.map((sheet) => [sheet.sheetName, sheet.rows.length])).toEqual([
      ['Employees', 2],
      ['Absence', 1],
      ['Organisation', 2],
    ]);
  });

  test('a sheet the workbook lists whose part is missing is an error naming the sheet', async () => {
    expect(await refusal(fixture('handmade', 'missing-part.xlsx'))).toMatch(
      /the workbook lists sheet "Fravær", but the sheet itself is missing/,
    );
  });
});

describe('4. rows placed by their number', () => {
  test('rows written before the header row are read in their places (hand-made)', async () => {
    const { sheets } = await readAll([fixture('handmade', 'rows-out-of-order.xlsx')]);
    expect(sheets[0]?.headerRow).toBe(1);
    expect(texts(sheets[0]).map(([row, cells]) => [row, (cells as Record<string, string>).employee_id])).toEqual([
      [2, '1'],
      [3, '2'],
      [4, '3'],
    ]);
  });

  const sheetOf = async (rows: string) => writeBytes('rows.xlsx', await rawWorkbookBytes([{ name: 'Employees', rows }]));
  const person = (r: number) => `<row r="${r}"><c r="A${r}"><v>${r}</v></c><c r="B${r}" t="inlineStr"><is><t>P${r}</t></is></c></row>`;
  const header = '<row r="1"><c r="A1" t="inlineStr"><is><t>Employee ID</t></is></c><c r="B1" t="inlineStr"><is><t>Name</t></is></c></row>';

  test('a header written after 1,000 rows still heads them; a row written twice is refused naming it', async () => {
    const many = Array.from({ length: 1000 }, (_, i) => person(i + 2)).join('');
    const { sheets } = await readAll([await sheetOf(many + header)]);
    expect(sheets[0]?.headerRow).toBe(1);
    expect(sheets[0]?.rows.map((row) => row.row)).toEqual(Array.from({ length: 1000 }, (_, i) => i + 2));
    expect(await refusal(await sheetOf(header + person(2) + person(3) + person(2)))).toMatch(/sheet "Employees": row 2 is written twice/);
  });

  test('a row written after thousands of rows that followed it were handed on is refused naming both rows', async () => {
    const many = Array.from({ length: 6000 }, (_, i) => person(i + 3)).join('');
    expect(await refusal(await sheetOf(header + many + person(2)))).toMatch(
      /sheet "Employees": row 2 is written after row [\d,]+ in the file/,
    );
  });
});

describe('5 and 10. part encodings (hand-made)', () => {
  test('shared strings declared windows-1252 are refused naming the encoding and the part', async () => {
    expect(await refusal(fixture('handmade', 'windows-1252-declared.xlsx'))).toMatch(
      /its part xl\/sharedStrings\.xml is written in the encoding windows-1252, which a workbook may not use/,
    );
  });

  test('the same bytes without a declaration are refused as not UTF-8, never read with replacement characters', async () => {
    expect(await refusal(fixture('handmade', 'windows-1252-undeclared.xlsx'))).toMatch(
      /xl\/sharedStrings\.xml holds characters that are not UTF-8/,
    );
  });

  test('a workbook whose parts are UTF-16 (little- and big-endian, with their byte order marks) is read, its merged cells too', async () => {
    const { sheets, reading } = await readAll([fixture('handmade', 'utf16.xlsx')]);
    expect(texts(sheets[0])).toEqual([
      [2, { employee_id: '1', name: 'Søren Ærø 😀', email: 'soren@firma.dk', team_id: 'T-1' }],
      [3, { employee_id: '2', name: 'Bo Kragh', email: 'bo@firma.dk', team_id: 'T-1' }],
    ]);
    expect(reading.issues.map((issue) => issue.code)).toEqual(['merged_cells']);
  });

  /** A workbook of one sheet with one part's text written again in other bytes. */
  async function withPartBytes(sheetName: string, rows: string, part: string, bytesOf: (xml: string) => Buffer): Promise<string> {
    const zip = await JSZip.loadAsync(await rawWorkbookBytes([{ name: sheetName, rows }]));
    zip.file(part, bytesOf(await zip.file(part)!.async('string')));
    return writeBytes('encoded.xlsx', await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' }));
  }

  test('UTF-16 without its byte order mark is refused saying so', async () => {
    const file = await withPartBytes('Employees', '', 'xl/workbook.xml', (xml) =>
      Buffer.from(xml.replace('encoding="UTF-8"', 'encoding="UTF-16"'), 'utf16le'),
    );
    expect(await refusal(file)).toMatch(
      /its part xl\/workbook\.xml is written in UTF-16 without the byte order mark the standard requires/,
    );
  });

  test('a sheet in an encoding it does not declare is refused naming the sheet', async () => {
    const rows = '<row r="1"><c r="A1" t="inlineStr"><is><t>x</t></is></c></row>';
    const file = await withPartBytes('Personale', rows, 'xl/worksheets/sheet1.xml', (xml) =>
      Buffer.from(xml.replace('<t>x</t>', '<t>\u00c6r\u00f8</t>'), 'latin1'),
    );
    expect(await refusal(file)).toMatch(/sheet "Personale" \(xl\/worksheets\/sheet1\.xml\) holds characters that are not UTF-8/);
  });
});

describe('6. a time of day alone shows no day, in both date systems', () => {
  test.each([
    ['LibreOffice, 1904', 'libreoffice', 'time-1904.xlsx'],
    ['openpyxl, 1904', 'openpyxl', 'time-1904.xlsx'],
  ])('%s: 18:00 (0.75) under h:mm is the number it is, not 1904-01-01; a date beside it is a date', async (_, writer, name) => {
    const { sheets } = await readAll([fixture(writer, name)]);
    const [first, second] = sheets[0]!.rows;
    expect(first!.cells.birthday).toEqual({ text: '0.75', type: 'number' });
    expect(second!.cells.birthday).toEqual({ text: '1990-01-31', type: 'date', date: '1990-01-31' });
  });

  test('LibreOffice, 1900: the same cell reads the same', async () => {
    const { sheets } = await readAll([fixture('libreoffice', 'id-formats.xlsx')]);
    expect(sheets[0]!.rows[1]!.cells.birthday).toEqual({ text: '0.75', type: 'number' });
  });
});

describe('7. a sheet inside an XML comment of workbook.xml (hand-made)', () => {
  test('is no sheet: only the listed one is read', async () => {
    const { sheets } = await readAll([fixture('handmade', 'sheet-in-comment.xlsx')]);
    expect(sheets.map((sheet) => sheet.sheetName)).toEqual(['Employees']);
    expect(texts(sheets[0]).map(([row]) => row)).toEqual([2, 3]);
  });
});

describe('11. values in a row are limited, not how far right they stand', () => {
  test('one stray value in column XFD of a row of four values is read (hand-made)', async () => {
    const [employees] = await rawRows(fixture('handmade', 'stray-xfd.xlsx'));
    const row2 = employees!.rows.find((row) => row.row === 2)!;
    expect(row2.cells.length).toBe(16_384);
    expect(row2.cells[16_383]).toEqual({ text: 'x', type: 'text' });
    expect(row2.cells.filter(Boolean)).toHaveLength(5);
  });

  test('a sheet whose rows put values far right over and over is refused naming the sheet and the row', async () => {
    const rows = Array.from(
      { length: 1100 },
      (_, i) => `<row r="${i + 1}"><c r="A${i + 1}"><v>1</v></c><c r="XFD${i + 1}"><v>1</v></c></row>`,
    ).join('');
    const file = writeBytes('far.xlsx', await rawWorkbookBytes([{ name: 'Employees', rows }]));
    expect(await refusal(file)).toMatch(
      /sheet "Employees", row 1\d\d\d: too many rows have values far to the right \(as far as column XFD\)/,
    );
  });
});

describe('the refusals in Danish', () => {
  afterEach(() => chooseLanguage('en'));

  test('a missing sheet part, a row written twice, a part in another encoding', async () => {
    chooseLanguage('da');
    expect(await refusal(fixture('handmade', 'missing-part.xlsx'))).toMatch(
      /projektmappen nævner arket "Fravær", men selve arket mangler i filen/,
    );
    expect(await refusal(fixture('handmade', 'windows-1252-declared.xlsx'))).toMatch(
      /dens del xl\/sharedStrings\.xml er skrevet i tegnkodningen windows-1252, som en projektmappe ikke må bruge/,
    );
    const twice = '<row r="1"><c r="A1"><v>1</v></c></row><row r="1"><c r="A1"><v>2</v></c></row>';
    const file = writeBytes('twice.xlsx', await rawWorkbookBytes([{ name: 'Ark1', rows: twice }]));
    expect(await refusal(file)).toMatch(/ark "Ark1": række 1 står to gange i filen/);
  });
});
