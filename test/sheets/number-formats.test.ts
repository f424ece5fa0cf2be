/**
 * Issue 33, points 1 and 6 and the id decision: what a number format makes of a number
 * (src/sheets/xlsx/number-formats.ts), read token by token as Excel reads it: literal text (quoted,
 * escaped, padding, fill) and settings in brackets are never date codes; a time of day alone is known
 * from a date; a format of digit placeholders and literal text shows the number as Excel does.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { numberFormat, shownDigits } from '../../src/sheets/xlsx/number-formats.js';

const kind = (code: string) => {
  const format = numberFormat(code);
  return format.date ? (format.timeOnly ? 'time' : 'date') : format.digits ? 'digits' : 'plain';
};

describe('number formats', () => {
  test.each([
    ['\\M0000', 'digits'],
    ['"M"0000', 'digits'],
    ['0\\ \\d\\a\\g\\e', 'digits'],
    ['0" dage"', 'digits'],
    ['00000', 'digits'],
    ['000-000', 'digits'],
    ['[$-406]00000', 'digits'],
    ['[Red]00000;[Blue]-00000', 'digits'],
    ['General', 'plain'],
    ['0', 'digits'],
    ['#,##0', 'plain'],
    ['0.00', 'plain'],
    ['0%', 'plain'],
    ['0.00E+00', 'plain'],
    ['@', 'plain'],
    ['_-* #,##0.00\\ "kr."_-;\\-* #,##0.00\\ "kr."_-', 'plain'],
    ['[>=100]0000;00', 'plain'],
    ['dd\\.mm\\.yyyy', 'date'],
    ['DD-MM-YYYY', 'date'],
    ['yyyy-mm-dd hh:mm', 'date'],
    ['[$-F800]dddd\\,\\ mmmm\\ dd\\,\\ yyyy', 'date'],
    ['mmm', 'date'],
    ['mm', 'date'],
    ['h:mm', 'time'],
    ['hh:mm:ss', 'time'],
    ['h:mm AM/PM', 'time'],
    ['[h]:mm:ss', 'time'],
    ['mm:ss', 'time'],
    ['[mm]', 'time'],
    ['mmm h:mm', 'date'],
  ])('%s is %s', (code, expected) => {
    expect(kind(code)).toBe(expected);
  });

  test('a format whose letters are all escaped or quoted is never a date, whatever they are', () => {
    const piece = fc.oneof(
      fc.constantFrom('0', '#', '?', ' ', '-', '(', ')'),
      fc.string({ unit: fc.constantFrom(...'dmyhsDMYHSbeg'), minLength: 1, maxLength: 3 }).map((letters) => `"${letters}"`),
      fc.constantFrom(...'dmyhsDMYHSb').map((letter) => `\\${letter}`),
      fc.constantFrom(...'dmyhsb').map((letter) => `_${letter}`),
      fc.constantFrom(...'dmyhs').map((letter) => `*${letter}`),
    );
    fc.assert(
      fc.property(fc.array(piece, { minLength: 1, maxLength: 8 }), (pieces) => {
        expect(numberFormat(pieces.join('')).date).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });

  test.each([
    ['00000', '107', '00107'],
    ['00000', '1234567', '1234567'],
    ['\\M0000', '42', 'M0042'],
    ['"M"0000', '42', 'M0042'],
    ['0\\ \\d\\a\\g\\e', '104', '104 dage'],
    ['000-000', '12', '000-012'],
    ['#####', '0', ''],
    ['??00', '7', '  07'],
    ['[$-406]"Nr. "0000', '5', 'Nr. 0005'],
  ])('%s shows %s as %j', (code, digits, shown) => {
    expect(shownDigits(numberFormat(code).digits!, digits)).toBe(shown);
  });
});
