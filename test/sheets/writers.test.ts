/**
 * The committed corpus of other writers (test/fixtures/writers/: LibreOffice, openpyxl, hand-made
 * bytes), read as the user sees each file. Every value of every fixture is asserted.
 */
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { readAll, type ReadSheet } from './fixtures.js';

const WRITERS = join(import.meta.dirname, '..', 'fixtures', 'writers');
const fixture = (writer: string, name: string) => join(WRITERS, writer, name);

/** Each row as its number and its cells' texts (blank cells absent). */
function texts(sheet: ReadSheet | undefined): [number, Record<string, string>][] {
  return (sheet?.rows ?? []).map((row) => [
    row.row,
    Object.fromEntries(Object.entries(row.cells).map(([column, cell]) => [column, cell.text])),
  ]);
}

const issuesOf = (reading: { issues: { severity: string; code: string; row: number | null; sheetName: string | null }[] }, code: string) =>
  reading.issues.filter((issue) => issue.code === code).map(({ severity, row, sheetName }) => ({ severity, row, sheetName }));

describe('a CSV whose quotes are not escaped (hand-made bytes)', () => {
  test('no row swallows the next: each line is a row, a stray quote is text, a quote never closed is an error at its row', async () => {
    const { sheets, reading } = await readAll([fixture('handmade', 'stray-quotes.csv')]);
    expect(texts(sheets[0])).toEqual([
      [2, { employee_id: '201', name: 'Ann Holm', email: 'ann@firma.dk', team_id: 'T1' }],
      [3, { employee_id: '202', name: 'Bo Kragh', email: 'bo@firma.dk', team_id: 'T1' }],
      [4, { employee_id: '203', name: 'Cy "CJ" Dahl', email: 'cy@firma.dk', team_id: 'T1' }],
      [5, { employee_id: '204', name: 'Di Eng', email: 'di@firma.dk', team_id: 'T2' }],
      [6, { employee_id: '205', name: 'Eva Fisk', email: 'eva@firma.dk', team_id: 'T2' }],
      [7, { employee_id: '206', name: 'Finn Gade', email: 'finn@firma.dk', team_id: 'T2' }],
      [8, { employee_id: '207', name: 'Gry Hald', email: 'gry@firma.dk', team_id: 'T2' }],
    ]);
    expect(issuesOf(reading, 'csv_quotes')).toEqual([{ severity: 'warning', row: 3, sheetName: 'stray-quotes' }]);
    expect(issuesOf(reading, 'unclosed_quote')).toEqual([{ severity: 'error', row: 6, sheetName: 'stray-quotes' }]);
    expect(reading.issues.find((issue) => issue.code === 'csv_quotes')?.message).toContain('column D');
  });

  test('the rows before the unclosed quote are what LibreOffice Calc shows for the same file, quotes kept as text', async () => {
    // stray-quotes.calc.xlsx is Calc's own reading of stray-quotes.csv (its Titel column D included).
    const { sheets: calc } = await readAll([fixture('libreoffice', 'stray-quotes.calc.xlsx')]);
    const { sheets: ours } = await readAll([fixture('handmade', 'stray-quotes.csv')]);
    expect(texts(ours[0]).slice(0, 4)).toEqual(texts(calc[0]).slice(0, 4));
    // Calc glues rows 7 and 8 into row 6's cell; the importer does not.
    expect(texts(calc[0])).toHaveLength(5);
    expect(texts(ours[0])).toHaveLength(7);
  });
});

describe("row numbers of a CSV are Excel's (hand-made bytes)", () => {
  test('a quoted cell with line breaks is one row; an empty line and a line of delimiters are rows', async () => {
    const { sheets } = await readAll([fixture('handmade', 'row-numbers.csv')]);
    expect(texts(sheets[0])).toEqual([
      [2, { employee_id: '1', name: 'Ann\nHolm\n(HR)', email: 'ann@firma.dk' }],
      [3, { employee_id: '2', name: 'Bo', email: 'bo@firma.dk' }],
      [6, { employee_id: '3', name: 'Cy\nDahl', email: 'cy@firma.dk' }],
      [7, { employee_id: '4', name: 'Di', email: 'bad-email' }],
    ]);
  });
});

