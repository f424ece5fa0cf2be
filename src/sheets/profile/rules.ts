/**
 * A checked `--map` profile as the readers use it (profile/check.ts checks the file): its shape, the columns
 * that hold dates, and how a written value is compared with the profile's spellings. Apart from
 * profile/check.ts, so that the readers, which always load this, load zod only when there is a profile to check.
 */
import { SHEET_COLUMNS } from '../../model/fields.js';
import { SHEET_KINDS, type SheetKind } from '../../model/sheet-kind.js';
import type { HeaderMap } from '../columns.js';

/** Sheet kind → the file name or glob (a workbook: the sheet name) a profile section reads. */
export type SheetFiles = Partial<Record<SheetKind, string>>;

/** One sheet's part of a profile, every column as its canonical name. */
export interface SheetProfile {
  /** The export's own spelling (normalised as headers are) → the value the column's rules accept. */
  values: Map<string, Map<string, string>>;
  /** Column → the formats its text dates are written in, tried in order (`DD.MM.YYYY`). */
  dates: Map<string, readonly string[]>;
}

export interface Profile {
  /** Headers as written → canonical column, or null: a column the user chose to ignore (no warning). */
  headers: HeaderMap;
  sheets: Partial<Record<SheetKind, SheetProfile>>;
  /** The file each section reads, by name or glob (exports.md "A profile names its file"). */
  files: SheetFiles;
  pathSeparator?: string;
}

/**
 * Which columns take a fixed set of values, and whether a value is one of them. Given by the caller: the
 * accepted spellings are the validator's (validate/value-maps.ts), and the sheets stage does not import it.
 */
export type ValueRules = (kind: SheetKind, column: string) => ((value: string) => boolean) | undefined;

/** Columns that hold dates (a date format for any other column would never be used): the template's and the exports'. */
export const DATE_COLUMNS: ReadonlySet<string> = new Set([
  ...SHEET_KINDS.flatMap((kind) => SHEET_COLUMNS[kind].filter((column) => column.value === 'date').map((column) => column.column)),
  'leaving_date',
  'hiring_date',
]);

/**
 * Columns that end something: their words for "no end" are a blank cell (exports.md "Dates as exports
 * write them"). The placements' end is `end_date` too.
 */
export const END_DATE_COLUMNS: ReadonlySet<string> = new Set(['leaving_date', 'end_date']);

/** How exports write "no end" (OS2mo's `infinity`, ERPs' last day of year 9999), compared as `valueKey` writes them. */
export const NO_END_WORDS: ReadonlySet<string> = new Set(['infinity', '9999-12-31', '31-12-9999', '31.12.9999', '12/31/9999']);

/** A value as the export writes it, compared as the validator compares spellings: trimmed, without case. */
export function valueKey(text: string): string {
  return text.normalize('NFC').trim().toLowerCase();
}
