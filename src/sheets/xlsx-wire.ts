/**
 * What the xlsx reading worker (xlsx-worker.ts) and the main thread (xlsx-threaded.ts) say to each other,
 * and the compact form in which row batches cross between them.
 *
 * Why a compact form: structured-cloning a batch as RawCell objects costs about 1 µs per cell on each
 * side; for 120,000 rows of ~12 cells that was 1.3 s, most of what the worker saves. A batch travels as
 * typed arrays and one string holding every text joined: 0.05 s for the same rows.
 *
 * Why cells travel half-made: the worker is the slower of the two threads (exceljs's parsing alone is
 * most of the reading), so the commonest cells, a string that is surely not blank, a number and a date
 * (as its serial, which cellFromExcel recomputes too), are sent as exceljs read them and turned into
 * RawCells on the main thread by the functions the in-thread reader uses (xlsx-cells.ts). Every other
 * cell, and any cell that could be refused or blank, is made and checked in the worker exactly as
 * in-thread (checkedCell), so the rows, their batches and the errors are the in-thread reader's.
 */
import type ExcelJS from 'exceljs';
import { UnreadableFileError } from '../errors.js';
import { MAX_CELL_TEXT_LENGTH, MAX_COLUMNS } from './limits.js';
import type { PhysicalRow } from './sheet-source.js';
import type { RawCell } from './types.js';
import { unreadable, WordedUnreadableFileError, type UnreadableWording } from './unreadable.js';
import { checkedCell, type RowBatcher, type SheetContext } from './xlsx.js';
import { serialFromExceljsDate } from './dates.js';
import { isDateFormat, numberCell, stringCell } from './xlsx-cells.js';

export interface EncodedBatch {
  /** Row numbers. */
  rows: Int32Array;
  /** Per row, the end of its cells in `columns` and `flags`. */
  rowEnds: Int32Array;
  /** Per non-blank cell, its column (1 is A), in order. */
  columns: Int32Array;
  /** Per non-blank cell, its kind (low bits) and flags. */
  flags: Uint8Array;
  /** The value of each number cell sent as read. */
  numbers: Float64Array;
  /** Length of each text in `texts`, in order. */
  lengths: Uint32Array;
  texts: string;
}

/** Kinds 1–5 are finished RawCells of that type; the others are values as exceljs read them. */
const TYPES: readonly RawCell['type'][] = ['text', 'number', 'date', 'boolean', 'error'];
const TYPE_CODES = Object.fromEntries(TYPES.map((type, index) => [type, index + 1])) as Record<RawCell['type'], number>;
const STRING_AS_READ = 6;
const NUMBER_AS_READ = 7;
const KIND_MASK = 0x0f;
/** A finished cell's `trimmed`. */
const TRIMMED = 0x10;
/** A finished cell's `date` is its text (every date cell the xlsx reader makes). */
const SAME_DATE = 0x20;
/** A finished cell has a `date` other than its text, sent as the next text (never made today; kept for exactness). */
const DISTINCT_DATE = 0x40;
/** A number sent as read has a date format. */
const DATE_FORMAT = 0x10;

const UNDERSCORE = 95;

/**
 * A string whose first character is printable ASCII (not `_`, which may start an `_xHHHH_` escape)
 * survives decoding and trimming, so it is not blank; and one no longer than a cell may be is not
 * longer once decoded. Such a string cannot be refused, so making its RawCell can wait.
 */
function surelyFine(value: string): boolean {
  const first = value.charCodeAt(0);
  return first > 32 && first < 127 && first !== UNDERSCORE && value.length <= MAX_CELL_TEXT_LENGTH;
}

/** The worker's batcher: a sheet's rows encoded for the main thread. */
export function encodedRows(context: SheetContext): RowBatcher<EncodedBatch> {
  let rows: number[] = [];
  let rowEnds: number[] = [];
  let columns: number[] = [];
  let flags: number[] = [];
  let numbers: number[] = [];
  let lengths: number[] = [];
  let texts = '';
  const addText = (text: string): void => {
    lengths.push(text.length);
    texts += text;
  };
  return {
    get size() {
      return rows.length;
    },
    add(row: ExcelJS.Row, number: number) {
      const before = columns.length;
      row.eachCell((cell, column) => {
        const value = cell.value;
        if (column <= MAX_COLUMNS) {
          if (typeof value === 'string' && surelyFine(value)) {
            columns.push(column);
            flags.push(STRING_AS_READ);
            addText(value);
            return;
          }
          if (typeof value === 'number') {
            columns.push(column);
            flags.push(NUMBER_AS_READ | (isDateFormat(cell.numFmt) ? DATE_FORMAT : 0));
            numbers.push(value);
            return;
          }
          if (value instanceof Date) {
            columns.push(column);
            flags.push(NUMBER_AS_READ | DATE_FORMAT);
            numbers.push(serialFromExceljsDate(value, context.dates.exceljsUsed1904));
            return;
          }
        }
        const raw = checkedCell(cell, column, number, context);
        if (!raw) return;
        let flag = TYPE_CODES[raw.type];
        if (raw.trimmed) flag |= TRIMMED;
        addText(raw.text);
        if (raw.date === raw.text) flag |= SAME_DATE;
        else if (raw.date !== undefined) {
          flag |= DISTINCT_DATE;
          addText(raw.date);
        }
        columns.push(column);
        flags.push(flag);
      });
      if (columns.length === before) return;
      rows.push(number);
      rowEnds.push(columns.length);
    },
    take() {
      const batch: EncodedBatch = {
        rows: Int32Array.from(rows),
        rowEnds: Int32Array.from(rowEnds),
        columns: Int32Array.from(columns),
        flags: Uint8Array.from(flags),
        numbers: Float64Array.from(numbers),
        lengths: Uint32Array.from(lengths),
        texts,
      };
      rows = [];
      rowEnds = [];
      columns = [];
      flags = [];
      numbers = [];
      lengths = [];
      texts = '';
      return batch;
    },
  };
}

