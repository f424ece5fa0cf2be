/**
 * The two parts every sheet refers to, read once before the first sheet: the shared strings (a sheet's
 * `t="s"` cells hold an index into them) and, from the styles, which cell styles have a date format (a
 * number in such a cell is a date).
 */
import { isDateFormat } from './cells.js';
import type { WorkbookPackage } from './package.js';
import { xmlStream, type XmlHandlers } from './elements.js';
import { entryChunks, type ZipEntry } from './zip.js';

export interface WorkbookParts {
  sharedStrings: readonly string[];
  /** By cell style index (a cell's `s`): whether numbers in it are dates. */
  dateStyles: readonly boolean[];
}

export async function readWorkbookParts(pkg: WorkbookPackage): Promise<WorkbookParts> {
  const [sharedStrings, dateStyles] = await Promise.all([
    pkg.sharedStrings ? readSharedStrings(pkg.file, pkg.sharedStrings) : [],
    pkg.styles ? readDateStyles(pkg.file, pkg.styles) : [],
  ]);
  return { sharedStrings, dateStyles };
}

async function parse(file: string, entry: ZipEntry, handlers: XmlHandlers): Promise<void> {
  const xml = xmlStream(handlers);
  for await (const chunk of entryChunks(file, entry)) xml.write(chunk);
  xml.end();
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
  await parse(file, entry, {
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
 * The built-in number formats that are dates (ECMA-376 18.8.30, as exceljs lists them): 14–22 and
 * 45–47. The East Asian ones (27–36, 50–58) are left out, as exceljs left them out.
 */
const BUILT_IN_DATE_FORMATS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 45, 46, 47]);

/** Per `<xf>` of `<cellXfs>`, whether its number format (custom `<numFmt>` first, else built-in) is a date. */
async function readDateStyles(file: string, entry: ZipEntry): Promise<boolean[]> {
  const formats = new Map<number, string>();
  const styleFormats: number[] = [];
  let inCellStyles = false;
  let inFormats = false;
  await parse(file, entry, {
    open(name, attributes) {
      // Only <numFmts>: a conditional format (<dxf>) has <numFmt>s of its own.
      if (name === 'numFmt' && inFormats) {
        const id = Number.parseInt(attributes.get('numFmtId') ?? '', 10);
        // A backslash escapes the character after it (dd\.mm\.yyyy).
        if (Number.isFinite(id)) formats.set(id, (attributes.get('formatCode') ?? '').replace(/\\(.)/g, '$1'));
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
    if (!id) return false;
    const custom = formats.get(id);
    return custom ? isDateFormat(custom) : BUILT_IN_DATE_FORMATS.has(id);
  });
}
