/**
 * "The same rows": every workbook under samples/ and test/fixtures/ reads, row for row, as exceljs, an
 * independent and widely used reader, reads it (the hashes in row-hashes.json were recorded with exceljs by
 * bench/row-hashes.mjs; the 100,000-employment workbooks are checked by that script, not here). The
 * templates and test/fixtures/exports-round2/ were recorded with the importer's own reader at 79b1e5b, the
 * reader before issue 33 (issue 33's own fixtures are asserted cell by cell in their tests).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { openWorkbook, xlsxSheets } from '../../src/sheets/xlsx/workbook.js';

interface Recorded {
  sheets: { name: string; hidden: boolean; count: number; rows: string[] }[];
  error?: string;
}

const recorded = JSON.parse(readFileSync(new URL('./row-hashes.json', import.meta.url), 'utf8')) as Record<string, Recorded>;
const REPO = new URL('../../', import.meta.url);

/** The same canonical form as bench/row-hashes.mjs (a cell's `shown` text only when it has one). */
function rowKey(row: {
  row: number;
  cells: ({ text: string; type: string; date?: string; trimmed?: boolean; shown?: string } | undefined)[];
}): string {
  const cells = Array.from(row.cells, (cell) =>
    cell ? [cell.text, cell.type, cell.date ?? null, cell.trimmed === true, ...(cell.shown === undefined ? [] : [cell.shown])] : null,
  );
  return JSON.stringify([row.row, cells]);
}

async function hashes(file: string): Promise<Recorded> {
  const sheets: Recorded['sheets'] = [];
  try {
    for await (const sheet of xlsxSheets(await openWorkbook(file))) {
      const rows: string[] = [];
      for (let next = await sheet.rows.next(); !next.done; next = await sheet.rows.next()) {
        for (const row of next.value) rows.push(createHash('sha256').update(rowKey(row)).digest('hex'));
      }
      sheets.push({ name: sheet.sheetName, hidden: sheet.hidden, count: rows.length, rows });
    }
    return { sheets };
  } catch (error) {
    return { sheets, error: (error as Error).message };
  }
}

describe('every workbook of samples/ and test/fixtures/ reads as it did with exceljs', () => {
  test.each(Object.keys(recorded))('%s', async (name) => {
    expect(await hashes(new URL(name, REPO).pathname)).toEqual(recorded[name]);
  });
});
