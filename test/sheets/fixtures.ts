/**
 * Fixtures written at test time, by other libraries than the ones that read them: SheetJS for
 * workbooks, jszip for workbooks whose XML a test spells out, raw bytes for CSV.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import JSZip from 'jszip';
import * as XLSX from 'xlsx';
import { afterAll } from 'vitest';
import { readInput } from '../../src/sheets/read.js';
import type { InputReading, RawCell, ReadOptions } from '../../src/sheets/types.js';

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

export function tempFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), 'orgsync-sheets-'));
  folders.push(folder);
  return folder;
}

export function writeBytes(name: string, bytes: Buffer | string, folder = tempFolder()): string {
  const file = join(folder, name);
  writeFileSync(file, bytes);
  return file;
}

export type Rows = unknown[][];

/** A workbook written by SheetJS: sheet name → rows of cell values (SheetJS cell objects allowed). */
export function writeWorkbook(
  sheets: Record<string, Rows>,
  options: { date1904?: boolean; hidden?: string[]; name?: string; folder?: string } = {},
): string {
  const workbook = XLSX.utils.book_new();
  for (const [name, rows] of Object.entries(sheets)) {
    XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(rows), name);
  }
  workbook.Workbook = {
    WBProps: { date1904: options.date1904 ?? false },
    Sheets: Object.keys(sheets).map((name) => ({ Hidden: options.hidden?.includes(name) ? 1 : 0 })),
  };
  const bytes = XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
  return writeBytes(options.name ?? 'workbook.xlsx', bytes, options.folder);
}

/** SheetJS's bundled compound-file writer (its type declarations only expose it as `any`). */
export const CFB = ((XLSX as unknown as { default?: { CFB?: unknown } }).default?.CFB ?? XLSX.CFB) as {
  utils: { cfb_new(): unknown; cfb_add(cfb: unknown, path: string, data: Buffer): void };
  write(cfb: unknown, options: { type: 'buffer' }): Buffer;
};

export function legacyXlsBytes(): Buffer {
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet([['Employee ID']]), 'Employees');
  return XLSX.write(workbook, { type: 'buffer', bookType: 'biff8' }) as Buffer;
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_RELS = 'http://schemas.openxmlformats.org/package/2006/relationships';

export interface RawSheetXml {
  name: string;
  /** The <sheetData> content. */
  rows: string;
  state?: 'hidden' | 'veryHidden';
}

/**
 * A minimal workbook spelt out in XML, for cells SheetJS cannot write (rich text, shared strings, a
 * given style). Entries are zipped in the given order (`order` lists part names to put first).
 */
export async function rawWorkbookBytes(
  sheets: RawSheetXml[],
  options: {
    sharedStrings?: string[];
    sharedStringsXml?: string;
    numFmts?: string;
    cellXfs?: string;
    workbookPr?: string;
    order?: string[];
    extraParts?: Record<string, string>;
  } = {},
): Promise<Buffer> {
  const parts = new Map<string, string>();
  parts.set(
    '[Content_Types].xml',
    `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/></Types>`,
  );
  parts.set(
    '_rels/.rels',
    `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${PACKAGE_RELS}"><Relationship Id="rId1" Type="${RELS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  );
  const sheetElements = sheets
    .map((sheet, i) => `<sheet name="${sheet.name}" sheetId="${i + 1}"${sheet.state ? ` state="${sheet.state}"` : ''} r:id="rId${i + 1}"/>`)
    .join('');
  parts.set(
    'xl/workbook.xml',
    `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${MAIN}" xmlns:r="${RELS}">${options.workbookPr ?? ''}<sheets>${sheetElements}</sheets></workbook>`,
  );
  const sheetRels = sheets
    .map((_, i) => `<Relationship Id="rId${i + 1}" Type="${RELS}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`)
    .join('');
  parts.set(
    'xl/_rels/workbook.xml.rels',
    `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${PACKAGE_RELS}">${sheetRels}<Relationship Id="rIdS" Type="${RELS}/styles" Target="styles.xml"/><Relationship Id="rIdT" Type="${RELS}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
  );
  parts.set(
    'xl/styles.xml',
    `<?xml version="1.0" encoding="UTF-8"?><styleSheet xmlns="${MAIN}">${options.numFmts ?? ''}<fonts count="1"><font/></fonts><fills count="1"><fill/></fills><borders count="1"><border/></borders><cellStyleXfs count="1"><xf/></cellStyleXfs><cellXfs>${options.cellXfs ?? '<xf numFmtId="0"/>'}</cellXfs></styleSheet>`,
  );
  const strings = options.sharedStrings ?? [];
  parts.set(
    'xl/sharedStrings.xml',
    options.sharedStringsXml ??
      `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${MAIN}">${strings.map((s) => (s.startsWith('<') ? `<si>${s}</si>` : `<si><t xml:space="preserve">${s}</t></si>`)).join('')}</sst>`,
  );
  sheets.forEach((sheet, i) => {
    parts.set(
      `xl/worksheets/sheet${i + 1}.xml`,
      `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${MAIN}" xmlns:r="${RELS}"><sheetData>${sheet.rows}</sheetData></worksheet>`,
    );
  });
  for (const [name, xml] of Object.entries(options.extraParts ?? {})) parts.set(name, xml);
  const zip = new JSZip();
  const names = [...(options.order ?? []), ...[...parts.keys()].filter((name) => !options.order?.includes(name))];
  for (const name of names) zip.file(name, parts.get(name) ?? '');
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

export async function writeRawWorkbook(sheets: RawSheetXml[], options: Parameters<typeof rawWorkbookBytes>[1] = {}): Promise<string> {
  return writeBytes('raw.xlsx', await rawWorkbookBytes(sheets, options));
}

export interface ReadSheet {
  sheetName: string;
  kind: string;
  headerRow: number;
  headers: (string | null)[];
  rows: { row: number; cells: Record<string, RawCell> }[];
}

/** Reads everything, for assertions: each sheet with its rows as plain objects. */
export async function readAll(paths: string[], options: ReadOptions = {}): Promise<{ sheets: ReadSheet[]; reading: InputReading }> {
  const reading = await readInput(paths, options);
  const sheets: ReadSheet[] = [];
  for await (const sheet of reading.sheets) {
    const rows: ReadSheet['rows'] = [];
    for await (const row of sheet.rows) {
      const cells: Record<string, RawCell> = {};
      row.cells.forEach((cell, column) => {
        cells[column] = cell;
      });
      rows.push({ row: row.row, cells });
    }
    sheets.push({
      sheetName: sheet.sheetName,
      kind: sheet.kind,
      headerRow: sheet.headerRow,
      headers: sheet.columns.map((c) => c.canonical),
      rows,
    });
  }
  return { sheets, reading };
}

/** The text of each row's cell in one column. */
export function columnTexts(sheet: ReadSheet | undefined, column: string): (string | undefined)[] {
  return (sheet?.rows ?? []).map((row) => row.cells[column]?.text);
}

export const EMPLOYEE_HEADERS = ['Employee ID', 'Name', 'Email'];
