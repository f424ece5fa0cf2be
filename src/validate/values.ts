/**
 * How a cell's text is read as a field value (sheets.md "employees", "organisation", "Cell values").
 * Pure functions; the accepted spellings are matched case-insensitively.
 */
import {
  DEPARTMENT_RESPONSIBILITIES,
  TEAM_RESPONSIBILITIES,
  type EmployeeStatus,
  type Gender,
  type SystemLanguage,
  type UnitKind,
} from '../model/organisation.js';
import { isCanonicalDay } from '../sheets/dates.js';

/** A value's spelling compares as identities do (identityKey), without the spaces around it. */
function spelling(text: string): string {
  return identityKey(text.trim());
}

/** The value of a spelling; a cell written exactly as a key (the common case) is looked up as it is. */
function spelled<T>(spellings: ReadonlyMap<string, T>, text: string): T | undefined {
  return spellings.get(text) ?? spellings.get(spelling(text));
}

const GENDERS = new Map<string, Gender>([
  ['f', 'f'],
  ['female', 'f'],
  ['woman', 'f'],
  ['kvinde', 'f'],
  ['k', 'f'],
  ['m', 'm'],
  ['male', 'm'],
  ['man', 'm'],
  ['mand', 'm'],
]);

const LANGUAGES = new Map<string, SystemLanguage>([
  ['en', 'en'],
  ['english', 'en'],
  ['engelsk', 'en'],
  ['da', 'da'],
  ['danish', 'da'],
  ['dansk', 'da'],
]);

const STATUSES = new Map<string, EmployeeStatus>([
  ['active', 'active'],
  ['aktiv', 'active'],
  ['left', 'fired'],
  ['fratrådt', 'fired'],
]);

const UNIT_TYPES = new Map<string, UnitKind>([
  ['department', 'department'],
  ['afdeling', 'department'],
  ['team', 'team'],
]);

export function parseGender(text: string): Gender | undefined {
  return spelled(GENDERS, text);
}

export function parseLanguage(text: string): SystemLanguage | undefined {
  return spelled(LANGUAGES, text);
}

export function parseStatus(text: string): EmployeeStatus | undefined {
  return spelled(STATUSES, text);
}

export function parseUnitType(text: string): UnitKind | undefined {
  return spelled(UNIT_TYPES, text);
}

/** The responsibility's canonical name and the kind of unit it is valid on, or undefined for neither table. */
export function parseResponsibility(text: string): { name: string; kind: UnitKind } | undefined {
  const name = spelling(text);
  if ((DEPARTMENT_RESPONSIBILITIES as readonly string[]).includes(name)) return { name, kind: 'department' };
  if ((TEAM_RESPONSIBILITIES as readonly string[]).includes(name)) return { name, kind: 'team' };
  return undefined;
}

// zod's own e-mail pattern (z.regexes.email), written out: the same check as z.email() without building an
// issue per row, and without loading zod (a tenth of a second of start-up) for it. Held equal to zod's by
// test/validate/email-pattern.test.ts.
const EMAIL = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export function isValidEmail(text: string): boolean {
  return EMAIL.test(text);
}

const NON_ASCII = /[^\u0000-\u007f]/;

/**
 * E-mail addresses and usernames compare without case, and without the two ways Unicode can write é.
 * Text without non-ASCII characters is its own NFC form: the normalising (slow) is skipped for it.
 */
export function identityKey(text: string): string {
  const normal = NON_ASCII.test(text) ? text.normalize('NFC') : text;
  const lower = normal.toLowerCase();
  // Keep the original string when nothing changed, so indexes of 100,000 people hold one copy, not two.
  return lower === text ? text : lower;
}

/**
 * The calendar day after `date` (a YYYY-MM-DD day, as the cursor reads dates), counted on the calendar
 * itself: a Date and its ISO text per absence row were a tenth of the absence checks' time.
 */
export function nextDay(date: string): string {
  const sameMonth = `${date.slice(0, 8)}${twoDigits(Number(date.slice(8, 10)) + 1)}`;
  if (isCanonicalDay(sameMonth)) return sameMonth;
  const month = Number(date.slice(5, 7));
  if (month < 12) return `${date.slice(0, 5)}${twoDigits(month + 1)}-01`;
  return `${String(Number(date.slice(0, 4)) + 1).padStart(4, '0')}-01-01`;
}

function twoDigits(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

/** Today on the local calendar, YYYY-MM-DD. */
export function localToday(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
