/**
 * The shortcuts the validator takes for the common cell (issue 25 point 5) read every cell as the long
 * way does: a date written YYYY-MM-DD, and a value written exactly as one of its spellings.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { isCanonicalDay, parseDateText } from '../../src/sheets/dates.js';
import { nextDay, parseGender, parseLanguage, parseStatus, parseUnitType } from '../../src/validate/values.js';
import { propertyRuns } from '../helpers/property-runs.js';

const digit = fc.constantFrom(...'0123456789');
const digits = (n: number) => fc.array(digit, { minLength: n, maxLength: n }).map((d) => d.join(''));

describe('a date written YYYY-MM-DD', () => {
  test('is taken as itself only when parseDateText reads it as itself', () => {
    const dayLike = fc.oneof(
      fc.tuple(digits(4), digits(2), digits(2)).map(([y, m, d]) => `${y}-${m}-${d}`),
      fc
        .date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T00:00:00Z'), noInvalidDate: true })
        .map((date) => date.toISOString().slice(0, 10)),
      fc.string({ unit: fc.constantFrom('0', '1', '2', '9', '-', ' ', '/', 'T', '٣'), minLength: 8, maxLength: 12 }),
    );
    fc.assert(
      fc.property(dayLike, (text) => {
        const parsed = parseDateText(text);
        if (isCanonicalDay(text)) expect(parsed).toEqual({ date: text });
        else expect('date' in parsed && parsed.date === text && text.length === 10).toBe(false);
      }),
      { numRuns: propertyRuns(5000) },
    );
  });

  test('leap days and the ends of months', () => {
    expect(['2024-02-29', '2000-02-29', '1989-09-13', '0001-01-01', '9999-12-31'].map(isCanonicalDay)).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(['2023-02-29', '1900-02-29', '2024-04-31', '0000-01-01', '2024-13-01', '2024-1-01', ' 2024-01-01'].map(isCanonicalDay)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});

describe('a value read from its spellings', () => {
  /** The reading before the shortcut: every text normalised, trimmed and lower-cased first. */
  const longWay = (text: string) => text.normalize('NFC').trim().toLowerCase();
  const spellings = [
    'f',
    'female',
    'kvinde',
    'K',
    'M',
    'mand',
    'en',
    'English',
    'dansk',
    'da',
    'active',
    'Aktiv',
    'left',
    'fratrådt',
    'fratra\u030adt',
    'department',
    'Afdeling',
    'team',
  ];
  const written = fc.oneof(
    fc.constantFrom(...spellings),
    fc
      .tuple(fc.constantFrom(...spellings), fc.constantFrom('', ' ', '\u00a0', '\t'), fc.boolean())
      .map(([s, pad, upper]) => `${pad}${upper ? s.toUpperCase() : s}${pad}`),
    fc.string({ maxLength: 10 }),
  );
  test.each([
    ['gender', parseGender],
    ['system language', parseLanguage],
    ['status', parseStatus],
    ['unit type', parseUnitType],
  ] as const)('the %s is what the long way reads', (_, parse) => {
    fc.assert(
      fc.property(written, (text) => {
        expect(parse(text)).toBe(parse(longWay(text)));
      }),
      { numRuns: propertyRuns(3000) },
    );
  });
});

describe('the day after a day (whether two absence periods are back to back)', () => {
  /** The arithmetic before the shortcut: a Date in UTC and its ISO text. */
  const byDate = (date: string) => {
    const [year, month, day] = date.split('-').map(Number) as [number, number, number];
    return new Date(Date.UTC(year, month - 1, day + 1)).toISOString().slice(0, 10);
  };
  // Date.UTC reads the years 0–99 as 1900–1999; the calendar itself for those, from a year set outright.
  const calendar = (date: string) => {
    const [year, month, day] = date.split('-').map(Number) as [number, number, number];
    const next = new Date(Date.UTC(2000, month - 1, day + 1));
    next.setUTCFullYear(year + (next.getUTCFullYear() - 2000));
    return `${String(next.getUTCFullYear()).padStart(4, '0')}${next.toISOString().slice(-20, -14)}`;
  };
  const iso = (time: number) => new Date(time).toISOString().slice(0, 10);

  test('is the day the Date arithmetic gives, over every day of the years around leap days and centuries', () => {
    for (const year of [1900, 1999, 2000, 2023, 2024, 2099, 2100, 2400]) {
      for (let time = Date.UTC(year, 0, 1); time < Date.UTC(year + 1, 0, 1); time += 86_400_000)
        expect(nextDay(iso(time))).toBe(byDate(iso(time)));
    }
  });

  test('is the day the Date arithmetic gives, for any day from the year 100 to 9999', () => {
    const day = fc
      .date({ min: new Date('0100-01-01T00:00:00Z'), max: new Date('9999-12-30T00:00:00Z'), noInvalidDate: true })
      .map((date) => date.toISOString().slice(0, 10));
    fc.assert(
      fc.property(day, (date) => nextDay(date) === byDate(date)),
      { numRuns: propertyRuns(20_000) },
    );
  });

  test('is the next calendar day in the years 1 to 99 too, where Date.UTC would count from 1900', () => {
    expect(['0001-01-01', '0004-02-28', '0004-02-29', '0050-12-31', '0099-12-31', '9999-12-31'].map(nextDay)).toEqual([
      '0001-01-02',
      '0004-02-29',
      '0004-03-01',
      '0051-01-01',
      '0100-01-01',
      '10000-01-01',
    ]);
    const day = fc
      .date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('0099-12-31T00:00:00Z'), noInvalidDate: true })
      .map((date) => date.toISOString().slice(0, 10));
    fc.assert(
      fc.property(day, (date) => nextDay(date) === calendar(date)),
      { numRuns: propertyRuns(5_000) },
    );
  });
});
