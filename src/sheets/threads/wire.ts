/**
 * What the xlsx reading worker (threads/xlsx-worker.ts) and the main thread (threads/xlsx-reading.ts) say to each other,
 * and the compact form in which row batches cross between them.
 *
 * Why a compact form: structured-cloning a batch as RawCell objects costs about 1 µs per cell on each
 * side; for 120,000 rows of ~12 cells that was 1.3 s, most of what the worker saves. A batch travels as
 * typed arrays and one string holding every text joined: 0.05 s for the same rows.
 */
import { UnreadableFileError } from '../../errors.js';
import type { PhysicalRow } from '../sheet-source.js';
import type { RawCell } from '../types.js';
import { unreadable, WordedUnreadableFileError, type UnreadableWording } from '../unreadable.js';

export interface EncodedBatch {
  /** Row numbers. */
  rows: Int32Array;
  /** Per row, the end of its cells in `columns` and `flags`. */
  rowEnds: Int32Array;
  /** Per non-blank cell, its column (1 is A), in order. */
  columns: Int32Array;
  /** Per non-blank cell, its type (low bits) and flags. */
  flags: Uint8Array;
  /** Length of each text in `texts`, in order. */
  lengths: Uint32Array;
  texts: string;
}

/** By type code less one (typeCode below). */
const TYPES: readonly RawCell['type'][] = ['text', 'number', 'date', 'boolean', 'error'];
const KIND_MASK = 0x0f;
/** The cell's `trimmed`. */
const TRIMMED = 0x10;
/** The cell's `date` is its text (every date cell the xlsx reader makes). */
const SAME_DATE = 0x20;
/** The cell has a `date` other than its text, sent as the next text (never made today; kept for exactness). */
const DISTINCT_DATE = 0x40;
/** The cell has a `shown` text, sent as the next text (after its date, if any). */
const SHOWN = 0x80;

/** The rows as they cross to the main thread. */
export function encodeBatch(batch: readonly PhysicalRow[]): EncodedBatch {
  // Counted first, so that each array is made once at its size: the worker encodes every row of a sheet,
  // and arrays grown a push at a time, then copied, were a tenth of its time (docs/benchmarks.md).
  let cellCount = 0;
  let textCount = 0;
  for (const { cells } of batch) {
    for (let position = 0; position < cells.length; position++) {
      const cell = cells[position];
      if (!cell) continue;
      cellCount++;
      textCount += (cell.date === undefined || cell.date === cell.text ? 1 : 2) + (cell.shown === undefined ? 0 : 1);
    }
  }
  const rows = new Int32Array(batch.length);
  const rowEnds = new Int32Array(batch.length);
  const columns = new Int32Array(cellCount);
  const flags = new Uint8Array(cellCount);
  const lengths = new Uint32Array(textCount);
  const texts = new Array<string>(textCount);
  let entry = 0;
  let textIndex = 0;
  for (let index = 0; index < batch.length; index++) {
    const { row, cells } = batch[index]!;
    rows[index] = row;
    for (let position = 0; position < cells.length; position++) {
      const cell = cells[position];
      if (!cell) continue;
      let flag = typeCode(cell.type);
      if (cell.trimmed) flag |= TRIMMED;
      texts[textIndex] = cell.text;
      lengths[textIndex++] = cell.text.length;
      if (cell.date === cell.text) flag |= SAME_DATE;
      else if (cell.date !== undefined) {
        flag |= DISTINCT_DATE;
        texts[textIndex] = cell.date;
        lengths[textIndex++] = cell.date.length;
      }
      if (cell.shown !== undefined) {
        flag |= SHOWN;
        texts[textIndex] = cell.shown;
        lengths[textIndex++] = cell.shown.length;
      }
      columns[entry] = position + 1;
      flags[entry++] = flag;
    }
    rowEnds[index] = entry;
  }
  return { rows, rowEnds, columns, flags, lengths, texts: texts.join('') };
}

function typeCode(type: RawCell['type']): number {
  switch (type) {
    case 'text':
      return 1;
    case 'number':
      return 2;
    case 'date':
      return 3;
    case 'boolean':
      return 4;
    case 'error':
      return 5;
  }
}

/** The batch as the worker read it, cell for cell. */
export function decodeBatch(encoded: EncodedBatch): PhysicalRow[] {
  const { rows, rowEnds, columns, flags, lengths, texts } = encoded;
  const batch: PhysicalRow[] = new Array<PhysicalRow>(rows.length);
  let entry = 0;
  let textIndex = 0;
  let offset = 0;
  for (let index = 0; index < rows.length; index++) {
    // Blank positions stay holes, as in the arrays the reader fills by column.
    const cells: (RawCell | undefined)[] = [];
    for (const end = rowEnds[index]!; entry < end; entry++) {
      const flag = flags[entry]!;
      const type = TYPES[(flag & KIND_MASK) - 1] ?? 'text';
      const length = lengths[textIndex++]!;
      const text = texts.slice(offset, (offset += length));
      let cell: RawCell;
      if (flag & SAME_DATE) cell = { text, type, date: text };
      else {
        cell = { text, type };
        if (flag & DISTINCT_DATE) {
          const dateLength = lengths[textIndex++]!;
          cell.date = texts.slice(offset, (offset += dateLength));
        }
      }
      if (flag & TRIMMED) cell.trimmed = true;
      if (flag & SHOWN) {
        const shownLength = lengths[textIndex++]!;
        cell.shown = texts.slice(offset, (offset += shownLength));
      }
      cells[columns[entry]! - 1] = cell;
    }
    batch[index] = { row: rows[index]!, cells };
  }
  return batch;
}

export function transferables(encoded: EncodedBatch): ArrayBuffer[] {
  const { rows, rowEnds, columns, flags, lengths } = encoded;
  return [rows, rowEnds, columns, flags, lengths].map((array) => array.buffer as ArrayBuffer);
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
  const cause =
    unreadableError.cause instanceof Error ? { name: unreadableError.cause.name, message: unreadableError.cause.message } : undefined;
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
  pkg: import('../xlsx/package.js').WorkbookPackage;
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

/** Main thread → worker: one more batch may be sent, the rest of this sheet is not wanted. */
export type ToWorker = { t: 'credit' } | { t: 'skip'; sheet: number };
