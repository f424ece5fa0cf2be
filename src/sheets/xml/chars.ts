/**
 * The character classes of XML as saxes (the parser xml/scanner.ts is proven equal to) applies them:
 * which characters a document may hold in XML 1.0 and 1.1, which are line ends to normalise, which start
 * and continue a name (XML 1.0 fifth edition, whatever the version, as saxes does), and the references
 * `&…;` a document without a DOCTYPE may use.
 */

/**
 * What is wrong with an XML part; `doctype` is refused on purpose (entity expansion), not malformed;
 * `encoding`: the part is in an encoding a package may not use (`encoding` names it as the part does);
 * `bytes`: it holds bytes its encoding (`encoding`: UTF-8 or UTF-16) cannot hold; `mark`: it is UTF-16
 * without the byte order mark the standard requires.
 */
export class XmlProblem extends Error {
  constructor(
    readonly kind:
      | 'character'
      | 'syntax'
      | 'name'
      | 'reference'
      | 'structure'
      | 'declaration'
      | 'end'
      | 'doctype'
      | 'encoding'
      | 'bytes'
      | 'mark',
    readonly encoding?: string,
  ) {
    super(encoding === undefined ? kind : `${kind}: ${encoding}`);
    this.name = 'XmlProblem';
  }

  /** The part it was found in, as the zip names it, once the reader knows (xlsx/elements.ts). */
  part?: string;
  /** The sheet whose part it is, when it is a sheet's. */
  sheetName?: string;
}

export const TAB = 0x09;
export const NL = 0x0a;
export const CR = 0x0d;
export const SPACE = 0x20;
const NEL = 0x85;
const LS = 0x2028;

/** What an unusual code unit is (one outside the printable ASCII range the scanner passes without asking). */
export const ORDINARY = 0;
/** The first half of a character outside the Basic Multilingual Plane: two code units. */
export const PAIR = 1;
/** A line end the document normalises to `\n` (CR, CR LF; in XML 1.1 also NEL and LS). */
export const LINE_END = 2;

/** The class of a code unit below 0x20 or above 0x7E; throws for one XML forbids there. */
export function unusualUnit(s: string, i: number, c: number, xml11: boolean): number {
  if (c === TAB || c === NL) return ORDINARY;
  if (c === CR) return LINE_END;
  if (c < SPACE) throw new XmlProblem('character');
  if (c < 0xd800) {
    if (!xml11) return ORDINARY;
    if (c === NEL || c === LS) return LINE_END;
    if (c < 0xa0) throw new XmlProblem('character');
    return ORDINARY;
  }
  if (c <= 0xdbff) {
    const low = s.charCodeAt(i + 1);
    if (low >= 0xdc00 && low <= 0xdfff) return PAIR;
    throw new XmlProblem('character');
  }
  if (c <= 0xdfff || c > 0xfffd) throw new XmlProblem('character');
  return ORDINARY;
}

/** How many code units the line end at `i` takes (CR LF is one line end; in XML 1.1 so is CR NEL). */
export function lineEndLength(s: string, i: number, xml11: boolean): number {
  if (s.charCodeAt(i) !== CR) return 1;
  const next = s.charCodeAt(i + 1);
  return next === NL || (xml11 && next === NEL) ? 2 : 1;
}

export function isSpace(c: number): boolean {
  return c === SPACE || c === NL || c === CR || c === TAB;
}

/** ASCII name characters: 1 may start a name, 2 may continue one. */
const ASCII_NAME = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  const start = (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x3a || c === 0x5f;
  const rest = start || (c >= 0x30 && c <= 0x39) || c === 0x2d || c === 0x2e;
  ASCII_NAME[c] = (start ? 1 : 0) | (rest ? 2 : 0);
}

/** The code point at `i` (a surrogate pair read whole). */
export function codePointAt(s: string, i: number): number {
  return s.codePointAt(i) ?? Number.NaN;
}

