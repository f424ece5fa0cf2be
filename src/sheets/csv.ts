/**
 * Reads a CSV file as a stream: bytes → text (iconv-lite, encoding detected or given) → line endings
 * made uniform → papaparse. Row numbers are the line on which each record starts, counting the line
 * breaks inside quoted fields, as a text editor shows them.
 */
import { createReadStream } from 'node:fs';
import iconv from 'iconv-lite';
import type { ParseResult } from 'papaparse';
import { UsageError } from '../errors.js';
import { columnLetters, textCell } from './cells.js';
import { byteOrderMark } from './file-kind.js';
import { MAX_CELL_TEXT_LENGTH, MAX_COLUMNS, MAX_ROW_BYTES, MAX_ROWS } from './limits.js';
import type { PhysicalRow } from './sheet-source.js';
import type { RawCell } from './types.js';
import { cellTooLong, rowTooLarge, tooManyColumns, tooManyRows, unknownEncoding } from './unreadable.js';

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

/** Loaded on first use: a workbook-only run need not pay for it at start-up. */
async function papaparse() {
  return (await import('papaparse')).default;
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
  // Excel's own hint line, "sep=;", names the delimiter (the line itself is then read as a title row).
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

export async function* csvRecords(file: string, encoding: string, delimiter: string): AsyncGenerator<string[][]> {
  const parser = new (await papaparse()).Parser({ delimiter, newline: '\n', quoteChar: '"' });
  let partial = '';
  for await (const text of decodedText(file, encoding)) {
    const input = partial + text;
    const result = parser.parse(input, 0, true) as ParseResult<string[]>;
    partial = input.slice(result.meta.cursor);
    if (result.data.length > 0) yield result.data;
    // The unfinished record is parsed again with every chunk: without a bound, time grows with its square.
    if (partial.length > MAX_ROW_BYTES) throw new UnfinishedRecordTooLarge();
  }
  if (partial !== '') yield (parser.parse(partial, 0, false) as ParseResult<string[]>).data;
}

/** A record of a CSV file: its fields, and the line it starts on as a text editor shows it. */
export interface CsvRecord {
  line: number;
  fields: string[];
}

/** A record longer than MAX_ROW_BYTES that has not ended, starting on `line`. */
export class RecordTooLarge extends Error {
  constructor(readonly line: number) {
    super(`the record starting on line ${line} is too large`);
  }
}

/**
 * Every record with the line it starts on, counting the line breaks inside quoted fields; an empty line
 * is a record of one empty field. In batches, one per chunk read. The error file (report/error-csv.ts)
 * reads its source with this too, so its rows are the ones the reader numbered.
 */
export async function* csvLines(file: string, encoding: string, delimiter: string): AsyncGenerator<CsvRecord[]> {
  let line = 1;
  try {
    for await (const records of csvRecords(file, encoding, delimiter)) {
      const batch: CsvRecord[] = [];
      for (const fields of records) {
        batch.push({ line, fields });
        line += 1;
        for (const field of fields) if (field.includes('\n')) line += countLineBreaks(field);
      }
      yield batch;
    }
  } catch (error) {
    if (error instanceof UnfinishedRecordTooLarge) throw new RecordTooLarge(line);
    throw error;
  }
}

export async function* csvRows(file: string, sheetName: string, encoding: string, delimiter: string): AsyncGenerator<PhysicalRow[]> {
  let count = 0;
  try {
    for await (const records of csvLines(file, encoding, delimiter)) {
      const rows = readRows(records);
      if (rows.length > 0) yield rows;
    }
  } catch (error) {
    if (error instanceof RecordTooLarge) throw rowTooLarge(file, sheetName, error.line, true);
    throw error;
  }

  function readRows(records: CsvRecord[]): PhysicalRow[] {
    const rows: PhysicalRow[] = [];
    for (const { line: row, fields } of records) {
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
      if (cells.length > 0) rows.push({ row, cells });
    }
    return rows;
  }
}

function countLineBreaks(field: string): number {
  let count = 0;
  for (let at = field.indexOf('\n'); at >= 0; at = field.indexOf('\n', at + 1)) count++;
  return count;
}
