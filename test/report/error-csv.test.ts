import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import iconv from 'iconv-lite';
import { beforeAll, describe, expect, it } from 'vitest';
import { writeErrorCsv } from '../../src/report/error-csv.js';
import { writeErrorFiles } from '../../src/report/error-files.js';
import type { Issue } from '../../src/model/issue.js';
import { makeIssue } from './make-issue.js';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'orgsync-errcsv-'));
});

async function annotate(name: string, content: string | Buffer, issues: (file: string) => Issue[]): Promise<string> {
  const source = join(dir, name);
  await writeFile(source, content);
  const out = join(dir, `${name}.out.csv`);
  await writeErrorCsv(source, issues(source), out);
  return readFile(out, 'utf8');
}

describe('writeErrorCsv', () => {
  it('marks the row Excel shows when the file starts with the hidden "sep=" hint line, and keeps that line', async () => {
    const text = await annotate(
      'sep-hint.csv',
      'sep=;\r\nMedarbejder_id;Navn;E-mail\r\n1001;Søren Ærø;soren@nordlys.dk\r\n1002;Åse Øster;nope\r\n',
      (file) => [makeIssue({ file, sheetName: 'sep-hint', row: 3, header: 'E-mail', message: 'Not an address.' })],
    );
    expect(text.slice(1).split('\r\n')).toEqual([
      'sep=;',
      'Medarbejder_id;Navn;E-mail;errors',
      '1001;Søren Ærø;soren@nordlys.dk;',
      '1002;Åse Øster;nope;E-mail: Not an address.',
      '',
    ]);
  });

  it('copies every row with an errors column, keeping the semicolon and adding a BOM for Excel', async () => {
    const text = await annotate(
      'medarbejdere.csv',
      'Medarbejder_id;Navn;E-mail\r\n1001;Søren Ærø;soren@nordlys.dk\r\n1002;Åse Øster;nope\r\n',
      (file) => [makeIssue({ file, sheetName: 'medarbejdere', row: 3, header: 'E-mail', message: 'Not an address.' })],
    );
    expect(text.startsWith('\ufeff')).toBe(true);
    expect(text.slice(1).split('\r\n')).toEqual([
      'Medarbejder_id;Navn;E-mail;errors',
      '1001;Søren Ærø;soren@nordlys.dk;',
      '1002;Åse Øster;nope;E-mail: Not an address.',
      '',
    ]);
  });

  it('keeps a title row above the header and puts whole-sheet issues in the header’s errors cell', async () => {
    const text = await annotate('title.csv', 'Eksport 01-03-2025\nMedarbejder_id;Navn\n1001;Bo\n', (file) => [
      makeIssue({ file, row: null, column: 'email', header: null, code: 'missing_column', message: 'The e-mail column is missing.' }),
    ]);
    expect(text.slice(1).split('\r\n')).toEqual([
      'Eksport 01-03-2025;;',
      'Medarbejder_id;Navn;errors: email: The e-mail column is missing.',
      '1001;Bo;',
      '',
    ]);
  });

  it('finds the row of an issue by its Excel row number, a quoted cell with line breaks being one row', async () => {
    const text = await annotate('multiline.csv', 'employee_id,name,email\n1,"Line one\nline two",a@b.dk\n2,Bo,bad\n', (file) => [
      makeIssue({ file, row: 3, header: 'email', column: 'email', message: 'Bad.' }),
      makeIssue({ file, row: 2, column: 'name', header: 'name', message: 'Odd.' }),
    ]);
    expect(text.slice(1).split('\r\n')).toEqual([
      'employee_id,name,email,errors',
      '1,"Line one\nline two",a@b.dk,name: Odd.',
      '2,Bo,bad,email: Bad.',
      '',
    ]);
  });

  it('neutralises source cells and messages that a spreadsheet would run', async () => {
    const text = await annotate('inject.csv', 'employee_id,name\n1,=cmd|"/C calc"!A0\n', (file) => [
      makeIssue({ file, row: 2, column: 'name', header: 'name', message: 'Odd.' }),
    ]);
    expect(text.slice(1).split('\r\n')[1]).toBe(`1,"'=cmd|""/C calc""!A0",name: Odd.`);
  });

  it('reads a Windows-1252 source and writes its Danish letters as UTF-8', async () => {
    const text = await annotate('cp1252.csv', iconv.encode('medarbejder_id;navn\n7;Jørgen Ågård\n', 'windows-1252'), (file) => [
      makeIssue({ file, row: 2, column: 'name', header: 'navn', message: 'Odd.' }),
    ]);
    expect(text).toContain('7;Jørgen Ågård;navn: Odd.');
  });
});

describe('writeErrorFiles', () => {
  it('writes one errors file per CSV input that has issues', async () => {
    const employees = join(dir, 'employees.csv');
    const absence = join(dir, 'absence.csv');
    const clean = join(dir, 'delegations.csv');
    await writeFile(employees, 'employee_id,name\n1,Bo\n');
    await writeFile(absence, 'employee_id,start_date\n1,31/12/2024\n');
    await writeFile(clean, 'unit_id,responsibility,employee_id\n');
    const written = await writeErrorFiles(
      [
        makeIssue({ file: employees, row: 2, column: 'name', header: 'name' }),
        makeIssue({
          file: absence,
          sheet: 'absence',
          row: 2,
          column: 'start_date',
          header: 'start_date',
          code: 'ambiguous_date',
          message: 'Ambiguous date.',
        }),
      ],
      { inputs: [employees, absence, clean] },
    );
    expect(written).toEqual([join(dir, 'employees.errors.csv'), join(dir, 'absence.errors.csv')]);
    expect(await readFile(join(dir, 'absence.errors.csv'), 'utf8')).toContain('1,31/12/2024,start_date: Ambiguous date.');
  });
});
