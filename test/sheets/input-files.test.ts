/** One list of a run's input files for the reader, the journal's hash and the error copies. */
import { describe, expect, test } from 'vitest';
import { hashInputs } from '../../src/app/inputs.js';
import { parseDateText } from '../../src/sheets/dates.js';
import { listInputFiles } from '../../src/sheets/read.js';
import { errorCellMessage } from '../../src/sheets/cells.js';
import { readAll, tempFolder, writeBytes } from './fixtures.js';

describe('a folder of inputs', () => {
  test("Excel's lock files are skipped, .tsv files are read", async () => {
    const folder = tempFolder();
    writeBytes('Medarbejdere.csv', 'Medarbejdernummer;Navn;E-mail\n1;Ann;a@x.dk\n', folder);
    writeBytes('~$Medarbejdere.csv', Buffer.from([0x08, 0x41, 0x00, 0x6e, 0x00]), folder);
    writeBytes('Fravær.tsv', 'Medarbejdernummer\tFørste sygedag\tSidste sygedag\n1\t2025-03-31 00:00:00\t2025-04-01\n', folder);
    expect((await listInputFiles([folder])).map((file) => file.slice(folder.length + 1))).toEqual(['Fravær.tsv', 'Medarbejdere.csv']);
    const { sheets } = await readAll([folder]);
    expect(sheets.map((sheet) => sheet.kind)).toEqual(['absence', 'employees']);
  });

  test('a folder of .tsv files is hashed by its contents, not as an empty input', async () => {
    const folder = tempFolder();
    writeBytes('employees.tsv', 'Employee ID\tName\tEmail\n1\tAnn\ta@x.dk\n', folder);
    const before = await hashInputs([folder]);
    writeBytes('employees.tsv', 'Employee ID\tName\tEmail\n1\tAnn\tb@x.dk\n', folder);
    expect(await hashInputs([folder])).not.toBe(before);
  });
});

describe('date text with a time of day', () => {
  test.each([
    ['2025-03-31 00:00:00', '2025-03-31'],
    ['2025-03-31T00:00:00', '2025-03-31'],
    ['2025-03-31T00:00:00.000', '2025-03-31'],
    ['2025-03-31 14:30', '2025-03-31'],
    ['31-03-2025 00:00', '2025-03-31'],
    ['2025-03-31T00:00:00+02:00', '2025-03-31'],
  ])('%s is the day %s', (text, day) => {
    expect(parseDateText(text)).toEqual({ date: day });
  });

  test.each(['2025-03-30T22:00:00Z', '2025-03-31 24:00', '2025-02-30 00:00:00'])('%s is not a calendar day', (text) => {
    expect(parseDateText(text)).toEqual({ error: 'invalid_date' });
  });
});

test('a formula never calculated says to open and save the file in Excel or LibreOffice', () => {
  expect(errorCellMessage('=UPPER("x")')).toMatch(/no calculated value.*Open the file in Excel or LibreOffice, save it/);
  expect(errorCellMessage('#N/A')).toMatch(/spreadsheet error "#N\/A"/);
});
