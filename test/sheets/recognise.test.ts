import { describe, expect, test } from 'vitest';
import { sheetWords } from '../../src/words/sheets.js';
import { columnTexts, readAll, writeBytes, writeWorkbook } from './fixtures.js';

describe('recognising sheets and their header row', () => {
  test('the header row may stand below a title and an export date', async () => {
    const file = writeWorkbook({
      Employees: [['Employee export'], ['Exported 2024-05-01', null, 'by HR'], [], ['Employee ID', 'Name', 'Email'], [1, 'Ann', 'a@x.dk']],
    });
    const { sheets, reading } = await readAll([file]);
    expect(sheets[0]?.headerRow).toBe(4);
    expect(sheets[0]?.rows.map((row) => row.row)).toEqual([5]);
    expect(reading.issues).toEqual([]);
  });

  test('sheet names match ignoring case, spaces, underscores and dashes, in English and Danish', async () => {
    const file = writeWorkbook({
      ' medarbejdere ': [['Medarbejder_id', 'Navn', 'Mail']],
      FRAVÆR: [['Medarbejdernr', 'Første sygedag', 'Raskmeldt']],
      Org: [['Type', 'Enhed_id', 'Navn', 'Overordnet', 'Leder']],
      'dele-ge_rin ger': [['Enhed_id', 'Ansvar', 'Medarbejdernummer']],
    });
    const { sheets, reading } = await readAll([file]);
    expect(sheets.map((sheet) => [sheet.kind, sheet.headers])).toEqual([
      ['employees', ['employee_id', 'name', 'email']],
      ['absence', ['employee_id', 'start_date', 'end_date']],
      ['organisation', ['type', 'id', 'name', 'parent_id', 'owner']],
      ['delegations', ['unit_id', 'responsibility', 'employee_id']],
    ]);
    expect(reading.issues).toEqual([]);
  });

  test('a --map entry names a header the aliases do not know', async () => {
    const file = writeWorkbook({
      Employees: [
        ['Medarb.nr.', 'Navn', 'E-mail'],
        ['0042', 'Ann', 'a@x.dk'],
      ],
    });
    const { sheets } = await readAll([file], { headerMap: { employees: { 'medarb.nr.': 'employee_id' } } });
    expect(sheets[0]?.headers).toEqual(['employee_id', 'name', 'email']);
    expect(columnTexts(sheets[0], 'employee_id')).toEqual(['0042']);
  });

  test('a sheet with an unknown name is recognised by its headers', async () => {
    const file = writeWorkbook({
      Ark1: [['Some title'], ['Employee no', 'Full name', 'Email address', 'Start'], [7, 'Ann', 'a@x.dk', '2024-01-01']],
    });
    const { sheets } = await readAll([file]);
    expect(sheets.map((sheet) => [sheet.sheetName, sheet.kind, sheet.headerRow])).toEqual([['Ark1', 'employees', 2]]);
  });

  test('a sheet that is nothing known is ignored with a warning, never an error', async () => {
    const file = writeWorkbook({
      Instructions: [['Fill in the sheets'], ['Employee ID is required']],
      Employees: [['Employee ID', 'Name', 'Email']],
    });
    const { sheets, reading } = await readAll([file]);
    expect(sheets.map((sheet) => sheet.sheetName)).toEqual(['Employees']);
    expect(reading.issues).toEqual([
      {
        severity: 'warning',
        code: 'ignored_sheet',
        sheet: null,
        sheetName: 'Instructions',
        file,
        row: null,
        column: null,
        header: null,
        message: sheetWords().ignoredSheet,
        value: null,
      },
    ]);
  });

  test('each unknown column is reported once as a warning and its cells are left out', async () => {
    const file = writeWorkbook({
      Employees: [
        ['Employee ID', 'Name', 'Email', 'Shoe size'],
        [1, 'Ann', 'a@x.dk', 38],
        [2, 'Bo', 'b@x.dk', 44],
      ],
    });
    const { sheets, reading } = await readAll([file]);
    expect(reading.issues).toEqual([
      expect.objectContaining({
        severity: 'warning',
        code: 'unknown_column',
        sheet: 'employees',
        sheetName: 'Employees',
        row: null,
        column: null,
        header: 'Shoe size',
      }),
    ]);
    expect(sheets[0]?.rows.map((row) => Object.keys(row.cells))).toEqual([
      ['employee_id', 'name', 'email'],
      ['employee_id', 'name', 'email'],
    ]);
  });

  test('a second header meaning the same column is ignored with a warning', async () => {
    const file = writeWorkbook({
      Employees: [
        ['Employee ID', 'Name', 'Navn', 'Email'],
        [1, 'Ann', 'Anne', 'a@x.dk'],
      ],
    });
    const { sheets, reading } = await readAll([file]);
    expect(columnTexts(sheets[0], 'name')).toEqual(['Ann']);
    expect(reading.issues).toEqual([expect.objectContaining({ code: 'ignored_column', column: 'name', header: 'Navn' })]);
  });

  test('a named sheet without its required headers is still read, from its likeliest header row', async () => {
    const file = writeWorkbook({ Employees: [['Staff list'], ['Employee ID', 'Name'], [1, 'Ann']] });
    const { sheets } = await readAll([file]);
    expect(sheets[0]).toMatchObject({ kind: 'employees', headerRow: 2, headers: ['employee_id', 'name'] });
    expect(sheets[0]?.rows.map((row) => row.row)).toEqual([3]);
  });

  test('a named sheet with no rows at all is read as a sheet without columns', async () => {
    const file = writeWorkbook({ Employees: [], Absence: [['Employee ID', 'Start']] });
    const { sheets } = await readAll([file]);
    expect(sheets.map((sheet) => [sheet.sheetName, sheet.headers, sheet.rows.length])).toEqual([
      ['Employees', [], 0],
      ['Absence', ['employee_id', 'start_date'], 0],
    ]);
  });

  test('the header row is looked for only among the first ten non-empty rows', async () => {
    const titles = Array.from({ length: 10 }, (_, i) => [`note ${i}`]);
    const file = writeWorkbook({ Sheet1: [...titles, ['Employee ID', 'Name', 'Email']] });
    const { sheets, reading } = await readAll([file]);
    expect(sheets).toEqual([]);
    expect(reading.issues.map((issue) => issue.code)).toEqual(['ignored_sheet']);
  });

  test('two sheets of one kind are both read, each under its own name', async () => {
    const file = writeWorkbook({
      Employees: [
        ['Employee ID', 'Name', 'Email'],
        [1, 'Ann', 'a@x.dk'],
      ],
      Sheet2: [
        ['Employee ID', 'Name', 'Email'],
        [1, 'Bo', 'b@x.dk'],
      ],
    });
    const { sheets } = await readAll([file]);
    expect(sheets.map((sheet) => [sheet.sheetName, sheet.kind])).toEqual([
      ['Employees', 'employees'],
      ['Sheet2', 'employees'],
    ]);
  });

  test('a CSV file with a name that says nothing is recognised by its headers', async () => {
    const file = writeBytes('export-2024.csv', 'Unit ID;Responsibility;Employee ID\nD1;sickness;7\n');
    const { sheets } = await readAll([file]);
    expect(sheets.map((sheet) => [sheet.sheetName, sheet.kind])).toEqual([['export-2024', 'delegations']]);
  });

  test('rows a reader does not consume are skipped so the next sheet still reads', async () => {
    const file = writeWorkbook({
      Employees: [
        ['Employee ID', 'Name', 'Email'],
        [1, 'Ann', 'a@x.dk'],
        [2, 'Bo', 'b@x.dk'],
      ],
      Absence: [
        ['Employee ID', 'Start'],
        [1, '2024-01-01'],
      ],
    });
    const { readInput } = await import('../../src/sheets/read.js');
    const reading = await readInput([file], {});
    const seen: string[] = [];
    for await (const sheet of reading.sheets) {
      seen.push(sheet.sheetName);
      if (sheet.kind === 'absence') for await (const row of sheet.rows) seen.push(row.cells.get('start_date')?.text ?? '');
    }
    expect(seen).toEqual(['Employees', 'Absence', '2024-01-01']);
  });
});
