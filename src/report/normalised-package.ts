/**
 * An .xlsx package as exceljs's full reader (the one the annotated copy is made with) can read it.
 * exceljs finds notes only under the part names Excel gives them (`xl/comments1.xml`,
 * `xl/drawings/vmlDrawing1.vml`) and looks relationship targets up as written relative to the part; the
 * format allows any part name and absolute targets, and openpyxl writes every note as
 * `/xl/comments/comment1.xml` with `/xl/drawings/commentsDrawing1.vml`, on which exceljs fails ("Cannot
 * read properties of undefined (reading 'comments')"). So notes and their drawings are renamed as Excel
 * names them, and every internal target is written relative to its part, before exceljs sees the
 * package, and a note's plain text is written as a run (the only form exceljs reads). The parts are read by the reader's own zip code (its size limits apply) and packed again by
 * jszip, the zip library exceljs itself uses.
 */
import { posix } from 'node:path';
import JSZip from 'jszip';
import { entryChunks, partAsUtf8, readZipDirectory } from '../sheets/raw-files.js';

const RELATIONSHIP = /<Relationship\b[^>]*>/g;
/** Relationship type (last path segment) → the part name Excel gives such a part, numbered from 1. */
const EXCEL_NAMES: Record<string, (n: number) => string> = {
  comments: (n) => `xl/comments${n}.xml`,
  vmlDrawing: (n) => `xl/drawings/vmlDrawing${n}.vml`,
};

export async function normalisedPackage(file: string): Promise<Buffer> {
  const parts = new Map<string, Buffer>();
  for (const entry of await readZipDirectory(file)) {
    if (entry.name.endsWith('/')) continue;
    const chunks: Buffer[] = [];
    for await (const chunk of entryChunks(file, entry)) chunks.push(chunk);
    // The reader reads UTF-16 parts (the package standard allows them); exceljs reads UTF-8 only.
    parts.set(entry.name, /\.(xml|rels)$/i.test(entry.name) ? partAsUtf8(Buffer.concat(chunks)) : Buffer.concat(chunks));
  }
  const renamed = excelPartNames(parts);
  const zip = new JSZip();
  for (const [name, data] of parts) {
    const target = renamedPart(name, renamed);
    if (name.endsWith('.rels')) zip.file(target, withTargets(target, data.toString('utf8'), renamed, name));
    else if (name === '[Content_Types].xml') zip.file(name, withContentTypeNames(data.toString('utf8'), renamed));
    else if (target.startsWith('xl/comments')) zip.file(target, withTextAsRuns(data.toString('utf8')));
    else zip.file(target, data);
  }
  return zip.generateAsync({ type: 'nodebuffer', compression: 'STORE' });
}

/** The part a relationships part belongs to: xl/worksheets/_rels/sheet1.xml.rels → xl/worksheets/sheet1.xml. */
function sourceOf(relsPath: string): string {
  return posix.join(posix.dirname(posix.dirname(relsPath)), posix.basename(relsPath, '.rels'));
}

function relsOf(part: string): string {
  return posix.join(posix.dirname(part), '_rels', `${posix.basename(part)}.rels`);
}

/** A target as an absolute part name without the leading slash. */
function resolveTarget(relsPath: string, target: string): string {
  if (target.startsWith('/')) return posix.normalize(target.slice(1));
  return posix.normalize(posix.join(posix.dirname(sourceOf(relsPath)), target));
}

function attribute(element: string, name: string): string | undefined {
  return new RegExp(`\\b${name}\\s*=\\s*(["'])(.*?)\\1`).exec(element)?.[2];
}

function excelPartNames(parts: ReadonlyMap<string, Buffer>): Map<string, string> {
  const renamed = new Map<string, string>();
  const counts = new Map<string, number>();
  for (const [name, data] of parts) {
    if (!name.endsWith('.rels')) continue;
    for (const element of data.toString('utf8').match(RELATIONSHIP) ?? []) {
      const type = /\/(\w+)$/.exec(attribute(element, 'Type') ?? '')?.[1] ?? '';
      const target = attribute(element, 'Target');
      const excelName = EXCEL_NAMES[type];
      if (!excelName || !target || attribute(element, 'TargetMode') === 'External') continue;
      const part = resolveTarget(name, target);
      if (renamed.has(part) || !parts.has(part)) continue;
      const count = (counts.get(type) ?? 0) + 1;
      counts.set(type, count);
      renamed.set(part, excelName(count));
    }
  }
  return renamed;
}

function renamedPart(name: string, renamed: ReadonlyMap<string, string>): string {
  const direct = renamed.get(name);
  if (direct) return direct;
  if (name.endsWith('.rels')) {
    const owner = renamed.get(sourceOf(name));
    if (owner) return relsOf(owner);
  }
  return name;
}

/** The relationships part (now at `relsPath`) with each internal target renamed and relative to its part. */
function withTargets(relsPath: string, xml: string, renamed: ReadonlyMap<string, string>, originalPath: string): string {
  const base = posix.dirname(sourceOf(relsPath));
  return xml.replace(RELATIONSHIP, (element) => {
    const target = attribute(element, 'Target');
    if (!target || attribute(element, 'TargetMode') === 'External') return element;
    const part = resolveTarget(originalPath, target);
    const final = renamed.get(part) ?? part;
    const relative = base === '.' || base === '' ? final : posix.relative(base, final);
    return element.replace(/\bTarget\s*=\s*(["']).*?\1/, `Target="${relative}"`);
  });
}

function withContentTypeNames(xml: string, renamed: ReadonlyMap<string, string>): string {
  return xml.replace(/PartName\s*=\s*"\/([^"]*)"/g, (whole, part: string) => {
    const final = renamed.get(part);
    return final ? `PartName="/${final}"` : whole;
  });
}

/**
 * A note's plain text (`<text><t>…</t></text>`, as openpyxl writes it) as one run: exceljs reads only
 * runs (`<r>`), and would give the copy the user's own notes empty.
 */
function withTextAsRuns(xml: string): string {
  return xml.replace(/<text>(\s*)<t(\s[^>]*)?>([\s\S]*?)<\/t>(\s*)<\/text>/g, '<text><r><t xml:space="preserve">$3</t></r></text>');
}
