/**
 * The CSV template: one file per sheet with the header and the example row. UTF-8 with a byte-order mark
 * (Danish Excel needs it to show æ, ø and å), CRLF line ends, `;` for Danish and `,` for English, and
 * dates written as text in the language's usual order (DD-MM-YYYY, YYYY-MM-DD) — both are read back.
 */
import { SHEETS } from '../sheets/columns.js';
import type { TemplateKind } from '../model/sheet-kind.js';
import { CSV_DELIMITER, DATE_FORMAT, exampleRow, type TemplateLanguage } from './content.js';

export function templateCsv(lang: TemplateLanguage, kind: TemplateKind): string {
  const delimiter = CSV_DELIMITER[lang];
  const columns = SHEETS[kind].columns;
  const example = exampleRow(lang, kind);
  const header = columns.map((column) => (lang === 'da' ? column.danish : column.english));
  const values = columns.map((column) => {
    const value = example[column.name];
    if (value === undefined) return '';
    return typeof value === 'string' ? value : DATE_FORMAT[lang].text(value.date);
  });
  const line = (cells: string[]): string => cells.map((cell) => quote(cell, delimiter)).join(delimiter);
  return `\ufeff${line(header)}\r\n${line(values)}\r\n`;
}

function quote(text: string, delimiter: string): string {
  return text.includes(delimiter) || /["\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
