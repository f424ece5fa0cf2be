/**
 * A sheet's list of merged ranges (`<mergeCells>`), found before its rows are read. The list follows the
 * rows in the sheet's XML, so the part is read to its end before the first row can be filled in; reading
 * all of it through the XML scanner as well would read every sheet twice. So the part goes by as bytes,
 * searched for the list's start tag (any prefix: `<x:mergeCells`) while stepping over what can hold its
 * words without being it: comments, CDATA sections and processing instructions. Nowhere else can a `<`
 * stand (XML allows none in text or in an attribute's value), so the first `mergeCells` that is a tag's
 * name outside those is the list. From there the scanner reads it (its start tag after the part's own
 * start, up to the root element's tag, so the part's declaration and version apply): prefixes, either
 * quote, references, as everywhere else.
 *
 * Every search goes forward from where the last one stopped, and each kind of mark is searched for again
 * only once the reading has passed where it was last found: one pass over the part's bytes, however many
 * comments or false starts it holds. A UTF-16 part (rare: its byte order mark says so) is searched as text.
 */
import { MAX_ROW_BYTES } from '../limits.js';
import { XmlProblem } from '../xml/chars.js';
import { PartDecoder } from '../xml/encoding.js';
import { XmlScanner } from '../xml/scanner.js';
import { xmlStream } from './elements.js';
import { entryChunks, type ZipEntry } from './zip.js';

/** Bytes (or characters) of a part held between two chunks: enough for a tag's prefix before `mergeCells`. */
const CARRIED = 1024;
/** The longest mark searched for, less one: a mark cut by a chunk's end is found in the next. */
const MARK_TAIL = 'mergeCells'.length - 1;

/** A part's bytes (UTF-8) or its text (UTF-16, decoded): both are searched alike. */
type Window = Buffer | string;

function codeAt(window: Window, at: number): number {
  return typeof window === 'string' ? window.charCodeAt(at) : (window[at] ?? Number.NaN);
}

const LT = 0x3c;
const GT = 0x3e;
const COLON = 0x3a;

/** Where the reading is: in ordinary markup, or inside something to step over until its end. */
const MARKUP = 0;
const COMMENT = 1;
const CDATA = 2;
const INSTRUCTION = 3;
const ENDS = ['', '-->', ']]>', '?>'];

/** Counts what the search did, for the test that shows it is one pass (test/sheets/linear-passes.test.ts). */
export interface SearchCounter {
  /** Characters the searches went over, and characters looked at one by one. */
  steps: number;
}

/**
 * Each `<mergeCell>` of the sheet's list, its `ref` as written, in order; none when the sheet has no list.
 * `wanted` stops the reading early (the reading of the workbook is over).
 */
export async function mergedRefs(file: string, entry: ZipEntry, wanted: () => boolean, counter?: SearchCounter): Promise<string[]> {
  const search = new ListSearch(counter);
  const decoder = new PartDecoder();
  let utf16: boolean | null = null;
  let list: ListReader | null = null;
  for await (const chunk of entryChunks(file, entry)) {
    if (!wanted()) return [];
    utf16 ??= chunk.length >= 2 && ((chunk[0] === 0xff && chunk[1] === 0xfe) || (chunk[0] === 0xfe && chunk[1] === 0xff));
    const window: Window = utf16 ? decoder.decode(chunk) : chunk;
    if (list) list.write(window);
    else {
      const found = search.next(window);
      if (found) list = new ListReader(found, utf16);
    }
    if (list?.done) return list.refs;
  }
  if (utf16 && !list) decoder.end();
  list?.end();
  return list?.refs ?? [];
}

/** The part's start (its declaration, up to the root element's start tag) and the part from the list's start tag on. */
interface Found {
  prologue: Window;
  rest: Window;
}

class ListSearch {
  /** The part's start until the root element's start tag is whole; then null. */
  private head: Window | null = null;
  private prologue: Window | null = null;
  /** The end of the last window, kept for the next (a mark cut in two, a prefix before `mergeCells`). */
  private carried: Window | null = null;
  /** Where in `carried` the reading goes on. */
  private resumeAt = 0;
  private state = MARKUP;
  /** Per mark, where it was last searched from in this window and where it was found (-1: not before the end). */
  private searchedFrom: number[] = [];
  private foundAt: number[] = [];

