/**
 * Issue 25: a whole count is written, and its word chosen, without loading the locale data (the first
 * Intl object of a process costs some 20 ms of a validate run's tail), exactly as Intl would.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { formatNumber, plural, type Lang } from '../../src/words/language.js';
import { propertyRuns } from '../helpers/property-runs.js';

const LOCALES: Record<Lang, string> = { en: 'en-GB', da: 'da-DK' };
const langs = ['en', 'da'] as const;
const edges = [
  0,
  1,
  2,
  9,
  10,
  99,
  100,
  999,
  1000,
  1001,
  9999,
  10_000,
  99_999,
  100_000,
  999_999,
  1_000_000,
  1_048_576,
  Number.MAX_SAFE_INTEGER,
];
// Every length of number from 1 to 16 digits, not only the long ones a uniform draw gives nearly always.
const wholeCount = fc.oneof(
  fc.maxSafeNat(),
  fc.integer({ min: 0, max: 15 }).chain((power) => fc.nat({ max: Math.min(10 ** (power + 1), Number.MAX_SAFE_INTEGER) })),
);

// First in the file: the module's Intl objects are made on first use, and no test before this one made them.
test('a whole count makes no Intl object, in either language', () => {
  const made: string[] = [];
  const counted = <T extends object>(name: string, real: T): T =>
    new Proxy(real as T & (new (...args: unknown[]) => object), {
      construct: (target, args) => {
        made.push(name);
        return Reflect.construct(target, args);
      },
    });
  const { NumberFormat, PluralRules } = Intl;
  Object.assign(Intl, { NumberFormat: counted('NumberFormat', NumberFormat), PluralRules: counted('PluralRules', PluralRules) });
  try {
    expect([
      formatNumber(119_981, 'da'),
      formatNumber(1_048_576, 'en'),
      plural(3, 'ark', 'ark', 'da'),
      plural(1, 'row', 'rows', 'en'),
    ]).toEqual(['119.981', '1,048,576', 'ark', 'row']);
  } finally {
    Object.assign(Intl, { NumberFormat, PluralRules });
  }
  expect(made).toEqual([]);
});

describe.each(langs)('a whole count in %s', (lang) => {
  const numbers = new Intl.NumberFormat(LOCALES[lang]);
  const plurals = new Intl.PluralRules(LOCALES[lang]);

  test('is written with the digit groups Intl writes', () => {
    for (const n of edges) expect(formatNumber(n, lang)).toBe(numbers.format(n));
    fc.assert(
      fc.property(wholeCount, (n) => formatNumber(n, lang) === numbers.format(n)),
      { numRuns: propertyRuns(20_000) },
    );
  });

  test('takes the word Intl chooses for it', () => {
    const word = (n: number) => plural(n, 'one', 'other', lang);
    for (const n of [...edges, -0]) expect(word(n)).toBe(plurals.select(n));
    fc.assert(
      fc.property(wholeCount, (n) => word(n) === plurals.select(n)),
      { numRuns: propertyRuns(20_000) },
    );
  });

  test('anything else is still written and counted by Intl', () => {
    const others = [-0, -1, -1000, 0.5, 1.5, 1000.25, -1234.5, Number.MAX_SAFE_INTEGER + 2, 1e21, Number.NaN, Infinity];
    for (const n of others) {
      expect(formatNumber(n, lang)).toBe(numbers.format(n));
      expect(plural(n, 'one', 'other', lang)).toBe(plurals.select(n));
    }
  });
});
