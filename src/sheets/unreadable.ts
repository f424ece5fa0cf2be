/**
 * Every reason a file cannot be read, worded once for an HR person (words/unreadable.ts): one sentence,
 * what is wrong and what to do, no library names and no stack trace.
 *
 * Each error keeps what it means (`wording`) beside its sentence: a workbook read in a worker thread
 * (threads/xlsx-reading.ts) sends that meaning across, and the main thread words it again in the run's
 * language, which the worker's own copy of the words layer does not know.
 */
import { UnreadableFileError } from '../errors.js';
import { unreadableWords, type UnreadableReason } from '../words/unreadable.js';
import { MAX_CELL_TEXT_LENGTH, MAX_COLUMNS, MAX_MERGED_CELLS, MAX_MERGED_RANGES, MAX_ROW_BYTES, MAX_ROWS } from './limits.js';

export type { UnreadableReason } from '../words/unreadable.js';

export type PartEncodingProblem = 'encoding' | 'bytes' | 'mark';

/** What an unreadable file's error says, as data that survives structured cloning. */
export type UnreadableWording =
  | { kind: 'reason'; reason: UnreadableReason }
  | { kind: 'cellTooLong'; sheetName: string; row: number; column: string; csv: boolean }
  | { kind: 'tooManyColumns'; sheetName: string; row: number }
  | { kind: 'rowTooLarge'; sheetName: string; row: number | null; csv: boolean }
  | { kind: 'tooManyRows'; sheetName: string }
  /** `after` null: the row is written twice. */
  | { kind: 'rowOutOfOrder'; sheetName: string; row: number; after: number | null }
  | { kind: 'tooFarRight'; sheetName: string; row: number; column: string }
  | { kind: 'mergedTooLarge'; sheetName: string; range: string | null }
  | { kind: 'sheetPartMissing'; sheetName: string }
  /**
   * `encoding`: the part is in an encoding a workbook may not use; `bytes`: it holds bytes its own encoding
   * cannot; `mark`: it is UTF-16 without its byte order mark.
   */
  | { kind: 'partEncoding'; sheetName: string | null; part: string; encoding: string; problem: PartEncodingProblem };

/** An UnreadableFileError that knows its meaning, so it can be worded again in another thread. */
export class WordedUnreadableFileError extends UnreadableFileError {
  constructor(
    file: string,
    readonly wording: UnreadableWording,
    options?: { cause?: unknown },
  ) {
    super(file, sentence(wording), options);
  }
}

/** The sentence of a wording in the run's language (its limits written as the language writes numbers). */
export function sentence(wording: UnreadableWording): string {
  const words = unreadableWords();
  switch (wording.kind) {
    case 'reason':
      return `${words.reasons[wording.reason]}.`;
    case 'cellTooLong':
      return words.cellTooLong(wording.sheetName, `${wording.column}${wording.row}`, MAX_CELL_TEXT_LENGTH, wording.csv);
    case 'tooManyColumns':
      return words.tooManyColumns(wording.sheetName, wording.row, MAX_COLUMNS);
    case 'rowTooLarge':
      return words.rowTooLarge(wording.sheetName, wording.row, MAX_ROW_BYTES / 1024 / 1024, wording.csv);
    case 'tooManyRows':
      return words.tooManyRows(wording.sheetName, MAX_ROWS);
    case 'rowOutOfOrder':
      return words.rowOutOfOrder(wording.sheetName, wording.row, wording.after);
    case 'tooFarRight':
      return words.tooFarRight(wording.sheetName, wording.row, wording.column);
    case 'mergedTooLarge':
      return words.mergedTooLarge(wording.sheetName, wording.range, MAX_MERGED_RANGES, MAX_MERGED_CELLS);
    case 'sheetPartMissing':
      return words.sheetPartMissing(wording.sheetName);
    case 'partEncoding':
      return words.partEncoding(wording.sheetName, wording.part, wording.encoding, wording.problem);
  }
}

export function unreadable(file: string, reason: UnreadableReason, cause?: unknown): UnreadableFileError {
  return new WordedUnreadableFileError(file, { kind: 'reason', reason }, cause === undefined ? undefined : { cause });
}

export function cellTooLong(file: string, sheetName: string, row: number, column: string, csv: boolean): UnreadableFileError {
  return new WordedUnreadableFileError(file, { kind: 'cellTooLong', sheetName, row, column, csv });
}

export function tooManyColumns(file: string, sheetName: string, row: number): UnreadableFileError {
  return new WordedUnreadableFileError(file, { kind: 'tooManyColumns', sheetName, row });
}

export function rowTooLarge(file: string, sheetName: string, row: number | null, csv: boolean): UnreadableFileError {
  return new WordedUnreadableFileError(file, { kind: 'rowTooLarge', sheetName, row, csv });
}

export function tooManyRows(file: string, sheetName: string): UnreadableFileError {
  return new WordedUnreadableFileError(file, { kind: 'tooManyRows', sheetName });
}

/** Row `row` is written after row `after` has been read and handed on (or, `after` null, twice). */
export function rowOutOfOrder(file: string, sheetName: string, row: number, after: number | null): UnreadableFileError {
  return new WordedUnreadableFileError(file, { kind: 'rowOutOfOrder', sheetName, row, after });
}

export function tooFarRight(file: string, sheetName: string, row: number, column: string): UnreadableFileError {
  return new WordedUnreadableFileError(file, { kind: 'tooFarRight', sheetName, row, column });
}

/** Too many merged ranges (`range` null), or ranges that fill too many cells (`range` the one that passed the limit). */
export function mergedTooLarge(file: string, sheetName: string, range: string | null): UnreadableFileError {
  return new WordedUnreadableFileError(file, { kind: 'mergedTooLarge', sheetName, range });
}

export function sheetPartMissing(file: string, sheetName: string): UnreadableFileError {
  return new WordedUnreadableFileError(file, { kind: 'sheetPartMissing', sheetName });
}

export function partEncoding(
  file: string,
  where: { sheetName: string | null; part: string },
  encoding: string,
  problem: PartEncodingProblem,
  cause?: unknown,
): UnreadableFileError {
  return new WordedUnreadableFileError(
    file,
    { kind: 'partEncoding', ...where, encoding, problem },
    cause === undefined ? undefined : { cause },
  );
}

export function unknownEncoding(encoding: string): string {
  return unreadableWords().unknownEncoding(encoding);
}
