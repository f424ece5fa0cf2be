/**
 * Reads a CSV file as a stream: bytes → text (iconv-lite, encoding detected or given) → line endings
 * made uniform → papaparse. Row numbers are Excel's: one per record, a quoted cell with line breaks
 * included; a record with malformed quotes never swallows the lines after it (csv/quotes.ts).
 */
import { createReadStream } from 'node:fs';
import { createRequire } from 'node:module';
import iconv from 'iconv-lite';
import type { ParseResult } from 'papaparse';
import { UsageError } from '../../errors.js';
import { columnLetters, textCell } from '../cells.js';
import { byteOrderMark } from '../file-kind.js';
import { MAX_CELL_TEXT_LENGTH, MAX_COLUMNS, MAX_ROW_BYTES, MAX_ROWS } from '../limits.js';
import type { PhysicalRow } from '../sheet-source.js';
import type { RawCell } from '../types.js';
import { issue, type Issue } from '../../model/issue.js';
import { lenientRecord, type QuoteProblem } from './quotes.js';
import { cellTooLong, rowTooLarge, tooManyColumns, tooManyRows, unknownEncoding } from '../unreadable.js';
import { sheetWords } from '../../words/sheets.js';

/**
 * The file's encoding: the one given, else its byte order mark, else UTF-8 when every byte sequence is
 * valid UTF-8, else Windows-1252 (what Danish Excel writes when it saves "CSV").
 */
export async function detectEncoding(file: string, head: Buffer, given?: string): Promise<string> {
  if (given) {
    if (!iconv.encodingExists(given)) throw new UsageError(unknownEncoding(given));
    return given;
  }
  const bom = byteOrderMark(head);
  if (bom) return bom;
  return (await isValidUtf8(file)) ? 'utf-8' : 'windows-1252';
}

async function isValidUtf8(file: string): Promise<boolean> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const chunk of createReadStream(file, { highWaterMark: 1024 * 1024 }) as AsyncIterable<Buffer>) {
      decoder.decode(chunk, { stream: true });
    }
    decoder.decode();
    return true;
  } catch (error) {
    if (error instanceof TypeError) return false;
    throw error;
  }
}

/**
 * Mixed line endings (\r\n, \n, a lone \r) all become \n, so papaparse, which takes one line ending
 * per file, splits every record correctly and each line break counts once. A \r at the end of a chunk
 * waits for the next one, which may start with its \n.
 */
class UniformLineEndings {
  private pendingCarriageReturn = false;

  next(chunk: string): string {
    let text = (this.pendingCarriageReturn ? '\r' : '') + chunk;
    this.pendingCarriageReturn = text.endsWith('\r');
    if (this.pendingCarriageReturn) text = text.slice(0, -1);
    return text.replace(/\r\n?/g, '\n');
  }

  end(): string {
    return this.pendingCarriageReturn ? '\n' : '';
  }
}

const DELIMITERS = [',', ';', '\t'];

/**
 * Loaded on first use: a workbook-only run need not pay for it at start-up. Required, not imported:
 * papaparse is CommonJS, and Node's `import` of such a module first scans its whole source (50 KB) for
 * the names it exports, which cost a one-row validate about 70 ms of CPU, more than reading the file.
 */
async function papaparse() {
  return createRequire(import.meta.url)('papaparse') as typeof import('papaparse');
}

/**
 * The delimiter: of `,`, `;` and tab, the one by which most of the first lines (up to 50, empty ones
 * left out) split into the same number of fields, more than one. Each candidate is parsed by papaparse
 * (quotes respected). Papaparse's own guess is not used: it averages the field counts, so a title row
 * above a short sheet ("Eksport 01-03-2025", then a header and one row) made it give up and fall back to
 * a comma.
 */
export async function detectDelimiter(head: Buffer, encoding: string): Promise<string> {
  const sample = iconv.decode(head, encoding).replace(/\r\n?/g, '\n');
  // Excel's own hint line, "sep=;", names the delimiter (csvLines then hides the line, as Excel does).
  const hint = /^sep=([,;\t])\n/.exec(sample)?.[1];
  if (hint) return hint;
  // The head may end inside a line: that line is left out.
  const lastLineBreak = sample.lastIndexOf('\n');
  const lines = lastLineBreak > 0 ? sample.slice(0, lastLineBreak) : sample;
  const papa = await papaparse();
  let best = { delimiter: ',', rows: 0 };
  for (const delimiter of DELIMITERS) {
    const records = papa.parse<string[]>(lines, { delimiter, newline: '\n', preview: 50, skipEmptyLines: 'greedy' }).data;
    const rowsByWidth = new Map<number, number>();
    for (const record of records) if (record.length > 1) rowsByWidth.set(record.length, (rowsByWidth.get(record.length) ?? 0) + 1);
    const rows = Math.max(0, ...rowsByWidth.values());
    if (rows > best.rows) best = { delimiter, rows };
  }
  return best.delimiter;
}

