import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import JSZip from 'jszip';
import { describe, expect, test } from 'vitest';
import { UnreadableFileError, UsageError } from '../../src/errors.js';
import { MAX_CELL_TEXT_LENGTH, MAX_COLUMNS } from '../../src/sheets/limits.js';
import { CFB, legacyXlsBytes, rawWorkbookBytes, readAll, tempFolder, writeBytes, writeWorkbook } from './fixtures.js';

async function failure(paths: string[], options = {}): Promise<Error> {
  try {
    await readAll(paths, options);
  } catch (error) {
    return error as Error;
  }
  throw new Error('the input was read without complaint');
}

/** One sentence for a person: the file, what is wrong; no stack, no library names. */
function expectPlainSentence(error: Error, file: string, wording: RegExp): void {
  expect(error).toBeInstanceOf(UnreadableFileError);
  expect(error.message.startsWith(`${file}: `)).toBe(true);
  expect(error.message).toMatch(wording);
  expect(error.message).not.toMatch(/exceljs|papaparse|unzip|sax|zlib|Error:|\n|at .*\(/i);
  expect(error.message.slice(file.length + 2).match(/\.(\s|$)/g)?.length).toBe(1);
}

const EMPLOYEES_XML =
  '<row r="1"><c r="A1" t="inlineStr"><is><t>Employee ID</t></is></c><c r="B1" t="inlineStr"><is><t>Name</t></is></c><c r="C1" t="inlineStr"><is><t>Email</t></is></c></row>';

/** Sets the uncompressed size the zip's central directory declares for one entry. */
function declareSize(zip: Buffer, entryName: string, size: number): Buffer {
  const name = Buffer.from(entryName);
  for (let at = zip.length - 46; at >= 0; at--) {
    if (zip.readUInt32LE(at) === 0x02014b50 && zip.subarray(at + 46, at + 46 + name.length).equals(name)) {
      zip.writeUInt32LE(size, at + 24);
      return zip;
    }
  }
  throw new Error(`no entry ${entryName}`);
}

describe('files that cannot be read', () => {
  test('a missing file', async () => {
    const file = join(tempFolder(), 'nowhere.xlsx');
    expectPlainSentence(await failure([file]), file, /cannot be found/);
  });

  test('an empty file', async () => {
    const file = writeBytes('employees.csv', '');
    expectPlainSentence(await failure([file]), file, /empty/);
  });

  test('random bytes named .xlsx', async () => {
    const file = writeBytes('employees.xlsx', Buffer.concat([Buffer.from([0, 1, 2]), randomBytes(2000)]));
    expectPlainSentence(await failure([file]), file, /not an Excel workbook/);
  });

  test('a text file named .xlsx', async () => {
    const file = writeBytes('employees.xlsx', 'Employee ID;Name;Email\n1;Ann;a@x.dk\n');
    expectPlainSentence(await failure([file]), file, /text file.*rename it to end in \.csv/);
  });

  test('a truncated workbook', async () => {
    const whole = await rawWorkbookBytes([{ name: 'Employees', rows: EMPLOYEES_XML }]);
    const file = writeBytes('employees.xlsx', whole.subarray(0, Math.floor(whole.length * 0.7)));
    expectPlainSentence(await failure([file]), file, /damaged or incomplete/);
  });

  test('a workbook whose sheet data is corrupt', async () => {
    const zip = await rawWorkbookBytes([{ name: 'Employees', rows: EMPLOYEES_XML.repeat(50) }]);
    const sheetData = zip.indexOf(Buffer.from('xl/worksheets/sheet1.xml')) + 40;
    for (let i = 0; i < 60; i++) zip[sheetData + i] = 0xff;
    const file = writeBytes('employees.xlsx', zip);
    expectPlainSentence(await failure([file]), file, /damaged or incomplete/);
  });

  test('a password-protected workbook', async () => {
    const container = CFB.utils.cfb_new();
    CFB.utils.cfb_add(container, '/EncryptionInfo', Buffer.from([4, 0, 4, 0, 0x40, 0, 0, 0]));
    CFB.utils.cfb_add(container, '/EncryptedPackage', randomBytes(6000));
    const file = writeBytes('employees.xlsx', CFB.write(container, { type: 'buffer' }));
    expectPlainSentence(await failure([file]), file, /password-protected; save an unprotected copy/);
  });

  test('a legacy .xls workbook, whatever it is named', async () => {
    const named = writeBytes('employees.xls', legacyXlsBytes());
    expectPlainSentence(await failure([named]), named, /\.xls\); save it as \.xlsx or CSV/);
    const renamed = writeBytes('employees.xlsx', legacyXlsBytes());
    expectPlainSentence(await failure([renamed]), renamed, /\.xls\); save it as \.xlsx or CSV/);
  });

  test('a zip that is not a workbook', async () => {
    const zip = new JSZip();
    zip.file('word/document.xml', '<document/>');
    const file = writeBytes('employees.xlsx', await zip.generateAsync({ type: 'nodebuffer' }));
    expectPlainSentence(await failure([file]), file, /not an Excel workbook/);
  });

  test('an unsupported extension', async () => {
    const file = writeBytes('employees.pdf', '%PDF-1.4');
    expectPlainSentence(await failure([file]), file, /only Excel workbooks \(\.xlsx\) and CSV files/);
  });

  test('a folder without CSV files', async () => {
    const folder = tempFolder();
    writeBytes('notes.txt', 'hello', folder);
    mkdirSync(join(folder, 'sub.csv'));
    expectPlainSentence(await failure([folder]), folder, /holds no \.csv files/);
  });

  test('a workbook named .csv', async () => {
    const workbook = writeWorkbook({ Employees: [['Employee ID']] });
    const file = writeBytes('employees.csv', await import('node:fs').then((fs) => fs.readFileSync(workbook)));
    expectPlainSentence(await failure([file]), file, /Excel workbook, not a CSV file; rename it/);
  });

  test('a binary file named .csv', async () => {
    const file = writeBytes('employees.csv', Buffer.concat([Buffer.from('ab\0cd'), randomBytes(100)]));
    expectPlainSentence(await failure([file]), file, /not a text file/);
  });

  test('several workbooks, or a workbook with CSV files, are refused as usage', async () => {
    const workbook = writeWorkbook({ Employees: [['Employee ID']] });
    const csv = writeBytes('absence.csv', 'Employee ID;Start\n');
    await expect(readAll([workbook, csv])).rejects.toBeInstanceOf(UsageError);
  });

  test('an unknown encoding is refused as usage', async () => {
    const csv = writeBytes('employees.csv', 'Employee ID;Name;Email\n');
    await expect(readAll([csv], { encoding: 'klingon' })).rejects.toBeInstanceOf(UsageError);
  });
});

