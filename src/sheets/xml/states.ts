/**
 * The tags of xml/scanner.ts's state machine read a state at a time, as saxes reads them: what the fast
 * path of xml/scanner.ts leaves (a tag a chunk cuts, the root, a value with a reference or a line end) and
 * everything wrong in a tag (refused). The start of the document and references are here too.
 */
import {
  AMP,
  BANG,
  codePointAt,
  DQUOTE,
  EQUALS,
  GT,
  internalised,
  isNameStart,
  isReferenceUnit,
  isSpace,
  LINE_END,
  lineEndLength,
  localName,
  LT,
  nameEnd,
  NL,
  PAIR,
  QUESTION,
  resolveReference,
  SLASH,
  spaceLike,
  SQUOTE,
  unusualUnit,
  XmlProblem,
} from './chars.js';
import {
  ATTRIBUTE_NAME,
  ATTRIBUTE_NAME_SPACE,
  ATTRIBUTES,
  BANG_WORD,
  BEGIN,
  BEGIN_SPACE,
  CLOSE_NAME,
  CLOSE_SPACE,
  OPEN_NAME,
  OPEN_SLASH,
  PI_TARGET_START,
  REFERENCE,
  TAG,
  TEXT,
  VALUE,
  VALUE_CLOSED,
  VALUE_START,
  XmlMarkup,
} from './markup.js';

export abstract class XmlStates extends XmlMarkup {
  /** The start of the document, references, and tags the fast path left (cut by a chunk's end, or odd). */
  protected scanTag(s: string, i: number): number {
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
        this.attributes.clear();
        i = this.afterTagPart(s.charCodeAt(i), i, 'name');
        break;
      }
      case OPEN_SLASH:
        if (s.charCodeAt(i) !== GT) throw new XmlProblem('syntax');
        i++;
        this.at = i;
        this.handlers.open(internalised(localName(this.element)), this.attributes);
        this.handlers.close(internalised(localName(this.element)));
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
            if (!this.attributes.add(internalised(this.name), value)) throw new XmlProblem('structure');
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
        i = this.afterTagPart(s.charCodeAt(i), i, 'syntax');
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

  /**
   * After an element's name or an attribute's value: the tag ends, closes itself, or goes on to an
   * attribute; anything else is the problem named. Returns the index after the character.
   */
  private afterTagPart(c: number, i: number, problem: 'name' | 'syntax'): number {
    if (c === GT) this.openElement(i + 1);
    else if (c === SLASH) this.state = OPEN_SLASH;
    else if (spaceLike(c, this.xml11)) this.state = ATTRIBUTES;
    else throw new XmlProblem(problem);
    return i + 1;
  }

  protected openElement(at: number): void {
    const local = internalised(localName(this.element));
    this.at = at;
    this.open.push(this.element);
    this.locals.push(local);
    this.state = TEXT;
    this.handlers.open(local, this.attributes);
  }

  protected closeElement(at: number): void {
    const name = this.name;
    if (name === '' || this.open.length === 0 || this.open[this.open.length - 1] !== name) throw new XmlProblem('structure');
    this.open.pop();
    const local = this.locals.pop()!;
    if (this.open.length === 0) this.closedRoot = true;
    this.state = TEXT;
    this.at = at;
    this.handlers.close(local);
  }
}
