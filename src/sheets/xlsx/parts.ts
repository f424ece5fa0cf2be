/**
 * The two parts every sheet refers to, read once before the first sheet: the shared strings (a sheet's
 * `t="s"` cells hold an index into them) and, from the styles, each cell style's number format (a number
 * in such a cell may be a date, a time of day, or digits shown with leading zeros).
 */
import { readXmlPart } from './elements.js';
import { DATE_FORMAT, numberFormat, PLAIN_FORMAT, TIME_FORMAT, type NumberFormat } from './number-formats.js';
import type { WorkbookPackage } from './package.js';
import type { ZipEntry } from './zip.js';

export interface WorkbookParts {
  sharedStrings: readonly string[];
  /** By cell style index (a cell's `s`): what its number format makes of a number. */
  styleFormats: readonly NumberFormat[];
}

export async function readWorkbookParts(pkg: WorkbookPackage): Promise<WorkbookParts> {
  const [sharedStrings, styleFormats] = await Promise.all([
    pkg.sharedStrings ? readSharedStrings(pkg.file, pkg.sharedStrings) : [],
    pkg.styles ? readStyleFormats(pkg.file, pkg.styles) : [],
  ]);
  return { sharedStrings, styleFormats };
}

/**
 * Each `<si>` as the text it shows: its `<t>`, or the `<t>` of each of its rich-text runs joined.
 * Phonetic guides (`<rPh>`, Japanese reading aids) are not shown in the cell and are left out.
 */
async function readSharedStrings(file: string, entry: ZipEntry): Promise<string[]> {
  const strings: string[] = [];
  let current: string | null = null;
  let inText = false;
  let phonetic = 0;
  await readXmlPart(file, entry, {
    open(name) {
      if (name === 'si') current = '';
      else if (name === 't' && phonetic === 0) inText = true;
      else if (name === 'rPh') phonetic += 1;
    },
    close(name) {
      if (name === 'si') {
        strings.push(current ?? '');
        current = null;
      } else if (name === 't') inText = false;
      else if (name === 'rPh') phonetic -= 1;
    },
    text(text) {
      if (inText && current !== null) current += text;
    },
  });
  return strings;
}

/**
 * The built-in number formats that are dates (ECMA-376 18.8.30, as exceljs lists them): 14–17 and 22
 * dates, 18–21 and 45–47 times of day. The East Asian ones (27–36, 50–58) are left out, as exceljs left
 * them out. None of the built-in number formats pads with zeros.
 */
const BUILT_IN_DATE_FORMATS = new Set([14, 15, 16, 17, 22]);
const BUILT_IN_TIME_FORMATS = new Set([18, 19, 20, 21, 45, 46, 47]);

/** Per `<xf>` of `<cellXfs>`, its number format (custom `<numFmt>` first, else built-in). */
async function readStyleFormats(file: string, entry: ZipEntry): Promise<NumberFormat[]> {
  const formats = new Map<number, string>();
  const styleFormats: number[] = [];
  let inCellStyles = false;
  let inFormats = false;
  await readXmlPart(file, entry, {
    open(name, attributes) {
      // Only <numFmts>: a conditional format (<dxf>) has <numFmt>s of its own.
      if (name === 'numFmt' && inFormats) {
        const id = Number.parseInt(attributes.get('numFmtId') ?? '', 10);
        if (Number.isFinite(id)) formats.set(id, attributes.get('formatCode') ?? '');
      } else if (name === 'numFmts') inFormats = true;
      else if (name === 'cellXfs') inCellStyles = true;
      else if (name === 'xf' && inCellStyles) styleFormats.push(Number.parseInt(attributes.get('numFmtId') ?? '0', 10));
    },
    close(name) {
      if (name === 'cellXfs') inCellStyles = false;
      else if (name === 'numFmts') inFormats = false;
    },
    text() {},
  });
  return styleFormats.map((id) => {
    // Format 0 (General) is no format, whatever a <numFmt> says.
    if (!id) return PLAIN_FORMAT;
    const custom = formats.get(id);
    if (custom) return numberFormat(custom);
    return BUILT_IN_DATE_FORMATS.has(id) ? DATE_FORMAT : BUILT_IN_TIME_FORMATS.has(id) ? TIME_FORMAT : PLAIN_FORMAT;
  });
}
