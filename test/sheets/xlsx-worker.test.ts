import { describe, expect, test } from 'vitest';
import { EMPLOYEE_HEADER_ROW, workbookZip, worksheetXml } from '../hostile/zip-writer.js';
import { rawWorkbookBytes, writeBytes, writeWorkbook, type Rows } from './fixtures.js';
import { bothWays, builtRead, builtZip, errorOf, rowCount, threaded, type Step } from './worker-support.js';

const isTemplate = (name: string) => name === '_template';

/** Rows of every kind of cell SheetJS writes, blanks between them, some needing trimming. */
function employeeRows(count: number, firstDay = new Date(Date.UTC(1980, 0, 1))): Rows {
  const rows: Rows = [['Employee ID', 'Name', 'Email', 'Birthday', 'Active', 'Status', '', 'Note']];
  for (let i = 0; i < count; i++) {
    const birthday = new Date(firstDay.getTime() + i * 86_400_000);
    rows.push([
      1000 + i,
      i % 7 === 0 ? `  Person\u00a0${i} ` : `Person ${i}`,
      i % 5 === 0 ? { t: 's', v: `p${i}@example.com`, l: { Target: `mailto:p${i}@example.com` } } : `p${i}@example.com`,
      i % 3 === 0 ? { t: 'n', v: 32874 + i, z: 'dd.mm.yyyy' } : birthday,
      i % 2 === 0,
      i % 11 === 0 ? { t: 'e', v: 0x07 } : i % 13 === 0 ? { t: 'n', f: `${i}/2`, v: i / 2 } : null,
      null,
      [`æøå – “quoted” 🙂`, 0.1 + i / 1000, `Ann_x000D_Berg `, '_x0020_', ' ', -0, `${'z'.repeat(40)} `][i % 7],
    ]);
  }
  return rows;
}

const templateRows: Rows = [['template_version', '3'], ...Array.from({ length: 700 }, (_, i) => [`filler ${i}`])];

