import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import * as XLSX from 'xlsx';
import { beforeAll, describe, expect, it } from 'vitest';
import { writeErrorWorkbook } from '../../src/report/error-workbook.js';
import type { Issue } from '../../src/model/issue.js';
import { makeIssue } from './make-issue.js';

let dir: string;
let source: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'orgsync-errwb-'));
  source = join(dir, 'staff.xlsx');
  const book = XLSX.utils.book_new();
  const employees = XLSX.utils.aoa_to_sheet([
    ['Medarbejdere pr. 1. marts'],
    ['Medarbejder_id', 'Navn', 'E-mail', 'Afdeling'],
    ['1001', 'Søren Ærø', 'soren@nordlys.dk', 'Salg'],
    ['1002', 'Åse Øster', 'not-an-address', 'Salg'],
    ['1003', 'Bo Bøgh', 'bo@nordlys.dk', 'Drift'],
  ]);
  XLSX.utils.book_append_sheet(book, employees, 'Medarbejdere');
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['Type', 'Enhed_id', 'Navn']]), 'Organisation');
  XLSX.writeFile(book, source);
});

function employeesIssue(overrides: Partial<Issue>): Issue {
  return makeIssue({ file: source, sheetName: 'Medarbejdere', ...overrides });
}

async function annotate(issues: Issue[]): Promise<ExcelJS.Workbook> {
  const out = join(dir, `out-${Math.random().toString(36).slice(2)}.xlsx`);
  await writeErrorWorkbook(source, issues, out);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(out);
  return workbook;
}

function noteText(cell: ExcelJS.Cell): string {
  const note = cell.note as string | ExcelJS.Comment | undefined;
  if (note === undefined) return '';
  return typeof note === 'string' ? note : (note.texts ?? []).map((t) => t.text).join('');
}

function fillOf(cell: ExcelJS.Cell): string | undefined {
  const fill = cell.fill as ExcelJS.FillPattern | undefined;
  return fill?.fgColor?.argb;
}

describe('writeErrorWorkbook', () => {
  it('highlights the faulty cell below a header found under a title row and notes the message', async () => {
    const workbook = await annotate([employeesIssue({ row: 4, header: 'E-mail', value: 'not-an-address' })]);
    const sheet = workbook.getWorksheet('Medarbejdere')!;
    const cell = sheet.getCell('C4');
    expect(cell.value).toBe('not-an-address');
    expect(fillOf(cell)).toBe('FFFFC7CE');
    expect(noteText(cell)).toContain('E-mail: The e-mail address "x" is not valid.');
    expect(fillOf(sheet.getCell('C3'))).toBeUndefined();
    expect(fillOf(sheet.getCell('C5'))).toBeUndefined();
  });

  it('notes a whole-column issue at its header cell, a missing column and a whole-row issue at the first cell', async () => {
    const workbook = await annotate([
      employeesIssue({
        severity: 'warning',
        code: 'unknown_column',
        row: null,
        column: null,
        header: 'Afdeling',
        message: 'Unknown column.',
      }),
      employeesIssue({ code: 'not_supported', row: 5, column: null, header: null, message: 'Not on v2.' }),
      employeesIssue({ code: 'missing_column', row: null, column: 'username', header: null, message: 'No username column.' }),
    ]);
    const sheet = workbook.getWorksheet('Medarbejdere')!;
    expect(fillOf(sheet.getCell('D2'))).toBe('FFFFEB9C');
    expect(noteText(sheet.getCell('D2'))).toContain('Unknown column.');
    expect(noteText(sheet.getCell('A5'))).toContain('Not on v2.');
    expect(noteText(sheet.getCell('A2'))).toContain('No username column.');
  });

  it('finds a cell by its canonical column when the issue names no header', async () => {
    const workbook = await annotate([employeesIssue({ row: 3, column: 'name', header: null, message: 'Name is odd.' })]);
    expect(noteText(workbook.getWorksheet('Medarbejdere')!.getCell('B3'))).toContain('Name is odd.');
  });

  it('joins the messages of two issues on one cell', async () => {
    const workbook = await annotate([
      employeesIssue({ row: 4, message: 'First.' }),
      employeesIssue({ row: 4, severity: 'warning', message: 'Second.' }),
    ]);
    const cell = workbook.getWorksheet('Medarbejdere')!.getCell('C4');
    expect(noteText(cell)).toBe('E-mail: First.\nWarning: E-mail: Second.');
    expect(fillOf(cell)).toBe('FFFFC7CE');
  });

  it('lists every issue on an Errors sheet, neutralising text a spreadsheet would run', async () => {
    const workbook = await annotate([
      employeesIssue({ row: 4, value: '=HYPERLINK("http://evil")' }),
      makeIssue({
        file: null,
        sheet: 'absence',
        sheetName: null,
        row: null,
        column: null,
        header: null,
        code: 'missing_sheet',
        message: 'No absence sheet.',
        value: null,
      }),
    ]);
    const errors = workbook.getWorksheet('Errors')!;
    expect(errors.getRow(1).values).toEqual([
      undefined,
      'Severity',
      'Sheet',
      'Row',
      'Column',
      'Header',
      'Code',
      'Message',
      'Value',
      'Cell',
    ]);
    const first = errors.getRow(2);
    expect(first.getCell(2).value).toBe('Medarbejdere');
    expect(first.getCell(3).value).toBe(4);
    expect(first.getCell(8).value).toBe(`'=HYPERLINK("http://evil")`);
    expect(first.getCell(9).value).toMatchObject({ text: 'C4', hyperlink: "#'Medarbejdere'!C4" });
    expect(errors.getRow(3).getCell(6).value).toBe('missing_sheet');
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Medarbejdere', 'Organisation', 'Errors']);
  });

  it('leaves issues of other files out and never touches the original', async () => {
    const before = await readFile(source);
    const workbook = await annotate([employeesIssue({ file: join(dir, 'other.xlsx'), row: 4 })]);
    expect(fillOf(workbook.getWorksheet('Medarbejdere')!.getCell('C4'))).toBeUndefined();
    expect(workbook.getWorksheet('Errors')!.rowCount).toBe(1);
    expect(await readFile(source)).toEqual(before);
  });

  it('refuses to write over its own input', async () => {
    await expect(writeErrorWorkbook(source, [], source)).rejects.toThrow(/overwrite the input/);
  });
});
