/**
 * The parts of an .xlsx package: which file is the workbook, which are its sheets (in tab order, with
 * their names and visibility), its shared strings and styles, and its date system. Read from the zip
 * directory and the two small index files only; no sheet data is touched here.
 */
import { posix } from 'node:path';
import { XmlProblem } from '../xml/chars.js';
import { entryBuffer, readZipDirectory, type ZipEntry } from './zip.js';

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
  /** Written exactly date1904="1" (see xlsx/cells.ts DateSystem). */
  date1904WrittenAs1: boolean;
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
  const date1904WrittenAs1 = properties?.get('date1904') === '1';
  return {
    file,
    workbook,
    sharedStrings: target('sharedStrings'),
    styles: target('styles'),
    date1904,
    date1904WrittenAs1,
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
  if (/<!DOCTYPE/i.test(text)) throw new XmlProblem('doctype');
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
