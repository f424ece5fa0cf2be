/**
 * `JSON.parse` for a list answer whose items hold a long array of nested objects of which only the ids are
 * read: a v3 team lists every member as a whole employee with their user (a 100,000-employee company's
 * teams are 26 MB of JSON, 40% of everything the importer reads, for 100,000 ids). Those members are
 * checked as JSON but not built: each becomes an object holding only its `id`, so neither parsing nor the
 * garbage collector spends time on objects nobody reads.
 *
 * It reads the answer's bytes as they came, so the 26 MB are not decoded into text first either (decoding
 * UTF-8 cost about as much as JSON.parse itself); only the strings it keeps are decoded. Its value is
 * `leanItems(JSON.parse(bytes.toString('utf8')), key)` (defined in test/service/lean-json.test.ts, which
 * holds it to that by property tests), and it answers only for bytes it read whole: for anything it does not accept (or nested too deep
 * for its stack) it answers nothing, and the caller reads the answer as before, with JSON.parse, which
 * refuses what it refuses in its own words. Bytes outside the ASCII range can only stand inside a JSON
 * string (anywhere else JSON.parse refuses the character they decode to) and decode to no character a
 * string refuses (invalid sequences too become U+FFFD), so the structure is read byte by byte.
 */

/**
 * `leanItems(JSON.parse(bytes.toString('utf8')), key)`, without building what it drops; undefined when
 * it did not read the bytes whole (not JSON, or nested beyond its stack): then read them as ever.
 */
export function readLean(bytes: Buffer, key: string): { value: unknown } | undefined {
  try {
    return { value: new LeanReader(bytes, key).document() };
  } catch {
    return undefined;
  }
}

class NotRead extends Error {}

enum Role {
  /** The answer itself. */
  Document,
  /** An item of the list: its `key` array is lean. */
  Item,
  /** An element of an item's `key` array: an object keeps only its id. */
  Member,
  /** Anything else: read as JSON.parse reads it. */
  Plain,
}

const [TAB, LF, CR, SPACE, QUOTE, PLUS, COMMA, MINUS, DOT, SLASH, ZERO, NINE, COLON] = [9, 10, 13, 32, 34, 43, 44, 45, 46, 47, 48, 57, 58];
const [UPPER_E, OPEN_BRACKET, BACKSLASH, CLOSE_BRACKET, LOWER_D, LOWER_E, LOWER_I, OPEN_BRACE, CLOSE_BRACE] = [
  69, 91, 92, 93, 100, 101, 105, 123, 125,
];
const bytesOf = (word: string): readonly number[] => [...word].map((c) => c.charCodeAt(0));
const [TRUE, FALSE, NULL] = [bytesOf('true'), bytesOf('false'), bytesOf('null')];

class LeanReader {
  private at = 0;

  private readonly end: number;

  constructor(
    private readonly bytes: Buffer,
    private readonly key: string,
  ) {
    this.end = bytes.length;
  }

  document(): unknown {
    this.space();
    const value = this.value(Role.Document);
    this.space();
    if (this.at !== this.end) throw new NotRead();
    return value;
  }

  private value(role: Role): unknown {
    const c = this.byte(this.at);
    if (c === OPEN_BRACE) return role === Role.Member ? this.memberObject() : this.object(role);
    if (c === OPEN_BRACKET) return this.array(role === Role.Document ? Role.Item : Role.Plain);
    if (c === QUOTE) return this.string();
    return this.scalar();
  }

  /** `elementRole`: Item for the list's elements, Member for an item's `key` array, else Plain. */
  private array(elementRole: Role): unknown[] {
    const values: unknown[] = [];
    this.at++;
    this.space();
    if (this.byte(this.at) === CLOSE_BRACKET) {
      this.at++;
      return values;
    }
    for (;;) {
      this.space();
      values.push(this.value(elementRole));
      this.space();
      const c = this.byte(this.at++);
      if (c === COMMA) continue;
      if (c === CLOSE_BRACKET) return values;
      throw new NotRead();
    }
  }

  private object(role: Role): Record<string, unknown> {
    const object: Record<string, unknown> = {};
    this.at++;
    this.space();
    if (this.byte(this.at) === CLOSE_BRACE) {
      this.at++;
      return object;
    }
    for (;;) {
      this.space();
      if (this.byte(this.at) !== QUOTE) throw new NotRead();
      const name = this.string();
      this.space();
      if (this.byte(this.at++) !== COLON) throw new NotRead();
      this.space();
      let value: unknown;
      if (this.byte(this.at) === OPEN_BRACKET && (role === Role.Document || (role === Role.Item && name === this.key))) {
        value = this.array(role === Role.Document ? Role.Item : Role.Member);
      } else {
        value = this.value(Role.Plain);
      }
      set(object, name, value);
      this.space();
      const c = this.byte(this.at++);
      if (c === COMMA) continue;
      if (c === CLOSE_BRACE) return object;
      throw new NotRead();
    }
  }

  /** An object of an item's `key` array: checked whole, its `id` (the last one, as JSON.parse keeps) kept. */
  private memberObject(): Record<string, unknown> {
    const kept: Record<string, unknown> = {};
    this.at++;
    this.space();
    if (this.byte(this.at) === CLOSE_BRACE) {
      this.at++;
      return kept;
    }
    for (;;) {
      this.space();
      if (this.byte(this.at) !== QUOTE) throw new NotRead();
      const isId = this.isIdName();
      this.space();
      if (this.byte(this.at++) !== COLON) throw new NotRead();
      this.space();
      if (isId) kept.id = this.value(Role.Plain);
      else this.skipValue();
      this.space();
      const c = this.byte(this.at++);
      if (c === COMMA) continue;
      if (c === CLOSE_BRACE) return kept;
      throw new NotRead();
    }
  }

