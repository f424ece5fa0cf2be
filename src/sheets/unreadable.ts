/**
 * Every reason a file cannot be read, worded once for an HR person (words/unreadable.ts): one sentence,
 * what is wrong and what to do, no library names and no stack trace.
 */
import { UnreadableFileError } from '../errors.js';
import { unreadableWords, type UnreadableReason } from '../words/unreadable.js';
import { MAX_CELL_TEXT_LENGTH, MAX_COLUMNS, MAX_ROW_BYTES, MAX_ROWS } from './limits.js';

export type { UnreadableReason } from '../words/unreadable.js';

export function unreadable(file: string, reason: UnreadableReason, cause?: unknown): UnreadableFileError {
  return new UnreadableFileError(file, `${unreadableWords().reasons[reason]}.`, cause === undefined ? undefined : { cause });
}

export function cellTooLong(file: string, sheetName: string, row: number, column: string, csv: boolean): UnreadableFileError {
  return new UnreadableFileError(file, unreadableWords().cellTooLong(sheetName, `${column}${row}`, MAX_CELL_TEXT_LENGTH.toLocaleString('en'), csv));
}

export function tooManyColumns(file: string, sheetName: string, row: number): UnreadableFileError {
  return new UnreadableFileError(file, unreadableWords().tooManyColumns(sheetName, row, MAX_COLUMNS.toLocaleString('en')));
}

export function rowTooLarge(file: string, sheetName: string, row: number | null, csv: boolean): UnreadableFileError {
  return new UnreadableFileError(file, unreadableWords().rowTooLarge(sheetName, row, MAX_ROW_BYTES / 1024 / 1024, csv));
}

export function tooManyRows(file: string, sheetName: string): UnreadableFileError {
  return new UnreadableFileError(file, unreadableWords().tooManyRows(sheetName, MAX_ROWS.toLocaleString('en')));
}

export function unknownEncoding(encoding: string): string {
  return unreadableWords().unknownEncoding(encoding);
}