/**
 * Small enough that a chunk's records are consumed while still young for the garbage collector: with
 * 1 MiB chunks a 100,000-row file spent twice as long collecting garbage.
 */
const READ_CHUNK_BYTES = 64 * 1024;

/**
 * The file's text, decoded chunk by chunk with line endings made uniform. The chunks are parsed with
 * papaparse's own chunk parser (what its streamers use inside): each chunk is parsed up to its last
 * complete record and the rest waits for the next chunk. Driving it directly, rather than through
 * papaparse's Node duplex stream, keeps memory as flat and is five times faster: the duplex pauses
 * and re-slices its input every sixteen records.
 */
export async function* decodedText(file: string, encoding: string): AsyncGenerator<string> {
  const decoder = iconv.getDecoder(encoding);
  const lineEndings = new UniformLineEndings();
  for await (const chunk of createReadStream(file, { highWaterMark: READ_CHUNK_BYTES }) as AsyncIterable<Buffer>) {
    yield lineEndings.next(decoder.write(chunk));
  }
  yield lineEndings.next(decoder.end() ?? '') + lineEndings.end();
}

/** The record being read has passed MAX_ROW_BYTES without ending; csvRows names its row. */
class UnfinishedRecordTooLarge extends Error {}

type Papaparse = Awaited<ReturnType<typeof papaparse>>;

/** A record as read: its fields, and how any field's quotes were read when they were malformed. */
export interface ParsedRecord {
  fields: string[];
  quoteProblems?: QuoteProblem[];
}

export async function* csvRecords(file: string, encoding: string, delimiter: string): AsyncGenerator<ParsedRecord[]> {
  const papa = await papaparse();
  const parser = new papa.Parser({ delimiter, newline: '\n', quoteChar: '"' });
  let partial = '';
  for await (const text of decodedText(file, encoding)) {
    partial = yield* availableRecords(papa, parser, partial + text, delimiter, false);
    // The unfinished record is parsed again with every chunk: without a bound, time grows with its square.
    if (partial.length > MAX_ROW_BYTES) throw new UnfinishedRecordTooLarge();
  }
  if (partial !== '') yield* availableRecords(papa, parser, partial, delimiter, true);
}

/**
 * The complete records of `input` (all of them when it is the end of the file); returns the unfinished
 * rest. Papaparse reads them; a record it reports malformed quotes in is read by lenientRecord
 * (csv/quotes.ts) instead, and papaparse takes over again after it.
 */
async function* availableRecords(
  papa: Papaparse,
  parser: InstanceType<Papaparse['Parser']>,
  input: string,
  delimiter: string,
  final: boolean,
): AsyncGenerator<ParsedRecord[], string> {
  let text = input;
  for (;;) {
    const result = parser.parse(text, 0, !final) as ParseResult<string[]>;
    const broken = firstMalformedRecord(result, final);
    if (broken === null) {
      if (result.data.length > 0) yield result.data.map((fields) => ({ fields }));
      return final ? '' : text.slice(result.meta.cursor);
    }
    if (broken > 0) yield result.data.slice(0, broken).map((fields) => ({ fields }));
    const start =
      broken === 0
        ? 0
        : (new papa.Parser({ delimiter, newline: '\n', quoteChar: '"', preview: broken }).parse(text, 0, false) as ParseResult<string[]>)
            .meta.cursor;
    const record = lenientRecord(text, start, delimiter, final);
    if (!record) return text.slice(start);
    yield [{ fields: record.fields, quoteProblems: record.problems }];
    text = text.slice(record.end);
    if (text === '') return '';
  }
}

/**
 * The first record papaparse reports a quote problem in; null when none. A quoted field still open at
 * the end of a chunk is not a problem: the next chunk may close it.
 */
function firstMalformedRecord(result: ParseResult<string[]>, final: boolean): number | null {
  let first: number | null = null;
  for (const error of result.errors) {
    if (error.type !== 'Quotes' || (!final && error.code === 'MissingQuotes')) continue;
    if (error.row !== undefined && (first === null || error.row < first)) first = error.row;
  }
  return first;
}

