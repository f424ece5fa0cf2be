/** One exceljs cell value (as its streaming reader produces it) turned into a RawCell by sheets.md's rules. */
import type { CellValue } from 'exceljs';
import { decodeOoxmlEscapes, numberText, textCell } from './cells.js';
import { calendarDayFromSerial, serialFromExceljsDate } from './dates.js';
import type { RawCell } from './types.js';

export interface DateSystem {
  /** The workbook's real date system. */
  date1904: boolean;
  /** What exceljs applied when it made Date objects (it reads only date1904="1", not "true"). */
  exceljsUsed1904: boolean;
}

const dateFormats = new Map<string, boolean>();

/** The same test exceljs applies: a number format with day, month, year, hour or second letters. */
export function isDateFormat(format: string | undefined): boolean {
  if (!format) return false;
  // A workbook has a handful of formats and up to millions of number cells: decide each format once.
  let known = dateFormats.get(format);
  if (known === undefined) {
    const withoutLiterals = format.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, '');
    known = /[ymdhMsb]+/.test(withoutLiterals);
    if (dateFormats.size < 1000) dateFormats.set(format, known);
  }
  return known;
}

export function cellFromExcel(value: CellValue | undefined, numberFormat: string | undefined, dates: DateSystem): RawCell | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string') return stringCell(value);
  if (typeof value === 'boolean') return { text: value ? 'TRUE' : 'FALSE', type: 'boolean' };
  if (typeof value === 'number') return numberCell(value, isDateFormat(numberFormat), dates.date1904);
  if (value instanceof Date) {
    const serial = serialFromExceljsDate(value, dates.exceljsUsed1904);
    return numberCell(serial, true, dates.date1904);
  }
  if ('error' in value) return { text: String(value.error), type: 'error' };
  if ('richText' in value) return richText(value.richText);
  if ('formula' in value || 'sharedFormula' in value) {
    const result = value.result;
    if (result === undefined || result === null) {
      // No cached result: the file was written by a program that does not calculate. Excel would
      // calculate it on opening; the importer cannot, so it shows the formula rather than a blank.
      return { text: `=${'formula' in value ? value.formula : value.sharedFormula}`, type: 'error' };
    }
    if (typeof result === 'number' && Number.isNaN(result)) {
      // exceljs's streaming reader parses a cached error (#N/A, #REF!) as a number and loses which one.
      return { text: '#ERROR', type: 'error' };
    }
    return cellFromExcel(result as CellValue, numberFormat, dates);
  }
  if ('hyperlink' in value) {
    const text: unknown = value.text;
    if (typeof text === 'string') return textCell(decodeOoxmlEscapes(text));
    if (text && typeof text === 'object' && 'richText' in text) return richText((text as { richText: { text: string }[] }).richText);
    return undefined;
  }
  return undefined;
}

/** A cell exceljs read as a string (shared, inline or formula text). */
export function stringCell(value: string): RawCell | undefined {
  return textCell(decodeOoxmlEscapes(value));
}

/** A cell exceljs read as a number; a date when its number format is one. */
export function numberCell(value: number, dateFormatted: boolean, date1904: boolean): RawCell {
  if (dateFormatted) {
    const date = calendarDayFromSerial(value, date1904);
    if (date) return { text: date, type: 'date', date };
  }
  return { text: numberText(value), type: 'number' };
}

function richText(runs: readonly { text?: string | null }[]): RawCell | undefined {
  return textCell(decodeOoxmlEscapes(runs.map((run) => run.text ?? '').join('')));
}