describe('the worker reads a workbook exactly as the in-thread reader does', () => {
  test('several sheets with dates, hyperlinks, errors, formulas and blanks, and a hidden template read for one batch', async () => {
    const file = writeWorkbook(
      {
        Employees: employeeRows(1500),
        _template: templateRows,
        Organisation: [
          ['Type', 'ID', 'Name', 'Parent ID'],
          ['department', 'root', 'Company', ''],
          ['team', 'T1', 'Team 1', 'root'],
        ],
        Empty: [],
      },
      { hidden: ['_template'] },
    );
    const { inThread, worker } = await bothWays(file, isTemplate);
    expect(worker).toStrictEqual(inThread);
    expect(inThread.filter((step) => 'sheet' in step).map((step) => 'sheet' in step && [step.sheet, step.hidden])).toEqual([
      ['_template', true],
      ['Employees', false],
      ['Organisation', false],
      ['Empty', false],
    ]);
    expect(rowCount(inThread)).toBe(256 + 1501 + 3);
    const kinds = new Set(
      inThread.flatMap((step) =>
        'rows' in step ? step.rows.flatMap((row) => row.cells.map((cell) => cell && `${cell.type}${cell.trimmed ? ' trimmed' : ''}`)) : [],
      ),
    );
    expect([...kinds].sort()).toEqual(['boolean', 'date', 'error', 'number', 'text', 'text trimmed']);
    expect(errorOf(inThread)).toBeUndefined();
  });

  test('a 1904 workbook gives the same calendar days', async () => {
    const file = writeWorkbook({ Employees: employeeRows(300, new Date(Date.UTC(1904, 0, 2))) }, { date1904: true });
    const { inThread, worker } = await bothWays(file);
    expect(worker).toStrictEqual(inThread);
    expect(rowCount(worker)).toBe(301);
  });

  test('rich text and shared strings come through as their plain text', async () => {
    const bytes = await rawWorkbookBytes(
      [
        {
          name: 'Employees',
          rows: `${EMPLOYEE_HEADER_ROW}<row r="2"><c r="A2"><v>1</v></c><c r="B2" t="s"><v>0</v></c><c r="C2" t="s"><v>1</v></c></row>`,
        },
      ],
      { sharedStrings: ['<r><rPr><b/></rPr><t>Ann</t></r><r><t xml:space="preserve"> Berg </t></r>', 'ann&amp;bo@example.com'] },
    );
    const { inThread, worker } = await bothWays(writeBytes('rich.xlsx', bytes));
    expect(worker).toStrictEqual(inThread);
    expect(worker[1]).toStrictEqual({
      rows: expect.arrayContaining([
        {
          row: 2,
          cells: [
            { text: '1', type: 'number' },
            { text: 'Ann Berg', type: 'text', trimmed: true },
            { text: 'ann&bo@example.com', type: 'text' },
          ],
        },
      ]),
    });
  });

  test('issue 33: ids shown with zeros, rows written out of order and a stray value in XFD come through as in-thread', async () => {
    const fixtures = new URL('../fixtures/reader-round2/', import.meta.url);
    for (const name of [
      'libreoffice/id-formats.xlsx',
      'handmade/rows-out-of-order.xlsx',
      'handmade/stray-xfd.xlsx',
      'handmade/utf16.xlsx',
    ]) {
      const { inThread, worker } = await bothWays(new URL(name, fixtures).pathname);
      expect(worker).toStrictEqual(inThread);
      expect(errorOf(worker)).toBeUndefined();
    }
    const { worker } = await bothWays(new URL('libreoffice/id-formats.xlsx', fixtures).pathname);
    const rows = worker.flatMap((step) => ('rows' in step ? step.rows : []));
    expect(rows.find((row) => row.row === 2)?.cells[0]).toStrictEqual({ text: '42', type: 'number', shown: 'M0042' });
  });

  test('the whole reading (readInput) gives the same sheets and template version', async () => {
    const file = writeWorkbook({ _template: templateRows, Employees: employeeRows(600) }, { hidden: ['_template'] });
    const readEverything = async () => {
      const reading = await builtRead.readInput([file], {});
      const sheets: unknown[] = [];
      for await (const sheet of reading.sheets) {
        const rows: unknown[] = [];
        for await (const row of sheet.rows) rows.push(row);
        sheets.push({ ...sheet, rows });
      }
      return { sheets, templateVersion: reading.templateVersion, issues: reading.issues };
    };
    const previous = threaded.configureXlsxWorker({ minSheetBytes: Number.POSITIVE_INFINITY });
    const inThread = await readEverything();
    threaded.configureXlsxWorker({ minSheetBytes: 0 });
    const worker = await readEverything();
    threaded.configureXlsxWorker(previous);
    expect(worker).toStrictEqual(inThread);
    expect(worker.templateVersion).toBe('3');
  });
});

/** The error both readers end in, which must be one and the same, from the same call. */
async function sameRefusal(file: string, firstBatchOnly?: (name: string) => boolean): Promise<Extract<Step, { error: unknown }>> {
  const { inThread, worker } = await bothWays(file, firstBatchOnly);
  expect(worker).toStrictEqual(inThread);
  const refusal = errorOf(worker);
  expect(refusal?.error).toMatchObject({ name: 'UnreadableFileError', code: 'unreadable_file', exitCode: 3, isUnreadable: true });
  expect(refusal?.error.message.startsWith(`${file}: `)).toBe(true);
  return refusal as Extract<Step, { error: unknown }>;
}

