/**
 * Generated hostile input, read in-process the way `validate` reads it: whatever the bytes, reading ends
 * either with the validation's issues or with one plain sentence (an OrgsyncError),
 * never with a crash, a hang or a library's error.
 */
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import iconv from 'iconv-lite';
import * as XLSX from 'xlsx';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.js';
import { expectPlainMessage, readAndValidate, writeFile, type ReadOutcome } from './support.js';
import { timed } from '../helpers/timings.js';
import { propertyRuns } from '../helpers/property-runs.js';

/** The bound per generated file that `npm run bench -- timed` holds it to; a hang ends at the test's timeout. */
const PER_FILE_MS = 3000;

async function readBounded(path: string): Promise<ReadOutcome> {
  const outcome = await timed('read and validate one generated file', PER_FILE_MS, () => readAndValidate([path]));
  if (!outcome.ok) expectPlainMessage(outcome.error.message.slice(path.length));
  return outcome;
}

function smallWorkbook(): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(
    book,
    XLSX.utils.aoa_to_sheet([
      ['Employee ID', 'Name', 'Email', 'Team ID'],
      ['1001', 'Ann Æblegård', 'ann@nordlys.dk', 'T1'],
      ['1002', 'Bo Ørsted', 'bo@nordlys.dk', 'T1'],
      ['1003', 'Cai Ågesen', 'cai@nordlys.dk', 'T2'],
    ]),
    'Employees',
  );
  XLSX.utils.book_append_sheet(
    book,
    XLSX.utils.aoa_to_sheet([
      ['Type', 'ID', 'Name', 'Parent ID'],
      ['department', 'root', 'Company', ''],
      ['team', 'T1', 'Team 1', 'root'],
      ['team', 'T2', 'Team 2', 'root'],
    ]),
    'Organisation',
  );
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

const WORKBOOK = smallWorkbook();

describe('random bytes', () => {
  it('named .xlsx or .csv are refused or read, never crash', async () => {
    const dir = tempDir('fuzz-bytes-');
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ minLength: 1, maxLength: 4096 }), fc.constantFrom('.xlsx', '.csv', '.tsv'), async (bytes, ext) => {
        await readBounded(writeFile(`input${ext}`, Buffer.from(bytes), dir));
      }),
      { numRuns: propertyRuns(80) },
    );
  });

  it('behind a zip signature are refused as damaged workbooks', async () => {
    const dir = tempDir('fuzz-zipsig-');
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ minLength: 0, maxLength: 2048 }), async (bytes) => {
        const outcome = await readBounded(writeFile('input.xlsx', Buffer.concat([Buffer.from('PK\u0003\u0004'), bytes]), dir));
        expect(outcome.ok).toBe(false);
      }),
      { numRuns: propertyRuns(40) },
    );
  });
});

describe('a real workbook, damaged', () => {
  it('cut off anywhere is refused with a plain sentence', async () => {
    const dir = tempDir('fuzz-cut-');
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: WORKBOOK.length - 1 }), async (length) => {
        const outcome = await readBounded(writeFile('cut.xlsx', WORKBOOK.subarray(0, length), dir));
        expect(outcome.ok).toBe(false);
      }),
      { numRuns: propertyRuns(60) },
    );
  });

  it('with bytes overwritten anywhere is read or refused, never crashes', async () => {
    const dir = tempDir('fuzz-flip-');
    const damage = fc.array(fc.tuple(fc.integer({ min: 0, max: WORKBOOK.length - 1 }), fc.integer({ min: 0, max: 255 })), {
      minLength: 1,
      maxLength: 24,
    });
    await fc.assert(
      fc.asyncProperty(damage, async (changes) => {
        const bytes = Buffer.from(WORKBOOK);
        for (const [at, value] of changes) bytes[at] = value;
        await readBounded(writeFile('damaged.xlsx', bytes, dir));
      }),
      { numRuns: propertyRuns(80) },
    );
  });

  it('with a byte range swapped for random bytes is read or refused, never crashes', async () => {
    const dir = tempDir('fuzz-splice-');
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: WORKBOOK.length - 1 }),
        fc.uint8Array({ minLength: 1, maxLength: 512 }),
        async (at, junk) => {
          const bytes = Buffer.concat([WORKBOOK.subarray(0, at), Buffer.from(junk), WORKBOOK.subarray(at + junk.length)]);
          await readBounded(writeFile('spliced.xlsx', bytes, dir));
        },
      ),
      { numRuns: propertyRuns(60) },
    );
  });
});

/** Field text mixing everything CSV makes hard: quotes, delimiters, every line ending, NUL, odd Unicode. */
const nastyField = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 12 }),
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.constantFrom(
    '"',
    '""',
    '"""',
    '";"',
    ',',
    ';',
    '\t',
    '\r',
    '\n',
    '\r\n',
    '\n\r',
    '\u0000',
    '\ufeff',
    '=1+1',
    '\u202e',
    'e\u0301',
    '👩‍👩‍👧',
  ),
  fc.array(fc.constantFrom('"', ';', ',', '\r', '\n', 'a'), { maxLength: 40 }).map((parts) => parts.join('')),
);
const csvText = fc.record({
  rows: fc.array(fc.array(nastyField, { minLength: 1, maxLength: 6 }), { maxLength: 12 }),
  delimiter: fc.constantFrom(';', ',', '\t'),
  lineEnd: fc.constantFrom('\n', '\r\n', '\r'),
  quoteAll: fc.boolean(),
  encoding: fc.constantFrom('utf-8', 'utf-8-bom', 'utf-16le', 'windows-1252'),
});

function encode(text: string, encoding: string): Buffer {
  if (encoding === 'utf-8-bom') return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]);
  if (encoding === 'utf-16le') return Buffer.concat([Buffer.from([0xff, 0xfe]), iconv.encode(text, 'utf-16le')]);
  return iconv.encode(text, encoding);
}

describe('hostile CSV text', () => {
  it('with any quoting, line endings, NUL bytes and Unicode is read or refused, and rows are numbered within the file', async () => {
    const dir = tempDir('fuzz-csv-');
    await fc.assert(
      fc.asyncProperty(csvText, async ({ rows, delimiter, lineEnd, quoteAll, encoding }) => {
        const quote = (field: string) => (quoteAll ? `"${field.replaceAll('"', '""')}"` : field);
        const header = ['employee_id', 'name', 'email'].join(delimiter);
        const body = rows.map((row) => row.map(quote).join(delimiter));
        const path = writeFile('employees.csv', encode([header, ...body].join(lineEnd) + lineEnd, encoding), dir);
        const outcome = await readBounded(path);
        if (!outcome.ok) return;
        const lines = readFileSync(path).length + 1; // no more rows than bytes, whatever the line endings
        for (const issue of outcome.issues) {
          if (issue.row !== null) {
            expect(issue.row).toBeGreaterThanOrEqual(1);
            expect(issue.row).toBeLessThanOrEqual(lines);
          }
          expect(issue.message.length).toBeGreaterThan(0);
        }
      }),
      { numRuns: propertyRuns(150) },
    );
  });
});
