/**
 * Writing sample files. Workbooks are written with SheetJS (a different library than the exceljs-based
 * reader, so the samples test the reader against another writer); a cell value `{ date: 'YYYY-MM-DD' }`
 * becomes a real date cell (a serial number with a date format), a number a number cell, a string text.
 */
import * as fs from 'node:fs';
import { dirname } from 'node:path';
import iconv from 'iconv-lite';
import XLSX from 'xlsx';

const EXCEL_EPOCH = Date.UTC(1899, 11, 30);

function serialOf(isoDay) {
  const [y, m, d] = isoDay.split('-').map(Number);
  return (Date.UTC(y, m - 1, d) - EXCEL_EPOCH) / 86_400_000;
}

/** sheets: [{ name, rows: [[...header], [...values], ...], dateFormat? }] */
export function writeWorkbook(path, sheets) {
  const book = XLSX.utils.book_new();
  for (const sheet of sheets) {
    const plain = sheet.rows.map((row) => row.map((value) => (isDate(value) ? null : (value ?? null))));
    const worksheet = XLSX.utils.aoa_to_sheet(plain);
    sheet.rows.forEach((row, r) => {
      row.forEach((value, c) => {
        if (!isDate(value)) return;
        const address = XLSX.utils.encode_cell({ r, c });
        worksheet[address] = { t: 'n', v: serialOf(value.date), z: sheet.dateFormat ?? 'yyyy-mm-dd' };
      });
    });
    worksheet['!cols'] = (sheet.rows[0] ?? []).map((_, c) => ({
      wch: Math.min(40, Math.max(10, ...sheet.rows.map((row) => textOf(row[c]).length)) + 2),
    }));
    XLSX.utils.book_append_sheet(book, worksheet, sheet.name);
  }
  fs.mkdirSync(dirname(path), { recursive: true });
  fs.writeFileSync(path, XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }));
}

/**
 * rows: arrays of values; dates are written with `formatDate`. Options: delimiter (default `;`),
 * encoding (default UTF-8 with BOM; 'windows-1252' writes that code page without BOM), lineEnd.
 */
export function writeCsv(path, rows, { delimiter = ';', encoding = 'utf-8-bom', formatDate = (d) => d, lineEnd = '\r\n' } = {}) {
  const text = rows
    .map((row) => row.map((value) => quote(isDate(value) ? formatDate(value.date) : textOf(value), delimiter)).join(delimiter))
    .join(lineEnd);
  const content = `${text}${lineEnd}`;
  fs.mkdirSync(dirname(path), { recursive: true });
  if (encoding === 'utf-8-bom') fs.writeFileSync(path, `\ufeff${content}`, 'utf8');
  else fs.writeFileSync(path, iconv.encode(content, encoding));
}

export const danishDate = (isoDay) => isoDay.split('-').reverse().join('-');

function quote(text, delimiter) {
  return text.includes(delimiter) || /["\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function isDate(value) {
  return value !== null && typeof value === 'object' && typeof value.date === 'string';
}

function textOf(value) {
  if (value === null || value === undefined) return '';
  if (isDate(value)) return value.date;
  return String(value);
}
