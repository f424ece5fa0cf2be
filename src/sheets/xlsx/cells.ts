/** One worksheet cell (`<c>`, as xlsx/sheet.ts collects it) turned into a RawCell by sheets.md's rules. */
import { decodeOoxmlEscapes, numberText, textCell } from '../cells.js';
import { calendarDayFromSerial } from '../dates.js';
import type { RawCell } from '../types.js';
import { DATE_FORMAT, shownDigits, type NumberFormat } from './number-formats.js';

export { PLAIN_FORMAT } from './number-formats.js';

/** A `<c>` element as written: its type (`t`), formula text (`<f>`) and value (`<v>`, or an inline string's text). */
export interface CellXml {
  type: string | undefined;
  /** null when the cell has no `<f>`. */
  formula: string | null;
  /** null when the cell has no `<v>` (nor `<is>`). */
  value: string | null;
  /** Its style's number format. */
  format: NumberFormat;
}

export interface DateSystem {
  /** The workbook counts dates from 1904 (workbookPr date1904 = 1 or true). */
  date1904: boolean;
  /**
   * Written exactly date1904="1". A date cell is rounded to the millisecond as an instant counted in
   * this system, as exceljs rounds it: every date reads as that independent reader reads it
   * (test/sheets/row-hashes.test.ts).
   */
  written1904As1: boolean;
}

/** What a shared string shows, worked out once: not yet, blank, its text as it is, its text trimmed. */
const UNKNOWN = 0;
const BLANK = 1;
const TEXT = 2;
const TRIMMED = 3;

/**
 * The shared strings as the cells that refer to them read: each string's escapes, spaces and trimming
 * worked out once, however many cells refer to it (a name or a department is in thousands of rows).
 * Each cell gets an object of its own all the same.
 */
export class SharedStrings {
  private readonly kinds: Uint8Array;
  private readonly texts: string[];

  constructor(private readonly strings: readonly string[]) {
    this.kinds = new Uint8Array(strings.length);
    this.texts = new Array<string>(strings.length).fill('');
  }

  /** The cell showing string `index`; undefined when it is blank or there is no such string. */
  cell(index: number): RawCell | undefined {
    let kind = this.kinds[index];
    if (kind === undefined) return undefined;
    if (kind === UNKNOWN) {
      const made = stringCell(this.strings[index]!);
      kind = made === undefined ? BLANK : made.trimmed ? TRIMMED : TEXT;
      if (made) this.texts[index] = made.text;
      this.kinds[index] = kind;
    }
    if (kind === BLANK) return undefined;
    return kind === TEXT ? { text: this.texts[index]!, type: 'text' } : { text: this.texts[index]!, type: 'text', trimmed: true };
  }
}

/** The cell as a RawCell; undefined when it is blank. */
export function cellFromXml(cell: CellXml, sharedStrings: SharedStrings, dates: DateSystem): RawCell | undefined {
  const { type, formula, value } = cell;
  if (formula !== null) return formulaCell(cell, formula, dates);
  if (value === null) return undefined;
  switch (type) {
    case 's':
      return sharedStrings.cell(Number.parseInt(value, 10));
    case 'inlineStr':
    case 'str':
      return stringCell(value);
    case 'e':
      return { text: value, type: 'error' };
    case 'b':
      return { text: Number.parseInt(value, 10) !== 0 ? 'TRUE' : 'FALSE', type: 'boolean' };
    case 'd':
      return isoDateCell(value, dates.date1904);
    default: {
      const format = cell.format;
      // A whole number written as Excel shows it (most numbers of a sheet) is its own text: no number
      // made of it and no text made of that number again.
      if (!format.date && isPlainInteger(value))
        return format.digits === null ? { text: value, type: 'number' } : digitsCell(value, format);
      // An empty value shows a blank cell: a blank, not a number.
      if (value.trim() === '') return undefined;
      return numberCell(
        format.date ? roundedToMilliseconds(Number.parseFloat(value), dates.written1904As1) : Number.parseFloat(value),
        format,
        dates.date1904,
      );
    }
  }
}

/**
 * A whole number (as digits) under a format of digit placeholders and literal text: its digits, and
 * beside them the text Excel shows (`00107`, `M0042`) when that differs; an id column reads that text
 * (validate/cursor.ts), any other column the digits.
 */
