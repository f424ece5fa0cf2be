/**
 * What a column's values say it is, beside its header (exports.md "A starter profile that guesses
 * right"): `map --init` maps a header to a column only when the importer can read most of its values as
 * that column, so a column of codes is never gender, nor a column of names a yes/no flag.
 */
import type { SheetKind } from '../model/sheet-kind.js';
import { PAST_DATE_COLUMNS } from '../model/fields.js';
import { parseDateText } from './dates.js';
import { parseDateInFormat } from './profile/cells.js';
import { DATE_COLUMNS, END_DATE_COLUMNS, NO_END_WORDS, valueKey, type ValueRules } from './profile/rules.js';
import type { RawCell } from './types.js';

/** How the importer reads values: the validator's rules, given by the caller (the sheets stage does not import validate). */
export interface ValueChecks {
  /** Columns with a fixed set of values (validate/value-maps.ts). */
  fixed: ValueRules;
  email: (text: string) => boolean;
  /** Today, for the century of a two-digit year. */
  today: string;
}

/** The share of a column's values that must be readable as a column for a header to be mapped to it. */
export const READABLE_SHARE = 0.9;

export type Verdict =
  | { fits: true; dateFormat?: string | readonly string[] }
  | { fits: false; why: 'codes' | 'names' | 'unreadable' | 'not_unique' | 'date_order'; examples: string[] };

/** Why a column does not fit, for the starter profile's notes. */
export type Misfit = Extract<Verdict, { fits: false }>;

/** A small integer code (`0`, `1`, `19`): what `GenderID`, `PositionID`, `MaritalStatusID` hold. */
const CODE = /^\d{1,3}$/;
const LETTER = /\p{L}/u;
/** Two or more words of letters: "Adinolfi, Wilson K", "Mads Berg". */
const NAME = /^\p{L}[\p{L}'’.-]*(?:[,\s]+\p{L}[\p{L}'’.-]*)+$/u;

/** Columns whose values are one employee or unit each: an id column is told by its unique values. */
const UNIQUE_IDS: Partial<Record<SheetKind, string>> = { employees: 'employee_id', organisation: 'id' };
/** Columns of free text that a person reads: codes there are a sign of another column. */
const TEXT_COLUMNS = new Set(['name', 'first_name', 'last_name', 'owner_name', 'employment', 'unit_path']);

/**
 * Text dates the starter profile recognises, tried in this order (two digits before one or two, so the
 * stricter format is written when both read every value); the page's Columns step offers the same.
 */
export const DATE_FORMATS: readonly string[] = [
  'DD.MM.YYYY',
  'D.M.YYYY',
  'DD-MM-YYYY',
  'D-M-YYYY',
  'DD/MM/YYYY',
  'D/M/YYYY',
  'MM/DD/YYYY',
  'M/D/YYYY',
  'DD.MM.YY',
  'D.M.YY',
  'DD-MM-YY',
  'DD/MM/YY',
  'D/M/YY',
  'MM/DD/YY',
  'M/D/YY',
];

export function isPersonName(text: string): boolean {
  return NAME.test(text.trim());
}

/** Whether the importer can read the column's values as `target`, and the date format it needs. */
export function verdictFor(kind: SheetKind, target: string, cells: readonly RawCell[], checks: ValueChecks): Verdict {
  const values = cells.filter((cell) => cell.text !== '');
  if (values.length === 0) return { fits: true };
  const texts = values.map((cell) => cell.text);
  const share = (test: (text: string) => boolean) => texts.filter(test).length / texts.length;
  const misfit = (why: Misfit['why']): Misfit => ({ fits: false, why, examples: [...new Set(texts)].slice(0, 3) });
  const codes = share((text) => CODE.test(text)) >= READABLE_SHARE;
  const fixed = checks.fixed(kind, target);
  if (fixed) {
    if (share(fixed) >= READABLE_SHARE) return { fits: true };
    if (codes) return misfit('codes');
    return misfit(share(isPersonName) >= 0.5 ? 'names' : 'unreadable');
  }
  if (DATE_COLUMNS.has(target)) {
    // An export's words for "no end" are a blank end, never a value to map.
    const dates = END_DATE_COLUMNS.has(target) ? values.filter((cell) => !NO_END_WORDS.has(valueKey(cell.text))) : values;
    return dates.length === 0 ? { fits: true } : dateVerdict(dates, PAST_DATE_COLUMNS.has(target), checks.today, misfit);
  }
  if (target === 'email') return share(checks.email) >= READABLE_SHARE ? { fits: true } : misfit('unreadable');
  if (UNIQUE_IDS[kind] === target) {
    if (share(isPersonName) >= 0.5) return misfit('names');
    return new Set(texts).size >= texts.length * 0.95 ? { fits: true } : misfit('not_unique');
  }
  if (TEXT_COLUMNS.has(target) || /^level_\d+$/.test(target)) {
    if (codes) return misfit('codes');
    return share((text) => LETTER.test(text)) >= READABLE_SHARE ? { fits: true } : misfit('unreadable');
  }
  return { fits: true };
}

