/**
 * A part's bytes as the text the scanner reads, in the encodings a package may use: "XML content shall be
 * encoded using either UTF-8 or UTF-16", and an encoding declaration may name no other (ECMA-376 Part 2,
 * OPC, M1.17). UTF-16 is known by its byte order mark, which the XML standard requires of it (§4.3.3);
 * anything else is UTF-8. A part declared in another encoding, UTF-16 without its mark, or bytes the
 * encoding cannot hold are refused by name, never decoded into replacement characters.
 */
import { TextDecoder } from 'node:util';
import { XmlProblem } from './chars.js';

export type PartEncoding = 'utf-8' | 'utf-16le' | 'utf-16be';

/** A part's chunks decoded as they come; a character cut between two chunks is joined. */
export class PartDecoder {
  private decoder: TextDecoder | null = null;
  /** The first byte, when the first chunk held only one: the byte order mark needs two. */
  private head: Buffer | null = null;
  encoding: PartEncoding = 'utf-8';

  decode(chunk: Buffer): string {
    let bytes = chunk;
    if (this.decoder === null) {
      if (this.head !== null) bytes = Buffer.concat([this.head, chunk]);
      if (bytes.length < 2) {
        this.head = bytes;
        return '';
      }
      this.head = null;
      this.decoder = this.start(bytes);
    }
    return this.decoded(this.decoder, bytes, true);
  }

  /** What the last chunk left (a character never finished is refused). */
  end(): string {
    const bytes = this.head ?? Buffer.alloc(0);
    this.head = null;
    this.decoder ??= this.start(bytes);
    return this.decoded(this.decoder, bytes, false);
  }

  /** Throws unless the declaration's encoding (as written) is the one the part is written in. */
  checkDeclared(declared: string | undefined): void {
    if (declared === undefined) return;
    let named: string;
    try {
      named = new TextDecoder(declared).encoding;
    } catch {
      throw new XmlProblem('encoding', declared);
    }
    const family = (encoding: string) => (encoding === 'utf-8' ? 'utf-8' : encoding.startsWith('utf-16') ? 'utf-16' : encoding);
    if (family(named) !== family(this.encoding)) throw new XmlProblem('encoding', declared);
  }

  private start(bytes: Buffer): TextDecoder {
    const [first, second] = [bytes[0], bytes[1]];
    if (first === 0xff && second === 0xfe) this.encoding = 'utf-16le';
    else if (first === 0xfe && second === 0xff) this.encoding = 'utf-16be';
    // `<` or a space as UTF-16 without the mark the standard asks of it.
    else if ((first === 0x3c && second === 0x00) || (first === 0x00 && (second === 0x3c || second === 0x20))) {
      throw new XmlProblem('mark', 'UTF-16');
    }
    // A declaration naming another encoding is refused by that name before any byte is decoded: the
    // bytes of a part in windows-1252 would otherwise be refused as UTF-8 that is not.
    if (this.encoding === 'utf-8') this.checkDeclared(declaredEncoding(bytes));
    // `fatal`: bytes the encoding cannot hold are an error, not U+FFFD. The mark itself is not text.
    return new TextDecoder(this.encoding, { fatal: true });
  }

  private decoded(decoder: TextDecoder, bytes: Buffer, stream: boolean): string {
    try {
      return decoder.decode(bytes, { stream });
    } catch {
      throw new XmlProblem('bytes', this.encoding === 'utf-8' ? 'UTF-8' : 'UTF-16');
    }
  }
}

/**
 * The encoding an XML declaration at the start of these bytes names (read as ASCII, which UTF-8 and
 * every encoding a declaration may name agree on for it); undefined when there is none. The scanner
 * checks the declaration itself; this only looks ahead at it, within its first few hundred bytes.
 */
function declaredEncoding(bytes: Buffer): string | undefined {
  const start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  const head = bytes.toString('latin1', start, start + 256);
  if (!/^<\?xml[ \t\r\n]/.test(head)) return undefined;
  const end = head.indexOf('?>');
  const found = /\sencoding\s*=\s*(?:"([^"]*)"|'([^']*)')/.exec(end < 0 ? head : head.slice(0, end));
  return found ? (found[1] ?? found[2]) : undefined;
}

/**
 * A part's bytes as UTF-8 with a declaration that says so: a UTF-16 part (known by its byte order mark)
 * re-encoded, any other returned as it is. For a program that reads only UTF-8 (exceljs, which writes the
 * error copies).
 */
export function partAsUtf8(bytes: Buffer): Buffer {
  const le = bytes[0] === 0xff && bytes[1] === 0xfe;
  if (!le && !(bytes[0] === 0xfe && bytes[1] === 0xff)) return bytes;
  const text = new TextDecoder(le ? 'utf-16le' : 'utf-16be', { fatal: true }).decode(bytes);
  return Buffer.from(text.replace(/^(<\?xml[^?]*?encoding\s*=\s*)(["'])[^"']*\2/, '$1$2UTF-8$2'), 'utf8');
}
