/**
 * Issue 17 point 3: no output may replace one of the user's inputs. `--report`, `--errors-out` and
 * `--journal` naming an input, or a symbolic or hard link to one, are refused (exit 3) before anything
 * is read, and the input keeps every byte.
 */
import { copyFileSync, linkSync, readFileSync, symlinkSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, SAMPLE_XLSX, tempDir, writeCsvSet } from '../helpers/cli.js';
import { EMPLOYEE_HEADER, ORG_HEADER, expectNoStackTrace } from './support.js';

/** A CSV set with one error (an employee without a name), so `validate` writes an error file. */
function csvWithAnError(): string {
  return writeCsvSet({
    employees: [EMPLOYEE_HEADER, ['1000', 'Ann Berg', 'ann@nordlys.dk', 'T1'], ['1001', '', 'bo@nordlys.dk', 'T1']],
    organisation: [ORG_HEADER, ['department', 'root', 'Company', '', '1000'], ['team', 'T1', 'Team 1', 'root', '']],
  });
}

describe('outputs never replace inputs', () => {
  it('--report naming the workbook is refused and the workbook is unchanged', async () => {
    const dir = tempDir('out-');
    const book = join(dir, 'book.xlsx');
    copyFileSync(SAMPLE_XLSX, book);
    const before = readFileSync(book);
    const result = await runCli(['validate', book, '--report', book], { cwd: dir });
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(/--report .*book\.xlsx is the input file .*book\.xlsx; writing it would replace your own file/);
    expectNoStackTrace(result.stderr);
    expect(readFileSync(book).equals(before)).toBe(true);
  });

  it('--errors-out naming a symbolic link to an input, or a hard link, is refused and the input is unchanged', async () => {
    const folder = csvWithAnError();
    const input = join(folder, 'employees.csv');
    const before = readFileSync(input);
    const dir = tempDir('out-');
    symlinkSync(input, join(dir, 'link.csv'));
    linkSync(input, join(dir, 'hard.csv'));
    for (const out of ['link.csv', 'hard.csv', input]) {
      const result = await runCli(['validate', folder, '--errors-out', resolve(dir, out)], { cwd: dir });
      expect(result.code, out).toBe(3);
      expect(result.stderr).toMatch(/--errors-out .* (leads to|is) the input file .*employees\.csv/);
      expect(readFileSync(input).equals(before), out).toBe(true);
    }
  });

  it('--journal naming an input is refused before anything is sent', async () => {
    const folder = csvWithAnError();
    const input = join(folder, 'organisation.csv');
    const before = readFileSync(input);
    const result = await runCli(['plan', folder, '--sandbox', '--journal', input], { cwd: tempDir('out-') });
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(/--journal .*organisation\.csv is the input file/);
    expect(readFileSync(input).equals(before)).toBe(true);
  });

  it('--html naming an input is refused before anything is read', async () => {
    const dir = tempDir('out-');
    const book = join(dir, 'book.xlsx');
    copyFileSync(SAMPLE_XLSX, book);
    const before = readFileSync(book);
    const result = await runCli(['plan', book, '--sandbox', '--html', book], { cwd: dir });
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(/--html .*book\.xlsx is the input file/);
    expect(readFileSync(book).equals(before)).toBe(true);
  });

  it('an --errors-out elsewhere is still written', async () => {
    const folder = csvWithAnError();
    const dir = tempDir('out-');
    const result = await runCli(['validate', folder, '--errors-out', join(dir, 'marked.csv')], { cwd: dir });
    expect(result.code).toBe(1);
    expect(existsSync(join(dir, 'marked.csv'))).toBe(true);
  });
});
