/**
 * The forms real writers produce read as what the cell shows: a prefixed element, a cell without `r`,
 * CDATA and the like, forms a reader written for one writer's output loses or reads as something else.
 * The sheet parts go to an XML scanner proven equal to a conformant parser (src/sheets/xml/scanner.ts).
 */
import { describe, expect, test } from 'vitest';
import { readAll, writeRawWorkbook } from './fixtures.js';

const HEADER =
  '<row r="1"><c r="A1" t="inlineStr"><is><t>Employee ID</t></is></c><c r="B1" t="inlineStr"><is><t>Name</t></is></c><c r="C1" t="inlineStr"><is><t>Email</t></is></c></row>';

async function secondRow(row: string, options: Parameters<typeof writeRawWorkbook>[1] = {}) {
  const file = await writeRawWorkbook([{ name: 'Employees', rows: HEADER + row }], options);
  const { sheets } = await readAll([file]);
  return sheets[0]?.rows[0];
}

describe('forms of worksheet XML', () => {
  test('elements with a namespace prefix', async () => {
    const row =
      '<x:row xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main" r="2"><x:c r="A2"><x:v>7</x:v></x:c><x:c r="B2" t="inlineStr"><x:is><x:t>Ann</x:t></x:is></x:c></x:row>';
    expect((await secondRow(row))?.cells).toEqual({ employee_id: { text: '7', type: 'number' }, name: { text: 'Ann', type: 'text' } });
  });

  test('cells without r follow the cell before them', async () => {
    const row =
      '<row r="2"><c r="A2"><v>7</v></c><c t="inlineStr"><is><t>Ann</t></is></c><c t="inlineStr"><is><t>a@x.dk</t></is></c></row>';
    expect((await secondRow(row))?.cells).toEqual({
      employee_id: { text: '7', type: 'number' },
      name: { text: 'Ann', type: 'text' },
      email: { text: 'a@x.dk', type: 'text' },
    });
  });

  test('entities, character references, CDATA, either quote and self-closing cells', async () => {
    const row = `<row r='2'><c t='inlineStr' r='A2'><is><t xml:space="preserve">&#55;&#x37;</t></is></c><c r="B2" t="inlineStr"><is><t><![CDATA[Ann & <Bo>]]></t></is></c><c r="C2" t="inlineStr"><is><t>&lt;x&gt;&amp;&quot;&apos;</t></is></c><c r="D2"/></row>`;
    expect((await secondRow(row))?.cells).toEqual({
      employee_id: { text: '77', type: 'text' },
      name: { text: 'Ann & <Bo>', type: 'text' },
      email: { text: `<x>&"'`, type: 'text' },
    });
  });

  test('rich-text runs are joined and phonetic runs left out, inline and shared', async () => {
    const runs =
      '<r><rPr><b/></rPr><t>An</t></r><r><t xml:space="preserve">n</t></r><rPh sb="0" eb="1"><t>アン</t></rPh><phoneticPr fontId="1"/>';
    const row = `<row r="2"><c r="A2" t="s"><v>0</v></c><c r="B2" t="inlineStr"><is>${runs}</is></c></row>`;
    const cells = (await secondRow(row, { sharedStrings: [runs] }))?.cells;
    expect(cells?.employee_id).toEqual({ text: 'Ann', type: 'text' });
    expect(cells?.name).toEqual({ text: 'Ann', type: 'text' });
  });

  test('a cached formula error shows the error; an empty cached result shows the formula', async () => {
    const row =
      '<row r="2"><c r="A2"><v>7</v></c><c r="B2" t="e"><f>VLOOKUP(A2,X!A:B,2,0)</f><v>#N/A</v></c><c r="C2"><f>UPPER("x")</f><v></v></c></row>';
    const cells = (await secondRow(row))?.cells;
    expect(cells?.name).toEqual({ text: '#N/A', type: 'error' });
    expect(cells?.email).toEqual({ text: '=UPPER("x")', type: 'error' });
  });

  test('an ISO date cell is a date even without a date style', async () => {
    const row = '<row r="2"><c r="A2"><v>7</v></c><c r="B2" t="d"><v>2024-01-31T00:00:00</v></c></row>';
    expect((await secondRow(row))?.cells.name).toEqual({ text: '2024-01-31', type: 'date', date: '2024-01-31' });
  });
});
