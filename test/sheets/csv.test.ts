import { describe, expect, test } from 'vitest';
import { columnTexts, readAll, tempFolder, writeBytes } from './fixtures.js';

const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

function utf16(text: string, order: 'le' | 'be'): Buffer {
  const bytes = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
  return order === 'le' ? bytes : bytes.swap16();
}

async function readCsv(bytes: Buffer | string, name = 'medarbejdere.csv', options = {}) {
  const { sheets, reading } = await readAll([writeBytes(name, bytes)], options);
  return { sheet: sheets[0], sheets, reading };
}

const DANISH = 'Medarbejdernummer;Navn;E-mail\n1;Søren Ærø;s@x.dk\n';

describe('CSV files', () => {
  test('a file is recognised by its base name and Danish headers map to columns', async () => {
    const { sheet } = await readCsv(DANISH);
    expect(sheet?.kind).toBe('employees');
    expect(sheet?.sheetName).toBe('medarbejdere');
    expect(sheet?.headers).toEqual(['employee_id', 'name', 'email']);
    expect(columnTexts(sheet, 'name')).toEqual(['Søren Ærø']);
  });

  test.each([
    ['comma', 'Employee ID,Name,Email\n7,"Berg, Ann",a@x.dk\n'],
    ['semicolon', 'Employee ID;Name;Email\n7;Berg, Ann;a@x.dk\n'],
    ['tab', 'Employee ID\tName\tEmail\n7\tBerg, Ann\ta@x.dk\n'],
  ])('the %s delimiter is detected', async (_, text) => {
    const { sheet } = await readCsv(text, 'employees.csv');
    expect(sheet?.rows[0]?.cells).toEqual({
      employee_id: { text: '7', type: 'text' },
      name: { text: 'Berg, Ann', type: 'text' },
      email: { text: 'a@x.dk', type: 'text' },
    });
  });

  test('Excel\'s "sep=" hint line names the delimiter', async () => {
    const { sheet } = await readCsv('sep=,\nEmployee ID,Name;Nickname,Email\n1,Ann;Anni,a@x.dk\n', 'employees.csv');
    // Excel hides the hint line: the header is its row 1, the first person row 2.
    expect(sheet?.headerRow).toBe(1);
    expect(sheet?.rows[0]?.row).toBe(2);
    expect(columnTexts(sheet, 'email')).toEqual(['a@x.dk']);
  });

  test('a title row above a two-column header and a single row does not hide the semicolon', async () => {
    const { sheet } = await readCsv('Eksport 01-03-2025\nEmployee ID;Start\n1001;2024-01-02\n', 'absence.csv');
    expect(sheet?.headerRow).toBe(2);
    expect(sheet?.rows[0]?.cells.start_date?.text).toBe('2024-01-02');
  });

  test('a two-column file ending in a line break is split on its delimiter', async () => {
    const { sheet } = await readCsv('Employee ID;Start\n1;2024-01-02\n', 'absence.csv');
    expect(sheet?.rows[0]?.cells.start_date?.text).toBe('2024-01-02');
  });

  test.each([
    ['UTF-8 without a byte order mark', Buffer.from(DANISH, 'utf8')],
    ['UTF-8 with a byte order mark', Buffer.concat([UTF8_BOM, Buffer.from(DANISH, 'utf8')])],
    ['UTF-16 LE with a byte order mark', utf16(DANISH, 'le')],
    ['UTF-16 BE with a byte order mark', utf16(DANISH, 'be')],
    ['Windows-1252 (bytes that are not UTF-8)', Buffer.from(DANISH, 'latin1')],
  ])('the encoding %s is detected', async (_, bytes) => {
    const { sheet } = await readCsv(bytes);
    expect(sheet?.headers).toEqual(['employee_id', 'name', 'email']);
    expect(columnTexts(sheet, 'name')).toEqual(['Søren Ærø']);
  });

  test('Windows-1252 characters outside Latin-1 are read as Excel wrote them', async () => {
    const bytes = Buffer.concat([
      Buffer.from('Employee ID;Name;Email\n1;Ann ', 'latin1'),
      Buffer.from([0x80, 0x96]),
      Buffer.from(' Bo;a@x.dk\n'),
    ]);
    const { sheet } = await readCsv(bytes, 'employees.csv');
    expect(columnTexts(sheet, 'name')).toEqual(['Ann €– Bo']);
  });

  test('a given encoding wins over detection', async () => {
    const { sheet } = await readCsv(Buffer.from(DANISH, 'utf8'), 'medarbejdere.csv', { encoding: 'windows-1252' });
    expect(columnTexts(sheet, 'name')).toEqual(['SÃ¸ren Ã†rÃ¸']);
  });

  test('ids keep their leading zeros', async () => {
    const { sheet } = await readCsv('Employee ID,Name,Email\n0042,Ann,a@x.dk\n', 'employees.csv');
    expect(sheet?.rows[0]?.cells.employee_id).toEqual({ text: '0042', type: 'text' });
  });

  test('cells are trimmed, non-breaking spaces count as spaces, and the cell says so', async () => {
    const { sheet } = await readCsv('Employee ID,Name,Email\n 1 ,Ann\u00a0Berg,a@x.dk\n', 'employees.csv');
    expect(sheet?.rows[0]?.cells.employee_id).toEqual({ text: '1', type: 'text', trimmed: true });
    expect(sheet?.rows[0]?.cells.name).toEqual({ text: 'Ann Berg', type: 'text', trimmed: true });
  });

  test('a quoted field with line breaks is one cell and one row, and rows are numbered as Excel numbers them', async () => {
    const text = 'Employee ID,Name,Email\n1,"Ann\nBerg\n(HR)",a@x.dk\n2,Bo,b@x.dk\n\n3,"Cy\r\nDahl",c@x.dk\r\n4,Di,d@x.dk\n';
    const { sheet } = await readCsv(text, 'employees.csv');
    // Excel: header 1, Ann 2, Bo 3, the empty line 4, Cy 5, Di 6 (not the text editor's lines 2, 5, 7, 9).
    expect(sheet?.rows.map((row) => row.row)).toEqual([2, 3, 5, 6]);
    expect(columnTexts(sheet, 'name')).toEqual(['Ann\nBerg\n(HR)', 'Bo', 'Cy\nDahl', 'Di']);
  });

  test('mixed line endings each end one line', async () => {
    const text = 'Employee ID,Name,Email\r\n1,Ann,a@x.dk\n2,Bo,b@x.dk\r3,Cy,c@x.dk\r\n';
    const { sheet } = await readCsv(text, 'employees.csv');
    expect(sheet?.rows.map((row) => [row.row, row.cells.email?.text])).toEqual([
      [2, 'a@x.dk'],
      [3, 'b@x.dk'],
      [4, 'c@x.dk'],
    ]);
  });

  test('a carriage return and line feed split across read chunks still end one line', async () => {
    const chunk = 64 * 1024;
    let text = 'Employee ID,Name,Email\r\n';
    let id = 1;
    while (text.length < chunk - 100) text += `${id++},Ann,a@x.dk\r\n`;
    const last = `${id},Ann,`;
    text += `${last}${'x'.repeat(chunk - 1 - text.length - last.length)}\r\n${id + 1},Bo,b@x.dk\r\n`;
    expect(text[chunk - 1]).toBe('\r');
    const { sheet } = await readCsv(text, 'employees.csv');
    expect(sheet?.rows.slice(-2).map((row) => row.row)).toEqual([id + 1, id + 2]);
    expect(sheet?.rows.at(-2)?.cells.email?.text).toMatch(/^x+$/);
  });

  test('several files and a folder of files are read in order', async () => {
    const folder = tempFolder();
    writeBytes('b-absence.csv', 'Employee ID;Start\n1;2024-01-02\n', folder);
    writeBytes('a-employees.csv', DANISH, folder);
    writeBytes('notes.txt', 'not read', folder);
    const { sheets } = await readAll([folder]);
    expect(sheets.map((sheet) => [sheet.sheetName, sheet.kind])).toEqual([
      ['a-employees', 'employees'],
      ['b-absence', 'absence'],
    ]);
  });

  test('a large file streams with the right row numbers', async () => {
    const lines = ['Employee ID;Name;Email'];
    for (let i = 1; i <= 20_000; i++) lines.push(`${i};Person ${i};p${i}@x.dk`);
    const { sheet } = await readCsv(lines.join('\r\n'), 'employees.csv');
    expect(sheet?.rows.length).toBe(20_000);
    expect(sheet?.rows[19_999]).toEqual({
      row: 20_001,
      cells: {
        employee_id: { text: '20000', type: 'text' },
        name: { text: 'Person 20000', type: 'text' },
        email: { text: 'p20000@x.dk', type: 'text' },
      },
    });
  });
});