  constructor(private readonly counter: SearchCounter | undefined) {}

  /** Reads on through the next window; the list's start when it is in it. */
  next(chunk: Window): Found | null {
    if (this.prologue === null) {
      this.head = this.head === null ? chunk : join(this.head, chunk);
      const end = rootTagEnd(this.head, this.counter);
      if (end < 0) {
        // The root's start tag is a line: a part that has not reached it in megabytes is no sheet.
        if (this.head.length > MAX_ROW_BYTES) throw new XmlProblem('structure');
        return null;
      }
      this.prologue = this.head.slice(0, end);
      const rest = this.head.slice(end);
      this.head = null;
      return this.search(rest, 0);
    }
    const window = this.carried === null ? chunk : join(this.carried, chunk);
    return this.search(window, this.carried === null ? 0 : this.resumeAt);
  }

  /** The first occurrence of mark `mark` at or after `at`, searched again only when the last one is passed. */
  private find(window: Window, mark: number, needle: string, at: number): number {
    const found = this.foundAt[mark]!;
    if (this.searchedFrom[mark]! <= at && (found < 0 || found >= at)) return found;
    const position = window.indexOf(needle, at);
    if (this.counter) this.counter.steps += (position < 0 ? window.length : position) - at;
    this.foundAt[mark] = position;
    this.searchedFrom[mark] = at;
    return position;
  }

  private search(window: Window, from: number): Found | null {
    this.searchedFrom = [Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER];
    this.foundAt = [-1, -1, -1];
    let at = from;
    for (;;) {
      if (this.state !== MARKUP) {
        const end = ENDS[this.state]!;
        const close = window.indexOf(end, at);
        if (this.counter) this.counter.steps += (close < 0 ? window.length : close) - at;
        if (close < 0) return this.carry(window, Math.max(at, window.length - end.length + 1));
        at = close + end.length;
        this.state = MARKUP;
        continue;
      }
      // `!` and `?`, then the `<` before them: a search for `<!` stops at every `<` of the sheet.
      const bang = this.find(window, 0, '!', at);
      const question = this.find(window, 1, '?', at);
      const name = this.find(window, 2, 'mergeCells', at);
      const first = Math.min(bang < 0 ? Infinity : bang, question < 0 ? Infinity : question, name < 0 ? Infinity : name);
      if (first === Infinity) return this.carry(window, Math.max(at, window.length - MARK_TAIL));
      if (first !== name && codeAt(window, first - 1) !== LT) {
        at = first + 1;
      } else if (first === bang) {
        // `<![CDATA[` is the longest thing `<!` can start that matters here.
        const start = bang - 1;
        if (start + 9 > window.length) return this.carry(window, start);
        if (startsWith(window, start, '<!--')) [this.state, at] = [COMMENT, start + 4];
        else if (startsWith(window, start, '<![CDATA[')) [this.state, at] = [CDATA, start + 9];
        // A DOCTYPE or worse: the sheet's own reading refuses it.
        else at = bang + 1;
      } else if (first === question) {
        [this.state, at] = [INSTRUCTION, question + 1];
      } else {
        const after = name + MARK_TAIL + 1;
        if (after >= window.length) return this.carry(window, name);
        const start = tagStart(window, name, after, this.counter);
        if (start >= 0) return { prologue: this.prologue!, rest: window.slice(start) };
        at = name + 1;
      }
    }
  }

  /** Keeps the window from `from` on, and up to CARRIED before it (a prefix), for the next chunk. */
  private carry(window: Window, from: number): null {
    const start = Math.max(0, from - CARRIED);
    this.carried = window.slice(start);
    this.resumeAt = from - start;
    return null;
  }
}
function join(a: Window, b: Window): Window {
  return typeof a === 'string' ? a + (b as string) : Buffer.concat([a, b as Buffer]);
}

function startsWith(window: Window, at: number, text: string): boolean {
  for (let k = 0; k < text.length; k++) if (codeAt(window, at + k) !== text.charCodeAt(k)) return false;
  return true;
}