describe('a file found unreadable inside a sheet fails the same way in the worker', () => {
  test('a cell longer than Excel allows, after some batches of rows', async () => {
    const rows = EMPLOYEE_HEADER_ROW + inlineRows(2, 700) + inlineRow(702, ['9999', 'x'.repeat(40_000)]);
    const refusal = await sameRefusal(writeBytes('long.xlsx', workbookZip(worksheetXml(rows))));
    expect(refusal).toMatchObject({
      during: 'rows',
      error: { message: expect.stringMatching(/sheet "Employees", cell B702 holds more than 32,767 characters/) },
    });
  });

  test('a cell longer than Excel allows in the unread rest of the template sheet, when the next sheet is asked for', async () => {
    const template = inlineRow(1, ['template_version', '3']) + inlineRows(2, 700) + inlineRow(702, ['x'.repeat(40_000)]);
    const bytes = await rawWorkbookBytes([
      { name: '_template', state: 'hidden', rows: template },
      { name: 'Employees', rows: EMPLOYEE_HEADER_ROW + inlineRows(2, 10) },
    ]);
    const refusal = await sameRefusal(writeBytes('template.xlsx', bytes), isTemplate);
    expect(refusal).toMatchObject({ during: 'sheets', error: { message: expect.stringMatching(/sheet "_template", cell A702/) } });
  });

  test('a row written long after the rows that follow it were handed on (issue 33)', async () => {
    const rows = EMPLOYEE_HEADER_ROW + inlineRows(3, 5000) + inlineRow(2, ['2', 'late']);
    const refusal = await sameRefusal(writeBytes('late.xlsx', workbookZip(worksheetXml(rows))));
    expect(refusal.error.message).toMatch(/sheet "Employees": row 2 is written after row [\d,]+ in the file/);
  });

  test("a row numbered past Excel's limit", async () => {
    const rows = `${EMPLOYEE_HEADER_ROW}<row r="2"><c r="A2"><v>1</v></c></row><row r="1048577"><c r="A1048577"><v>2</v></c></row>`;
    const refusal = await sameRefusal(writeBytes('far.xlsx', workbookZip(worksheetXml(rows))));
    expect(refusal.error.message).toMatch(/past row 1,048,576/);
  });

  test('a row of more than 4 MB of text, and one with values in 2,000 columns', async () => {
    const huge = worksheetXml(
      `${EMPLOYEE_HEADER_ROW}<row r="2"><c r="A2" t="inlineStr"><is><t>${'y'.repeat(5 * 1024 * 1024)}</t></is></c></row>`,
    );
    expect((await sameRefusal(writeBytes('huge.xlsx', workbookZip(huge)))).error.message).toMatch(/row 2 holds more than 4 MB/);
    const cells = Array.from({ length: 2000 }, (_, i) => `<c r="${columnName(i)}3"><v>${i}</v></c>`).join('');
    const wide = worksheetXml(`${EMPLOYEE_HEADER_ROW}<row r="3">${cells}</row>`);
    expect((await sameRefusal(writeBytes('wide.xlsx', workbookZip(wide)))).error.message).toMatch(
      /row 3 has values in more than 1,000 columns/,
    );
  });

  test('a DOCTYPE in the sheet and damaged packed sheet data', async () => {
    const doctype = worksheetXml(`${EMPLOYEE_HEADER_ROW}`, '<!DOCTYPE worksheet [<!ENTITY a "aaaa">]>');
    expect((await sameRefusal(writeBytes('doctype.xlsx', workbookZip(doctype)))).error.message).toMatch(/document type declaration/);

    const file = writeWorkbook({ Employees: employeeRows(2000) });
    await damageEntry(file, 'xl/worksheets/sheet1.xml');
    expect((await sameRefusal(file)).error.message).toMatch(/damaged or incomplete/);
  });
});

function inlineRow(row: number, texts: string[]): string {
  const cells = texts.map((text, i) => `<c r="${columnName(i)}${row}" t="inlineStr"><is><t>${text}</t></is></c>`).join('');
  return `<row r="${row}">${cells}</row>`;
}

function inlineRows(from: number, count: number): string {
  return Array.from({ length: count }, (_, i) => inlineRow(from + i, [String(from + i), `Person ${i}`, `p${i}@example.com`])).join('');
}

function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** Overwrites the middle of an entry's packed data, leaving the zip directory intact. */
async function damageEntry(file: string, name: string): Promise<void> {
  const { openSync, readSync, writeSync, closeSync } = await import('node:fs');
  const entry = (await builtZip.readZipDirectory(file)).find((e) => e.name === name);
  if (!entry) throw new Error(`${name} is not in ${file}`);
  const fd = openSync(file, 'r+');
  try {
    const header = Buffer.alloc(30);
    readSync(fd, header, 0, 30, entry.localHeaderOffset);
    const dataStart = entry.localHeaderOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
    writeSync(fd, Buffer.alloc(64, 0xff), 0, 64, dataStart + Math.floor(entry.compressedSize / 2));
  } finally {
    closeSync(fd);
  }
}
