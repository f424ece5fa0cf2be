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
import { MAX_CELL_TEXT_LENGTH, MAX_COLUMNS, MAX_ROW_BYTES, MAX_ROWS } from './limits.js';

export type { UnreadableReason } from '../words/unreadable.js';

/** What an unreadable file's error says, as data that survives structured cloning. */
export type UnreadableWording =
  | { kind: 'reason'; reason: UnreadableReason }
  | { kind: 'cellTooLong'; sheetName: string; row: number; column: string; csv: boolean }
  | { kind: 'tooManyColumns'; sheetName: string; row: number }
  | { kind: 'rowTooLarge'; sheetName: string; row: number | null; csv: boolean }
  | { kind: 'tooManyRows'; sheetName: string };

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

export function unknownEncoding(encoding: string): string {
  return unreadableWords().unknownEncoding(encoding);
}