/**
 * Where the tag whose name ends with the `mergeCells` at `name` starts (its `<`), or -1: the mark is a
 * tag's local name only when a space, `>` or `/` follows it and `<` or `<prefix:` precedes it.
 */
function tagStart(window: Window, name: number, after: number, counter: SearchCounter | undefined): number {
  const next = codeAt(window, after);
  if (!(next === 0x20 || next === 0x0a || next === 0x0d || next === 0x09 || next === GT || next === 0x2f)) return -1;
  if (codeAt(window, name - 1) === LT) return name - 1;
  if (codeAt(window, name - 1) !== COLON) return -1;
  for (let k = name - 2; k >= 0 && name - k <= CARRIED; k--) {
    if (counter) counter.steps++;
    const c = codeAt(window, k);
    if (c === LT) return k < name - 2 ? k : -1;
    // Letters, digits, `_`, `-`, `.` and anything beyond ASCII may make a prefix; the scanner checks it.
    const nameLike =
      c >= 0x80 ||
      (c >= 0x30 && c <= 0x39) ||
      (c >= 0x41 && c <= 0x5a) ||
      (c >= 0x61 && c <= 0x7a) ||
      c === 0x5f ||
      c === 0x2d ||
      c === 0x2e;
    if (!nameLike) return -1;
  }
  return -1;
}

/**
 * The end of the root element's start tag (just past its `>`), the declaration, comments and processing
 * instructions before it stepped over; -1 when the part does not reach it yet.
 */
function rootTagEnd(head: Window, counter: SearchCounter | undefined): number {
  let at = 0;
  for (;;) {
    const open = head.indexOf('<', at);
    if (open < 0 || open + 1 >= head.length) return -1;
    const kind = codeAt(head, open + 1);
    if (kind === 0x3f || kind === 0x21) {
      const end = kind === 0x3f ? '?>' : startsWith(head, open, '<!--') ? '-->' : '>';
      const close = head.indexOf(end, open + 2);
      if (counter) counter.steps += (close < 0 ? head.length : close) - at;
      if (close < 0) return -1;
      at = close + end.length;
      continue;
    }
    // The root's start tag: its end is the first `>` outside a quoted value.
    let quote = 0;
    for (let k = open + 1; k < head.length; k++) {
      const c = codeAt(head, k);
      if (quote !== 0) {
        if (c === quote) quote = 0;
      } else if (c === 0x22 || c === 0x27) quote = c;
      else if (c === GT) {
        if (counter) counter.steps += k - at;
        return k + 1;
      }
    }
    return -1;
  }
}

/** The list read by the scanner, as the rest of the part comes, until the list's end tag. */
class ListReader {
  readonly refs: string[] = [];
  done = false;
  /** 1 in the root element, 2 in the list. */
  private depth = 0;
  private readonly stream: { write(window: Window): void; end(): void };

  constructor({ prologue, rest }: Found, utf16: boolean) {
    const handlers = {
      open: (name: string, attributes: { get(name: string): string | undefined }) => {
        if (this.done) return;
        this.depth++;
        if (name === 'mergeCell' && this.depth === 3) {
          const ref = attributes.get('ref');
          if (ref !== undefined) this.refs.push(ref);
        }
      },
      close: () => {
        if (this.done) return;
        this.depth--;
        if (this.depth <= 1) this.done = true;
      },
      text: () => {},
    };
    if (utf16) {
      // Decoded already, its encoding checked, by mergedRefs: the scanner reads the text itself.
      const scanner = new XmlScanner(handlers);
      this.stream = { write: (text) => scanner.write(text as string), end: () => scanner.end() };
    } else {
      const stream = xmlStream(handlers);
      this.stream = { write: (bytes) => stream.write(bytes as Buffer), end: () => stream.end() };
    }
    this.stream.write(prologue);
    this.stream.write(rest);
  }

  write(window: Window): void {
    this.stream.write(window);
  }

  /** The part ended: unless the list ended first, the part is incomplete (the scanner says so). */
  end(): void {
    if (!this.done) this.stream.end();
  }
}
