/**
 * The parts of an .xlsx package: which file is the workbook, which are its sheets (in tab order, with
 * their names and visibility), its shared strings and styles, and its date system. Read from the zip
 * directory and the small index parts only (the package's relationships, and if it has none its
 * content types; the workbook and its relationships), each through the XML scanner as every part is
 * (xlsx/elements.ts): comments, prefixes, either quote, references and UTF-16 read as the standard says,
 * in one pass bounded by the part's size. No sheet data is touched here.
 *
 * Part names are found as the package standard (OPC, ECMA-376 Part 2) says: compared without regard to
 * ASCII case, a zip entry written with backslashes (`xl\worksheets\sheet1.xml`) read as with slashes, and
 * a relationship's target percent-decoded when it is not found as written. A sheet the workbook lists
 * whose part cannot be found is an error naming the sheet, never a sheet left out.
 */
import { posix } from 'node:path';
import { MAX_SMALL_PART_BYTES } from '../limits.js';
import { sheetPartMissing } from '../unreadable.js';
import { readXmlPart, type Attributes } from './elements.js';
import { readZipDirectory, ZipProblem, type ZipEntry } from './zip.js';

export interface PackageSheet {
  name: string;
  hidden: boolean;
  /** The worksheet part; null for a chart sheet (or a dialog or macro sheet): no cells to read. */
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

/** The content types of a workbook's main part: ordinary, with macros, a template (ECMA-376 Part 1, 12.3.23). */
const WORKBOOK_CONTENT_TYPE =
  /^application\/vnd\.(ms-excel|openxmlformats-officedocument\.spreadsheetml)\.(sheet|template)(\.macroEnabled)?\.main\+xml$/i;

/** The package's entries by part name as OPC compares part names: without ASCII case, with `/`. */
class PartNames {
  private readonly byName = new Map<string, ZipEntry>();

  constructor(entries: readonly ZipEntry[]) {
    for (const entry of entries) {
      const key = partKey(entry.name);
      if (!this.byName.has(key)) this.byName.set(key, entry);
    }
  }

  get(name: string): ZipEntry | undefined {
    const found = this.byName.get(partKey(name));
    if (found || !name.includes('%')) return found;
    try {
      return this.byName.get(partKey(decodeURIComponent(name)));
    } catch {
      return undefined;
    }
  }