function digitsCell(digits: string, format: NumberFormat): RawCell {
  const shown = format.digits && digits.charCodeAt(0) !== 0x2d ? shownDigits(format.digits, digits) : digits;
  return shown === digits ? { text: digits, type: 'number' } : { text: digits, type: 'number', shown };
}

/**
 * Digits without a leading zero (or `0`), perhaps after a minus, at most 15: numberText of the number
 * they are gives them back unchanged (`-0` gives `0`, so it is not one).
 */
export function isPlainInteger(value: string): boolean {
  const length = value.length;
  let i = value.charCodeAt(0) === 0x2d ? 1 : 0;
  const digits = length - i;
  if (digits < 1 || digits > 15) return false;
  const first = value.charCodeAt(i);
  if (first === 0x30) return digits === 1 && i === 0;
  for (; i < length; i++) {
    const c = value.charCodeAt(i);
    if (c < 0x30 || c > 0x39) return false;
  }
  return true;
}

function formulaCell(cell: CellXml, formula: string, dates: DateSystem): RawCell | undefined {
  const { type, value } = cell;
  // Text, the empty text of =IF(…;"";…) included (a blank cell, as it shows).
  if (type === 'str' && value !== null) return stringCell(value);
  // A cached error (#N/A, #REF!) is what the cell shows.
  if (type === 'e' && value) return { text: value, type: 'error' };
  if (type === 'd' && value) return isoDateCell(value, dates.date1904);
  // A boolean result reads as 1 or 0, as it always has.
  const result = value === null ? Number.NaN : Number.parseFloat(value);
  if (Number.isNaN(result)) {
    // No cached result (openpyxl writes an empty one): the file was written by a program that does not
    // calculate. Excel would calculate it on opening; the importer cannot, so it shows the formula
    // rather than a blank.
    return { text: `=${formula}`, type: 'error' };
  }
  return numberCell(result, cell.format, dates.date1904);
}

/** Text (shared, inline or a formula's), its `_xHHHH_` escapes decoded. */
export function stringCell(value: string): RawCell | undefined {
  return textCell(decodeOoxmlEscapes(value));
}

/**
 * A number; a date when its number format is one, except a time of day alone (`h:mm`) on a number below
 * 1: Excel shows it without a day, in either date system.
 */
export function numberCell(value: number, format: NumberFormat, date1904: boolean): RawCell {
  if (format.date && !(format.timeOnly && value >= 0 && value < 1)) {
    const date = calendarDayFromSerial(value, date1904);
    if (date) return { text: date, type: 'date', date };
  }
  const text = numberText(value);
  if (format.digits !== null && Number.isInteger(value) && value >= 0 && value < 1e15) return digitsCell(text, format);
  return { text, type: 'number' };
}

const MS_PER_DAY = 86_400_000;

/** The serial as the instant exceljs made of it, to the millisecond (a time a hair before midnight is the next day). */
function roundedToMilliseconds(serial: number, written1904As1: boolean): number {
  const offset = written1904As1 ? 1462 : 0;
  return Math.round((serial - 25_569 + offset) * MS_PER_DAY) / MS_PER_DAY + 25_569 - offset;
}

const ISO_DAY = /^\s*(\d{4})-(\d{2})-(\d{2})/;

/**
 * A cell stored as ISO 8601 text (`<c t="d"><v>2024-01-31T00:00:00</v></c>`, written by some libraries,
 * never by Excel) is the calendar day it names; a day the workbook's date system cannot hold, or no day at
 * all, is an error cell showing the text.
 */
function isoDateCell(value: string, date1904: boolean): RawCell {
  const serial = serialOfIsoDay(value, date1904);
  return serial === null ? { text: value, type: 'error' } : numberCell(serial, DATE_FORMAT, date1904);
}

/** The serial Excel stores for that calendar day (1900 system with its fictitious 29 February 1900). */
function serialOfIsoDay(value: string, date1904: boolean): number | null {
  const match = ISO_DAY.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const unixDay = Date.UTC(year, month - 1, day) / MS_PER_DAY;
  const check = new Date(unixDay * MS_PER_DAY);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  const serial = date1904 ? unixDay + 24_107 : unixDay + 25_569 + (unixDay + 25_569 < 61 ? -1 : 0);
  return serial >= (date1904 ? 0 : 1) ? serial : null;
}
