/**
 * The worker's row encoding (src/sheets/threads/wire.ts): every batch of rows the reader can make comes out
 * of encode → structured clone → decode exactly as it went in (holes for blanks, each cell's text, type,
 * date, trimmed flag and the text a padded number shows).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PhysicalRow } from '../../src/sheets/sheet-source.js';
import type { RawCell } from '../../src/sheets/types.js';
import { decodeBatch, encodeBatch } from '../../src/sheets/threads/wire.js';
import { propertyRuns } from '../helpers/property-runs.js';

const text = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 12 }),
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.constantFrom('', ' x', '\ud800', 'a\ud800', '2024-01-31'),
  fc.constantFrom(32_767).map((n) => 'a'.repeat(n)),
);
const cell: fc.Arbitrary<RawCell> = fc
  .oneof(
    fc.record({ text, type: fc.constantFrom<RawCell['type']>('text', 'number', 'boolean', 'error') }),
    fc.record({ text, type: fc.constant<RawCell['type']>('text'), trimmed: fc.constant(true) }),
    text.map((day): RawCell => ({ text: day, type: 'date', date: day })),
    fc.record({ text, type: fc.constant<RawCell['type']>('date'), date: text }),
    fc.record({ text, type: fc.constant<RawCell['type']>('number'), shown: text }),
    fc.record({ text, type: fc.constant<RawCell['type']>('date'), date: text, trimmed: fc.constant(true), shown: text }),
  )
  .map((made) => ({ ...made }));
const row: fc.Arbitrary<PhysicalRow> = fc
  .record({
    row: fc.integer({ min: 1, max: 1_048_576 }),
    cells: fc.sparseArray(cell, { maxLength: 1_000, minNumElements: 1, maxNumElements: 8, noTrailingHole: true }),
  })
  .map((made) => ({ ...made }));

describe('the worker encoding of a batch of rows', () => {
  it('decodes to exactly the rows that were encoded', () => {
    fc.assert(
      fc.property(fc.array(row, { maxLength: 8 }), (batch) => {
        expect(decodeBatch(structuredClone(encodeBatch(batch)))).toStrictEqual(batch);
      }),
      { numRuns: propertyRuns(2_000) },
    );
  });
});
