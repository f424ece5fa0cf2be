/**
 * A part of the package read as XML, as a stream: inflated chunk by chunk (xlsx/zip.ts), decoded (UTF-8,
 * or UTF-16 by its byte order mark; xml/encoding.ts), and scanned by xml/scanner.ts (proven equal to
 * saxes, a conformant parser: entities and character references, CDATA, comments, either quote, any
 * attribute order). Every XML part the reader reads goes through here, the sheets and the index parts
 * alike. Elements are known by their local name, whatever prefix a writer binds to the spreadsheet
 * namespace (`<x:c>` reads as `<c>`). A DOCTYPE is refused: no part of a workbook has one, and entities it
 * declares are how an XML bomb is built.
 */
import { XmlProblem } from '../xml/chars.js';
import { PartDecoder } from '../xml/encoding.js';
import { localName, XmlScanner, type Attributes } from '../xml/scanner.js';
import { entryChunks, entryIntact, ZipProblem, type ZipEntry } from './zip.js';

export interface XmlHandlers {
  /** Its attributes are read during the call: the same object serves the next tag. */
  open(name: string, attributes: Attributes): void;
  close(name: string): void;
  /** Character data, CDATA sections included, in pieces (a text may arrive in several). */
  text(text: string): void;
}

export interface XmlStream {
  /** Parses the chunk; events are handed to the handlers before it returns. */
  write(chunk: Buffer): void;
  /** The end of the part: throws if the XML is incomplete. */
  end(): void;
  /** Characters parsed so far. */
  readonly position: number;
}

export { localName };
export type { Attributes };

export function xmlStream(handlers: XmlHandlers): XmlStream {
  // Streaming: a character split between two inflated chunks is joined, not replaced.
  const decoder = new PartDecoder();
  const scanner = new XmlScanner(handlers, (encoding) => decoder.checkDeclared(encoding));
  return {
    write(chunk) {
      const text = decoder.decode(chunk);
      if (text) scanner.write(text);
    },
    end() {
      const rest = decoder.end();
      if (rest) scanner.write(rest);
      scanner.end();
    },
    get position() {
      return scanner.position;
    },
  };
}

/**
 * The part read whole through the handlers. An encoding problem names the part (`XmlProblem.part`), so
 * the reader can say which one it was.
 */
export async function readXmlPart(file: string, entry: ZipEntry, handlers: XmlHandlers): Promise<void> {
  const xml = xmlStream(handlers);
  try {
    for await (const chunk of entryChunks(file, entry)) xml.write(chunk);
    xml.end();
  } catch (error) {
    throw await partProblem(error, file, entry);
  }
}

/**
 * The problem met reading a part, as the reader reports it: an XML problem names the part; bytes the
 * part's encoding cannot hold are damage (a ZipProblem) when the part does not unpack to its checksum.
 */
export async function partProblem(error: unknown, file: string, entry: ZipEntry): Promise<unknown> {
  if (!(error instanceof XmlProblem)) return error;
  error.part ??= entry.name;
  if (error.kind === 'bytes' && !(await entryIntact(file, entry))) return new ZipProblem('damaged');
  return error;
}