  has(name: string): boolean {
    return this.get(name) !== undefined;
  }
}

function partKey(name: string): string {
  return name
    .replace(/\\/g, '/')
    .replace(/^\/+/, '')
    .replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
}

export async function openWorkbookPackage(file: string): Promise<WorkbookPackage> {
  const parts = new PartNames(await readZipDirectory(file));
  const workbookPath = await mainDocumentPath(file, parts);
  const workbook = parts.get(workbookPath);
  if (!workbook) {
    throw new NotAWorkbook(parts.has('mimetype') && parts.has('content.xml') ? 'opendocument' : 'other_zip');
  }
  const { sheets: listed, properties } = await readWorkbookPart(file, workbook);
  const relsEntry = parts.get(relationshipsOf(workbook.name));
  const relationships = relsEntry ? await readRelationships(file, relsEntry, posix.dirname(normalised(workbook.name))) : [];
  const target = (type: string): ZipEntry | null => {
    const found = relationships.find((r) => r.type === type);
    return (found && parts.get(found.target)) ?? null;
  };
  const sheets = listed.map(({ name, hidden, id }): PackageSheet => {
    const relationship = relationships.find((r) => r.id === id);
    // A chart sheet, a dialog sheet or a macro sheet: no cells to read.
    if (relationship && relationship.type !== 'worksheet') return { name, hidden, entry: null };
    const entry = relationship && parts.get(relationship.target);
    if (!entry) throw sheetPartMissing(file, name);
    return { name, hidden, entry };
  });
  if (!sheets.some((sheet) => sheet.entry)) throw new NotAWorkbook('no_sheets');
  const date1904 = ['1', 'true'].includes(properties?.date1904 ?? '');
  return {
    file,
    workbook,
    sharedStrings: target('sharedStrings'),
    styles: target('styles'),
    date1904,
    date1904WrittenAs1: properties?.date1904 === '1',
    sheets,
  };
}

/** The workbook part: the package's officeDocument relationship, else the part whose content type is a workbook's. */
async function mainDocumentPath(file: string, parts: PartNames): Promise<string> {
  const packageRels = parts.get('_rels/.rels');
  if (packageRels) {
    const main = (await readRelationships(file, packageRels, '')).find((r) => r.type === 'officeDocument');
    if (main) return main.target;
  }
  const contentTypes = parts.get('[Content_Types].xml');
  if (contentTypes) {
    let found: string | undefined;
    await readIndexPart(file, contentTypes, {
      open(name, attributes, within) {
        if (
          found === undefined &&
          name === 'Override' &&
          isAt(within, 'Types') &&
          WORKBOOK_CONTENT_TYPE.test(attributes.get('ContentType') ?? '')
        ) {
          found = attributes.get('PartName');
        }
      },
    });
    if (found) return normalised(found);
  }
  return 'xl/workbook.xml';
}

interface ListedSheet {
  name: string;
  hidden: boolean;
  /** Its relationship's id (`r:id`). */
  id: string | undefined;
}

/** The sheets of `<workbook><sheets>` in tab order, and `<workbookPr>`'s date system. */
async function readWorkbookPart(
  file: string,
  entry: ZipEntry,
): Promise<{ sheets: ListedSheet[]; properties: { date1904?: string } | null }> {
  const sheets: ListedSheet[] = [];
  let properties: { date1904?: string } | null = null;
  await readIndexPart(file, entry, {
    open(name, attributes, within) {
      if (name === 'sheet' && isAt(within, 'workbook', 'sheets')) {
        const state = attributes.get('state');
        sheets.push({
          name: attributes.get('name') ?? '',
          hidden: state === 'hidden' || state === 'veryHidden',
          id: relationshipId(attributes),
        });
      } else if (name === 'workbookPr' && isAt(within, 'workbook') && properties === null) {
        const date1904 = attributes.get('date1904');
        properties = date1904 === undefined ? {} : { date1904 };
      }
    },
  });
  return { sheets, properties };
}

interface Relationship {
  id: string;
  type: string;
  /** Part name, resolved against the part the relationships belong to. */
  target: string;
}

async function readRelationships(file: string, entry: ZipEntry, baseDirectory: string): Promise<Relationship[]> {
  const relationships: Relationship[] = [];
  await readIndexPart(file, entry, {
    open(name, attributes, within) {
      if (name !== 'Relationship' || !isAt(within, 'Relationships')) return;
      // A type is known by its last segment: Transitional and Strict URIs end alike.
      const uri = attributes.get('Type') ?? '';
      const type = uri.includes('/') ? uri.slice(uri.lastIndexOf('/') + 1) : '';
      const target = attributes.get('Target');
      if (!type || !target || attributes.get('TargetMode') === 'External') return;
      const written = target.replace(/\\/g, '/');
      const path = written.startsWith('/') ? written.slice(1) : posix.join(baseDirectory, written);
      relationships.push({ id: attributes.get('Id') ?? '', type, target: posix.normalize(path) });
    },
  });
  return relationships;
}

/** A part name with `/` and without its leading slash. */
function normalised(name: string): string {
  return name.replace(/\\/g, '/').replace(/^\/+/, '');
}

/** The relationships part of a part: xl/workbook.xml → xl/_rels/workbook.xml.rels. */
function relationshipsOf(part: string): string {
  const name = normalised(part);
  return posix.join(posix.dirname(name), '_rels', `${posix.basename(name)}.rels`);
}

/** The `r:id` attribute, whatever prefix the file binds to the relationships namespace. */
function relationshipId(attributes: Attributes): string | undefined {
  for (const [name, value] of attributes.entries()) if (name.endsWith(':id') && !name.startsWith('xml')) return value;
  return undefined;
}

/** The elements an element is in are exactly these (local names, the root first). */
function isAt(within: readonly string[], ...path: string[]): boolean {
  return within.length === path.length && path.every((name, index) => within[index] === name);
}

/**
 * An index part, read whole through the scanner: each element's local name, its attributes and the
 * local names of the elements it is in, the root first. Never larger than MAX_SMALL_PART_BYTES: these
 * parts list sheets, not rows.
 */
async function readIndexPart(
  file: string,
  entry: ZipEntry,
  handlers: { open(name: string, attributes: Attributes, within: readonly string[]): void },
): Promise<void> {
  if (entry.uncompressedSize > MAX_SMALL_PART_BYTES) throw new ZipProblem('too_large');
  const within: string[] = [];
  await readXmlPart(file, entry, {
    open(name, attributes) {
      handlers.open(name, attributes, within);
      within.push(name);
    },
    close() {
      within.pop();
    },
    text() {},
  });
}
