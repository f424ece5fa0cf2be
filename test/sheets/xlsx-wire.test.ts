/**
 * The worker's row encoding (src/sheets/xlsx-wire.ts): every cell exceljs can hand over must
 * come out of encode → decode exactly as the in-thread reader makes it (xlsx.ts physicalRows: checkedCell
 * per cell, holes for blanks, a row without cells left out), refusals included.
 */
import type ExcelJS from 'exceljs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PhysicalRow } from '../../src/sheets/sheet-source.js';
import type { RawCell } from '../../src/sheets/types.js';
import { checkedCell, type SheetContext } from '../../src/sheets/xlsx.js';
import { decodeBatch, encodedRows } from '../../src/sheets/xlsx-wire.js';

interface FakeCell {
  column: number;
  value: unknown;
  numFmt?: string;
}

/** Just what the batchers use of an exceljs row: eachCell over the cells that hold something. */
function row(cells: FakeCell[]): ExcelJS.Row {
  return {
    eachCell(callback: (cell: ExcelJS.Cell, column: number) => void) {
      for (const cell of cells) callback({ value: cell.value, numFmt: cell.numFmt } as unknown as ExcelJS.Cell, cell.column);
    },
  } as unknown as ExcelJS.Row;
}

type Outcome = { rows: PhysicalRow[] } | { refused: string };

/** The in-thread reader's batcher (xlsx.ts physicalRows), cell for cell. */
function inThread(rows: FakeCell[][], context: SheetContext): Outcome {
  const batch: PhysicalRow[] = [];
  try {
    rows.forEach((cells, index) => {
      const made: (RawCell | undefined)[] = [];
      row(cells).eachCell((cell, column) => {
        const raw = checkedCell(cell, column, index + 1, context);
        if (raw) made[column - 1] = raw;
      });
      if (made.length > 0) batch.push({ row: index + 1, cells: made });
    });
  } catch (error) {
    return { refused: (error as Error).message };
  }
  return { rows: batch };
}

function throughWire(rows: FakeCell[][], context: SheetContext): Outcome {
  const batcher = encodedRows(context);
  try {
    rows.forEach((cells, index) => batcher.add(row(cells), index + 1));
  } catch (error) {
    return { refused: (error as Error).message };
  }
  // A structured clone, as postMessage makes it.
  return { rows: decodeBatch(structuredClone(batcher.take()), context.dates.date1904) };
}

const text = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 12 }),
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.constantFrom('', ' ', '\u00a0x\u00a0', '_x0041_b', 'a_x0020_', '_x0020_', 'Ann_x000D_Berg ', 'x ', '=SUM(A1)', '\ud800', 'a\ud800'),
  fc.constantFrom(32_767, 32_768, 32_774).map((n) => 'a'.repeat(n)),
  fc.constantFrom('a'.repeat(32_766) + '_x0041_', '_x0041_'.repeat(4_700)),
);
const number = fc.oneof(fc.double(), fc.integer({ min: -100_000, max: 3_000_000 }), fc.constantFrom(0, -0, 60, 61, 2_958_465, 2_958_466, Number.NaN, Infinity));
const value: fc.Arbitrary<unknown> = fc.oneof(
  text,
  number,
  fc.date({ noInvalidDate: false, min: new Date(Date.UTC(1800, 0, 1)), max: new Date(Date.UTC(10_000, 0, 1)) }),
  fc.boolean(),
  fc.constantFrom({ error: '#N/A' }, { error: '#REF!' }),
  text.map((t) => ({ richText: [{ text: t }, { text: ' ' }] })),
  fc.oneof(text, number, fc.constant(null)).map((result) => ({ formula: 'A1', result })),
  text.map((t) => ({ hyperlink: 'mailto:x', text: t })),
);
const cell: fc.Arbitrary<FakeCell> = fc.record({
  column: fc.oneof(fc.integer({ min: 1, max: 12 }), fc.constantFrom(999, 1000, 1001)),
  value,
  numFmt: fc.constantFrom(undefined, 'General', 'dd.mm.yyyy', '0.00', '[Red]0', '"day"0'),
});
const rows = fc.array(
  fc.uniqueArray(cell, { selector: (c) => c.column, maxLength: 6 }).map((cells) => cells.sort((a, b) => a.column - b.column)),
  { maxLength: 6 },
);

describe('the worker encoding of a batch of rows', () => {
  it('decodes to exactly the rows the in-thread reader makes, or the same refusal', () => {
    fc.assert(
      fc.property(rows, fc.boolean(), fc.boolean(), (sheetRows, date1904, exceljsUsed1904) => {
        const context: SheetContext = { file: 'book.xlsx', sheetName: 'Employees', dates: { date1904, exceljsUsed1904 } };
        expect(throughWire(sheetRows, context)).toStrictEqual(inThread(sheetRows, context));
      }),
      { numRuns: 3_000 },
    );
  });
});
