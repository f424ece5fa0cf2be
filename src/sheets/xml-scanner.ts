/**
 * A streaming XML scanner for the workbook's parts, proven equal to saxes (the conformant parser the
 * reader used before) by the property tests of test/sheets/xml-scanner.test.ts: the same elements,
 * attributes and text from the same documents, however they are cut into chunks, and the same documents
 * refused. It does only what a workbook needs and what saxes checks: entities and character references,
 * CDATA, either quote, line ends normalised, comments and processing instructions skipped, the XML
 * declaration and its version's rules, well-formedness (one root, tags matched, nothing but space
 * outside it). Names keep their prefix here; xlsx-xml.ts hands on local names.
 *
 * Each chunk is read in place with one state machine whose states hold between chunks, so a chunk may end
 * anywhere (mid-tag, mid-reference, mid-CDATA) and nothing is read twice. saxes takes a method call per
 * character; here the common runs (a name, a value, a text) are tight loops, which took the scan of the
 * 100,000-row sheet from about 2 s of CPU to well under one.
 *
 * Differences kept on purpose: a DOCTYPE is refused as soon as `<!DOCTYPE` is read (saxes reads the whole
 * declaration first, so a DOCTYPE that is also malformed is "damaged" there, "doctype" here), and a wrong
 * reference is refused at its first impossible character rather than at its `;`.
 */
import { ZipProblem } from './zip.js';
import {
  codePointAt, CR, isNameStart, isReferenceUnit, isSpace, LINE_END, lineEndLength, nameEnd, NL, PAIR,
  resolveReference, unusualUnit, XmlProblem,
} from './xml-chars.js';
import { checkXmlDeclaration } from './xml-declaration.js';

export interface ScanHandlers {
  /** An element opened: its local name (`<x:c>` is `c`) and attributes (names as written). */
  open(name: string, attributes: Record<string, string>): void;
  close(name: string): void;
  /** Character data, CDATA included, line ends normalised and references resolved. */
  text(text: string): void;
}

const LT = 0x3c;
const GT = 0x3e;
const AMP = 0x26;
const SLASH = 0x2f;
const BANG = 0x21;
const QUESTION = 0x3f;
const EQUALS = 0x3d;
const DQUOTE = 0x22;
const SQUOTE = 0x27;
const RBRACKET = 0x5d;
const DASH = 0x2d;

// The states, held between chunks.
const BEGIN = 0;
const BEGIN_SPACE = 1;
const TEXT = 2;
const REFERENCE = 3;
const TAG = 4;
const OPEN_NAME = 5;
const OPEN_SLASH = 6;
const ATTRIBUTES = 7;
const ATTRIBUTE_NAME = 8;
const ATTRIBUTE_NAME_SPACE = 9;
const VALUE_START = 10;
const VALUE = 11;
const VALUE_CLOSED = 12;
const CLOSE_NAME = 13;
const CLOSE_SPACE = 14;
const BANG_WORD = 15;
const COMMENT = 16;
const COMMENT_DASH = 17;
const COMMENT_DASHES = 18;
const CDATA = 19;
const CDATA_BRACKET = 20;
const CDATA_BRACKETS = 21;
const PI_TARGET_START = 22;
const PI_TARGET = 23;
const PI_BODY = 24;
const PI_QUESTION = 25;
const DECLARATION = 26;
const DECLARATION_END = 27;

const BANG_WORDS = ['--', '[CDATA[', 'DOCTYPE'];

/** What a tag without attributes hands on: one object, never written to. */
const NO_ATTRIBUTES: Record<string, string> = Object.freeze({}) as Record<string, string>;

/** The name without its namespace prefix. */
export function localName(name: string): string {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
}

/** Whether `name` is written in `s` at `i` (compared here: cheaper than a call for the few letters of a name). */
function writtenAt(s: string, i: number, name: string): boolean {
  for (let k = 0; k < name.length; k++) if (s.charCodeAt(i + k) !== name.charCodeAt(k)) return false;
  return true;
}

/**
 * Names met before, by length and first character: a sheet repeats a handful of names a million times,
 * and handing on the same string spares making one per tag.
 */
class NameCache {
  private readonly names: (string | undefined)[] = new Array<string | undefined>(16 * 128);
  private readonly locals: (string | undefined)[] = new Array<string | undefined>(16 * 128);
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

