/**
 * Calendar days, never instants: every function here works on year, month and day numbers or on UTC
 * milliseconds, so no time zone of the process can move a date by one day.
 */

export type DateOrder = 'dmy' | 'mdy';
export type DateTextResult = { date: string } | { error: 'invalid_date' | 'ambiguous_date' };

const ISO = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;
const DAY_FIRST = /^(\d{1,2})([-.])(\d{1,2})\2(\d{4})$/;
const SLASHED = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
/** A day, month and two-digit year in either order, read only when the order is stated. */
const TWO_DIGIT_YEAR = /^(\d{1,2})([-./])(\d{1,2})\2(\d{2})$/;

/**
 * What a two-digit year needs to become a year (exports.md "Two-digit years"): today, and whether the
 * column's dates are never after today (`past`: a date of birth) or another date (the century that puts it within 50 years
 * of today).
 */
export interface Century {
  today: string;
  past: boolean;
}

/**
 * A date written as text, by the rules of sheets.md "Cell values" and exports.md: YYYY-MM-DD, DD-MM-YYYY,
 * DD.MM.YYYY, and slash dates: DD/MM/YYYY under dmy, MM/DD/YYYY under mdy, and without an order only when
 * the date can be read one way (1/20/2013: no month 20; 5/5/2013 either way); otherwise ambiguous. With an
 * order and a century rule, a two-digit year (1/20/13, 20.01.13) too. Anything else, or a day the calendar
 * does not have (31-02-2024), is invalid.
 */
export function parseDateText(text: string, dateOrder?: DateOrder, century?: Century): DateTextResult {
  const withTime = withoutTimeOfDay(text.trim());
  if (withTime === null) return { error: 'invalid_date' };
  const written = withTime;
  let match = ISO.exec(written);
  if (match) return calendarDate(match[1], match[2], match[3]);
  match = DAY_FIRST.exec(written);
  if (match) return calendarDate(match[4], match[3], match[1]);
  match = SLASHED.exec(written);
  if (match) {
    if (dateOrder === 'dmy') return calendarDate(match[3], match[2], match[1]);
    if (dateOrder === 'mdy') return calendarDate(match[3], match[1], match[2]);
    const [first, second] = [Number(match[1]), Number(match[2])];
    if (first === second || (first > 12 && second <= 12)) return calendarDate(match[3], match[2], match[1]);
    if (second > 12 && first <= 12) return calendarDate(match[3], match[1], match[2]);
    return { error: 'ambiguous_date' };
  }
  match = TWO_DIGIT_YEAR.exec(written);
  if (match && dateOrder !== undefined && century !== undefined) {
    const [day, month] = dateOrder === 'dmy' ? [match[1], match[3]] : [match[3], match[1]];
    return dateWithTwoDigitYear(Number(match[4]), Number(month), Number(day), century);
  }
  return { error: 'invalid_date' };
}

/**
 * The day a two-digit year names by the century rule: a date never after today (a date of birth) takes the latest
 * century that does not put it after today; any other date the century that puts it within 50 years of today (the nearest).
 */
export function dateWithTwoDigitYear(yearOfCentury: number, month: number, day: number, century: Century): DateTextResult {
  const todayYear = Number(century.today.slice(0, 4));
  const base = Math.floor(todayYear / 100) * 100;
  let best: { date: string; distance: number } | null = null;
  for (const year of [base - 200, base - 100, base, base + 100].map((b) => b + yearOfCentury)) {
    const result = calendarDate(String(year), String(month), String(day));
    if (!('date' in result)) continue;
    if (century.past && result.date > century.today) continue;
    const distance = century.past ? daysBetween(result.date, century.today) : Math.abs(daysBetween(result.date, century.today));
    if (best === null || distance < best.distance) best = { date: result.date, distance };
  }
  return best === null ? { error: 'invalid_date' } : { date: best.date };
}

