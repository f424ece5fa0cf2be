/**
 * The parts of an .xlsx package: which file is the workbook, which are its sheets (in tab order, with
 * their names and visibility), its shared strings and styles, and its date system. Read from the zip
 * directory and the two small index files only; no sheet data is touched here.
 */
import { posix } from 'node:path';
import { MAX_ROW_BYTES } from './limits.js';
import { emptyTextResultsAsBlank, isoDateCellsAsSerials } from './xlsx-iso-dates.js';
import { richTextAsPlain } from './xlsx-rich-text.js';
import { entryBuffer, entryChunks, readZipDirectory, ZipProblem, type StoredPart, type ZipEntry } from './zip.js';

export interface PackageSheet {
  name: string;
  hidden: boolean;
  /** The worksheet part; null for a chart sheet or a sheet whose part is missing. */
  entry: ZipEntry | null;
}

export interface WorkbookPackage {
  file: string;
  workbook: ZipEntry;
  sharedStrings: ZipEntry | null;
  styles: ZipEntry | null;
  /** True when the workbook counts dates from 1904 (attribute `date1904` = 1 or true). */
  date1904: boolean;
  sheets: PackageSheet[];
}

/** Why a zip is not a workbook we can read; the caller words it for the user. */
export class NotAWorkbook extends Error {
  constructor(readonly kind: 'other_zip' | 'opendocument' | 'no_sheets') {
    super(kind);
    this.name = 'NotAWorkbook';
  }
}

const RELATIONSHIP_TYPE = /\/(officeDocument|worksheet|sharedStrings|styles)$/;

export async function openWorkbookPackage(file: string): Promise<WorkbookPackage> {
  const entries = await readZipDirectory(file);
  const byName = new Map(entries.map((entry) => [entry.name, entry]));
  const workbookPath = await mainDocumentPath(file, byName);
  const workbook = byName.get(workbookPath);
  if (!workbook) {
    throw new NotAWorkbook(byName.has('mimetype') && byName.has('content.xml') ? 'opendocument' : 'other_zip');
  }
  const workbookXml = await xmlText(file, workbook);
  const relsEntry = byName.get(posix.join(posix.dirname(workbookPath), '_rels', `${posix.basename(workbookPath)}.rels`));
  const relationships = relsEntry ? parseRelationships(await xmlText(file, relsEntry), posix.dirname(workbookPath)) : [];
  const target = (type: string): ZipEntry | null => {
    const found = relationships.find((r) => r.type === type);
    return (found && byName.get(found.target)) ?? null;
  };
  const sheets = elements(workbookXml, 'sheet').map((attributes): PackageSheet => {
    const id = relationshipId(attributes);
    const relationship = relationships.find((r) => r.id === id);
    const entry = relationship?.type === 'worksheet' ? (byName.get(relationship.target) ?? null) : null;
    const state = attributes.get('state');
    return { name: attributes.get('name') ?? '', hidden: state === 'hidden' || state === 'veryHidden', entry };
  });
  if (!sheets.some((sheet) => sheet.entry)) throw new NotAWorkbook('no_sheets');
  const properties = elements(workbookXml, 'workbookPr')[0];
  const date1904 = ['1', 'true'].includes(properties?.get('date1904') ?? '');
  return {
    file,
    workbook,
    sharedStrings: target('sharedStrings'),
    styles: target('styles'),
    date1904,
    sheets,
  };
}

async function mainDocumentPath(file: string, byName: Map<string, ZipEntry>): Promise<string> {
  const packageRels = byName.get('_rels/.rels');
  if (packageRels) {
    const main = parseRelationships(await xmlText(file, packageRels), '').find((r) => r.type === 'officeDocument');
    if (main) return main.target;
  }
  return 'xl/workbook.xml';
}

/** A small XML part as text, refused when it declares a DOCTYPE (no workbook part ever has one). */
async function xmlText(file: string, entry: ZipEntry): Promise<string> {
  const text = (await entryBuffer(file, entry)).toString('utf8');
  if (/<!DOCTYPE/i.test(text)) throw new ZipProblem('doctype');
  return text;
}

interface Relationship {
  id: string;
  type: string;
  /** Path inside the zip, resolved against the part the relationships belong to. */
  target: string;
}

function parseRelationships(xml: string, baseDirectory: string): Relationship[] {
  return elements(xml, 'Relationship').flatMap((attributes) => {
    const type = RELATIONSHIP_TYPE.exec(attributes.get('Type') ?? '')?.[1];
    const target = attributes.get('Target');
    if (!type || !target || attributes.get('TargetMode') === 'External') return [];
    const path = target.startsWith('/') ? target.slice(1) : posix.join(baseDirectory, target);
    return [{ id: attributes.get('Id') ?? '', type, target: posix.normalize(path) }];
  });
}