  private remember(name: string, key: number): string {
    this.local = localName(name);
    if (key >= 0) {
      this.names[key] = name;
      this.locals[key] = this.local;
    }
    return name;
  }
}

/** Whether `c` is the XML `S` production, or (in XML 1.1) a line end read as one. */
function spaceLike(c: number, xml11: boolean): boolean {
  if (isSpace(c)) return true;
  return xml11 && (c === 0x85 || c === 0x2028);
}

export class XmlScanner {
  private state = BEGIN;
  /** Characters of the chunks before the current one. */
  private base = 0;
  private at = 0;
  /** A CR or the first half of a pair that ended a chunk: read with the next. */
  private carried = '';
  private xml11 = false;
  /** Nothing but a byte order mark was read yet: an XML declaration may come. */
  private declarationPossible = true;
  private sawRoot = false;
  private closedRoot = false;
  private readonly open: string[] = [];
  /** The local names of the open elements. */
  private readonly locals: string[] = [];
  private readonly elementNames = new NameCache();
  private readonly attributeNames = new NameCache();
  /** Text, an attribute's value, a CDATA section or the declaration, as far as read. */
  private pending = '';
  /** A name as far as read: element, attribute, closing tag, PI target or the word after `<!`. */
  private name = '';
  private element = '';
  private attributes: Record<string, string> = Object.create(null) as Record<string, string>;
  private quote = 0;
  private reference = '';
  private referenceReturn = TEXT;
  /** Where the last `]` of text was, and how many stood together: `]]>` is not allowed in text. */
  private lastBracket = -2;
  private brackets = 0;

  constructor(private readonly handlers: ScanHandlers) {}

  /** Characters read so far (in a handler: up to the end of the tag reported). */
  get position(): number {
    return this.base + this.at;
  }

  write(text: string): void {
    let s = this.carried + text;
    this.carried = '';
    const last = s.charCodeAt(s.length - 1);
    if (last === CR || (last >= 0xd800 && last <= 0xdbff)) {
      this.carried = s.slice(-1);
      s = s.slice(0, -1);
    }
    this.scan(s);
  }

  /** The end of the document: throws unless it was whole and well-formed. */
  end(): void {
    const rest = this.carried;
    this.carried = '';
    if (rest) this.scan(rest);
    if (!this.sawRoot || this.open.length > 0) throw new XmlProblem('end');
    if (this.state !== TEXT && this.state !== BEGIN) throw new XmlProblem('end');
    if (this.pending) {
      const text = this.pending;
      this.pending = '';
      this.handlers.text(text);
    }
  }

  private scan(s: string): void {
    const n = s.length;
    let i = 0;
    // Small methods, not one large one: the engine compiles each quickly, and again only the one that changed.
    while (i < n) {
      const state = this.state;
      if (state === TEXT) i = this.scanText(s, i);
      else if (state < BANG_WORD) i = this.scanTag(s, i);
      else i = this.scanRare(s, i);
    }
    this.base += n;
    this.at = 0;
  }

  /** Character data, and inside the root the whole tags between it. */
  private scanText(s: string, i: number): number {
    const n = s.length;
      let inRoot = this.open.length > 0;
      let start = i;
      for (;;) {
        if (i >= n) {
          this.pending += s.slice(start, i);
          break;
        }
        const c = s.charCodeAt(i);
        if (c === LT) {
          const text = this.pending + s.slice(start, i);
          this.pending = '';
          i++;
          if (text) {
            this.at = i;
            this.handlers.text(text);
          }
          const after = inRoot ? this.wholeTag(s, i) : -1;
          if (after < 0) {
            this.state = TAG;
            break;
          }
          i = start = after;
          inRoot = this.open.length > 0;
          continue;
        }
        if (c === AMP) {
          if (!inRoot) throw new XmlProblem('structure');
          this.pending += s.slice(start, i);
          i++;
          this.reference = '';
          this.referenceReturn = TEXT;
          this.state = REFERENCE;
          break;
        }
        if (c >= 0x20 && c < 0x7f) {
          if (!inRoot) {
            if (c !== 0x20) throw new XmlProblem('structure');
          } else if (c === RBRACKET) {
            const at = this.base + i;
            this.brackets = this.lastBracket === at - 1 ? this.brackets + 1 : 1;
            this.lastBracket = at;
          } else if (c === GT && this.brackets >= 2 && this.lastBracket === this.base + i - 1) {
            throw new XmlProblem('syntax');
          }
          i++;
          continue;
        }
        const kind = unusualUnit(s, i, c, this.xml11);
        if (kind === LINE_END) {
          this.pending += `${s.slice(start, i)}\n`;
          i += lineEndLength(s, i, this.xml11);
          start = i;
          continue;
        }
        if (!inRoot && c !== 0x09 && c !== NL) throw new XmlProblem('structure');
        i += kind === PAIR ? 2 : 1;
      }
    return i;
  }

