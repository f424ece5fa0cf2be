/**
 * A large CSV file is read in a worker thread (threads/csv-reading.ts, threads/csv-worker.ts). What the validator gets
 * must be what the in-thread reader gives: the same rows cell for cell, the same quote problems at the
 * same rows, the same errors. Run on the build, as the CLI runs it (a worker loads the compiled script).
 */
import fc from 'fast-check';
import iconv from 'iconv-lite';
import { describe, expect, test } from 'vitest';
import type { Issue } from '../../src/model/issue.js';
import type * as CsvThreadedModule from '../../src/sheets/threads/csv-reading.js';
import { writeBytes } from './fixtures.js';
import { built, errorOf, rowCount, trace, type Step } from './worker-support.js';
import { propertyRuns } from '../helpers/property-runs.js';

const csvThreaded = (await import(built('sheets/threads/csv-reading.js'))) as typeof CsvThreadedModule;
const CSV_WORKER = new URL('../../dist/sheets/threads/csv-worker.js', import.meta.url);

/** What a consumer sees, and the issues the reading added, their messages worded. */
async function readBothWays(
  file: string,
  encoding?: string,
  credits = 2,
): Promise<{ inThread: [Step[], unknown[]]; worker: [Step[], unknown[]] }> {
  const head = file.endsWith('.csv') ? (await import('node:fs')).readFileSync(file).subarray(0, 64 * 1024) : Buffer.alloc(0);
  const seen = (issues: Issue[]) => issues.map((issue) => ({ ...issue, message: issue.message }));
  const inThreadIssues: Issue[] = [];
  const inThread = await trace(csvThreaded.csvSheet(file, head, encoding, inThreadIssues));
  const workerIssues: Issue[] = [];
  const worker = await trace(csvThreaded.csvSheetInWorker(file, head, encoding, workerIssues, CSV_WORKER, credits, 2));
  return { inThread: [inThread, seen(inThreadIssues)], worker: [worker, seen(workerIssues)] };
}

/** A field as exports write them: plain, quoted, with the delimiter, quotes, line breaks, spaces, Danish letters. */
const field = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '1001',
    'Ann Berg',
    '  padded ',
    'a\u00a0b',
    'Søren Ærø',
    'x@y.dk',
    '1,5',
    '"',
    '""',
    '"Senior" udvikler',
    '"open',
  ),
  fc.string({ unit: fc.constantFrom('a', 'æ', ' ', ';', ',', '"', '\n', '\r', '\t', '\u00a0', '🙂'), maxLength: 12 }),
  fc.string({ maxLength: 8 }).map((text) => `"${text.replace(/"/g, '""')}"`),
);
const lineBreak = fc.constantFrom('\n', '\r\n', '\r');

/** A CSV text of many records (enough for several of the reader's 64 KiB chunks in some runs). */
const csvText = fc
  .tuple(
    fc.constantFrom(';', ',', '\t'),
    fc.array(fc.array(field, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 40 }),
    lineBreak,
    fc.integer({ min: 1, max: 80 }),
    fc.boolean(),
  )
  .map(([delimiter, records, newline, repeat, hint]) => {
    const body = records.map((record) => record.join(delimiter)).join(newline);
    return `${hint ? `sep=${delimiter}${newline}` : ''}Employee ID${delimiter}Name${delimiter}Email${newline}${Array.from({ length: repeat }, () => body).join(newline)}`;
  });

describe('the worker reads a CSV file exactly as the in-thread reader does', () => {
  test('any records, in any encoding: the same rows, quote problems and errors', async () => {
    await fc.assert(
      fc.asyncProperty(csvText, fc.constantFrom('utf-8', 'utf-8-bom', 'utf-16le', 'windows-1252'), async (text, encoding) => {
        const bytes =
          encoding === 'utf-8'
            ? Buffer.from(text, 'utf8')
            : encoding === 'utf-8-bom'
              ? Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')])
              : encoding === 'utf-16le'
                ? Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')])
                : iconv.encode(text, 'windows-1252');
        const file = writeBytes('medarbejdere.csv', bytes);
        const { inThread, worker } = await readBothWays(file);
        expect(worker).toStrictEqual(inThread);
      }),
      { numRuns: propertyRuns(30) },
    );
  });

  test('a 100,000-row file crosses in many batches, and an encoding given by the user is used', async () => {
    const lines = ['Medarbejdernummer;Navn;E-mail;Fødselsdag'];
    for (let i = 0; i < 100_000; i++)
      lines.push(`${1000 + i};${i % 9 === 0 ? '"Berg; Ann"' : `Åse ${i}`};p${i}@x.dk;${i % 7 === 0 ? ' 01-02-1980 ' : '1980-02-01'}`);
    const file = writeBytes('medarbejdere.csv', iconv.encode(lines.join('\r\n'), 'windows-1252'));
    const { inThread, worker } = await readBothWays(file, 'windows-1252', 4);
    expect(worker).toStrictEqual(inThread);
    expect(rowCount(inThread[0])).toBe(100_001);
    expect(inThread[0].filter((step) => 'rows' in step).length).toBeGreaterThan(50);
  });

  test('malformed quotes are reported at the same rows, and a cell over the limit fails the file alike', async () => {
    const lines = ['Employee ID;Name;Title'];
    for (let i = 0; i < 3000; i++) lines.push(`${i};Ann;${i === 2000 ? '"Senior" udvikler' : i === 2500 ? '"never closed' : 'Chef'}`);
    lines.push(`9999;${'x'.repeat(40_000)};Chef`);
    const file = writeBytes('employees.csv', lines.join('\n'));
    const { inThread, worker } = await readBothWays(file);
    expect(worker).toStrictEqual(inThread);
    expect(inThread[1].map((issue) => (issue as Issue).code)).toEqual(['csv_quotes', 'unclosed_quote']);
    expect(errorOf(inThread[0])).toMatchObject({ error: { isUnreadable: true }, during: 'rows' });
    expect(errorOf(worker[0])?.error.message).toContain('B3002');
  });

  test('without its script the file is read in this thread', async () => {
    const file = writeBytes('employees.csv', 'Employee ID;Name\n1;Ann\n');
    const head = Buffer.from('Employee ID;Name\n1;Ann\n');
    const issues: Issue[] = [];
    const steps = await trace(csvThreaded.csvSheetInWorker(file, head, undefined, issues, new URL('file:///nowhere/csv-worker.js'), 2));
    expect(rowCount(steps)).toBe(2);
    expect(errorOf(steps)).toBeUndefined();
  });
});
