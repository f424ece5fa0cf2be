/**
 * The annotated copy of an .xlsx input (cli.md: `NAME.errors.xlsx`). Each issue's cell is filled (errors
 * light red, warnings light yellow) and carries the messages as a cell note; an issue of a whole row goes
 * on the row's first cell, an issue of a whole column or sheet (row null) on its header cell, or the
 * first header cell. A last sheet, "Errors" ("Fejl" in Danish), lists every issue with a link to its cell. The copy is
 * written by exceljs, which does not carry every Excel feature (charts, pivot tables may be dropped):
 * it is for finding and fixing mistakes, and the original file is never touched.
 */
import { resolve } from 'node:path';
import ExcelJS from 'exceljs';
import { sheetKindFromName, normaliseName } from '../sheets/columns.js';
import type { Issue } from '../model/issue.js';
import { HEADER_SEARCH_ROWS, columnOf, locateHeader } from './header-locate.js';
import { issueNoteText, issuesForFile } from './issues-for-file.js';
import { neutraliseCell, neutraliseOptional } from './neutralise.js';
import { normalisedPackage } from './normalised-package.js';
import { reportWords } from '../words/report.js';

const ERROR_FILL = 'FFFFC7CE';
const WARNING_FILL = 'FFFFEB9C';

interface Annotation {
  severity: Issue['severity'];
  notes: string[];
}

export async function writeErrorWorkbook(sourcePath: string, issues: readonly Issue[], outPath: string): Promise<void> {
  if (resolve(sourcePath) === resolve(outPath)) {
    throw new Error(`The error file would overwrite the input ${sourcePath}; choose another path.`);
  }
  const workbook = new ExcelJS.Workbook();
  // exceljs's types ask for an ArrayBuffer-backed Buffer; jszip's is one.
  await workbook.xlsx.load((await normalisedPackage(sourcePath)) as unknown as ArrayBuffer);
  const relevant = issuesForFile(sourcePath, issues, true);
  const cellLinks = new Map<Issue, string>();

  for (const [sheetName, sheetIssues] of groupBySheetName(relevant)) {
    const worksheet = findWorksheet(workbook, sheetName);
    if (!worksheet) continue;
    annotateSheet(worksheet, sheetIssues, cellLinks);
  }
  addErrorsSheet(workbook, relevant, cellLinks);
  await workbook.xlsx.writeFile(outPath);
}

function groupBySheetName(issues: readonly Issue[]): Map<string, Issue[]> {
  const groups = new Map<string, Issue[]>();
  for (const issue of issues) {
    if (issue.sheetName === null) continue;
    const group = groups.get(issue.sheetName) ?? [];
    group.push(issue);
    groups.set(issue.sheetName, group);
  }
  return groups;
}

function findWorksheet(workbook: ExcelJS.Workbook, name: string): ExcelJS.Worksheet | undefined {
  return workbook.getWorksheet(name) ?? workbook.worksheets.find((sheet) => normaliseName(sheet.name) === normaliseName(name));
}

function annotateSheet(worksheet: ExcelJS.Worksheet, issues: readonly Issue[], cellLinks: Map<Issue, string>): void {
  const kind = issues.find((i) => i.sheet !== null)?.sheet ?? sheetKindFromName(worksheet.name);
  const width = Math.max(worksheet.columnCount, 1);
  const firstRows: string[][] = [];
  for (let r = 1; r <= Math.min(HEADER_SEARCH_ROWS, worksheet.rowCount); r += 1) {
    const row = worksheet.getRow(r);
    const texts: string[] = [];
    for (let c = 1; c <= width; c += 1) texts.push(cellText(row.getCell(c)));
    firstRows.push(texts);
  }
  const header = locateHeader(firstRows, kind, issues);
  const headerRow = header === null ? 1 : header.index + 1;

  const annotations = new Map<string, { cell: ExcelJS.Cell; annotation: Annotation }>();
  for (const issue of issues) {
    const column = header === null ? null : columnOf(header, issue);
    const rowNumber = issue.row ?? headerRow;
    const cell = masterOf(worksheet.getCell(rowNumber, (column ?? 0) + 1));
    const entry = annotations.get(cell.address) ?? { cell, annotation: { severity: issue.severity, notes: [] } };
    entry.annotation.notes.push(issueNoteText(issue));
    if (issue.severity === 'error') entry.annotation.severity = 'error';
    annotations.set(cell.address, entry);
    cellLinks.set(issue, `#${quoteSheetName(worksheet.name)}!${cell.address}`);
  }
  for (const { cell, annotation } of annotations.values()) applyAnnotation(cell, annotation);
}

function applyAnnotation(cell: ExcelJS.Cell, annotation: Annotation): void {
  // Cells read from a file share style objects: replace the style instead of mutating it.
  const argb = annotation.severity === 'error' ? ERROR_FILL : WARNING_FILL;
  cell.style = { ...cell.style, fill: { type: 'pattern', pattern: 'solid', fgColor: { argb } } };
  const earlier = existingNoteText(cell);
  const text = annotation.notes.map(neutraliseCell).join('\n');
  cell.note = earlier === '' ? text : `${text}\n\n${earlier}`;
}

function addErrorsSheet(workbook: ExcelJS.Workbook, issues: readonly Issue[], cellLinks: Map<Issue, string>): void {
  const words = reportWords();
  const sheet = workbook.addWorksheet(uniqueSheetName(workbook, words.errorsSheet));
  const widths = [10, 16, 7, 18, 18, 20, 80, 24, 10];
  sheet.columns = words.errorsSheetColumns.map((header, index) => ({ header, width: widths[index] }));
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  for (const issue of issues) {
    const link = cellLinks.get(issue);
    const row = sheet.addRow([
      words.severity[issue.severity],
      neutraliseOptional(issue.sheetName ?? issue.sheet),
      issue.row,
      neutraliseOptional(issue.column),
      neutraliseOptional(issue.header),
      neutraliseCell(issue.code),
      neutraliseCell(issue.message),
      neutraliseOptional(issue.value),
      null,
    ]);
    if (link !== undefined) {
      row.getCell(9).value = { text: link.slice(link.lastIndexOf('!') + 1), hyperlink: link };
    }
  }
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: Math.max(issues.length + 1, 1), column: 9 } };
}

function uniqueSheetName(workbook: ExcelJS.Workbook, wanted: string): string {
  const taken = new Set(workbook.worksheets.map((s) => s.name.toLowerCase()));
  if (!taken.has(wanted.toLowerCase())) return wanted;
  for (let n = 2; ; n += 1) if (!taken.has(`${wanted} (${n})`.toLowerCase())) return `${wanted} (${n})`;
}

function masterOf(cell: ExcelJS.Cell): ExcelJS.Cell {
  return cell.isMerged ? cell.master : cell;
}

function cellText(cell: ExcelJS.Cell): string {
  try {
    return cell.text ?? '';
  } catch {
    return '';
  }
}

function existingNoteText(cell: ExcelJS.Cell): string {
  const note = cell.note as string | ExcelJS.Comment | undefined;
  if (note === undefined || note === null) return '';
  if (typeof note === 'string') return note;
  return (note.texts ?? []).map((t) => t.text).join('');
}

function quoteSheetName(name: string): string {
  return `'${name.replace(/'/g, "''")}'`;
}