  /** The start of the document, references, and tags the fast path left (cut by a chunk's end, or odd). */
  private scanTag(s: string, i: number): number {
    const n = s.length;
    switch (this.state) {
    case BEGIN:
      // A second byte order mark (the decoder took the first) is skipped, as saxes skips it.
      if (s.charCodeAt(i) === 0xfeff) i++;
      this.state = BEGIN_SPACE;
      break;
    case BEGIN_SPACE: {
      const from = i;
      while (i < n && isSpace(s.charCodeAt(i))) i++;
      if (i > from) this.declarationPossible = false;
      if (i >= n) break;
      if (s.charCodeAt(i) === LT) {
        i++;
        this.state = TAG;
      } else {
        this.declarationPossible = false;
        this.state = TEXT;
      }
      break;
    }
    case REFERENCE: {
      const start = i;
      while (i < n && s.charCodeAt(i) !== 0x3b) {
        if (!isReferenceUnit(s.charCodeAt(i))) throw new XmlProblem('reference');
        i++;
      }
      if (i >= n) {
        this.reference += s.slice(start, i);
        break;
      }
      const reference = this.reference + s.slice(start, i);
      i++;
      if (!reference) throw new XmlProblem('reference');
      this.pending += resolveReference(reference, this.xml11);
      this.reference = '';
      this.state = this.referenceReturn;
      break;
    }
    case TAG: {
      const c = s.charCodeAt(i);
      if (c === SLASH) {
        i++;
        this.name = '';
        this.state = CLOSE_NAME;
      } else if (c === BANG) {
        i++;
        this.name = '';
        this.state = BANG_WORD;
      } else if (c === QUESTION) {
        i++;
        this.state = PI_TARGET_START;
        break;
      } else if (isNameStart(c < 0x80 ? c : codePointAt(s, i))) {
        this.name = '';
        this.state = OPEN_NAME;
      } else {
        throw new XmlProblem('name');
      }
      this.declarationPossible = false;
      break;
    }
    case OPEN_NAME: {
      const end = nameEnd(s, i);
      this.name += s.slice(i, end);
      i = end;
      if (i >= n) break;
      this.sawRoot = true;
      if (this.closedRoot) throw new XmlProblem('structure');
      this.element = this.name;
      this.attributes = Object.create(null) as Record<string, string>;
      const c = s.charCodeAt(i);
      if (c === GT) {
        i++;
        this.openElement(i);
      } else if (c === SLASH) {
        i++;
        this.state = OPEN_SLASH;
      } else if (spaceLike(c, this.xml11)) {
        i++;
        this.state = ATTRIBUTES;
      } else {
        throw new XmlProblem('name');
      }
      break;
    }
    case OPEN_SLASH:
      if (s.charCodeAt(i) !== GT) throw new XmlProblem('syntax');
      i++;
      this.at = i;
      this.handlers.open(localName(this.element), this.attributes);
      this.handlers.close(localName(this.element));
      if (this.open.length === 0) this.closedRoot = true;
      this.state = TEXT;
      break;
    case ATTRIBUTES: {
      while (i < n && spaceLike(s.charCodeAt(i), this.xml11)) i++;
      if (i >= n) break;
      const c = s.charCodeAt(i);
      if (c === GT) {
        i++;
        this.openElement(i);
      } else if (c === SLASH) {
        i++;
        this.state = OPEN_SLASH;
      } else if (isNameStart(c < 0x80 ? c : codePointAt(s, i))) {
        this.name = '';
        this.state = ATTRIBUTE_NAME;
      } else {
        throw new XmlProblem('name');
      }
      break;
    }
    case ATTRIBUTE_NAME: {
      const end = nameEnd(s, i);
      this.name += s.slice(i, end);
      i = end;
      if (i >= n) break;
      const c = s.charCodeAt(i);
      if (c === EQUALS) {
        i++;
        this.state = VALUE_START;
      } else if (spaceLike(c, this.xml11)) {
        i++;
        this.state = ATTRIBUTE_NAME_SPACE;
      } else {
        throw new XmlProblem('syntax');
      }
      break;
    }
    case ATTRIBUTE_NAME_SPACE: {
      while (i < n && spaceLike(s.charCodeAt(i), this.xml11)) i++;
      if (i >= n) break;
      const c = s.charCodeAt(i);
      if (c !== EQUALS) throw new XmlProblem('syntax');
      i++;
      this.state = VALUE_START;
      break;
    }
    case VALUE_START: {
      while (i < n && spaceLike(s.charCodeAt(i), this.xml11)) i++;
      if (i >= n) break;
      const c = s.charCodeAt(i);
      if (c !== DQUOTE && c !== SQUOTE) throw new XmlProblem('syntax');
      i++;
      this.quote = c;
      this.pending = '';
      this.state = VALUE;
      break;
    }
    case VALUE: {
      const quote = this.quote;
      let start = i;
      for (;;) {
        if (i >= n) {
          this.pending += s.slice(start, i);
          break;
        }
        const c = s.charCodeAt(i);
        if (c === quote) {
          const value = this.pending + s.slice(start, i);
          this.pending = '';
          i++;
          if (this.attributes[this.name] !== undefined) throw new XmlProblem('structure');
          this.attributes[this.name] = value;
          this.state = VALUE_CLOSED;
          break;
        }
        if (c >= 0x20 && c < 0x7f) {
          if (c === AMP) {
            this.pending += s.slice(start, i);
            i++;
            this.reference = '';
            this.referenceReturn = VALUE;
            this.state = REFERENCE;
            break;
          }
          if (c === LT) throw new XmlProblem('syntax');
          i++;
          continue;
        }
        const kind = unusualUnit(s, i, c, this.xml11);
        if (kind === LINE_END || c === 0x09 || c === NL) {
          // Attribute-value normalisation: each line end or tab is one space.
          this.pending += `${s.slice(start, i)} `;
          i += kind === LINE_END ? lineEndLength(s, i, this.xml11) : 1;
          start = i;
          continue;
        }
        i += kind === PAIR ? 2 : 1;
      }
      break;
    }
    case VALUE_CLOSED: {
      const c = s.charCodeAt(i);
      if (c === GT) {
        i++;
        this.openElement(i);
      } else if (c === SLASH) {
        i++;
        this.state = OPEN_SLASH;
      } else if (spaceLike(c, this.xml11)) {
        i++;
        this.state = ATTRIBUTES;
      } else {
        throw new XmlProblem('syntax');
      }
      break;
    }
    case CLOSE_NAME: {
      const end = nameEnd(s, i);
      this.name += s.slice(i, end);
      i = end;
      if (i >= n) break;
      const c = s.charCodeAt(i);
      if (c === GT) {
        i++;
        this.closeElement(i);
      } else if (spaceLike(c, this.xml11)) {
        i++;
        this.state = CLOSE_SPACE;
      } else {
        throw new XmlProblem('syntax');
      }
      break;
    }
    case CLOSE_SPACE: {
      while (i < n && spaceLike(s.charCodeAt(i), this.xml11)) i++;
      if (i >= n) break;
      const c = s.charCodeAt(i);
      if (c !== GT) throw new XmlProblem('syntax');
      i++;
      this.closeElement(i);
      break;
    }
      default:
        throw new Error(`no state ${this.state}`);
    }
    return i;
  }