describe('bounded resources', () => {
  test('a workbook declaring more than 1 GB unpacked is refused before it is unpacked', async () => {
    const zip = await rawWorkbookBytes([{ name: 'Employees', rows: EMPLOYEES_XML }]);
    const file = writeBytes('bomb.xlsx', declareSize(zip, 'xl/worksheets/sheet1.xml', 0xfffffff0));
    expectPlainSentence(await failure([file]), file, /more than 1 GB/);
  });

  test('a large part packed more than 100 to 1 is refused as a zip bomb', async () => {
    const zip = await JSZip.loadAsync(await rawWorkbookBytes([{ name: 'Employees', rows: EMPLOYEES_XML }]));
    zip.file('xl/media/padding.bin', Buffer.alloc(20 * 1024 * 1024, 0x41));
    const file = writeBytes('bomb.xlsx', await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' }));
    expectPlainSentence(await failure([file]), file, /zip bomb/);
  });

  test('a part that unpacks to more than its declared size is refused, and reading ends', async () => {
    const zip = await rawWorkbookBytes([{ name: 'Employees', rows: EMPLOYEES_XML.repeat(20) }]);
    const file = writeBytes('lying.xlsx', declareSize(zip, 'xl/worksheets/sheet1.xml', 64));
    expectPlainSentence(await failure([file]), file, /zip bomb/);
  });

  test('a workbook part with a DOCTYPE (entity expansion) is refused', async () => {
    const laughs =
      '<?xml version="1.0"?><!DOCTYPE sst [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><si><t>&b;</t></si></sst>';
    const file = writeBytes(
      'laughs.xlsx',
      await rawWorkbookBytes([{ name: 'Employees', rows: EMPLOYEES_XML }], { sharedStringsXml: laughs }),
    );
    expectPlainSentence(await failure([file]), file, /document type declaration/);
  });

  test('a CSV cell longer than Excel allows names the cell and the likely cause', async () => {
    // A quote that never closes on its line does not run on (csv/quotes.ts); one that closes lines later does.
    const file = writeBytes('employees.csv', `Employee ID,Name,Email\n1,"Ann,a@x.dk\n${'x'.repeat(MAX_CELL_TEXT_LENGTH)}\n2",Bo,b@x.dk\n`);
    const error = await failure([file]);
    expectPlainSentence(error, file, /cell B2 holds more than 32,767 characters/);
    expect(error.message).toMatch(/quotation mark/);
  });

  test('a workbook cell longer than Excel allows is refused', async () => {
    // Written as XML: SheetJS, like Excel, refuses to write such a cell.
    const row = `<row r="2"><c r="A2"><v>1</v></c><c r="B2" t="inlineStr"><is><t>${'x'.repeat(MAX_CELL_TEXT_LENGTH + 1)}</t></is></c></row>`;
    const file = writeBytes('employees.xlsx', await rawWorkbookBytes([{ name: 'Employees', rows: EMPLOYEES_XML + row }]));
    expectPlainSentence(await failure([file]), file, /cell B2 holds more than/);
  });

  test('a workbook row whose XML passes 4 MB is refused as it is read, naming the row', async () => {
    // Many cells, each within Excel's limit: only the row's size (the scanner's position) can catch it.
    const cells = Array.from({ length: 160 }, () => `<c t="inlineStr"><is><t>${'x'.repeat(30_000)}</t></is></c>`);
    const row = `<row r="2"><c r="A2"><v>1</v></c>${cells.join('')}</row>`;
    const file = writeBytes('employees.xlsx', await rawWorkbookBytes([{ name: 'Employees', rows: EMPLOYEES_XML + row }]));
    expectPlainSentence(await failure([file]), file, /row 2 holds more than 4 MB of text/);
  });

  test('a CSV row with values in more columns than any sheet has is refused', async () => {
    const wide = Array.from({ length: MAX_COLUMNS + 1 }, (_, i) => `v${i}`).join(',');
    const file = writeBytes('employees.csv', `Employee ID,Name,Email\n${wide}\n`);
    expectPlainSentence(await failure([file]), file, /row 2 has values in more than 1,000 columns/);
  });

  test('a workbook row with values in more columns than any sheet has is refused', async () => {
    const wide = Array.from({ length: MAX_COLUMNS + 1 }, (_, i) => `v${i}`);
    const file = writeWorkbook({ Employees: [['Employee ID', 'Name', 'Email'], wide] });
    expectPlainSentence(await failure([file]), file, /row 2 has values in more than 1,000 columns/);
  });

  test('trailing empty fields do not count as columns', async () => {
    const file = writeBytes('employees.csv', `Employee ID,Name,Email${','.repeat(MAX_COLUMNS + 5)}\n1,Ann,a@x.dk\n`);
    const { sheets } = await readAll([file]);
    expect(sheets[0]?.rows).toHaveLength(1);
  });
});
