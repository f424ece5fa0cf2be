/**
 * The shortcuts the validator takes for the common cell (issue 25 point 5) read every cell as the long
 * way does: a date written YYYY-MM-DD, and a value written exactly as one of its spellings.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { isCanonicalDay, parseDateText } from '../../src/sheets/dates.js';
import { parseGender, parseLanguage, parseStatus, parseUnitType } from '../../src/validate/values.js';

const digit = fc.constantFrom(...'0123456789');
const digits = (n: number) => fc.array(digit, { minLength: n, maxLength: n }).map((d) => d.join(''));

describe('a date written YYYY-MM-DD', () => {
  test('is taken as itself only when parseDateText reads it as itself', () => {
    const dayLike = fc.oneof(
      fc.tuple(digits(4), digits(2), digits(2)).map(([y, m, d]) => `${y}-${m}-${d}`),
      fc.date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T00:00:00Z'), noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10)),
      fc.string({ unit: fc.constantFrom('0', '1', '2', '9', '-', ' ', '/', 'T', '٣'), minLength: 8, maxLength: 12 }),
    );
    fc.assert(
      fc.property(dayLike, (text) => {
        const parsed = parseDateText(text);
        if (isCanonicalDay(text)) expect(parsed).toEqual({ date: text });
        else expect('date' in parsed && parsed.date === text && text.length === 10).toBe(false);
      }),
      { numRuns: 5000 },
    );
  });

  test('leap days and the ends of months', () => {
    expect(['2024-02-29', '2000-02-29', '1989-09-13', '0001-01-01', '9999-12-31'].map(isCanonicalDay)).toEqual([true, true, true, true, true]);
    expect(['2023-02-29', '1900-02-29', '2024-04-31', '0000-01-01', '2024-13-01', '2024-1-01', ' 2024-01-01'].map(isCanonicalDay)).toEqual([false, false, false, false, false, false, false]);
  });
});

describe('a value read from its spellings', () => {
  /** The reading before the shortcut: every text normalised, trimmed and lower-cased first. */
  const longWay = (text: string) => text.normalize('NFC').trim().toLowerCase();
  const spellings = ['f', 'female', 'kvinde', 'K', 'M', 'mand', 'en', 'English', 'dansk', 'da', 'active', 'Aktiv', 'left', 'fratrådt', 'fratra\u030adt', 'department', 'Afdeling', 'team'];
  const written = fc.oneof(
    fc.constantFrom(...spellings),
    fc.tuple(fc.constantFrom(...spellings), fc.constantFrom('', ' ', '\u00a0', '\t'), fc.boolean()).map(([s, pad, upper]) => `${pad}${upper ? s.toUpperCase() : s}${pad}`),
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
      { numRuns: 3000 },
    );
  });
});
