import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { cellFromXml, numberCell, PLAIN_FORMAT, SharedStrings, stringCell } from '../../src/sheets/xlsx/cells.js';
import { columnTexts, EMPLOYEE_HEADERS, readAll, writeWorkbook } from './fixtures.js';
import { propertyRuns } from '../helpers/property-runs.js';

async function employeeCells(row: unknown[], extraHeaders: string[] = []) {
  const file = writeWorkbook({ Employees: [[...EMPLOYEE_HEADERS, ...extraHeaders], row] });
  const { sheets } = await readAll([file]);
  return sheets[0]?.rows[0]?.cells ?? {};
}

describe('cells of an Excel workbook', () => {
  test('an id typed as the number 42 reads 42, never 42.0', async () => {
    const cells = await employeeCells([42, 'Ann', 'ann@example.com']);
    expect(cells.employee_id).toEqual({ text: '42', type: 'number' });
  });

  test('a large integer keeps all its digits, not exponent form', async () => {
    const cells = await employeeCells([123456789012345, 'Ann', 'ann@example.com']);
    expect(cells.employee_id?.text).toBe('123456789012345');
  });

  test('a fraction reads as Excel shows it', async () => {
    const cells = await employeeCells([0.1 + 0.2, 'Ann', 'ann@example.com']);
    expect(cells.employee_id?.text).toBe('0.3');
  });

  test('text is trimmed, non-breaking spaces become spaces, and the cell says so', async () => {
    const cells = await employeeCells(['  7 ', 'Ann\u00a0Berg', 'ann@example.com']);
    expect(cells.employee_id).toEqual({ text: '7', type: 'text', trimmed: true });
    expect(cells.name).toEqual({ text: 'Ann Berg', type: 'text', trimmed: true });
    expect(cells.email).toEqual({ text: 'ann@example.com', type: 'text' });
  });

  test('a real date cell reads as its calendar day', async () => {
    const cells = await employeeCells([1, 'Ann', 'a@example.com', { t: 'n', v: 32874, z: 'dd-mm-yyyy' }], ['Birthday']);
    expect(cells.birthday).toEqual({ text: '1990-01-01', type: 'date', date: '1990-01-01' });
  });

  test('a date typed as text stays text for the validator to read', async () => {
    const cells = await employeeCells([1, 'Ann', 'a@example.com', '01-01-1990'], ['Birthday']);
    expect(cells.birthday).toEqual({ text: '01-01-1990', type: 'text' });
  });

  test('a formula cell reads as its cached result', async () => {
    const cells = await employeeCells([{ t: 'n', f: '40+2', v: 42 }, { t: 's', f: '"A"&"nn"', v: 'Ann' }, 'a@example.com']);
    expect(cells.employee_id).toEqual({ text: '42', type: 'number' });
    expect(cells.name).toEqual({ text: 'Ann', type: 'text' });
  });

  test('a formula with a date format reads as a date', async () => {
    const cells = await employeeCells(
      [1, 'Ann', 'a@example.com', { t: 'n', f: 'DATE(1990,1,1)', v: 32874, z: 'yyyy-mm-dd' }],
      ['Birthday'],
    );
    expect(cells.birthday?.date).toBe('1990-01-01');
  });

  test('a hyperlink cell reads as its text', async () => {
    const cells = await employeeCells([1, 'Ann', { t: 's', v: 'ann@example.com', l: { Target: 'mailto:ann@example.com' } }]);
    expect(cells.email).toEqual({ text: 'ann@example.com', type: 'text' });
  });

  test('boolean and error cells keep their kind', async () => {
    const cells = await employeeCells([1, 'Ann', 'a@example.com', true, { t: 'e', v: 0x2a }], ['Gender', 'Status']);
    expect(cells.gender).toEqual({ text: 'TRUE', type: 'boolean' });
    expect(cells.status).toEqual({ text: '#N/A', type: 'error' });
  });

  test('blank cells are absent from the row', async () => {
    const cells = await employeeCells([1, '', 'a@example.com', '   '], ['Team']);
    expect(Object.keys(cells).sort()).toEqual(['email', 'employee_id']);
  });

  test('empty rows are skipped and rows keep the numbers Excel shows', async () => {
    const file = writeWorkbook({ Employees: [EMPLOYEE_HEADERS, [1, 'Ann', 'a@x.dk'], [], [null, '  '], [2, 'Bo', 'b@x.dk']] });
    const { sheets } = await readAll([file]);
    expect(sheets[0]?.rows.map((row) => row.row)).toEqual([2, 5]);
    expect(columnTexts(sheets[0], 'employee_id')).toEqual(['1', '2']);
  });

  test('a number cell reads as the number its value is, however the value is written', () => {
    // Whole numbers skip making a number and its text again (xlsx/cells.ts): the text must be the same.
    const digits = fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 1, maxLength: 18 });
    const written = fc.oneof(
      digits,
      digits.map((d) => `-${d}`),
      fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 14, maxLength: 20 }),
      fc.tuple(digits, fc.constantFrom('.5', 'e3', ' ', 'x', '.0', 'E-2')).map(([d, tail]) => d + tail),
      fc.string({ unit: fc.constantFrom(...'0123456789-+. eE'), maxLength: 8 }),
    );
    fc.assert(
      fc.property(written, (value) => {
        const expected = value.trim() === '' ? undefined : numberCell(Number.parseFloat(value), PLAIN_FORMAT, false);
        expect(
          cellFromXml({ type: undefined, formula: null, value, format: PLAIN_FORMAT }, new SharedStrings([]), {
            date1904: false,
            written1904As1: false,
          }),
        ).toEqual(expected);
        expect(
          cellFromXml({ type: 'n', formula: null, value, format: PLAIN_FORMAT }, new SharedStrings([]), {
            date1904: false,
            written1904As1: false,
          }),
        ).toEqual(expected);
      }),
      { numRuns: propertyRuns(5_000) },
    );
  });

  test('a shared string reads the same in every cell that refers to it, each cell an object of its own', () => {
    const written = fc.oneof(fc.string({ maxLength: 6 }), fc.constantFrom('', ' ', ' a ', 'a\u00a0b', '_x000D_', '\u00a0', 'Ann'));
    fc.assert(
      fc.property(fc.array(written, { maxLength: 6 }), fc.array(fc.integer({ min: -1, max: 7 }), { maxLength: 12 }), (strings, indexes) => {
        const shared = new SharedStrings(strings);
        const dates = { date1904: false, written1904As1: false };
        const seen = new Set<unknown>();
        for (const index of indexes) {
          const cell = cellFromXml({ type: 's', formula: null, value: String(index), format: PLAIN_FORMAT }, shared, dates);
          const expected = strings[index] === undefined ? undefined : stringCell(strings[index]!);
          expect(cell).toStrictEqual(expected);
          if (cell) {
            expect(seen.has(cell)).toBe(false);
            seen.add(cell);
          }
        }
      }),
      { numRuns: propertyRuns(2_000) },
    );
  });
});
