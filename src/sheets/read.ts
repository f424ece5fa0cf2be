/**
 * The one entry point of the readers: one .xlsx workbook, or one or more CSV files, or folders of CSV
 * files, read as a stream of recognised sheets (see types.ts for the shapes, sheets.md for the rules).
 *
 * Everything that can be checked before reading rows is checked before this function returns (files
 * exist, are what their names say, are not password-protected, legacy or zip bombs), so a bad file
 * fails at once with an UnreadableFileError. Problems inside a file found later (a cell longer than
 * Excel allows, damaged data) are thrown from the iteration, also as UnreadableFileError.
 *
 * Two sheets of one kind (say "Employees" and a "Sheet1" whose headers are an employee sheet's) are
 * both yielded, each under its own name: the validator then sees every row, and duplicate ids across
 * them are reported as duplicates, which tells the user what is wrong.
 */
import { readdir, stat } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { UsageError } from '../errors.js';
import { normaliseName } from './columns.js';
import { readCsvSheet } from './threads/csv-reading.js';
import { byteOrderMark, isCompoundFile, isEncryptedWorkbook, isZip, looksBinary, readHead } from './file-kind.js';
import { recogniseSheet } from './recognise.js';
import { isTemplateSheet, type PhysicalRow, type PhysicalSheet } from './sheet-source.js';
import type { InputReading, RawSheet, ReadOptions } from './types.js';
import { unknownEncoding, unreadable } from './unreadable.js';
import { unreadableWords } from '../words/unreadable.js';
import type { WorkbookPackage } from './xlsx/package.js';
import { MergedCellWarnings, withMergedCells, type MergedRange } from './xlsx/merged.js';
import type { ZipEntry } from './xlsx/zip.js';
import iconv from 'iconv-lite';

const WORKBOOK_EXTENSIONS = new Set(['.xlsx', '.xlsm']);
const CSV_EXTENSIONS = new Set(['.csv', '.tsv']);

/** The workbook reader, loaded only for a workbook: a run on CSV files needs neither it nor its XML parser. */
type XlsxReader = typeof import('./threads/xlsx-reading.js');
type MergedRangesReader = typeof import('./xlsx/merged-ranges.js');
type Input =
  | { format: 'xlsx'; pkg: WorkbookPackage; reader: XlsxReader; merged: MergedRangesReader }
  | { format: 'csv'; file: string; size: number; head: Buffer };

export async function readInput(paths: string[], options: ReadOptions): Promise<InputReading> {
  if (paths.length === 0) throw new UsageError(unreadableWords().noInput);
  if (options.encoding && !iconv.encodingExists(options.encoding)) throw new UsageError(unknownEncoding(options.encoding));
  const files = await listInputFiles(paths);
  const workbooks = files.filter((file) => WORKBOOK_EXTENSIONS.has(extname(file).toLowerCase()));
  if (workbooks.length > 0 && files.length > 1) {
    throw new UsageError(unreadableWords().mixedInput);
  }
  const inputs: Input[] = [];
  for (const file of files) inputs.push(await checkFile(file, options));
  // The reading starts now: a large workbook or CSV file is read in a worker, which can get going meanwhile.
  const issues: InputReading['issues'] = [];
  const sources = inputs.map((input) =>
    input.format === 'xlsx'
      ? input.reader.readXlsxSheets(input.pkg)
      : readCsvSheet(input.file, input.size, input.head, options.encoding, issues),
  );
  const reading: InputReading = { issues, sheets: { [Symbol.asyncIterator]: () => readSheets(inputs, sources, options, reading) } };
  return reading;
}

/**
 * The files the paths stand for, as every part of a run sees them (the reader, the journal's hash of
 * the input, the marked-up copies): a file is itself; a folder stands for the .csv and .tsv files
 * directly in it, in name order — except the marked-up copies an earlier run wrote beside them
 * (NAME.errors.csv), which would otherwise be read as input on the re-run, and Excel's lock files
 * (`~$Medarbejdere.csv`, written while a file is open in Excel).
 */
export async function listInputFiles(paths: readonly string[]): Promise<string[]> {
  return (await Promise.all(paths.map(expandPath))).flat();
}

async function expandPath(path: string): Promise<string[]> {
  let isFolder: boolean;
  try {
    isFolder = (await stat(path)).isDirectory();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw unreadable(path, code === 'EACCES' || code === 'EPERM' ? 'not_permitted' : 'missing', error);
  }
  if (!isFolder) return [path];
  const names = (await readdir(path, { withFileTypes: true }))
    .filter((entry) => entry.isFile() && CSV_EXTENSIONS.has(extname(entry.name).toLowerCase()))
    .filter((entry) => !/\.errors\.[^.]+$/i.test(entry.name) && !entry.name.startsWith('~$'))
    .map((entry) => entry.name)
    .sort((a, b) => a.localeCompare(b, 'en'));
  if (names.length === 0) throw unreadable(path, 'folder_without_csv');
  return names.map((name) => join(path, name));
}