/** The batch as the in-thread reader would have made it, cell for cell. */
export function decodeBatch(encoded: EncodedBatch, date1904: boolean): PhysicalRow[] {
  const { rows, rowEnds, columns, flags, numbers, lengths, texts } = encoded;
  const batch: PhysicalRow[] = new Array<PhysicalRow>(rows.length);
  let entry = 0;
  let textIndex = 0;
  let offset = 0;
  let numberIndex = 0;
  const nextText = (): string => {
    const length = lengths[textIndex++] ?? 0;
    const text = texts.slice(offset, offset + length);
    offset += length;
    return text;
  };
  for (let index = 0; index < rows.length; index++) {
    // Blank positions stay holes, as in the arrays the in-thread reader fills by column.
    const cells: (RawCell | undefined)[] = [];
    for (const end = rowEnds[index] ?? 0; entry < end; entry++) {
      const flag = flags[entry] ?? 0;
      const kind = flag & KIND_MASK;
      let cell: RawCell | undefined;
      if (kind === STRING_AS_READ) cell = stringCell(nextText());
      else if (kind === NUMBER_AS_READ) cell = numberCell(numbers[numberIndex++] ?? Number.NaN, (flag & DATE_FORMAT) !== 0, date1904);
      else {
        const type = TYPES[kind - 1] ?? 'text';
        const text = nextText();
        if (flag & SAME_DATE) cell = { text, type, date: text };
        else {
          cell = { text, type };
          if (flag & DISTINCT_DATE) cell.date = nextText();
        }
        if (flag & TRIMMED) cell.trimmed = true;
      }
      if (cell) cells[(columns[entry] ?? 1) - 1] = cell;
    }
    batch[index] = { row: rows[index] ?? 0, cells };
  }
  return batch;
}

export function transferables(encoded: EncodedBatch): ArrayBuffer[] {
  const { rows, rowEnds, columns, flags, numbers, lengths } = encoded;
  return [rows, rowEnds, columns, flags, numbers, lengths].map((array) => array.buffer as ArrayBuffer);
}

/** An UnreadableFileError as it crosses threads: an Error's class does not survive structured cloning. */
export interface WireError {
  file: string;
  message: string;
  /** What the error means, worded again on arrival in the run's language (the worker's is English). */
  wording?: UnreadableWording;
  cause?: { name: string; message: string };
}

export function toWire(error: unknown, file: string): WireError {
  const unreadableError = error instanceof UnreadableFileError ? error : unreadable(file, 'damaged', error);
  const cause = unreadableError.cause instanceof Error ? { name: unreadableError.cause.name, message: unreadableError.cause.message } : undefined;
  const wording = unreadableError instanceof WordedUnreadableFileError ? { wording: unreadableError.wording } : {};
  return { file: unreadableError.file, message: unreadableError.message, ...wording, ...(cause ? { cause } : {}) };
}

export function fromWire(wire: WireError): UnreadableFileError {
  const prefix = `${wire.file}: `;
  const reason = wire.message.startsWith(prefix) ? wire.message.slice(prefix.length) : wire.message;
  const cause = wire.cause ? Object.assign(new Error(wire.cause.message), { name: wire.cause.name }) : undefined;
  if (wire.wording) return new WordedUnreadableFileError(wire.file, wire.wording, cause ? { cause } : undefined);
  const error = new UnreadableFileError(wire.file, reason, cause ? { cause } : undefined);
  if (error.message !== wire.message) error.message = wire.message;
  return error;
}

export interface WorkerInput {
  pkg: import('./xlsx-package.js').WorkbookPackage;
  /** Batches the worker may send before the main thread has taken any. */
  credits: number;
}

/** Worker → main thread. `sheet` numbers sheets from 0 in the order they are sent. */
export type FromWorker =
  | { t: 'ready' }
  | { t: 'sheet'; sheet: number; sheetName: string; hidden: boolean }
  | { t: 'rows'; sheet: number; batch: EncodedBatch }
  | { t: 'sheetEnd'; sheet: number }
  | { t: 'done' }
  | { t: 'error'; error: WireError };

/** Main thread → worker: one more batch may be sent; the rest of this sheet is not wanted. */
export type ToWorker = { t: 'credit' } | { t: 'skip'; sheet: number };
