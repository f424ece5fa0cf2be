/**
 * Reads an .xlsx workbook with exceljs's streaming reader, one sheet at a time, so a 100,000-row sheet
 * never has to be in memory whole. The package is checked and repacked first (see xlsx-package.ts); the
 * cells are turned into RawCells by xlsx-cells.ts.
 */
import { Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { UnreadableFileError } from '../errors.js';
import { columnLetters } from './cells.js';
import { MAX_CELL_TEXT_LENGTH, MAX_COLUMNS, MAX_ROWS } from './limits.js';
import type { PhysicalRow, PhysicalSheet } from './sheet-source.js';
import type { RawCell } from './types.js';
import { cellFromExcel, type DateSystem } from './xlsx-cells.js';
import { NotAWorkbook, openWorkbookPackage, partsForExceljs, RowTooLarge, type StreamedSheet, type WorkbookPackage } from './xlsx-package.js';
import { storedZip, ZipProblem } from './zip.js';
import { cellTooLong, rowTooLarge, tooManyColumns, tooManyRows, unreadable } from './unreadable.js';

/** The name of the hidden sheet in which the template carries its version. */
export const TEMPLATE_SHEET_NAME = '_template';

export function isTemplateSheet(name: string): boolean {
  return name.trim().toLowerCase() === TEMPLATE_SHEET_NAME;
}

/** Checks the package (zip directory, parts, sizes) before any sheet is read, so a bad file fails early. */
export async function openWorkbook(file: string): Promise<WorkbookPackage> {
  try {
    return await openWorkbookPackage(file);
  } catch (error) {
    throw asUnreadable(file, error);
  }
}

/** A worksheet as the reader streams it: its rows in batches of whatever the batcher makes of them. */
export interface WorkbookSheet<Batch> {
  file: string;
  sheetName: string;
  hidden: boolean;
  rows: AsyncGenerator<Batch>;
}

/** Where a row is: what a refused cell is reported with, and the date system its numbers count in. */
export interface SheetContext {
  file: string;
  sheetName: string;
  dates: DateSystem;
}

/**
 * Collects a sheet's rows into batches: of PhysicalRows here, of an encoded form in the reading worker
 * (xlsx-wire.ts), which leaves turning the common cells into RawCells to the main thread.
 */
export interface RowBatcher<Batch> {
  /** Adds the row's non-blank cells (a row without any is left out); throws for a cell that is refused. */
  add(row: ExcelJS.Row, number: number): void;
  /** Rows added since the last take. */
  readonly size: number;
  take(): Batch;
}

/** The workbook's worksheets, the template sheet first (so its version is known early), then in tab order. */
export function xlsxSheets(pkg: WorkbookPackage): AsyncGenerator<PhysicalSheet> {
  return workbookSheets(pkg, physicalRows);
}

export async function* workbookSheets<Batch>(
  pkg: WorkbookPackage,
  batcherFor: (context: SheetContext) => RowBatcher<Batch>,
): AsyncGenerator<WorkbookSheet<Batch>> {
  const withData = pkg.sheets.filter((sheet): sheet is StreamedSheet['sheet'] => sheet.entry !== null);
  const ordered = [
    ...withData.filter((sheet) => isTemplateSheet(sheet.name)),
    ...withData.filter((sheet) => !isTemplateSheet(sheet.name)),
  ];
  const streamed = ordered.map((sheet, index): StreamedSheet => ({ position: index + 1, sheet }));
  const WorkbookReader = await loadWorkbookReader();
  const failure: Failure = {};
  let lastSheetTaken = (): void => undefined;
  const entriesTaken = new Promise<void>((resolve) => {
    lastSheetTaken = resolve;
  });
  const source = Readable.from(storedZip(partsForExceljs(pkg, streamed), failure, entriesTaken));
  const reader = new WorkbookReader(source, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  let index = 0;
  try {
    for await (const worksheet of reader) {
      const current = streamed[index++];
      if (index >= streamed.length) lastSheetTaken();
      if (!current) break;
      const context: SheetContext = {
        file: pkg.file,
        sheetName: current.sheet.name,
        dates: { date1904: pkg.date1904, exceljsUsed1904: exceljsDate1904(reader) },
      };
      const rows = worksheetRows(worksheet, batcherFor(context), context, failure);
      yield { file: pkg.file, sheetName: current.sheet.name, hidden: current.sheet.hidden, rows };
      // exceljs drops whatever of a sheet was not read once it moves on: finish it first.
      while (!(await rows.next()).done);
    }
  } catch (error) {
    throw asUnreadable(pkg.file, failure.error ?? error, streamed[Math.max(0, index - 1)]?.sheet.name);
  } finally {
    lastSheetTaken();
    source.destroy();
  }
  if (failure.error) throw asUnreadable(pkg.file, failure.error, streamed.at(-1)?.sheet.name);
}

const ROWS_PER_BATCH = 256;

type WorkbookReaderClass = typeof ExcelJS.stream.xlsx.WorkbookReader;

/**
 * exceljs's streaming workbook reader, loaded on first use (a CSV-only run need not pay for it) and
 * alone: the package's entry point loads all of exceljs, its workbook model, writers and CSV, 240–260 ms
 * against 150 ms for the reader and what it needs, at the start of every workbook's reading. Should a
 * later exceljs move the file, the whole package is loaded instead.
 */
async function loadWorkbookReader(): Promise<WorkbookReaderClass> {
  // A path in a variable: the file has no type declarations of its own; it is the class 'exceljs' declares.
  const readerFile = 'exceljs/lib/stream/xlsx/workbook-reader.js';
  try {
    const loaded = (await import(readerFile)) as { default?: unknown };
    if (typeof loaded.default === 'function') return loaded.default as WorkbookReaderClass;
  } catch {
    // The whole package below.
  }
  const { default: exceljs } = await import('exceljs');
  return exceljs.stream.xlsx.WorkbookReader;
}

/** A problem found while repacking (see storedZip), reported once exceljs has stopped. */
interface Failure {
  error?: unknown;
}

function exceljsDate1904(reader: unknown): boolean {
  const properties = (reader as { properties?: { model?: { date1904?: boolean } } }).properties;
  return properties?.model?.date1904 === true;
}

async function* worksheetRows<Batch>(
  worksheet: AsyncIterable<ExcelJS.Row>,
  batcher: RowBatcher<Batch>,
  { file, sheetName }: SheetContext,
  failure: Failure,
): AsyncGenerator<Batch> {
  let previous = 0;
  try {
    for await (const row of worksheet) {
      // A <row> without its r attribute is allowed by the format: it follows the previous row.
      const number = Number.isFinite(row.number) ? row.number : previous + 1;
      previous = number;
      if (number > MAX_ROWS) throw tooManyRows(file, sheetName);
      batcher.add(row, number);
      if (batcher.size >= ROWS_PER_BATCH) yield batcher.take();
    }
  } catch (error) {
    throw asUnreadable(file, failure.error ?? error, sheetName);
  }
  if (failure.error) throw asUnreadable(file, failure.error, sheetName);
  if (batcher.size > 0) yield batcher.take();
}

function physicalRows(context: SheetContext): RowBatcher<PhysicalRow[]> {
  let batch: PhysicalRow[] = [];
  return {
    get size() {
      return batch.length;
    },
    add(row, number) {
      const cells: (RawCell | undefined)[] = [];
      row.eachCell((cell, column) => {
        const raw = checkedCell(cell, column, number, context);
        if (raw) cells[column - 1] = raw;
      });
      if (cells.length > 0) batch.push({ row: number, cells });
    },
    take() {
      const taken = batch;
      batch = [];
      return taken;
    },
  };
}

/** The cell as a RawCell (undefined when blank), refused when past the columns or over the length a cell may have. */
export function checkedCell(cell: ExcelJS.Cell, column: number, row: number, { file, sheetName, dates }: SheetContext): RawCell | undefined {
  const raw = cellFromExcel(cell.value, cell.numFmt, dates);
  if (!raw) return undefined;
  if (column > MAX_COLUMNS) throw tooManyColumns(file, sheetName, row);
  if (raw.text.length > MAX_CELL_TEXT_LENGTH) throw cellTooLong(file, sheetName, row, columnLetters(column), false);
  return raw;
}

const ZIP_REASONS = {
  damaged: 'damaged',
  too_large: 'too_large',
  bomb: 'zip_bomb',
  encrypted: 'password_protected',
  unsupported: 'unsupported_packing',
  doctype: 'doctype',
} as const;

function asUnreadable(file: string, error: unknown, sheetName = ''): UnreadableFileError {
  if (error instanceof UnreadableFileError) return error;
  if (error instanceof RowTooLarge) return rowTooLarge(file, sheetName, error.row, false);
  if (error instanceof ZipProblem) return unreadable(file, ZIP_REASONS[error.kind], error);
  if (error instanceof NotAWorkbook) return unreadable(file, error.kind, error);
  return unreadable(file, 'damaged', error);
}
