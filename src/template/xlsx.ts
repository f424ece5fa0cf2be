/**
 * The template workbook: one sheet per kind with its headers and one example row, an instructions sheet,
 * drop-down lists, a frozen header row, and the hidden `_template` sheet with the template version and
 * the lists the drop-downs read. Built with fixed document dates so the same version gives the same content.
 */
import ExcelJS from 'exceljs';
import { SHEETS } from '../sheets/columns.js';
import { SHEET_COLUMNS, type ColumnDef } from '../model/fields.js';
import { SHEET_KINDS, type TemplateKind } from '../model/sheet-kind.js';
import { DATE_COLUMNS, DATE_FORMAT, DROPDOWNS, ID_COLUMNS, exampleRow, type ExampleValue, type TemplateLanguage } from './content.js';
import { instructionWords } from '../words/template-instructions.js';
import { TEMPLATE_INFO_SHEET, TEMPLATE_VERSION, TEMPLATE_VERSION_LABEL } from './version.js';

/** Document dates of every template: a fixed day, so regenerating changes nothing. */
export const TEMPLATE_DATE = new Date(Date.UTC(2025, 0, 1));
/** Rows below the header that carry the drop-down lists. */
export const DROPDOWN_ROWS = 5000;

const HEADER_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFD9E1F2' } };
const REQUIRED_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFB4C6E7' } };

export function buildTemplateWorkbook(lang: TemplateLanguage): ExcelJS.Workbook {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'orgsync-import';
  workbook.lastModifiedBy = 'orgsync-import';
  workbook.created = TEMPLATE_DATE;
  workbook.modified = TEMPLATE_DATE;

  const lists = listLayout(lang);
  for (const kind of SHEET_KINDS) addDataSheet(workbook, lang, kind, lists);
  addInstructionsSheet(workbook, lang);
  addInfoSheet(workbook, lang, lists);
  return workbook;
}

function addDataSheet(workbook: ExcelJS.Workbook, lang: TemplateLanguage, kind: TemplateKind, lists: ListLayout): void {
  const spec = SHEETS[kind];
  const sheet = workbook.addWorksheet(lang === 'da' ? spec.danish : spec.english, {
    views: [{ state: 'frozen', xSplit: 0, ySplit: 1 }],
  });
  const example = exampleRow(lang, kind);
  SHEET_COLUMNS[kind].forEach((column, index) => {
    const position = index + 1;
    const header = column.header[lang];
    const headerCell = sheet.getCell(1, position);
    headerCell.value = header;
    headerCell.font = { bold: true };
    headerCell.fill = column.required === false ? HEADER_FILL : REQUIRED_FILL;
    headerCell.note = `${requiredText(lang, column)}: ${column.help[lang]}`;

    const sheetColumn = sheet.getColumn(position);
    sheetColumn.width = widthFor(header, example[column.column]);
    if (ID_COLUMNS.has(column.column)) sheetColumn.numFmt = '@';
    if (DATE_COLUMNS.has(column.column)) sheetColumn.numFmt = DATE_FORMAT[lang].excel;

    const value = example[column.column];
    const cell = sheet.getCell(2, position);
    cell.value = cellValue(value);
    if (DATE_COLUMNS.has(column.column)) cell.numFmt = DATE_FORMAT[lang].excel;
    else if (ID_COLUMNS.has(column.column)) cell.numFmt = '@';

    const listed = lists.get(column.column);
    if (listed) {
      const letter = sheetColumn.letter;
      addRangeValidation(sheet, `${letter}2:${letter}${DROPDOWN_ROWS + 1}`, {
        type: 'list',
        allowBlank: true,
        formulae: [listed.range],
        showErrorMessage: true,
        errorStyle: 'warning',
        errorTitle: instructionWords(lang).dropdownTitle,
        error: instructionWords(lang).dropdownMessage,
      });
    }
  });
}

function addInstructionsSheet(workbook: ExcelJS.Workbook, lang: TemplateLanguage): void {
  const words = instructionWords(lang);
  const sheet = workbook.addWorksheet(words.sheet);
  sheet.columns = [{ width: 16 }, { width: 26 }, { width: 20 }, { width: 100 }];
  sheet.addRow([words.title]).font = { bold: true, size: 14 };
  for (const line of words.general) sheet.addRow([line]);
  sheet.addRow([]);
  const headings = sheet.addRow([...words.headings]);
  headings.font = { bold: true };
  for (const kind of SHEET_KINDS) {
    const spec = SHEETS[kind];
    for (const column of SHEET_COLUMNS[kind]) {
      const row = sheet.addRow([
        lang === 'da' ? spec.danish : spec.english,
        column.header[lang],
        requiredText(lang, column),
        column.help[lang],
      ]);
      row.getCell(4).alignment = { wrapText: true, vertical: 'top' };
    }
  }
  sheet.addRow([]);
  sheet.addRow([`template_version ${TEMPLATE_VERSION}`]);
}

function addInfoSheet(workbook: ExcelJS.Workbook, lang: TemplateLanguage, lists: ListLayout): void {
  const sheet = workbook.addWorksheet(TEMPLATE_INFO_SHEET, { state: 'hidden' });
  sheet.getCell('A1').value = TEMPLATE_VERSION_LABEL;
  sheet.getCell('B1').value = TEMPLATE_VERSION;
  sheet.getCell('A2').value = 'language';
  sheet.getCell('B2').value = lang;
  for (const [name, list] of lists) {
    sheet.getCell(`${list.letter}1`).value = name;
    list.values.forEach((value, index) => {
      sheet.getCell(`${list.letter}${index + 2}`).value = value;
    });
  }
}

/** Where on the hidden sheet each drop-down list lives: one column each from D, its name in row 1. */
type ListLayout = Map<string, { letter: string; values: readonly string[]; range: string }>;

function listLayout(lang: TemplateLanguage): ListLayout {
  const layout: ListLayout = new Map();
  for (const kind of SHEET_KINDS) {
    for (const [name, values] of Object.entries(DROPDOWNS[lang][kind] ?? {})) {
      const letter = columnLetter(4 + layout.size);
      const range = `'${TEMPLATE_INFO_SHEET}'!$${letter}$2:$${letter}$${values.length + 1}`;
      layout.set(name, { letter, values, range });
    }
  }
  return layout;
}

/**
 * One validation for a whole range (one entry in the file) instead of one per cell. exceljs supports
 * range keys in `worksheet.dataValidations` but its type definitions do not declare the property.
 */
function addRangeValidation(sheet: ExcelJS.Worksheet, range: string, validation: ExcelJS.DataValidation): void {
  const withRanges = sheet as unknown as { dataValidations: { add(address: string, v: ExcelJS.DataValidation): void } };
  withRanges.dataValidations.add(range, validation);
}

function columnLetter(position: number): string {
  let letters = '';
  for (let n = position; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

function requiredText(lang: TemplateLanguage, column: ColumnDef): string {
  const words = instructionWords(lang);
  if (column.required === 'except_top') return words.exceptTop;
  return column.required ? words.yes : words.no;
}

function cellValue(value: ExampleValue | undefined): ExcelJS.CellValue {
  if (value === undefined || value === '') return null;
  if (typeof value === 'string') return value;
  const [year, month, day] = value.date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day));
}

function widthFor(header: string, example: ExampleValue | undefined): number {
  const exampleLength = example === undefined ? 0 : typeof example === 'string' ? example.length : 10;
  return Math.min(40, Math.max(12, header.length, exampleLength) + 2);
}