/** The `r:id` attribute, whatever prefix the file binds to the relationships namespace. */
function relationshipId(attributes: Map<string, string>): string | undefined {
  for (const [name, value] of attributes) if (/^[^:]+:id$/.test(name)) return value;
  return undefined;
}

/**
 * Attributes of each element with this local name, any namespace prefix. A regular expression is enough
 * for these two index parts: their elements are empty and flat, and only attributes are read.
 */
function elements(xml: string, localName: string): Map<string, string>[] {
  const pattern = new RegExp(`<(?:[A-Za-z_][\\w.-]*:)?${localName}(?=[\\s/>])([^>]*)>`, 'g');
  return [...xml.matchAll(pattern)].map((match) => {
    const attributes = new Map<string, string>();
    for (const attribute of (match[1] ?? '').matchAll(/([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
      attributes.set(attribute[1] ?? '', decodeXmlEntities(attribute[2] ?? attribute[3] ?? ''));
    }
    return attributes;
  });
}

function decodeXmlEntities(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|amp|lt|gt|quot|apos);/g, (_, entity: string) => {
    if (entity.startsWith('#x')) return String.fromCodePoint(parseInt(entity.slice(2), 16));
    if (entity.startsWith('#')) return String.fromCodePoint(parseInt(entity.slice(1), 10));
    return { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }[entity] ?? '';
  });
}

/** Where each worksheet sits in the stream handed to exceljs: sheet{position}.xml. */
export interface StreamedSheet {
  position: number;
  sheet: PackageSheet & { entry: ZipEntry };
}

/**
 * The workbook repacked for exceljs's streaming reader, which reads zip entries front to back and
 * depends on their order: it names sheets only when the relationships came first, recognises date
 * cells only when the styles came first, and copies every sheet to a temporary file when the shared
 * strings come after it (Excel writes them last). So the parts are sent in the order it needs, under
 * the fixed names it looks for, stored (this module inflates them, enforcing their declared sizes), and
 * with a DOCTYPE refused before exceljs's XML parser sees it.
 */
export function partsForExceljs(pkg: WorkbookPackage, sheets: readonly StreamedSheet[]): StoredPart[] {
  const relationships = sheets
    .map(({ position }) =>
      `<Relationship Id="rIdSheet${position}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet${position}.xml"/>`,
    )
    .join('');
  const parts: StoredPart[] = [
    fromEntry(pkg.file, 'xl/workbook.xml', pkg.workbook),
    fromText(
      'xl/_rels/workbook.xml.rels',
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${relationships}</Relationships>`,
    ),
  ];
  if (pkg.styles) parts.push(fromEntry(pkg.file, 'xl/styles.xml', pkg.styles));
  parts.push(
    pkg.sharedStrings
      ? rewritten(fromEntry(pkg.file, 'xl/sharedStrings.xml', pkg.sharedStrings), '</si>', (xml) => richTextAsPlain(xml, 'si'))
      : fromText('xl/sharedStrings.xml', '<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"/>'),
  );
  for (const { position, sheet } of sheets) {
    const part = fromEntry(pkg.file, `xl/worksheets/sheet${position}.xml`, sheet.entry);
    parts.push(rewritten(part, '</row>', (xml) => worksheetRewritten(xml, pkg.date1904)));
  }
  return parts;
}

/** Anything a worksheet's rewrites look for. Most rows hold none of it, and one search costs a third of three. */
const WORKSHEET_REWRITES = /t="(?:d|str)"|<r[ >]|<rPh/;

function worksheetRewritten(xml: Buffer, date1904: boolean): Buffer {
  if (!WORKSHEET_REWRITES.test(xml.toString('latin1'))) return xml;
  return richTextAsPlain(emptyTextResultsAsBlank(isoDateCellsAsSerials(xml, date1904)), 'is');
}

function fromText(name: string, text: string): StoredPart {
  const data = Buffer.from(text, 'utf8');
  return { name, size: data.length, crc32: 0, chunks: async function* () { yield data; } };
}

function fromEntry(file: string, name: string, entry: ZipEntry): StoredPart {
  return {
    name,
    size: entry.uncompressedSize,
    crc32: entry.crc32,
    chunks: () => withoutDoctype(entryChunks(file, entry)),
  };
}

/** A DOCTYPE can only stand before the root element, so the first few kilobytes are enough to look at. */
async function* withoutDoctype(chunks: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  let prologue = '';
  for await (const chunk of chunks) {
    if (prologue.length < 4096) {
      prologue += chunk.toString('latin1', 0, Math.min(chunk.length, 4096));
      if (/<!DOCTYPE/i.test(prologue)) throw new ZipProblem('doctype');
    }
    yield chunk;
  }
}

/**
 * exceljs's parser is handed a worksheet about 16 KB at a time, though it is inflated in larger chunks
 * (zip.ts): given larger pieces the parser slows down (5.5 s instead of 3.2 s for 100,000 rows).
 */
const PARSER_CHUNK_BYTES = 16 * 1024;

/** The part with `rewrite` applied to it whole elements at a time (see rewrittenByElement). */
function rewritten(part: StoredPart, endTag: string, rewrite: (xml: Buffer) => Buffer): StoredPart {
  return { ...part, chunks: () => rewrittenByElement(part.chunks(), endTag, rewrite) };
}

/**
 * What exceljs misreads is rewritten before it sees it, keeping every byte count: in a worksheet, cells
 * stored as ISO 8601 text (`t="d"`, written by some libraries, never by Excel), which exceljs takes for a
 * serial number and turns 2024-01-31 into a day in 1905, become the serials Excel would have stored
 * (xlsx-iso-dates.ts), a formula whose cached result is empty text becomes the blank cell it shows, and rich text becomes plain text (xlsx-rich-text.ts), in the shared strings too.
 * Whole elements (rows, shared strings) are rewritten at a time, so a cell split across two chunks is
 * never missed, in pieces of about PARSER_CHUNK_BYTES, which are what exceljs is handed. Only the new
 * chunk is searched for the end of an element, and one that grows past MAX_ROW_BYTES is refused, so a
 * huge cell costs neither quadratic time nor unbounded memory.
 */
async function* rewrittenByElement(chunks: AsyncIterable<Buffer>, endTag: string, rewrite: (xml: Buffer) => Buffer): AsyncGenerator<Buffer> {
  const END_TAG = Buffer.from(endTag);
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  for await (const chunk of chunks) {
    const end = elementsEnd(pending.at(-1), chunk, END_TAG);
    if (end < 0) {
      pending.push(chunk);
      pendingBytes += chunk.length;
      if (pendingBytes > MAX_ROW_BYTES) {
        const text = Buffer.concat(pending).toString('latin1');
        const rowStart = /<row[\s>]/.exec(text);
        if (rowStart) throw new RowTooLarge(rowNumberAt(text, rowStart.index));
        // Outside any row (column widths, page setup): no cell to rewrite, so pass it on, keeping a tail
        // that may hold the start of the next row's tag.
        const keep = Buffer.from(text.slice(-8), 'latin1');
        yield Buffer.from(text.slice(0, -8), 'latin1');
        pending = [keep];
        pendingBytes = keep.length;
      }
      continue;
    }
    const elements = pending.length === 0 ? chunk.subarray(0, end) : Buffer.concat([...pending, chunk.subarray(0, end)]);
    for (const piece of elementPieces(elements, END_TAG)) yield rewrite(piece);
    pending = end < chunk.length ? [chunk.subarray(end)] : [];
    pendingBytes = chunk.length - end;
  }
  if (pendingBytes > 0) yield rewrite(Buffer.concat(pending));
}

/** Where the last element ending in `chunk` ends, its end tag perhaps begun in `before`; -1 if none does. */
function elementsEnd(before: Buffer | undefined, chunk: Buffer, endTag: Buffer): number {
  const found = chunk.lastIndexOf(endTag);
  if (found >= 0) return found + endTag.length;
  if (!before) return -1;
  const overlap = Math.min(endTag.length - 1, before.length);
  const seam = Buffer.concat([before.subarray(before.length - overlap), chunk.subarray(0, endTag.length - 1)]);
  const at = seam.lastIndexOf(endTag);
  return at < 0 ? -1 : at - overlap + endTag.length;
}

/** Whole elements, cut after the last end tag within each PARSER_CHUNK_BYTES (or the first after a longer element). */
function* elementPieces(elements: Buffer, endTag: Buffer): Generator<Buffer> {
  let start = 0;
  while (elements.length - start > PARSER_CHUNK_BYTES) {
    const within = elements.lastIndexOf(endTag, start + PARSER_CHUNK_BYTES - endTag.length);
    const found = within >= start ? within : elements.indexOf(endTag, start);
    const end = found + endTag.length;
    if (found < 0 || end >= elements.length) break;
    yield elements.subarray(start, end);
    start = end;
  }
  yield elements.subarray(start);
}

/** The number of the row whose start tag is at `at`, when it carries one. */
function rowNumberAt(text: string, at: number): number | null {
  const match = /^<row\b[^>]*?\sr="(\d+)"/.exec(text.slice(at, at + 4096));
  return match ? Number(match[1]) : null;
}

/** A worksheet row longer than MAX_ROW_BYTES; the reader words it with the sheet's name. */
export class RowTooLarge extends Error {
  constructor(readonly row: number | null) {
    super(row === null ? 'row' : `row ${row}`);
    this.name = 'RowTooLarge';
  }
}