export function isNameStart(cp: number): boolean {
  if (cp < 128) return (ASCII_NAME[cp]! & 1) !== 0;
  return (
    (cp >= 0xc0 && cp <= 0xd6) ||
    (cp >= 0xd8 && cp <= 0xf6) ||
    (cp >= 0xf8 && cp <= 0x2ff) ||
    (cp >= 0x370 && cp <= 0x37d) ||
    (cp >= 0x37f && cp <= 0x1fff) ||
    cp === 0x200c ||
    cp === 0x200d ||
    (cp >= 0x2070 && cp <= 0x218f) ||
    (cp >= 0x2c00 && cp <= 0x2fef) ||
    (cp >= 0x3001 && cp <= 0xd7ff) ||
    (cp >= 0xf900 && cp <= 0xfdcf) ||
    (cp >= 0xfdf0 && cp <= 0xfffd) ||
    (cp >= 0x10000 && cp <= 0xeffff)
  );
}

export function isNameChar(cp: number): boolean {
  if (cp < 128) return (ASCII_NAME[cp]! & 2) !== 0;
  return isNameStart(cp) || cp === 0xb7 || (cp >= 0x300 && cp <= 0x36f) || (cp >= 0x203f && cp <= 0x2040);
}

/**
 * The end of the name starting at `i` (the first unit that does not continue it, or the end of `s`).
 * ASCII names, all a workbook has, never leave the first loop.
 */
export function nameEnd(s: string, i: number): number {
  const n = s.length;
  for (; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c < 128) {
      if ((ASCII_NAME[c]! & 2) === 0) return i;
      continue;
    }
    const cp = codePointAt(s, i);
    if (!isNameChar(cp)) return i;
    if (cp > 0xffff) i++;
  }
  return n;
}

const PREDEFINED = new Map([
  ['amp', '&'],
  ['lt', '<'],
  ['gt', '>'],
  ['quot', '"'],
  ['apos', "'"],
]);

/** May this unit be part of a reference (`amp`, `#x26`, `#38`)? Anything else makes the reference wrong. */
export function isReferenceUnit(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x23;
}