async function checkFile(file: string, options: ReadOptions): Promise<Input> {
  const extension = extname(file).toLowerCase();
  if (extension === '.xls') throw unreadable(file, 'legacy_xls');
  if (extension === '.ods') throw unreadable(file, 'opendocument');
  const isWorkbook = WORKBOOK_EXTENSIONS.has(extension);
  if (!isWorkbook && !CSV_EXTENSIONS.has(extension)) throw unreadable(file, 'unsupported_extension');
  const { size, head } = await readHead(file);
  if (size === 0) throw unreadable(file, 'empty');
  if (isCompoundFile(head)) {
    if (!isWorkbook) throw unreadable(file, 'xls_as_csv');
    throw unreadable(file, (await isEncryptedWorkbook(file)) ? 'password_protected' : 'legacy_xls');
  }
  if (isWorkbook) {
    if (!isZip(head)) throw unreadable(file, looksBinary(head) ? 'not_a_workbook' : 'text_named_xlsx');
    const [{ openWorkbook }, reader, merged] = await Promise.all([
      import('./xlsx/workbook.js'),
      import('./threads/xlsx-reading.js'),
      import('./xlsx/merged-ranges.js'),
    ]);
    return { format: 'xlsx', pkg: await openWorkbook(file), reader, merged };
  }
  if (isZip(head)) throw unreadable(file, 'workbook_as_csv');
  const declaresWideEncoding = byteOrderMark(head)?.startsWith('utf-16') || /^utf-?16/i.test(options.encoding ?? '');
  if (!declaresWideEncoding && looksBinary(head)) throw unreadable(file, 'binary_as_csv');
  return { format: 'csv', file, size, head };
}

async function* readSheets(
  inputs: readonly Input[],
  sources: readonly AsyncGenerator<PhysicalSheet>[],
  options: ReadOptions,
  reading: InputReading,
): AsyncGenerator<RawSheet> {
  const scans = new AbortController();
  try {
    for (const [index, input] of inputs.entries()) {
      const ranges = input.format === 'xlsx' ? mergedRangeScans(input.pkg, input.merged, scans.signal) : null;
      for await (const physical of sources[index]!) {
        if (input.format === 'xlsx' && isTemplateSheet(physical.sheetName)) {
          const version = await templateVersion(physical.rows);
          if (version !== undefined) reading.templateVersion = version;
          continue;
        }
        let source = physical;
        let merged: MergedCellWarnings | null = null;
        const entry = input.format === 'xlsx' ? input.pkg.sheets.find((sheet) => sheet.name === physical.sheetName)?.entry : null;
        const scan = entry ? ranges?.get(entry) : undefined;
        if (scan) {
          merged = new MergedCellWarnings(physical, reading.issues);
          source = withMergedCells(physical, await scan, merged.filled);
        }
        const sheet = await recogniseSheet(source, options.headerMap, reading.issues, options.sheetRules, options.sheetFiles);
        if (sheet) merged?.recognised(sheet.kind, sheet.headerRow);
        if (sheet) yield sheet;
      }
    }
  } finally {
    scans.abort();
  }
}

/**
 * Each sheet's merged ranges, scanned one sheet after another from the start of the reading. The ranges
 * follow a sheet's rows in its XML, so the whole sheet is inflated to find them: begun when the sheet
 * arrived, that would hold up its rows (most of a second for a 100,000-row sheet), while
 * this thread has nothing else to do as the reading worker reads the shared strings.
 */
function mergedRangeScans(pkg: WorkbookPackage, merged: MergedRangesReader, signal: AbortSignal): Map<ZipEntry, Promise<MergedRange[]>> {
  const scans = new Map<ZipEntry, Promise<MergedRange[]>>();
  let previous: Promise<unknown> = Promise.resolve();
  for (const { name, entry } of pkg.sheets) {
    if (!entry || isTemplateSheet(name) || scans.has(entry)) continue;
    const scan = previous.catch(() => undefined).then(() => merged.mergedRanges(pkg.file, { sheetName: name, entry }, signal));
    // A failure is reported when its sheet is reached; one the run never reaches is nobody's concern.
    scan.catch(() => undefined);
    scans.set(entry, scan);
    previous = scan;
  }
  return scans;
}

/**
 * The template's version, from its hidden `_template` sheet: B1 when A1 is a label ("template_version"
 * or "version"), else A1 itself.
 */
async function templateVersion(rows: AsyncIterator<PhysicalRow[]>): Promise<string | undefined> {
  const first = await rows.next();
  const row = first.done ? undefined : first.value[0];
  if (row?.row !== 1) return undefined;
  const [a1, b1] = row.cells;
  if (a1 && ['templateversion', 'version'].includes(normaliseName(a1.text))) return b1?.text;
  return a1?.text;
}

/** A sheet's first rows as written, whether or not it is recognised (`map --init` guesses a profile from them). */
export interface SheetHead {
  file: string;
  sheetName: string;
  rows: PhysicalRow[];
}

/** Every visible sheet's first `rowsWanted` non-empty rows; the rest of each sheet is read past, unused. */
export async function readSheetHeads(paths: string[], options: ReadOptions, rowsWanted: number): Promise<SheetHead[]> {
  if (options.encoding && !iconv.encodingExists(options.encoding)) throw new UsageError(unknownEncoding(options.encoding));
  const heads: SheetHead[] = [];
  for (const file of await listInputFiles(paths)) {
    const input = await checkFile(file, options);
    const sheets =
      input.format === 'xlsx'
        ? input.reader.readXlsxSheets(input.pkg)
        : readCsvSheet(input.file, input.size, input.head, options.encoding, []);
    for await (const sheet of sheets) {
      const rows: PhysicalRow[] = [];
      // Read to the end: a workbook's next sheet comes only after this one's last row.
      for (let next = await sheet.rows.next(); !next.done; next = await sheet.rows.next()) {
        if (rows.length < rowsWanted) rows.push(...next.value.slice(0, rowsWanted - rows.length));
      }
      const skip = sheet.hidden || (input.format === 'xlsx' && isTemplateSheet(sheet.sheetName));
      if (!skip) heads.push({ file: sheet.file, sheetName: sheet.sheetName, rows });
    }
  }
  return heads;
}
