/**
 * Reads an .xlsx workbook straight from its package: the zip directory and the index parts are checked
 * first (xlsx/package.ts), then the shared strings and styles are read (xlsx/parts.ts), then each sheet
 * part is streamed into rows (xlsx/sheet.ts), one sheet at a time, so a 100,000-row sheet never has to be
 * in memory whole.
 */
import { isTemplateSheet, type PhysicalRow, type PhysicalSheet } from '../sheet-source.js';
import { openWorkbookPackage, type PackageSheet, type WorkbookPackage } from './package.js';
import { asUnreadable } from './problems.js';
import { readWorkbookParts, type WorkbookParts } from './parts.js';
import { sheetRows } from './sheet.js';
import type { ZipEntry } from './zip.js';

export { isTemplateSheet, TEMPLATE_SHEET_NAME } from '../sheet-source.js';

/** Checks the package (zip directory, parts, sizes) before any sheet is read, so a bad file fails early. */
export async function openWorkbook(file: string): Promise<WorkbookPackage> {
  try {
    return await openWorkbookPackage(file);
  } catch (error) {
    throw asUnreadable(file, error);
  }
}

/** The workbook's worksheets, the template sheet first (so its version is known early), then in tab order. */
export async function* xlsxSheets(pkg: WorkbookPackage): AsyncGenerator<PhysicalSheet> {
  const withData = pkg.sheets.filter((sheet): sheet is PackageSheet & { entry: ZipEntry } => sheet.entry !== null);
  const ordered = [...withData.filter((sheet) => isTemplateSheet(sheet.name)), ...withData.filter((sheet) => !isTemplateSheet(sheet.name))];
  let parts: WorkbookParts;
  try {
    parts = await readWorkbookParts(pkg);
  } catch (error) {
    throw asUnreadable(pkg.file, error);
  }
  const dates = { date1904: pkg.date1904, written1904As1: pkg.date1904WrittenAs1 };
  for (const sheet of ordered) {
    const rows = checkedRows(pkg.file, sheetRows({ file: pkg.file, sheetName: sheet.name, entry: sheet.entry, parts, dates }));
    yield { file: pkg.file, sheetName: sheet.name, hidden: sheet.hidden, rows };
    // Rows left unread (the template sheet's) are read all the same: a problem in them fails the file
    // wherever it is, as it always has.
    while (!(await rows.next()).done);
  }
}

async function* checkedRows(file: string, rows: AsyncGenerator<PhysicalRow[]>): AsyncGenerator<PhysicalRow[]> {
  try {
    yield* rows;
  } catch (error) {
    throw asUnreadable(file, error);
  }
}