function daysBetween(from: string, to: string): number {
  return (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / MS_PER_DAY;
}

/**
 * A date with a time of day, as SQL exports and Excel's text output write them (`2025-03-31 00:00:00`,
 * `2025-03-31T14:30`, `31-03-2025 00:00`), is the calendar day it names: every date of the workbook is
 * a day (a first or last day of sickness, a date of birth), and the day an export wrote is the day it meant,
 * whatever the hour. A time with a time zone (`Z`, `+02:00`) names an instant, whose day depends on
 * where it is read: only midnight is taken (the day it starts), any other time is invalid (null).
 * Returns the text without its time, or itself when it has none.
 */
const TIME_OF_DAY = /^(.*\d)[ T](\d{1,2}):(\d{2})(?::(\d{2})(?:[.,]\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/;

function withoutTimeOfDay(written: string): string | null {
  const match = TIME_OF_DAY.exec(written);
  if (!match) return written;
  const [hours, minutes, seconds] = [Number(match[2]), Number(match[3]), Number(match[4] ?? 0)];
  if (hours > 23 || minutes > 59 || seconds > 59) return null;
  if (match[5] !== undefined && (hours !== 0 || minutes !== 0 || seconds !== 0 || /[.,]\d*[1-9]/.test(written))) return null;
  return match[1] ?? '';
}

/**
 * Whether the text is a calendar day written as YYYY-MM-DD exactly, which parseDateText reads as itself:
 * most dates of an export are, and this reads them without a regular expression or a new string.
 */
export function isCanonicalDay(text: string): boolean {
  if (text.length !== 10 || text.charCodeAt(4) !== 45 || text.charCodeAt(7) !== 45) return false;
  const year = digits(text, 0, 4);
  const month = digits(text, 5, 7);
  const day = digits(text, 8, 10);
  return year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** The number the ASCII digits from `start` to `end` write, or -1 when one is not a digit. */
function digits(text: string, start: number, end: number): number {
  let value = 0;
  for (let at = start; at < end; at++) {
    const digit = text.charCodeAt(at) - 48;
    if (digit < 0 || digit > 9) return -1;
    value = value * 10 + digit;
  }
  return value;
}

function calendarDate(yearText?: string, monthText?: string, dayText?: string): DateTextResult {
  const year = Number(yearText);
  const month = Number(monthText);
  const day = Number(dayText);
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) {
    return { error: 'invalid_date' };
  }
  return { date: formatDay(year, month, day) };
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function formatDay(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const MS_PER_DAY = 86_400_000;
/** Serial of 1970-01-01 in the 1900 date system, and in the 1904 system. */
const UNIX_EPOCH_SERIAL_1900 = 25_569;
const UNIX_EPOCH_SERIAL_1904 = 24_107;
/** Serial of 9999-12-31 in the 1900 system, Excel's last date. */
const LAST_SERIAL_1900 = 2_958_465;

/**
 * The calendar day an Excel date serial shows, as YYYY-MM-DD, or null when Excel shows no real day for
 * it. The time of day is dropped. In the 1900 system Excel keeps Lotus 1-2-3's mistake of a 29 February
 * 1900 (serial 60): serials before it are one day later than plain arithmetic says, and 60 itself is
 * no day at all. In the 1904 system serial 0 is 1904-01-01.
 */
export function calendarDayFromSerial(serial: number, date1904: boolean): string | null {
  if (!Number.isFinite(serial)) return null;
  const whole = Math.floor(serial);
  let unixDay: number;
  if (date1904) {
    if (whole < 0 || whole > LAST_SERIAL_1900 - 1462) return null;
    unixDay = whole - UNIX_EPOCH_SERIAL_1904;
  } else {
    if (whole < 1 || whole === 60 || whole > LAST_SERIAL_1900) return null;
    unixDay = whole < 60 ? whole - UNIX_EPOCH_SERIAL_1900 + 1 : whole - UNIX_EPOCH_SERIAL_1900;
  }
  let day = formattedDays.get(unixDay);
  if (day === undefined) {
    // Dates repeat (dates of birth, absence periods) and formatting is the costly part on a large sheet.
    if (formattedDays.size > 50_000) formattedDays.clear();
    day = new Date(unixDay * MS_PER_DAY).toISOString().slice(0, 10);
    formattedDays.set(unixDay, day);
  }
  return day;
}

const formattedDays = new Map<number, string>();
