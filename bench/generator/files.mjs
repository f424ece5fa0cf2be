/**
 * Writes a generated company as an .xlsx workbook and as a folder of CSV files, in the samples' sheet
 * layout (samples/generator/sheets.mjs: Danish in the workbook, English in the CSV files). Files already
 * written for the same size and seed are reused: writing 100,000 rows takes a while and is not what is
 * measured.
 *
 * The workbook is written with SheetJS in dense mode (rows as arrays, not one object key per cell)
 * with a shared-string table, as Excel itself writes: the samples' writer (sparse mode, inline
 * strings) is fine for 300 rows but needs several times the memory at 100,000.
 */
import * as fs from 'node:fs';
import { join } from 'node:path';
import XLSX from 'xlsx';
import { seededRandom } from '../../samples/generator/random.mjs';
import { countsOf, workbookSheets, writeCsvFiles } from '../../samples/generator/sheets.mjs';
import { buildLargeCompany } from './company.mjs';

const EXCEL_EPOCH = Date.UTC(1899, 11, 30);
// Bump when the generated files change, so that stale files in bench/out/ are written again.
const GENERATOR_VERSION = 1;

/** A SheetJS date cell: the serial day number with a date format. */
function dateCell(isoDay, format) {
  const [y, m, d] = isoDay.split('-').map(Number);
  return { t: 'n', v: (Date.UTC(y, m - 1, d) - EXCEL_EPOCH) / 86_400_000, z: format };
}

/**
 * Rows held as arrays rather than under a key per cell address, for sheets of 100,000 rows. SheetJS 0.18
 * honours `dense` here; its types list it for reading only.
 * @type {XLSX.AOA2SheetOpts}
 */
const denseSheet = /** @type {XLSX.AOA2SheetOpts} */ ({ dense: true });

function writeWorkbookDense(path, sheets) {
  const book = XLSX.utils.book_new();
  for (const sheet of sheets) {
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(sheet.rows, denseSheet), sheet.name);
  }
  XLSX.writeFile(book, path, { bookType: 'xlsx', bookSST: true, compression: true });
}

/**
 * The workbook and CSV folder of a company with `employments` rows, written to `outDir` unless the same
 * size, seed and generator version were written there before. Returns paths and counts.
 */
export function ensureCompanyFiles(outDir, employments, seed = 20250101) {
  const name = `company-${employments}`;
  const xlsx = join(outDir, `${name}.xlsx`);
  const csvDir = join(outDir, `${name}-csv`);
  const manifestPath = join(outDir, `${name}.json`);
  const wanted = { generator: GENERATOR_VERSION, employments, seed };
  if (fs.existsSync(manifestPath) && fs.existsSync(xlsx) && fs.existsSync(csvDir)) {
    const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
    if (manifest.generator === wanted.generator && manifest.employments === employments && manifest.seed === seed) {
      return { xlsx, csvDir, counts: manifest.counts, generatedMs: null };
    }
  }
  const started = performance.now();
  fs.mkdirSync(outDir, { recursive: true });
  const company = buildLargeCompany(seededRandom(seed), employments);
  writeWorkbookDense(xlsx, workbookSheets(company, dateCell));
  writeCsvFiles(csvDir, company);
  const counts = countsOf(company);
  fs.writeFileSync(manifestPath, `${JSON.stringify({ ...wanted, counts }, null, 2)}\n`);
  return { xlsx, csvDir, counts, generatedMs: performance.now() - started };
}
