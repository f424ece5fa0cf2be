/**
 * Issue 33, points 8 and 9: no pass of the reader over a part costs more than the part's size. The index
 * parts and the merged-cell list go through the XML scanner (one pass, each character read at most
 * twice); the search for the merged-cell list is counted here: doubling a pathological part doubles the
 * work, never more. Parts that hung the regular expressions before are read or refused, in one pass.
 * Nothing here times anything.
 */
import { describe, expect, test } from 'vitest';
import { numberFormat } from '../../src/sheets/xlsx/number-formats.js';
import type { SearchCounter } from '../../src/sheets/xlsx/merged-list.js';
import { mergedRanges } from '../../src/sheets/xlsx/merged-ranges.js';
import { openWorkbook } from '../../src/sheets/xlsx/workbook.js';
import { rawWorkbookBytes, readAll, writeBytes } from './fixtures.js';

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';

/** A sheet part of about `scale` × 1.5 MB whose every trick is repeated `scale` times, then its real list. */
function pathologicalSheet(scale: number): string {
  const rows = Array.from(
    { length: 2000 * scale },
    (_, i) => `<row r="${i + 1}"><c r="A${i + 1}" t="inlineStr"><is><t>a:mergeCells x</t></is></c></row>`,
  );
  const tricks = [
    // The issue's own: a comment holding the list's start and 80,000 of its entries.
    `<!-- <mergeCells ${'<mergeCell '.repeat(40_000 * scale)} -->`,
    `<![CDATA[<mergeCells><mergeCell ref="A1:A9"/></mergeCells>]]>`.repeat(1000 * scale),
    '<!---->'.repeat(10_000 * scale),
    '<?pi <mergeCells?>'.repeat(5000 * scale),
  ];
  return (
    `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${MAIN}"><sheetData>${rows.join('')}</sheetData>${tricks.join('')}` +
    `<mergeCells count="1"><mergeCell ref="B2:B3"/></mergeCells></worksheet>`
  );
}

async function searched(scale: number): Promise<{ bytes: number; steps: number; refs: string[] }> {
  const xml = pathologicalSheet(scale);
  const file = writeBytes(
    'pathological.xlsx',
    await rawWorkbookBytes([{ name: 'Employees', rows: '' }], { extraParts: { 'xl/worksheets/sheet1.xml': xml } }),
  );
  const pkg = await openWorkbook(file);
  const counter: SearchCounter = { steps: 0 };
  const ranges = await mergedRanges(file, { sheetName: 'Employees', entry: pkg.sheets[0]!.entry! }, undefined, counter);
  return { bytes: Buffer.byteLength(xml), steps: counter.steps, refs: ranges.map((range) => range.ref) };
}

describe('the search for the merged-cell list', () => {
  test('finds the real list past comments, CDATA, instructions and words that look like it, in one pass: twice the part, twice the work', async () => {
    const once = await searched(1);
    const twice = await searched(2);
    expect(once.refs).toEqual(['B2:B3']);
    expect(twice.refs).toEqual(['B2:B3']);
    // Every byte is gone over about once (the marks are searched for side by side).
    expect(once.steps).toBeLessThan(4 * once.bytes);
    expect(twice.steps / once.steps).toBeGreaterThan(1.8);
    expect(twice.steps / once.steps).toBeLessThan(2.2);
  });
});

describe('index parts that hung the regular expressions are read by the scanner in one pass', () => {
  const workbookWith = async (workbookXml: string) =>
    writeBytes('index.xlsx', await rawWorkbookBytes([{ name: 'Employees', rows: '' }], { extraParts: { 'xl/workbook.xml': workbookXml } }));

  test('a <sheet> tag of 9 million name characters and no "=" is refused as damaged (issue point 8)', async () => {
    const file = await workbookWith(`<workbook xmlns="${MAIN}"><sheets><sheet ${'n'.repeat(9_000_000)}/></sheets></workbook>`);
    await expect(openWorkbook(file)).rejects.toThrow(/damaged or incomplete/);
  });

  test('a tag of 100,000 attributes is read (its names checked for duplicates at once, not one by one)', async () => {
    const attributes = Array.from({ length: 100_000 }, (_, i) => ` a${i}=""`).join('');
    const file = await workbookWith(
      `<workbook xmlns="${MAIN}" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><workbookPr${attributes} date1904="1"/><sheets><sheet name="Employees" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    );
    expect((await openWorkbook(file)).date1904).toBe(true);
  });

  test('a number format of a million characters is read in one pass', () => {
    expect(numberFormat(`${'m'.repeat(1_000_000)}`).date).toBe(true);
    expect(numberFormat(`"${'d'.repeat(1_000_000)}"0`).digits).not.toBeNull();
  });
});

describe('merged ranges are bounded by what they fill', () => {
  const sheetWithRanges = async (ranges: string[]) =>
    writeBytes(
      'merged.xlsx',
      await rawWorkbookBytes([{ name: 'Employees', rows: '' }], {
        extraParts: {
          'xl/worksheets/sheet1.xml': `<worksheet xmlns="${MAIN}"><sheetData/><mergeCells>${ranges.map((ref) => `<mergeCell ref="${ref}"/>`).join('')}</mergeCells></worksheet>`,
        },
      }),
    );
  const refusal = (file: string) =>
    readAll([file]).then(
      () => 'read',
      (error: Error) => error.message,
    );

  test('ranges covering more than a million cells are refused naming the sheet and the range', async () => {
    expect(await refusal(await sheetWithRanges(['A1:A1048576', 'B1:B1048576']))).toMatch(
      /sheet "Employees": the merged cells, up to B1:B1048576, cover more than 1,048,576 cells/,
    );
  });

  test('more than 10,000 ranges are refused naming the sheet, not filled in part', async () => {
    const ranges = Array.from({ length: 10_001 }, (_, i) => `A${2 * i + 1}:A${2 * i + 2}`);
    expect(await refusal(await sheetWithRanges(ranges))).toMatch(/sheet "Employees" has more than 10,000 merged cells/);
  });
});

describe('rows placed by number', () => {
  test('a sheet of 4,000 rows written in reverse order reads in order (each placed through a heap, not by shifting the held rows)', async () => {
    const row = (r: number) => `<row r="${r}"><c r="A${r}"><v>${r}</v></c></row>`;
    const reversed = Array.from({ length: 4000 }, (_, i) => row(4001 - i)).join('');
    const header = '<row r="1"><c r="A1" t="inlineStr"><is><t>Employee ID</t></is></c></row>';
    const file = writeBytes('reversed.xlsx', await rawWorkbookBytes([{ name: 'Employees', rows: reversed + header }]));
    const { sheets } = await readAll([file]);
    expect(sheets[0]?.headerRow).toBe(1);
    expect(sheets[0]!.rows.map((r) => r.row)).toEqual(Array.from({ length: 4000 }, (_, i) => i + 2));
  });
});
