/**
 * Every reason a file cannot be read, worded once for an HR person: one sentence, what is wrong and what
 * to do, no library names and no stack trace.
 */
import { UnreadableFileError } from '../errors.js';
import { MAX_CELL_TEXT_LENGTH, MAX_COLUMNS, MAX_ROW_BYTES, MAX_ROWS } from './limits.js';

const SAVE_AGAIN = 'open it in Excel, save it again as .xlsx and try again';

const REASONS = {
  missing: 'the file cannot be found; check the name and the folder',
  not_permitted: 'you do not have permission to open the file',
  empty: 'the file is empty',
  folder_without_csv: 'the folder holds no .csv files',
  unsupported_extension: 'only Excel workbooks (.xlsx) and CSV files (.csv) can be read; save the file in one of those formats',
  legacy_xls: 'it is an old-style Excel 97–2003 workbook (.xls); save it as .xlsx or CSV and try again',
  password_protected: 'it is password-protected; save an unprotected copy and try again',
  opendocument: 'it is an OpenDocument spreadsheet (.ods); save it as .xlsx or CSV and try again',
  not_a_workbook: `it is not an Excel workbook (.xlsx); ${SAVE_AGAIN}`,
  text_named_xlsx: 'it is a text file, not an Excel workbook; if it holds CSV data, rename it to end in .csv',
  other_zip: 'it is a packed file (a zip archive) but not an Excel workbook; save the sheets from Excel as .xlsx',
  no_sheets: `the workbook has no sheets with cells; ${SAVE_AGAIN}`,
  damaged: `it is damaged or incomplete (perhaps a download or copy did not finish); ${SAVE_AGAIN}`,
  too_large: 'it would unpack to more than 1 GB, far more than any HR workbook, so it was refused to protect this computer',
  zip_bomb: 'it is built to unpack to an enormous size (a so-called zip bomb), so it was refused to protect this computer',
  unsupported_packing: `it is packed in a way Excel does not use; ${SAVE_AGAIN}`,
  doctype: `it contains a document type declaration, which no Excel workbook has, so it was refused as unsafe; ${SAVE_AGAIN}`,
  workbook_as_csv: 'it is an Excel workbook, not a CSV file; rename it to end in .xlsx',
  xls_as_csv: 'it is an Excel file, not a CSV file; save it from Excel as CSV or .xlsx',
  binary_as_csv: 'it is not a text file, so it cannot be CSV; export the data from your system as CSV',
} as const;

export type UnreadableReason = keyof typeof REASONS;

export function unreadable(file: string, reason: UnreadableReason, cause?: unknown): UnreadableFileError {
  return new UnreadableFileError(file, `${REASONS[reason]}.`, cause === undefined ? undefined : { cause });
}

export function cellTooLong(file: string, sheetName: string, row: number, column: string, csv: boolean): UnreadableFileError {
  const hint = csv ? ' (this usually means a quotation mark has no closing partner)' : '';
  return new UnreadableFileError(
    file,
    `sheet "${sheetName}", cell ${column}${row} holds more than ${MAX_CELL_TEXT_LENGTH.toLocaleString('en')} characters, Excel's own limit for a cell${hint}.`,
  );
}

export function tooManyColumns(file: string, sheetName: string, row: number): UnreadableFileError {
  return new UnreadableFileError(
    file,
    `sheet "${sheetName}", row ${row} has values in more than ${MAX_COLUMNS.toLocaleString('en')} columns, far more than an import sheet has; check that the file is the right one.`,
  );
}

export function rowTooLarge(file: string, sheetName: string, row: number | null, csv: boolean): UnreadableFileError {
  const where = row === null ? 'a row' : `row ${row}`;
  const hint = csv ? ' (this usually means a quotation mark has no closing partner)' : '';
  return new UnreadableFileError(
    file,
    `sheet "${sheetName}", ${where} holds more than ${MAX_ROW_BYTES / 1024 / 1024} MB of text, far more than an import row${hint}.`,
  );
}

export function tooManyRows(file: string, sheetName: string): UnreadableFileError {
  return new UnreadableFileError(
    file,
    `sheet "${sheetName}" goes on past row ${MAX_ROWS.toLocaleString('en')}, Excel's own limit for a sheet; split the file or check that it is the right one.`,
  );
}

export function unknownEncoding(encoding: string): string {
  return `unknown encoding "${encoding}"; use utf-8, utf-16le, utf-16be or windows-1252`;
}
