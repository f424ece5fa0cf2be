/**
 * A streaming XML scanner for the workbook's parts, proven equal to saxes (a conformant, maintained XML
 * parser) by the property tests of test/sheets/xml-scanner.test.ts: the same elements,
 * attributes and text from the same documents, however they are cut into chunks, and the same documents
 * refused. It does only what a workbook needs and what saxes checks: entities and character references,
 * CDATA, either quote, line ends normalised, comments and processing instructions skipped, the XML
 * declaration and its version's rules, well-formedness (one root, tags matched, nothing but space
 * outside it). Names keep their prefix here; xlsx/elements.ts hands on local names.
 *
 * Each chunk is read in place by one state machine whose states hold between chunks, so a chunk may end
 * anywhere (mid-tag, mid-reference, mid-CDATA) and nothing is read twice. saxes takes a method call per
 * character; here text and whole tags inside the root, nearly all of a sheet, are read by tight loops
 * (this file), the rest a state at a time (xml/states.ts: tags; xml/markup.ts: comments, CDATA, PIs, the
 * declaration, and what the machine holds). That is why the scanner is the reader's own: on the
 * 100,000-employee workbook it reads every row in a little over half saxes's CPU time (docs/benchmarks.md,
 * "Decisions").
 *
 * Differences kept on purpose: a DOCTYPE is refused as soon as `<!DOCTYPE` is read (saxes reads the whole
 * declaration first, so a DOCTYPE that is also malformed is "damaged" there, "doctype" here), and a wrong
 * reference is refused at its first impossible character rather than at its `;`. The declaration's
 * encoding is handed to the caller (xlsx/elements.ts refuses one that is not the part's).
 */
import {
  AMP,
  CR,
  DQUOTE,
  EQUALS,
  GT,
  isNameStart,
  LINE_END,
  lineEndLength,
  LT,
  nameEnd,
  NL,
  PAIR,
  RBRACKET,
  SLASH,
  SPACE,
  SQUOTE,
  TAB,
  unusualUnit,
  ValueCache,
  writtenAt,
  XmlProblem,
} from './chars.js';
import { BANG_WORD, BEGIN, REFERENCE, TAG, TEXT } from './markup.js';
import { XmlStates } from './states.js';

export { localName } from './chars.js';
export type { DeclarationCheck, ScanHandlers } from './markup.js';
export type { Attributes } from './chars.js';

export class XmlScanner extends XmlStates {
  private readonly attributeValues = new ValueCache();

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
        i++;
        // Between two tags of a sheet there is seldom text: nothing to join then.
        if (i - 1 > start || this.pending !== '') {
          const text = this.pending + s.slice(start, i - 1);
          this.pending = '';
          if (text) {
            this.at = i;
            this.handlers.text(text);
          }
        }
        // A `<` that ends the chunk goes to the states: reading past the end costs the compiled code.
        const after = inRoot && i < n ? this.wholeTag(s, i) : -1;
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
    const attributes = this.attributes;
    attributes.clear();
    // Spaces are compared inline (` `, LF, CR, tab): this loop runs for every tag and attribute of a sheet.
    for (;;) {
      if (j >= n) return -1;
      let d = s.charCodeAt(j);
      if (d === GT) {
        this.at = j + 1;
        this.handlers.open(local, attributes);
        const after = this.leaf(s, j + 1, name, local);
        if (after >= 0) return after;
        this.open.push(name);
        this.locals.push(local);
        return j + 1;
      }
      if (d === SLASH) {
        if (j + 1 >= n || s.charCodeAt(j + 1) !== GT) return -1;
        this.at = j + 2;
        this.handlers.open(local, attributes);
        this.handlers.close(local);
        return j + 2;
      }
      if (!(d === SPACE || d === NL || d === CR || d === TAB)) return -1;
      do {
        if (++j >= n) return -1;
        d = s.charCodeAt(j);
      } while (d === SPACE || d === NL || d === CR || d === TAB);
      if (d === GT || d === SLASH) continue;
      if (!(d < 0x80 && isNameStart(d))) return -1;
      const nameStart = j;
      j = nameEnd(s, j);
      if (j >= n) return -1;
      const attribute = this.attributeNames.get(s, nameStart, j);
      d = s.charCodeAt(j);
      // `name="`, as every writer writes it, first; spaces around `=` the long way.
      if (d === EQUALS && j + 1 < n) d = s.charCodeAt(++j);
      else {
        while (d === SPACE || d === NL || d === CR || d === TAB) {
          if (++j >= n) return -1;
          d = s.charCodeAt(j);
        }
        if (d !== EQUALS) return -1;
        do {
          if (++j >= n) return -1;
          d = s.charCodeAt(j);
        } while (d === SPACE || d === NL || d === CR || d === TAB);
      }
      if (d !== DQUOTE && d !== SQUOTE) return -1;
      const valueStart = j + 1;
      for (;;) {
        if (++j >= n) return -1;
        const e = s.charCodeAt(j);
        if (e === d) break;
        if (!(e >= 0x20 && e < 0x7f) || e === AMP || e === LT) return -1;
      }
      // A duplicate: the states refuse it.
      if (!attributes.add(attribute, j === valueStart ? '' : this.attributeValues.get(s, valueStart, j))) return -1;
      j++;
    }
  }

  /**
   * An element just opened at `i` that holds only plain text and closes at once (`<v>42</v>`, `<t>Ann</t>`:
   * most elements of a sheet), its text and end reported in one go. Returns the index past its end tag,
   * or -1, having reported nothing, for anything else (left to scanText): text with `&`, `]`, a line end,
   * a control character or one outside the Basic Multilingual Plane, a child element, a chunk's end.
   */
  private leaf(s: string, i: number, name: string, local: string): number {
    const n = s.length;
    let k = i;
    for (;;) {
      if (k >= n) return -1;
      const c = s.charCodeAt(k);
      if (c === LT) break;
      if (c < 0x20 || c === AMP || c === RBRACKET) return -1;
      // Letters beyond ASCII (`ø`, `é`) in one unit each; a pair, a line end of XML 1.1 (NEL, LS) and
      // anything unusual the long way.
      if (c >= 0x7f && !((c >= 0xa0 && c < 0xd800 && c !== 0x2028) || (c >= 0xe000 && c <= 0xfffd))) return -1;
      k++;
    }
    const end = k + 2 + name.length;
    if (end >= n || s.charCodeAt(k + 1) !== SLASH || s.charCodeAt(end) !== GT || !writtenAt(s, k + 2, name)) return -1;
    if (k > i) {
      this.at = k + 1;
      this.handlers.text(s.slice(i, k));
    }
    this.at = end + 1;
    this.handlers.close(local);
    return end + 1;
  }
}