/** The text of `&reference;`; throws for an unknown entity or a character reference to no allowed character. */
export function resolveReference(reference: string, xml11: boolean): string {
  if (reference.charCodeAt(0) !== 0x23) {
    const known = PREDEFINED.get(reference);
    if (known === undefined) throw new XmlProblem('reference');
    return known;
  }
  let code = Number.NaN;
  // Only a lower-case x marks hexadecimal (`&#X41;` is no reference), as the specification writes it.
  if (reference.charCodeAt(1) === 0x78 && /^#x[0-9a-f]+$/i.test(reference)) code = Number.parseInt(reference.slice(2), 16);
  else if (/^#[0-9]+$/.test(reference)) code = Number.parseInt(reference.slice(1), 10);
  const allowed = xml11
    ? (code >= 1 && code <= 0xd7ff) || (code >= 0xe000 && code <= 0xfffd) || (code >= 0x10000 && code <= 0x10ffff)
    : code === TAB ||
      code === NL ||
      code === CR ||
      (code >= SPACE && code <= 0xd7ff) ||
      (code >= 0xe000 && code <= 0xfffd) ||
      (code >= 0x10000 && code <= 0x10ffff);
  if (!allowed) throw new XmlProblem('reference');
  return String.fromCodePoint(code);
}

// The characters markup is made of.
export const LT = 0x3c;
export const GT = 0x3e;
export const AMP = 0x26;
export const SLASH = 0x2f;
export const BANG = 0x21;
export const QUESTION = 0x3f;
export const EQUALS = 0x3d;
export const DQUOTE = 0x22;
export const SQUOTE = 0x27;
export const RBRACKET = 0x5d;
export const DASH = 0x2d;

/** Whether `c` is the XML `S` production, or (in XML 1.1) a line end read as one. */
export function spaceLike(c: number, xml11: boolean): boolean {
  if (isSpace(c)) return true;
  return xml11 && (c === 0x85 || c === 0x2028);
}

/** The name without its namespace prefix. */
export function localName(name: string): string {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
}

/** Whether `name` is written in `s` at `i` (compared here: cheaper than a call for the few letters of a name). */
export function writtenAt(s: string, i: number, name: string): boolean {
  for (let k = 0; k < name.length; k++) if (s.charCodeAt(i + k) !== name.charCodeAt(k)) return false;
  return true;
}

/**
 * Names met before, by length and first character: a sheet repeats a handful of names a million times,
 * and handing on the same string spares making one per tag.
 */
export class NameCache {
  // Filled at once: an array that starts empty changes its kind at the first name stored, and the
  // engine's compiled scanner with it (compiling the scanner again cost 75–150 ms each time).
  private readonly names: (string | undefined)[] = new Array<string | undefined>(16 * 128).fill(undefined);
  private readonly locals: (string | undefined)[] = new Array<string | undefined>(16 * 128).fill(undefined);
  /** The local name of the name last returned. */
  local = '';

  /** The name from `i` to `j` (its first unit ASCII). */
  get(s: string, i: number, j: number): string {
    const length = j - i;
    if (length >= 16) return this.remember(s.slice(i, j), -1);
    const key = (length << 7) | s.charCodeAt(i);
    const known = this.names[key];
    if (known !== undefined && writtenAt(s, i, known)) {
      this.local = this.locals[key]!;
      return known;
    }
    return this.remember(s.slice(i, j), key);
  }

  private remember(written: string, key: number): string {
    const name = internalised(written);
    this.local = internalised(localName(name));
    if (key >= 0) {
      this.names[key] = name;
      this.locals[key] = this.local;
    }
    return name;
  }
}

/**
 * The engine's own copy of the string (the one every literal and property key with these characters
 * is): the readers compare names with literals (`case 'c':`), and two such copies compare by identity,
 * where a string made by slicing is compared character by character.
 */
export function internalised(text: string): string {
  return Object.keys({ [text]: 0 })[0] ?? text;
}

/**
 * Attribute values met before, by length and first character, as NameCache keeps names: a sheet writes
 * `t="s"` and `s="1"` a million times, and the same string handed on spares making one each time.
 */
export class ValueCache {
  private readonly values: (string | undefined)[] = new Array<string | undefined>(3 * 128).fill(undefined);

  /**
   * The value from `i` to `j`, `j > i` (its units printable ASCII). Only short ones are kept: a longer
   * value is most often a cell reference (`r="A755"`), met once.
   */
  get(s: string, i: number, j: number): string {
    const length = j - i;
    if (length > 3) return s.slice(i, j);
    const key = ((length - 1) << 7) | s.charCodeAt(i);
    const known = this.values[key];
    if (known !== undefined && writtenAt(s, i, known)) return known;
    const value = s.slice(i, j);
    this.values[key] = value;
    return value;
  }
}

/** An element's attributes as a handler reads them. */
export interface Attributes {
  /** The value of the attribute named so (as written, prefix and all), or undefined. */
  get(name: string): string | undefined;
  /** Every attribute, in the order written. */
  entries(): [string, string][];
}

/**
 * The attributes of the tag being read, kept in two arrays that every tag reuses: a sheet has a million
 * tags, and an object made per tag with a property added per attribute (its shape changing at each) was
 * the scanner's costliest line. A handler reads them during its call and does not keep them.
 */
/** More attributes than any element of a workbook part has (a `<c>` has at most six). */
const MANY_ATTRIBUTES = 16;

export class TagAttributes implements Attributes {
  private readonly names: string[] = [];
  private readonly values: string[] = [];
  private count = 0;
  /**
   * The names of a tag with more attributes than a tag of a workbook has, looked up at once: compared one
   * by one, a tag of a million attributes would cost a million million comparisons.
   */
  private many: Set<string> | null = null;

  get(name: string): string | undefined {
    for (let k = 0; k < this.count; k++) if (this.names[k] === name) return this.values[k];
    return undefined;
  }

  entries(): [string, string][] {
    const entries: [string, string][] = [];
    for (let k = 0; k < this.count; k++) entries.push([this.names[k]!, this.values[k]!]);
    return entries;
  }

  clear(): void {
    this.count = 0;
    this.many = null;
  }

  /** Adds the attribute; false (nothing added) when the tag has one of that name already. */
  add(name: string, value: string): boolean {
    const count = this.count;
    if (count < MANY_ATTRIBUTES) {
      for (let k = 0; k < count; k++) if (this.names[k] === name) return false;
    } else {
      this.many ??= new Set(this.names.slice(0, count));
      if (this.many.has(name)) return false;
      this.many.add(name);
    }
    this.names[count] = name;
    this.values[count] = value;
    this.count = count + 1;
    return true;
  }
}
