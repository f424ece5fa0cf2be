/** Annotated copies of files written by other programs (test/fixtures/writers/). */
import { copyFile, mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { writeErrorCsv } from '../../src/report/error-csv.js';
import { writeErrorWorkbook } from '../../src/report/error-workbook.js';
import { readInput } from '../../src/sheets/read.js';
import { validate } from '../../src/validate/index.js';
import { makeIssue } from './make-issue.js';

const WRITERS = join(import.meta.dirname, '..', 'fixtures', 'writers');

describe("annotated copies of other writers' files", () => {
  it('a workbook saved by openpyxl with cell notes gets its annotated copy, the note on the cell', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'orgsync-writers-'));
    const source = join(folder, 'template-round-trip.xlsx');
    await copyFile(join(WRITERS, 'openpyxl', 'template-round-trip.xlsx'), source);
    const out = join(folder, 'template-round-trip.errors.xlsx');
    await writeErrorWorkbook(
      source,
      [makeIssue({ file: source, sheetName: 'Medarbejdere', row: 3, column: 'email', header: 'E-mail', message: 'Not an address.' })],
      out,
    );
    const copy = new ExcelJS.Workbook();
    await copy.xlsx.readFile(out);
    const people = copy.getWorksheet('Medarbejdere');
    expect(people?.getCell('D3').value).toBe('bo@firma.dk');
    expect(JSON.stringify(people?.getCell('D3').note)).toContain('Not an address.');
    expect(copy.worksheets.map((sheet) => sheet.name)).toContain('Errors');
    // The notes the workbook had keep their text in the copy.
    expect(JSON.stringify(people?.getCell('A1').note)).toContain('Ansættelsens id i jeres HR-system');
  });

  it('a workbook whose parts are UTF-16 (issue 33) gets its annotated copy, its text as the reader read it', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'orgsync-writers-'));
    const source = join(folder, 'utf16.xlsx');
    await copyFile(join(WRITERS, '..', 'reader-round2', 'handmade', 'utf16.xlsx'), source);
    const out = join(folder, 'utf16.errors.xlsx');
    await writeErrorWorkbook(
      source,
      [makeIssue({ file: source, sheetName: 'Medarbejdere', row: 2, column: 'name', header: 'name', message: 'Check the name.' })],
      out,
    );
    const copy = new ExcelJS.Workbook();
    await copy.xlsx.readFile(out);
    const people = copy.getWorksheet('Medarbejdere');
    expect(people?.getCell('B2').value).toBe('Søren Ærø 😀');
    expect(JSON.stringify(people?.getCell('B2').note)).toContain('Check the name.');
  });

  it("the CSV error file marks the rows the reader numbered: Excel's, a quoted cell with line breaks being one row", async () => {
    const folder = await mkdtemp(join(tmpdir(), 'orgsync-writers-'));
    const source = join(folder, 'row-numbers.csv');
    await copyFile(join(WRITERS, 'handmade', 'row-numbers.csv'), source);
    const { issues } = await validate(await readInput([source], {}), {});
    const bad = issues.find((issue) => issue.code === 'invalid_email');
    expect(bad?.row).toBe(7);
    const out = join(folder, 'row-numbers.errors.csv');
    await writeErrorCsv(source, issues, out);
    const lines = (await readFile(out, 'utf8')).slice(1).split('\r\n');
    // Row 7 of the copy as Excel shows it: records, not text lines.
    expect(lines[6]).toMatch(/^4;Di;bad-email;.*e-mail/i);
    expect(lines[1]).toBe('1;"Ann\nHolm\n(HR)";ann@firma.dk;');
  });

  it('a CSV with an unescaped quote gets its marks at the rows of the quotes, every later row kept', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'orgsync-writers-'));
    const source = join(folder, 'stray-quotes.csv');
    await copyFile(join(WRITERS, 'handmade', 'stray-quotes.csv'), source);
    const reading = await readInput([source], {});
    const { issues } = await validate(reading, {});
    const out = join(folder, 'stray-quotes.errors.csv');
    await writeErrorCsv(source, issues, out);
    const lines = (await readFile(out, 'utf8')).slice(1).split('\r\n');
    expect(lines[2]).toMatch(/^202;Bo Kragh;bo@firma\.dk;"""Senior"" udvikler";T1;.*closing quote/);
    expect(lines[5]).toMatch(/^205;Eva Fisk;eva@firma\.dk;"""Konsulent";T2;.*never closed/);
    expect(lines[6]).toMatch(/^206;Finn Gade;finn@firma\.dk;Udvikler;T2;/);
    expect(lines[7]).toMatch(/^207;Gry Hald;gry@firma\.dk;"Chef ""A""";T2;/);
  });
});
