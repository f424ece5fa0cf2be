/**
 * Hand-made hostile files, read in-process as `validate` reads them: each ends in one plain sentence
 * naming the problem (or is read correctly). How long each takes is recorded against its bound for
 * `npm run bench -- timed` (test/helpers/timings.ts), never asserted here. Memory is bounded by the readers'
 * limits (src/sheets/limits.ts); cli-inputs.test.ts measures it for the worst of these in a real process.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import * as XLSX from 'xlsx';
import { describe, expect, it } from 'vitest';
import { readInput } from '../../src/sheets/read.js';
import { MAX_COLUMNS, MAX_ROWS } from '../../src/sheets/limits.js';
import { validate } from '../../src/validate/index.js';
import { tempDir } from '../helpers/cli.js';
import { EMPLOYEE_HEADER_ROW, SPREADSHEET_NS, workbookZip, worksheetXml, zipOf } from './zip-writer.js';
import { expectPlainMessage, ODD_NAMES, readAndValidate, writeFile } from './support.js';
import { timed } from '../helpers/timings.js';

async function refusal(path: string, boundMs: number): Promise<string> {
  const outcome = await timed('read and validate', boundMs, () => readAndValidate([path]));
  if (outcome.ok) throw new Error(`read without complaint: ${outcome.issues.map((i) => i.message).join('; ')}`);
  expect(outcome.error.exitCode).toBe(3);
  const reason = outcome.error.message.slice(path.length);
  expectPlainMessage(reason);
  return reason;
}

const MB = 1024 * 1024;

describe('zip bombs inside an .xlsx', () => {
  it('a sheet that honestly unpacks a thousand times larger than it is packed is refused before it is unpacked', async () => {
    const row = (n: number) => `<row r="${n}"><c r="A${n}"><v>${n % 10}</v></c></row>`;
    const body = Buffer.from(row(2).repeat(Math.ceil((64 * MB) / row(2).length)));
    const file = writeFile('bomb.xlsx', workbookZip(worksheetXml(EMPLOYEE_HEADER_ROW + body.toString('latin1')), { deflateSheet: true }));
    expect(await refusal(file, 3000)).toMatch(/zip bomb/);
  });

  it('a directory of overlapping entries that would unpack to gigabytes is refused before anything is unpacked', async () => {
    const kernel = Buffer.alloc(9 * MB, 0x20);
    const bytes = zipOf(
      [
        { name: '_rels/.rels', data: Buffer.from('<Relationships/>') },
        { name: 'xl/media/kernel.bin', data: kernel, deflate: true },
      ],
      (written) => Array.from({ length: 300 }, (_, i) => ({ ...written[1]!, name: Buffer.from(`xl/media/copy${i}.bin`) })),
    );
    const file = writeFile('overlap.xlsx', bytes);
    expect(await refusal(file, 2000)).toMatch(/more than 1 GB/);
  });
});

describe('XML entity bombs and external entities', () => {
  const laughs =
    '<!DOCTYPE worksheet [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">' +
    '<!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;"><!ENTITY e "&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;"><!ENTITY f "&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;">]>';

  it('a billion laughs in the sheet is refused as unsafe', async () => {
    const rows = `${EMPLOYEE_HEADER_ROW}<row r="2"><c r="A2" t="inlineStr"><is><t>&f;&f;&f;&f;&f;</t></is></c></row>`;
    const file = writeFile('laughs.xlsx', workbookZip(worksheetXml(rows, laughs)));
    expect(await refusal(file, 2000)).toMatch(/document type declaration/);
  });

  it('a billion laughs hidden behind 8 KB of comments is still never expanded', async () => {
    const rows = `${EMPLOYEE_HEADER_ROW}<row r="2"><c r="A2" t="inlineStr"><is><t>&f;&f;&f;&f;&f;</t></is></c></row>`;
    const file = writeFile('late-laughs.xlsx', workbookZip(worksheetXml(rows, `<!--${'x'.repeat(8192)}-->${laughs}`)));
    expect(await refusal(file, 2000)).toMatch(/damaged|document type declaration/);
  });

  it('an external entity in the shared strings never reads the file it names', async () => {
    const xxe = `<?xml version="1.0"?><!DOCTYPE sst [<!ENTITY x SYSTEM "file:///etc/hostname">]><sst xmlns="${SPREADSHEET_NS}"><si><t>&x;</t></si></sst>`;
    const rows = `${EMPLOYEE_HEADER_ROW}<row r="2"><c r="A2"><v>1</v></c><c r="B2" t="s"><v>0</v></c></row>`;
    const file = writeFile('xxe.xlsx', workbookZip(worksheetXml(rows), { sharedStrings: xxe }));
    expect(await refusal(file, 2000)).toMatch(/document type declaration/);
  });

  it('a DOCTYPE in the workbook part is refused as unsafe', async () => {
    const workbookXml = `<?xml version="1.0"?>${laughs}<workbook xmlns="${SPREADSHEET_NS}"><sheets><sheet name="&f;" sheetId="1"/></sheets></workbook>`;
    const file = writeFile('book-laughs.xlsx', workbookZip(worksheetXml(EMPLOYEE_HEADER_ROW), { workbookXml }));
    expect(await refusal(file, 2000)).toMatch(/document type declaration/);
  });
});

describe('a 50 MB cell', () => {
  const text = () => randomBytes(Math.ceil(37.5 * MB)).toString('base64'); // 50 MB of text that does not compress

  it('in a CSV file, quoted, is refused after reading a few megabytes, naming the row', async () => {
    const file = writeFile('employees.csv', `employee_id;name;email\n1;Ann;a@x.dk\n2;"${text()}";b@x.dk\n`);
    expect(await refusal(file, 3000)).toMatch(/row 3 holds more than 4 MB of text.*quotation mark/);
  });

  it('in a CSV file, without quotes, is refused the same way', async () => {
    const file = writeFile('employees.csv', `employee_id;name;email\n1;${text()};a@x.dk\n`);
    expect(await refusal(file, 3000)).toMatch(/row 2 holds more than 4 MB of text/);
  });

  it('in a workbook, written in the sheet, is refused after reading a few megabytes, naming the row', async () => {
    const sheet = worksheetXml(
      `${EMPLOYEE_HEADER_ROW}<row r="2"><c r="A2"><v>1</v></c><c r="B2" t="inlineStr"><is><t>${text()}</t></is></c></row>`,
    );
    const file = writeFile('big-cell.xlsx', workbookZip(sheet));
    expect(await refusal(file, 4000)).toMatch(/sheet "Employees", row 2 holds more than 4 MB of text/);
  });

  it('in a workbook, as a shared string, is refused as longer than Excel allows', async () => {
    const sst = `<sst xmlns="${SPREADSHEET_NS}"><si><t>${randomBytes(6 * MB).toString('base64')}</t></si></sst>`;
    const rows = `${EMPLOYEE_HEADER_ROW}<row r="2"><c r="A2"><v>1</v></c><c r="B2" t="s"><v>0</v></c></row>`;
    const file = writeFile('big-shared.xlsx', workbookZip(worksheetXml(rows), { sharedStrings: sst }));
    expect(await refusal(file, 4000)).toMatch(/cell B2 holds more than 32,767 characters/);
  });
});

describe('10,000 columns', () => {
  it('in a CSV header row are refused, naming the row', async () => {
    const header = Array.from({ length: 10_000 }, (_, i) => `column ${i}`).join(';');
    const file = writeFile('employees.csv', `${header}\n1;Ann;a@x.dk\n`);
    expect(await refusal(file, 2000)).toMatch(new RegExp(`row 1 has values in more than ${MAX_COLUMNS.toLocaleString('en')} columns`));
  });

  it('in a workbook row are refused, naming the row', async () => {
    const cells = Array.from({ length: 10_000 }, (_, i) => `<c r="${XLSX.utils.encode_col(i)}2"><v>${i}</v></c>`).join('');
    const file = writeFile('wide.xlsx', workbookZip(worksheetXml(`${EMPLOYEE_HEADER_ROW}<row r="2">${cells}</row>`)));
    expect(await refusal(file, 3000)).toMatch(/row 2 has values in more than 1,000 columns/);
  });
});

describe("rows past Excel's limit", () => {
  it('a CSV file longer than a sheet can be is refused', async () => {
    const file = writeFile('employees.csv', `employee_id;name;email\n${'1;A;a@x.dk\n'.repeat(MAX_ROWS)}`);
    expect(await refusal(file, 15_000)).toMatch(/past row 1,048,576, Excel's own limit/);
  });

  it('a workbook row numbered past the limit is refused', async () => {
    const rows = `${EMPLOYEE_HEADER_ROW}<row r="${MAX_ROWS + 1}"><c r="A${MAX_ROWS + 1}"><v>1</v></c></row>`;
    const file = writeFile('far.xlsx', workbookZip(worksheetXml(rows)));
    expect(await refusal(file, 2000)).toMatch(/past row 1,048,576/);
  });
});

describe('quotes, line endings and NUL bytes in CSV', () => {
  it('a million quotation marks end in a plain sentence, quickly', async () => {
    const file = writeFile('employees.csv', `employee_id;name;email\n1;${'"'.repeat(1_000_000)};a@x.dk\n`);
    expect(await refusal(file, 2000)).toMatch(/quotation mark/);
  });

  it('deeply doubled quotes inside a quoted cell are read as the text they stand for', async () => {
    const name = 'He said "she said ""it is"" here"';
    const quoted = `"${name.replaceAll('"', '""')}"`;
    const file = writeFile('employees.csv', `employee_id;name;email\n1;${quoted};a@x.dk\n`);
    const result = await validate(await readInput([file], {}), { api: 'v3' });
    expect([...result.desired.users.values()].map((u) => u.name)).toEqual([name]);
  });

  it('mixed line endings (\\r\\n, \\n and a lone \\r) keep every row and its number', async () => {
    const file = writeFile(
      'employees.csv',
      'employee_id;name;email\r\n1;Ann;not-an-email\n2;Bo;bo@x.dk\r3;Cai;also-wrong\r\n4;"Di\r\nDa";di@x.dk\n5;Ed;still-wrong\r',
    );
    const outcome = await readAndValidate([file]);
    if (!outcome.ok) throw outcome.error;
    expect(outcome.rows).toBe(5);
    const emailRows = outcome.issues.filter((i) => i.code === 'invalid_email').map((i) => i.row);
    // Excel's rows: Di's quoted line break does not start a row of its own, so Ed is row 6.
    expect(emailRows).toEqual([2, 4, 6]);
  });

  it('a NUL byte at the start marks the file as binary', async () => {
    const file = writeFile('employees.csv', 'employee_id;name\u0000;email\n1;Ann;a@x.dk\n');
    expect(await refusal(file, 1000)).toMatch(/not a text file/);
  });

  it('a NUL byte deep inside the file is read without a crash and cannot reach the terminal raw', async () => {
    const filler = Array.from({ length: 3000 }, (_, i) => `${i + 10};Person ${i};p${i}@x.dk`).join('\n');
    const file = writeFile('employees.csv', `employee_id;name;email\n${filler}\n1;Ann;a\u0000@x.dk\n`);
    const outcome = await readAndValidate([file]);
    if (!outcome.ok) throw outcome.error;
    const issue = outcome.issues.find((i) => i.row === 3002);
    // Refused as what it is: an invisible control character in the cell.
    expect(issue).toMatchObject({ code: 'invalid_value', column: 'email' });
    expect(issue?.message).toContain('U+0000');
  });
});

describe('every Unicode oddity in names', () => {
  it('names with combining marks, right-to-left text and emoji are read exactly as written', async () => {
    const rows = ODD_NAMES.map((name, i) => `${100 + i};"${name}";p${i}@x.dk`).join('\n');
    const file = writeFile('employees.csv', `employee_id;name;email\n${rows}\n`);
    const result = await validate(await readInput([file], {}), { api: 'v3' });
    expect(result.issues.filter((i) => i.severity === 'error')).toEqual([]);
    expect([...result.desired.users.values()].map((u) => u.name)).toEqual([...ODD_NAMES]);
  });

  it('the same names in a UTF-16 file and in a workbook read the same', async () => {
    const rows = ODD_NAMES.map((name, i) => `${100 + i}\t${name}\tp${i}@x.dk`).join('\r\n');
    const utf16 = writeFile(
      'employees.csv',
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(`employee_id\tname\temail\r\n${rows}\r\n`, 'utf16le')]),
    );
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(
      book,
      XLSX.utils.aoa_to_sheet([['Employee ID', 'Name', 'Email'], ...ODD_NAMES.map((name, i) => [String(100 + i), name, `p${i}@x.dk`])]),
      'Medarbejdere 👩‍💼',
    );
    const xlsx = writeFile('personale-ñ-שלום.xlsx', XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
    for (const file of [utf16, xlsx]) {
      const result = await validate(await readInput([file], {}), { api: 'v3' });
      expect([...result.desired.users.values()].map((u) => u.name)).toEqual([...ODD_NAMES]);
    }
  });

  it('folders and files named in any script are read', async () => {
    const dir = join(tempDir('hostile-'), 'Løn – مجلد – 📁');
    mkdirSync(dir);
    writeFile('медарбејдери 👩‍💻.csv', 'employee_id;name;email\n1;Ann;a@x.dk\n', dir);
    const outcome = await readAndValidate([dir]);
    expect(outcome.ok && outcome.rows).toBe(1);
  });
});
