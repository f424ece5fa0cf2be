import { describe, expect, test } from 'vitest';
import { readAll, writeRawWorkbook } from './fixtures.js';

const HEADER =
  '<row r="1"><c r="A1" t="inlineStr"><is><t>Employee ID</t></is></c><c r="B1" t="inlineStr"><is><t>Name</t></is></c><c r="C1" t="inlineStr"><is><t>Email</t></is></c><c r="D1" t="inlineStr"><is><t>Birthday</t></is></c></row>';
/** cellXfs: style 1 is a built-in date format (14), style 2 a custom one. */
const DATE_STYLES = {
  numFmts: '<numFmts count="1"><numFmt numFmtId="164" formatCode="dd.mm.yyyy"/></numFmts>',
  cellXfs: '<xf numFmtId="0"/><xf numFmtId="14"/><xf numFmtId="164"/>',
};

function employeeRow(row: number, birthdayCell: string, name = `<c r="B${row}" t="inlineStr"><is><t>Ann</t></is></c>`): string {
  return `<row r="${row}"><c r="A${row}"><v>${row}</v></c>${name}<c r="C${row}" t="inlineStr"><is><t>a@x.dk</t></is></c>${birthdayCell}</row>`;
}

async function birthdays(rows: string, workbookPr: string) {
  const file = await writeRawWorkbook([{ name: 'Employees', rows: HEADER + rows }], { ...DATE_STYLES, workbookPr });
  const { sheets } = await readAll([file]);
  return sheets[0]?.rows.map((row) => row.cells.birthday?.date);
}

describe('workbooks spelt out in XML', () => {
  test('rich text reads as its plain text', async () => {
    const file = await writeRawWorkbook([{ name: 'Employees', rows: HEADER + employeeRow(2, '', '<c r="B2" t="s"><v>0</v></c>') }], {
      sharedStrings: ['<r><rPr><b/></rPr><t>Ann</t></r><r><t xml:space="preserve"> Berg</t></r>'],
    });
    const { sheets } = await readAll([file]);
    expect(sheets[0]?.rows[0]?.cells.name).toEqual({ text: 'Ann Berg', type: 'text' });
  });

  test('shared strings are read even when Excel stores them after the sheets', async () => {
    const file = await writeRawWorkbook([{ name: 'Employees', rows: HEADER + employeeRow(2, '', '<c r="B2" t="s"><v>0</v></c>') }], {
      sharedStrings: ['Ann &amp; Bo'],
      order: ['xl/worksheets/sheet1.xml', 'xl/styles.xml', 'xl/workbook.xml'],
    });
    const { sheets } = await readAll([file]);
    expect(sheets[0]?.rows[0]?.cells.name?.text).toBe('Ann & Bo');
  });

  test('date cells are recognised even when the styles come after the sheet', async () => {
    const file = await writeRawWorkbook([{ name: 'Employees', rows: HEADER + employeeRow(2, '<c r="D2" s="1"><v>32874</v></c>') }], {
      ...DATE_STYLES,
      order: ['xl/_rels/workbook.xml.rels', 'xl/sharedStrings.xml', 'xl/workbook.xml', 'xl/worksheets/sheet1.xml'],
    });
    const { sheets } = await readAll([file]);
    expect(sheets[0]?.rows[0]?.cells.birthday?.date).toBe('1990-01-01');
  });

  test('the 1900 date system reads built-in and custom date formats', async () => {
    const rows =
      employeeRow(2, '<c r="D2" s="1"><v>32874</v></c>') +
      employeeRow(3, '<c r="D3" s="2"><v>32874.75</v></c>') +
      employeeRow(4, '<c r="D4" s="1"><v>59</v></c>');
    expect(await birthdays(rows, '')).toEqual(['1990-01-01', '1990-01-01', '1900-02-28']);
  });

  test('the 1904 date system is honoured whether it is written date1904="1" or "true"', async () => {
    const rows = employeeRow(2, '<c r="D2" s="1"><v>31412</v></c>');
    expect(await birthdays(rows, '<workbookPr date1904="1"/>')).toEqual(['1990-01-01']);
    expect(await birthdays(rows, '<workbookPr date1904="true"/>')).toEqual(['1990-01-01']);
  });

  test("Excel's non-existent 29 February 1900 is no date", async () => {
    const file = await writeRawWorkbook(
      [{ name: 'Employees', rows: HEADER + employeeRow(2, '<c r="D2" s="1"><v>60</v></c>') }],
      DATE_STYLES,
    );
    const { sheets } = await readAll([file]);
    expect(sheets[0]?.rows[0]?.cells.birthday).toEqual({ text: '60', type: 'number' });
  });

  test('escaped characters in strings are unescaped', async () => {
    const name = '<c r="B2" t="inlineStr"><is><t>Ann_x000D_\nBerg</t></is></c>';
    const file = await writeRawWorkbook([{ name: 'Employees', rows: HEADER + employeeRow(2, '', name) }]);
    const { sheets } = await readAll([file]);
    expect(sheets[0]?.rows[0]?.cells.name?.text).toBe('Ann\r\nBerg');
  });

  test('a formula without a cached result shows the formula rather than a blank', async () => {
    const id = '<c r="A2"><f>40+2</f></c>';
    const row = `<row r="2">${id}<c r="B2" t="inlineStr"><is><t>Ann</t></is></c><c r="C2" t="inlineStr"><is><t>a@x.dk</t></is></c></row>`;
    const file = await writeRawWorkbook([{ name: 'Employees', rows: HEADER + row }]);
    const { sheets } = await readAll([file]);
    expect(sheets[0]?.rows[0]?.cells.employee_id).toEqual({ text: '=40+2', type: 'error' });
  });

  test('sheets are read in tab order under their own names', async () => {
    const file = await writeRawWorkbook(
      [
        {
          name: 'Fravær',
          rows: '<row r="1"><c r="A1" t="inlineStr"><is><t>Medarbejder_id</t></is></c><c r="B1" t="inlineStr"><is><t>Fra</t></is></c></row>',
        },
        { name: 'Employees', rows: HEADER + employeeRow(2, '') },
      ],
      { order: ['xl/worksheets/sheet2.xml'] },
    );
    const { sheets } = await readAll([file]);
    expect(sheets.map((sheet) => [sheet.sheetName, sheet.kind])).toEqual([
      ['Fravær', 'absence'],
      ['Employees', 'employees'],
    ]);
  });

  test('the template version is read from the hidden _template sheet', async () => {
    const file = await writeRawWorkbook([
      { name: 'Employees', rows: HEADER + employeeRow(2, '') },
      {
        name: '_template',
        state: 'veryHidden',
        rows: '<row r="1"><c r="A1" t="inlineStr"><is><t>template_version</t></is></c><c r="B1" t="inlineStr"><is><t>2</t></is></c></row>',
      },
    ]);
    const { sheets, reading } = await readAll([file]);
    expect(reading.templateVersion).toBe('2');
    expect(sheets.map((sheet) => sheet.sheetName)).toEqual(['Employees']);
    expect(reading.issues).toEqual([]);
  });
});