  private openElement(at: number): void {
    const local = localName(this.element);
    this.at = at;
    this.open.push(this.element);
    this.locals.push(local);
    this.state = TEXT;
    this.handlers.open(local, this.attributes);
  }

  private closeElement(at: number): void {
    const name = this.name;
    if (name === '' || this.open.length === 0 || this.open[this.open.length - 1] !== name) throw new XmlProblem('structure');
    this.open.pop();
    const local = this.locals.pop()!;
    if (this.open.length === 0) this.closedRoot = true;
    this.state = TEXT;
    this.at = at;
    this.handlers.close(local);
  }

  /**
   * A whole tag inside the root, read in one go: nearly every tag of a sheet. `i` is just past its `<`.
   * Returns the index past its `>`, or -1 to leave the tag to the states (one the chunk cuts, a reference
   * or a line end in a value, anything odd or wrong), having reported nothing. Every read is checked
   * against the chunk's end: a read past a string's end costs the engine its compiled code.
   */
  private wholeTag(s: string, i: number): number {
    const n = s.length;
    const c = s.charCodeAt(i);
    if (c === SLASH) {
      const open = this.open;
      const top = open[open.length - 1]!;
      const end = i + 1 + top.length;
      if (end >= n || s.charCodeAt(end) !== GT || !writtenAt(s, i + 1, top)) return -1;
      open.pop();
      const local = this.locals.pop()!;
      if (open.length === 0) this.closedRoot = true;
      this.at = end + 1;
      this.handlers.close(local);
      return end + 1;
    }
    if (!(c < 0x80 && isNameStart(c))) return -1;
    let j = nameEnd(s, i);
    const name = this.elementNames.get(s, i, j);
    const local = this.elementNames.local;
    let attributes = NO_ATTRIBUTES;
    for (;;) {
      if (j >= n) return -1;
      let d = s.charCodeAt(j);
      if (d === GT) {
        this.open.push(name);
        this.locals.push(local);
        this.at = j + 1;
        this.handlers.open(local, attributes);
        return j + 1;
      }
      if (d === SLASH) {
        if (j + 1 >= n || s.charCodeAt(j + 1) !== GT) return -1;
        this.at = j + 2;
        this.handlers.open(local, attributes);
        this.handlers.close(local);
        return j + 2;
      }
      if (!isSpace(d)) return -1;
      do {
        if (++j >= n) return -1;
        d = s.charCodeAt(j);
      } while (isSpace(d));
      if (d === GT || d === SLASH) continue;
      if (!(d < 0x80 && isNameStart(d))) return -1;
      const nameStart = j;
      j = nameEnd(s, j);
      if (j >= n) return -1;
      const attribute = this.attributeNames.get(s, nameStart, j);
      d = s.charCodeAt(j);
      while (isSpace(d)) {
        if (++j >= n) return -1;
        d = s.charCodeAt(j);
      }
      if (d !== EQUALS) return -1;
      do {
        if (++j >= n) return -1;
        d = s.charCodeAt(j);
      } while (isSpace(d));
      if (d !== DQUOTE && d !== SQUOTE) return -1;
      const valueStart = j + 1;
      for (;;) {
        if (++j >= n) return -1;
        const e = s.charCodeAt(j);
        if (e === d) break;
        if (!(e >= 0x20 && e < 0x7f) || e === AMP || e === LT) return -1;
      }
      // `__proto__` is a setter on an ordinary object: left to the states, whose object has no prototype.
      if (attribute === '__proto__') return -1;
      if (attributes === NO_ATTRIBUTES) attributes = {};
      // A duplicate (or a name Object.prototype has): the states decide.
      else if (attributes[attribute] !== undefined) return -1;
      attributes[attribute] = s.slice(valueStart, j);
      j++;
    }
  }