describe('rich text', () => {
  test('every run of inline and shared strings is the text, phonetic guides left out (hand-made XML)', async () => {
    const { sheets } = await readAll([fixture('handmade', 'rich-text.xlsx')]);
    expect(texts(sheets[0])).toEqual([
      [2, { employee_id: '1', name: 'Søren Ærø Kjærgård', email: 'soren@firma.dk', employment: 'Udvikler' }],
      [3, { employee_id: '2', name: 'Bo Kragh', email: 'bo@firma.dk', employment: 'Senior udvikler' }],
      [4, { employee_id: '3', name: 'Anna Holm', email: 'anna@firma.dk', employment: 'Chef' }],
      [5, { employee_id: '4', name: 'Cy Dahl & Co', email: 'cy@firma.dk', employment: 'Konsulent' }],
    ]);
  });

  test('LibreOffice: a name with a bold run, formulas with an empty result, a Team cell merged over two people', async () => {
    const { sheets, reading } = await readAll([fixture('libreoffice', 'calc-employees.xlsx')]);
    expect(texts(sheets[0])).toEqual([
      [2, { employee_id: '1', name: 'Søren Ærø Kjærgård', email: 'soren@firma.dk', team_id: 'T-1' }],
      [3, { employee_id: '2', name: 'Bo Kragh', email: 'bo@firma.dk', team_id: 'T-2', employment: 'x' }],
      [4, { employee_id: '3', name: 'Cy Dahl', email: 'cy@firma.dk', team_id: 'T-2' }],
    ]);
    expect(reading.issues.filter((issue) => issue.code === 'merged_cells').map((issue) => [issue.row, issue.message.slice(0, 22)])).toEqual(
      [[3, 'The cells D3:D4 are me']],
    );
  });
});

describe('formula results', () => {
  test('an empty text result is a blank cell; a formula never calculated stays an error cell (hand-made XML)', async () => {
    const { sheets } = await readAll([fixture('handmade', 'formula-results.xlsx')]);
    expect(texts(sheets[0])).toEqual([
      [2, { employee_id: '1', name: 'Ann', email: 'ann@firma.dk' }],
      [3, { employee_id: '2', name: 'Bo', email: 'bo@firma.dk', employment: 'Chef' }],
      [4, { employee_id: '3', name: 'Cy', email: 'cy@firma.dk', employment: '=UPPER("x")' }],
    ]);
    expect(sheets[0]?.rows[2]?.cells.employment?.type).toBe('error');
  });

  test('openpyxl: a formula saved without a result, and dates written as text with a time', async () => {
    const { sheets } = await readAll([fixture('openpyxl', 'formulas-and-text-dates.xlsx')]);
    expect(texts(sheets[0])).toEqual([
      [2, { employee_id: '1', name: 'Ann Holm', email: 'ann@firma.dk', team_id: '=IF(A2="","","T-1")' }],
      [3, { employee_id: '2', name: 'Bo Kragh', email: 'bo@firma.dk', team_id: 'T-2' }],
    ]);
    expect(sheets[0]?.rows[0]?.cells.team_id?.type).toBe('error');
    expect(texts(sheets[1])).toEqual([
      [2, { employee_id: '1', start_date: '2025-03-31 00:00:00', end_date: '2025-04-02T00:00:00' }],
      [3, { employee_id: '2', start_date: '2025-03-31', end_date: '2025-04-02' }],
    ]);
  });
});

describe('merged cells (openpyxl)', () => {
  test('a merged range gives its value to every cell of it, with one warning per range', async () => {
    const { sheets, reading } = await readAll([fixture('openpyxl', 'merged-cells.xlsx')]);
    expect(texts(sheets[0])).toEqual([
      [2, { employee_id: '1', name: 'Ann Holm', email: 'ann@firma.dk', team_id: 'T-1' }],
      [3, { employee_id: '2', name: 'Bo Kragh', email: 'bo@firma.dk', team_id: 'T-2' }],
      [4, { employee_id: '3', name: 'Cy Dahl', email: 'cy@firma.dk', team_id: 'T-2' }],
      [5, { employee_id: '4', name: 'Di Eng', email: 'di@firma.dk', team_id: 'T-3' }],
      [6, { employee_id: '5', name: 'Eva Fisk', email: 'eva@firma.dk', team_id: 'T-3' }],
      [7, { employee_id: '6', name: 'Finn Gade', email: 'finn@firma.dk', team_id: 'T-3' }],
    ]);
    const warnings = reading.issues.filter((issue) => issue.code === 'merged_cells');
    expect(warnings.map((issue) => [issue.severity, issue.row, issue.sheet])).toEqual([
      ['warning', 3, 'employees'],
      ['warning', 5, 'employees'],
    ]);
    expect(warnings[0]?.message).toContain('D3:D4');
    expect(warnings[1]?.message).toContain('D5:D7');
  });

  test('the template filled in and saved by openpyxl is read whole, its merged Team cell included', async () => {
    const { sheets, reading } = await readAll([fixture('openpyxl', 'template-round-trip.xlsx')]);
    const people = sheets.find((sheet) => sheet.kind === 'employees');
    expect(texts(people).map(([row, cells]) => [row, cells.employee_id, cells.name, cells.team_id])).toEqual([
      [2, '1001', 'Mette Sørensen', 'T-1'],
      [3, '1002', 'Bo Kragh', 'T-2'],
      [4, '1003', 'Cy Dahl', 'T-2'],
    ]);
    expect(texts(sheets.find((sheet) => sheet.kind === 'organisation')).map(([, cells]) => cells.id)).toEqual(['D-1', 'T-1', 'T-2']);
    expect(reading.issues.filter((issue) => issue.code === 'merged_cells').map((issue) => issue.row)).toEqual([3]);
  });
});
