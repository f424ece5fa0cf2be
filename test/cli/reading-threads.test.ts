/**
 * The built command with its reading threads really started (a large CSV file's, threads/csv-reading.ts; a large
 * workbook's, threads/xlsx-reading.ts): a run whose other file is refused before the thread's rows are read
 * still ends, and a workbook read in a thread names its bad cells as any other.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { runCli, tempDir } from '../helpers/cli.js';
import { writeWorkbook } from '../sheets/fixtures.js';

/**
 * Employees enough for a CSV file of more than 2 MB (from which it is read in a thread) and, written by
 * SheetJS, a workbook of more than 10 MB of sheet XML (from which it is: 5.9 MB for 30,000 of these, so
 * 11.9 MB for 60,000).
 */
const CSV_PEOPLE = 30_000;
const WORKBOOK_PEOPLE = 60_000;
const person = (i: number) => [String(100_000 + i), `Person Number ${i} Holm-Christensen`, `person.number.${i}@firma-eksempel.dk`];

describe('the reading threads of the built command', () => {
  test('a CSV set whose small file is refused before the large file is read ends with the refusal, exit 3', async () => {
    const folder = tempDir('threads-csv-');
    const employees = ['employee_id;name;email', ...Array.from({ length: CSV_PEOPLE }, (_, i) => person(i).join(';'))].join('\n');
    writeFileSync(join(folder, 'employees.csv'), `${employees}\n`);
    writeFileSync(
      join(folder, 'absence.csv'),
      `employee_id;start_date;end_date\n100000;2026-01-05;2026-01-09\n100001;${'x'.repeat(40_000)};2026-02-01\n`,
    );
    // runCli's guard ends a hang (a thread left unread kept the process alive after the refusal was
    // printed); its default, not a shorter one: a loaded CI machine is slow, not wrong.
    const result = await runCli(['validate', folder], { cwd: folder });
    expect(result.signal).toBeNull();
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('absence.csv: sheet "absence", cell B3 holds more than 32,767 characters');
  });

  test("a workbook large enough for a reading thread names its last row's bad e-mail", async () => {
    const folder = tempDir('threads-xlsx-');
    const rows = [['employee_id', 'name', 'email'], ...Array.from({ length: WORKBOOK_PEOPLE }, (_, i) => person(i))];
    rows.push(['999999', 'Bo Last', 'not-an-email']);
    const file = writeWorkbook({ Employees: rows }, { folder, name: 'company.xlsx' });
    const result = await runCli(['validate', file], { cwd: folder });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(`row ${WORKBOOK_PEOPLE + 2}, column email: The e-mail address "not-an-email" is not valid.`);
    expect(result.stderr).toContain(`${(WORKBOOK_PEOPLE + 1).toLocaleString('en-GB')} rows in 1 sheets, 1 errors`);
  });
});