describe('cells stored as ISO dates (t="d", never written by Excel)', () => {
  test('read as their calendar day in either date system, not as a day in 1905', async () => {
    const rows =
      employeeRow(2, '<c r="D2" t="d" s="2"><v>1990-01-01T00:00:00Z</v></c>') +
      employeeRow(3, '<c r="D3" s="1" t="d"><v>1900-02-28</v></c>');
    expect(await birthdays(rows, '')).toEqual(['1990-01-01', '1900-02-28']);
    expect(await birthdays(rows, '<workbookPr date1904="1"/>')).toEqual(['1990-01-01', undefined]);
  });

  test('a day the 1904 system cannot hold shows its text as an error, not a wrong day', async () => {
    const file = await writeRawWorkbook(
      [{ name: 'Employees', rows: HEADER + employeeRow(2, '<c r="D2" t="d" s="1"><v>1900-02-28</v></c>') }],
      { ...DATE_STYLES, workbookPr: '<workbookPr date1904="1"/>' },
    );
    const { sheets } = await readAll([file]);
    expect(sheets[0]?.rows[0]?.cells.birthday).toEqual({ text: '1900-02-28', type: 'error' });
  });

  test('read correctly when a chunk boundary falls inside the cell', async () => {
    const filler = Array.from({ length: 3000 }, (_, i) =>
      employeeRow(i + 2, `<c r="D${i + 2}" t="d" s="1"><v>2001-02-03T00:00:00</v></c>`),
    ).join('');
    const all = await birthdays(filler, '');
    expect(all).toHaveLength(3000);
    expect(new Set(all)).toEqual(new Set(['2001-02-03']));
  });
});
