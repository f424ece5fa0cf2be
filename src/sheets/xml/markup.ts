/**
 * The states of xml/scanner.ts's state machine and what it holds between chunks, and the markup a sheet
 * seldom has: `<!…>` (comments, CDATA sections, a DOCTYPE, refused) and `<?…?>` (processing
 * instructions, skipped, and the XML declaration, checked by xml/declaration.ts). xml/states.ts adds the
 * tags read a state at a time, xml/scanner.ts the text and whole tags of the common case.
 */
import {
  codePointAt,
  DASH,
  GT,
  isNameStart,
  LINE_END,
  lineEndLength,
  nameEnd,
  NameCache,
  PAIR,
  QUESTION,
  RBRACKET,
  spaceLike,
  TagAttributes,
  unusualUnit,
  XmlProblem,
  type Attributes,
} from './chars.js';
import { checkXmlDeclaration } from './declaration.js';

export interface ScanHandlers {
  /** An element opened: its local name (`<x:c>` is `c`) and attributes (names as written; read them now, they are reused). */
  open(name: string, attributes: Attributes): void;
  close(name: string): void;
  /** Character data, CDATA included, line ends normalised and references resolved. */
  text(text: string): void;
}

/** Hears the XML declaration's encoding as written (undefined: it names none) before anything after it is read. */
export type DeclarationCheck = (encoding: string | undefined) => void;

// The states, held between chunks.
export const BEGIN = 0;
export const BEGIN_SPACE = 1;
export const TEXT = 2;
export const REFERENCE = 3;
export const TAG = 4;
export const OPEN_NAME = 5;
export const OPEN_SLASH = 6;
export const ATTRIBUTES = 7;
export const ATTRIBUTE_NAME = 8;
export const ATTRIBUTE_NAME_SPACE = 9;
export const VALUE_START = 10;
export const VALUE = 11;
export const VALUE_CLOSED = 12;
export const CLOSE_NAME = 13;
export const CLOSE_SPACE = 14;
export const BANG_WORD = 15;
export const COMMENT = 16;
export const COMMENT_DASH = 17;
export const COMMENT_DASHES = 18;
export const CDATA = 19;
export const CDATA_BRACKET = 20;
export const CDATA_BRACKETS = 21;
export const PI_TARGET_START = 22;
export const PI_TARGET = 23;
export const PI_BODY = 24;
export const PI_QUESTION = 25;
export const DECLARATION = 26;
export const DECLARATION_END = 27;

const BANG_WORDS = ['--', '[CDATA[', 'DOCTYPE'];

export abstract class XmlMarkup {
  protected state = BEGIN;
  /** Characters of the chunks before the current one. */
  protected base = 0;
  protected at = 0;
  /** A CR or the first half of a pair that ended a chunk: read with the next. */
  protected carried = '';
  protected xml11 = false;
  /** Nothing but a byte order mark was read yet: an XML declaration may come. */
  protected declarationPossible = true;
  protected sawRoot = false;
  protected closedRoot = false;
  protected readonly open: string[] = [];
  /** The local names of the open elements. */
  protected readonly locals: string[] = [];
  protected readonly elementNames = new NameCache();
  protected readonly attributeNames = new NameCache();
  /** Text, an attribute's value, a CDATA section or the declaration, as far as read. */
  protected pending = '';
  /** A name as far as read: element, attribute, closing tag, PI target or the word after `<!`. */
  protected name = '';
  protected element = '';
  protected readonly attributes = new TagAttributes();
  protected quote = 0;
  protected reference = '';
  protected referenceReturn = TEXT;
  /** Where the last `]` of text was, and how many stood together: `]]>` is not allowed in text. */
  protected lastBracket = -2;
  protected brackets = 0;

  constructor(
    protected readonly handlers: ScanHandlers,
    private readonly checkDeclaration?: DeclarationCheck,
  ) {}

  /** What a sheet seldom has: `<!…>` (comments, CDATA, a DOCTYPE) and `<?…?>`. Returns where it stopped. */
  protected scanRare(s: string, i: number): number {
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
          throw new XmlProblem('doctype');
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
        const declaration = checkXmlDeclaration(this.pending);
        this.xml11 = declaration.xml11;
        this.pending = '';
        this.checkDeclaration?.(declaration.encoding);
        this.declarationPossible = false;
        this.state = TEXT;
        return i + 1;
      }
      default:
        throw new Error(`no state ${this.state}`);
    }
  }

  /** How many units the character at `i` takes; throws for one XML forbids. */
  protected width(s: string, i: number): number {
    const c = s.charCodeAt(i);
    if (c >= 0x20 && c < 0x7f) return 1;
    const kind = unusualUnit(s, i, c, this.xml11);
    if (kind === PAIR) return 2;
    return kind === LINE_END ? lineEndLength(s, i, this.xml11) : 1;
  }

  /** The character at `i` as saxes reads it (a line end as `\n`); throws for one XML forbids. */
  protected character(s: string, i: number): string {
    const c = s.charCodeAt(i);
    if (c >= 0x20 && c < 0x7f) return s[i]!;
    const kind = unusualUnit(s, i, c, this.xml11);
    if (kind === PAIR) return s.slice(i, i + 2);
    return kind === LINE_END ? '\n' : s[i]!;
  }
}