  /** What a sheet seldom has: `<!…>` (comments, CDATA, a DOCTYPE) and `<?…?>`. Returns where it stopped. */
  private scanRare(s: string, i: number): number {
    const n = s.length;
    const c = s.charCodeAt(i);
    switch (this.state) {
      case BANG_WORD: {
        const word = this.name + this.character(s, i);
        i += this.width(s, i);
        this.name = word;
        if (word === '--') this.state = COMMENT;
        else if (word === '[CDATA[') {
          if (this.open.length === 0) throw new XmlProblem('structure');
          this.pending = '';
          this.state = CDATA;
        } else if (word === 'DOCTYPE') {
          // No part of a workbook has one, and the entities it declares are how an XML bomb is built.
          if (this.sawRoot) throw new XmlProblem('structure');
          throw new ZipProblem('doctype');
        } else if (!BANG_WORDS.some((known) => known.startsWith(word))) throw new XmlProblem('syntax');
        return i;
      }
      case COMMENT:
        for (; i < n; ) {
          const d = s.charCodeAt(i);
          if (d === DASH) {
            this.state = COMMENT_DASH;
            return i + 1;
          }
          i += this.width(s, i);
        }
        return i;
      case COMMENT_DASH:
        if (c === DASH) this.state = COMMENT_DASHES;
        else this.state = COMMENT;
        return c === DASH ? i + 1 : i;
      case COMMENT_DASHES:
        // `--` ends a comment: only `>` may follow it.
        if (c !== GT) throw new XmlProblem('syntax');
        this.state = TEXT;
        return i + 1;
      case CDATA: {
        let start = i;
        for (; i < n; ) {
          const d = s.charCodeAt(i);
          if (d === RBRACKET) {
            this.pending += s.slice(start, i);
            this.state = CDATA_BRACKET;
            return i + 1;
          }
          const kind = d >= 0x20 && d < 0x7f ? 0 : unusualUnit(s, i, d, this.xml11);
          if (kind === LINE_END) {
            this.pending += `${s.slice(start, i)}\n`;
            i += lineEndLength(s, i, this.xml11);
            start = i;
          } else i += kind === PAIR ? 2 : 1;
        }
        this.pending += s.slice(start, i);
        return i;
      }
      case CDATA_BRACKET:
        if (c === RBRACKET) {
          this.state = CDATA_BRACKETS;
          return i + 1;
        }
        this.pending += ']';
        this.state = CDATA;
        return i;
      case CDATA_BRACKETS:
        if (c === GT) {
          const text = this.pending;
          this.pending = '';
          this.state = TEXT;
          this.at = i + 1;
          this.handlers.text(text);
          return i + 1;
        }
        if (c === RBRACKET) {
          this.pending += ']';
          return i + 1;
        }
        this.pending += ']]';
        this.state = CDATA;
        return i;
      case PI_TARGET_START: {
        this.character(s, i);
        if (!isNameStart(codePointAt(s, i))) throw new XmlProblem('name');
        this.name = '';
        this.state = PI_TARGET;
        return i;
      }
      case PI_TARGET: {
        const end = nameEnd(s, i);
        this.name += s.slice(i, end);
        if (end >= n) return end;
        const d = s.charCodeAt(end);
        const question = d === QUESTION;
        if (!question && !spaceLike(d, this.xml11)) {
          this.character(s, end);
          throw new XmlProblem('name');
        }
        if (this.name === 'xml') {
          if (!this.declarationPossible) throw new XmlProblem('declaration');
          this.pending = '';
          this.state = question ? DECLARATION_END : DECLARATION;
        } else {
          this.state = question ? PI_QUESTION : PI_BODY;
        }
        return end + 1;
      }
      case PI_BODY:
        for (; i < n; ) {
          if (s.charCodeAt(i) === QUESTION) {
            this.state = PI_QUESTION;
            return i + 1;
          }
          i += this.width(s, i);
        }
        return i;
      case PI_QUESTION:
        this.declarationPossible = false;
        if (c === GT) {
          if (this.name.toLowerCase() === 'xml') throw new XmlProblem('declaration');
          this.state = TEXT;
          return i + 1;
        }
        if (c !== QUESTION) this.state = PI_BODY;
        return c === QUESTION ? i + 1 : i;
      case DECLARATION: {
        const end = s.indexOf('?', i);
        this.pending += s.slice(i, end < 0 ? n : end);
        if (end < 0) return n;
        this.state = DECLARATION_END;
        return end + 1;
      }
      case DECLARATION_END: {
        if (c !== GT) throw new XmlProblem('declaration');
        this.xml11 = checkXmlDeclaration(this.pending);
        this.pending = '';
        this.declarationPossible = false;
        this.state = TEXT;
        return i + 1;
      }
      default:
        throw new Error(`no state ${this.state}`);
    }
  }

  /** How many units the character at `i` takes; throws for one XML forbids. */
  private width(s: string, i: number): number {
    const c = s.charCodeAt(i);
    if (c >= 0x20 && c < 0x7f) return 1;
    const kind = unusualUnit(s, i, c, this.xml11);
    if (kind === PAIR) return 2;
    return kind === LINE_END ? lineEndLength(s, i, this.xml11) : 1;
  }

  /** The character at `i` as saxes reads it (a line end as `\n`); throws for one XML forbids. */
  private character(s: string, i: number): string {
    const c = s.charCodeAt(i);
    if (c >= 0x20 && c < 0x7f) return s[i]!;
    const kind = unusualUnit(s, i, c, this.xml11);
    if (kind === PAIR) return s.slice(i, i + 2);
    return kind === LINE_END ? '\n' : s[i]!;
  }
}