/**
 * Dates by how many parse: real date cells and text the importer reads as it is need nothing; otherwise
 * the format that reads the most values is written under `dates` (two-digit years included), unless a
 * format of the other order reads as many (03/04/2020 alone cannot say which is the month). One column
 * in two formats (`04/15/15` beside `9/25/2013`) gets both, as a list tried in order: the format that
 * reads the most first, then of the same order the one that reads the most of the rest.
 */
function dateVerdict(values: readonly RawCell[], past: boolean, today: string, misfit: (why: Misfit['why']) => Misfit): Verdict {
  const texts = values.filter((cell) => cell.type !== 'date').map((cell) => cell.text);
  const enough = (count: number) => values.length - texts.length + count >= values.length * READABLE_SHARE;
  const native = texts.filter((text) => 'date' in parseDateText(text)).length;
  if (enough(native) && (texts.length === 0 || native === texts.length)) return { fits: true };
  const century = { today, past };
  const reads = (format: string, among: readonly string[]) => among.filter((text) => parseDateInFormat(text, format, century) !== null);
  const counted = DATE_FORMATS.map((format) => ({ format, count: reads(format, texts).length }));
  const best = counted.reduce((a, b) => (b.count > a.count ? b : a));
  if (best.count === 0 || best.count <= native) return enough(native) ? { fits: true } : misfit('unreadable');
  const other = counted.find(({ format, count }) => count === best.count && orderOf(format) !== orderOf(best.format));
  if (other) return misfit('date_order');
  const formats = [best.format];
  let rest = texts.filter((text) => !reads(best.format, [text]).length);
  let read = best.count;
  while (!enough(read) && rest.length > 0 && formats.length < MAX_FORMATS) {
    const next = DATE_FORMATS.filter((format) => orderOf(format) === orderOf(best.format) && !formats.includes(format))
      .map((format) => ({ format, count: reads(format, rest).length }))
      .reduce((a, b) => (b.count > a.count ? b : a), { format: '', count: 0 });
    if (next.count === 0) break;
    formats.push(next.format);
    read += next.count;
    rest = rest.filter((text) => !reads(next.format, [text]).length);
  }
  if (!enough(read)) return misfit('unreadable');
  return { fits: true, dateFormat: formats.length === 1 ? best.format : formats };
}

/** At most this many formats for one column: an export writes its dates in one or two ways, not many. */
const MAX_FORMATS = 3;

function orderOf(format: string): 'dmy' | 'mdy' {
  return format.indexOf('D') < format.indexOf('M') ? 'dmy' : 'mdy';
}

/** Id-like values, one per row: no spaces, no e-mail, no date, all different (at least two rows). */
export function looksLikeIds(cells: readonly RawCell[]): boolean {
  const texts = cells.map((cell) => cell.text).filter((text) => text !== '');
  if (texts.length < 2 || new Set(texts).size !== texts.length) return false;
  return texts.every((text) => /^[\p{L}\p{N}._-]+$/u.test(text) && !/^\d+[.,]\d+$/.test(text) && !('date' in parseDateText(text)));
}

/**
 * A unit path by its values (exports.md "A column read by its values"): most values hold one separator
 * (` > `, `/`, `\`, `|`), and every value that holds it starts with the same first segment, the top
 * department. The separator, or null for values that are no paths.
 */
export function pathSeparatorOf(cells: readonly RawCell[]): string | null {
  const texts = cells.map((cell) => cell.text).filter((text) => text !== '');
  if (texts.length === 0) return null;
  for (const separator of [' > ', '/', '\\', '|']) {
    const paths = texts.filter((text) => text.includes(separator));
    if (paths.length < texts.length / 2) continue;
    // Every level names a unit: 1/17/2019 is a date, not a path.
    if (!paths.every((text) => text.split(separator).every((level) => LETTER.test(level)))) continue;
    const firsts = new Set(texts.map((text) => text.split(separator)[0]!.trim()));
    if (firsts.size === 1) return separator;
  }
  return null;
}