/** A record of a CSV file: its fields, and its row number as Excel shows it. */
export interface CsvRecord extends ParsedRecord {
  row: number;
}

/** A record longer than MAX_ROW_BYTES that has not ended, at `row`. */
export class RecordTooLarge extends Error {
  constructor(readonly row: number) {
    super(`row ${row}`);
  }
}

/**
 * Every record with its row number as Excel shows it: a quoted cell with line breaks is one row, and
 * an empty line (or one of delimiters only) is a row. In batches, one per chunk read. The error file
 * (report/error-csv.ts) reads its source with this too, so its rows are the ones the reader numbered.
 */
export async function* csvLines(file: string, encoding: string, delimiter: string): AsyncGenerator<CsvRecord[]> {
  let row = 1;
  let first = true;
  try {
    for await (const records of csvRecords(file, encoding, delimiter)) {
      // Numbered in place: a copy per record is measurable garbage at a million rows.
      for (const record of records) {
        // Excel hides its "sep=;" hint line and numbers the line after it 1: row 0, which no reader shows.
        if (first && /^sep=.$/.test(record.fields.join(delimiter))) (record as CsvRecord).row = 0;
        else (record as CsvRecord).row = row++;
        first = false;
      }
      yield records as CsvRecord[];
    }
  } catch (error) {
    if (error instanceof UnfinishedRecordTooLarge) throw new RecordTooLarge(row);
    throw error;
  }
}

/** A field whose quotes were malformed, as data: the worker (threads/csv-worker.ts) sends it across as it is. */
export interface QuoteFinding {
  row: number;
  problem: QuoteProblem;
  text: string;
}

/** A batch of rows, and the quote problems found in them. */
export interface CsvRowBatch {
  rows: PhysicalRow[];
  quotes: QuoteFinding[];
}

/**
 * The file's rows as the reader hands them on. A field whose quotes were malformed (csv/quotes.ts) is
 * reported in `issues`: a warning when the quote closes on its line, an error when it never does.
 */
export async function* csvRows(
  file: string,
  sheetName: string,
  encoding: string,
  delimiter: string,
  issues: Issue[] = [],
): AsyncGenerator<PhysicalRow[]> {
  for await (const { rows, quotes } of csvRowBatches(file, sheetName, encoding, delimiter)) {
    for (const finding of quotes) issues.push(quoteIssue(file, sheetName, finding));
    if (rows.length > 0) yield rows;
  }
}

/** csvRows's batches, their quote problems not yet worded as issues. */
export async function* csvRowBatches(file: string, sheetName: string, encoding: string, delimiter: string): AsyncGenerator<CsvRowBatch> {
  let count = 0;
  try {
    for await (const records of csvLines(file, encoding, delimiter)) yield readRows(records);
  } catch (error) {
    if (error instanceof RecordTooLarge) throw rowTooLarge(file, sheetName, error.row, true);
    throw error;
  }

  function readRows(records: CsvRecord[]): CsvRowBatch {
    const rows: PhysicalRow[] = [];
    const quotes: QuoteFinding[] = [];
    for (const { row, fields, quoteProblems } of records) {
      if (row === 0) continue; // Excel's hidden "sep=" line
      if (++count > MAX_ROWS) throw tooManyRows(file, sheetName);
      const cells: (RawCell | undefined)[] = [];
      for (let index = 0; index < fields.length; index++) {
        const field = fields[index] ?? '';
        if (field.length > MAX_CELL_TEXT_LENGTH) throw cellTooLong(file, sheetName, row, columnLetters(index + 1), true);
        const cell = textCell(field);
        if (!cell) continue;
        if (index >= MAX_COLUMNS) throw tooManyColumns(file, sheetName, row);
        cells[index] = cell;
      }
      for (const problem of quoteProblems ?? []) quotes.push({ row, problem, text: fields[problem.column] ?? '' });
      if (cells.length > 0) rows.push({ row, cells });
    }
    return { rows, quotes };
  }
}

export function quoteIssue(file: string, sheetName: string, { row, problem, text }: QuoteFinding): Issue {
  const column = columnLetters(problem.column + 1);
  // The first rows are read before the headers may choose the language: worded when read.
  const message = problem.kind === 'unclosed' ? () => sheetWords().unclosedQuote(column) : () => sheetWords().textAfterQuote(column, text);
  const place = { sheetName, file, row, value: text };
  return problem.kind === 'unclosed' ? issue('error', 'unclosed_quote', message, place) : issue('warning', 'csv_quotes', message, place);
}
