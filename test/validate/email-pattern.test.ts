/**
 * The e-mail check (validate/values.ts) is zod's own pattern written out, so that a run loads zod only
 * when a file it reads needs a schema: it must accept and refuse exactly what zod's `z.email()` does,
 * also after an upgrade of zod.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { isValidEmail } from '../../src/validate/values.js';
import { propertyRuns } from '../helpers/property-runs.js';

const zodSays = (text: string): boolean => z.email().safeParse(text).success;

describe('the e-mail check is zod’s', () => {
  test.each([
    'ann@firma.dk',
    'ann.holm+hr@firma.co.uk',
    "o'brien@firma.ie",
    'ann@firma',
    'ann@@firma.dk',
    '.ann@firma.dk',
    'ann.@firma.dk',
    'ann@-firma.dk',
    'ann@firma.d',
    'ann holm@firma.dk',
    'søren@firma.dk',
    'ann@firma.dk ',
    '',
  ])('%j', (text) => {
    expect(isValidEmail(text)).toBe(zodSays(text));
  });

  test('on any text made of the letters addresses are written with', () => {
    const letter = fc.constantFrom(..."aZ09._-+'@ ø".split(''));
    const part = fc.string({ unit: letter, maxLength: 12 });
    const address = fc.oneof(
      part,
      fc.tuple(part, part, fc.constantFrom('dk', 'com', 'x', '')).map(([a, b, c]) => `${a}@${b}.${c}`),
    );
    fc.assert(
      fc.property(address, (text) => isValidEmail(text) === zodSays(text)),
      { numRuns: propertyRuns(2000) },
    );
  });
});