  /** Reads a name; true when it is `id` (written plainly or with escapes). */
  private isIdName(): boolean {
    const start = this.at;
    const bytes = this.bytes;
    if (this.skipString()) return this.at - start === 4 && bytes[start + 1] === LOWER_I && bytes[start + 2] === LOWER_D;
    // An escaped spelling ("\u0069d") is rare: decoded to be sure.
    return JSON.parse(bytes.toString('utf8', start, this.at)) === 'id';
  }

  private string(): string {
    const start = this.at;
    // Decoded on their own: a fresh string each, never a view keeping the answer alive.
    if (this.skipString()) return this.bytes.toString('utf8', start + 1, this.at - 1);
    return JSON.parse(this.bytes.toString('utf8', start, this.at)) as string;
  }

  /** Past a string, checked as JSON.parse checks it; true when it has no escape (its bytes are its value). */
  private skipString(): boolean {
    const bytes = this.bytes;
    const end = this.end;
    let at = this.at + 1;
    let plain = true;
    for (;;) {
      if (at >= end) throw new NotRead();
      const c = bytes[at++]!;
      if (c === QUOTE) break;
      if (c === BACKSLASH) {
        plain = false;
        const e = this.byte(at++);
        if (e === 117 /* u */) {
          for (let i = 0; i < 4; i++) if (!isHex(this.byte(at++))) throw new NotRead();
        } else if (!(e === QUOTE || e === BACKSLASH || e === SLASH || e === 98 || e === 102 || e === 110 || e === 114 || e === 116)) {
          throw new NotRead();
        }
      } else if (c < SPACE) {
        throw new NotRead();
      }
    }
    this.at = at;
    return plain;
  }

  private skipValue(): void {
    const c = this.byte(this.at);
    if (c === QUOTE) {
      this.skipString();
    } else if (c === OPEN_BRACE) {
      this.at++;
      this.space();
      if (this.byte(this.at) === CLOSE_BRACE) {
        this.at++;
        return;
      }
      for (;;) {
        this.space();
        if (this.byte(this.at) !== QUOTE) throw new NotRead();
        this.skipString();
        this.space();
        if (this.byte(this.at++) !== COLON) throw new NotRead();
        this.space();
        this.skipValue();
        this.space();
        const next = this.byte(this.at++);
        if (next === COMMA) continue;
        if (next === CLOSE_BRACE) return;
        throw new NotRead();
      }
    } else if (c === OPEN_BRACKET) {
      this.at++;
      this.space();
      if (this.byte(this.at) === CLOSE_BRACKET) {
        this.at++;
        return;
      }
      for (;;) {
        this.space();
        this.skipValue();
        this.space();
        const next = this.byte(this.at++);
        if (next === COMMA) continue;
        if (next === CLOSE_BRACKET) return;
        throw new NotRead();
      }
    } else {
      this.scalarEnd();
    }
  }

  private scalar(): unknown {
    const start = this.at;
    const kind = this.scalarEnd();
    if (kind === 'number') return Number(this.bytes.toString('latin1', start, this.at));
    return kind;
  }

  /** Past a number or a literal; says which (the literal's value, or 'number'). */
  private scalarEnd(): 'number' | true | false | null {
    if (this.literal(TRUE)) return true;
    if (this.literal(FALSE)) return false;
    if (this.literal(NULL)) return null;
    let at = this.at;
    if (this.byte(at) === MINUS) at++;
    const first = this.byte(at);
    if (first === ZERO) at++;
    else if (first > ZERO && first <= NINE) while (isDigit(this.byte(at))) at++;
    else throw new NotRead();
    if (this.byte(at) === DOT) {
      at++;
      if (!isDigit(this.byte(at))) throw new NotRead();
      while (isDigit(this.byte(at))) at++;
    }
    const e = this.byte(at);
    if (e === LOWER_E || e === UPPER_E) {
      at++;
      const sign = this.byte(at);
      if (sign === PLUS || sign === MINUS) at++;
      if (!isDigit(this.byte(at))) throw new NotRead();
      while (isDigit(this.byte(at))) at++;
    }
    this.at = at;
    return 'number';
  }

  private literal(word: readonly number[]): boolean {
    for (let i = 0; i < word.length; i++) if (this.byte(this.at + i) !== word[i]) return false;
    this.at += word.length;
    return true;
  }

  /** The byte at `at`, or -1 past the end. */
  private byte(at: number): number {
    return at < this.end ? this.bytes[at]! : -1;
  }

  private space(): void {
    const bytes = this.bytes;
    const end = this.end;
    let at = this.at;
    while (at < end) {
      const c = bytes[at]!;
      if (c === SPACE || c === LF || c === CR || c === TAB) at++;
      else break;
    }
    this.at = at;
  }
}

function isDigit(c: number): boolean {
  return c >= ZERO && c <= NINE;
}

function isHex(c: number): boolean {
  return (c >= ZERO && c <= NINE) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);
}

/** As JSON.parse defines a property: `__proto__` too is an own property, not the prototype. */
function set(object: Record<string, unknown>, name: string, value: unknown): void {
  if (name === '__proto__') Object.defineProperty(object, name, { value, writable: true, enumerable: true, configurable: true });
  else object[name] = value;
}
