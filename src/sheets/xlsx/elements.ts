/**
 * A part of the package read as XML, as a stream: inflated chunk by chunk (xlsx/zip.ts), decoded, and scanned
 * by xml/scanner.ts (proven equal to saxes, a conformant parser: entities and character references,
 * CDATA, either quote, any attribute order). Elements are known by their local name, whatever prefix a
 * writer binds to the spreadsheet namespace (`<x:c>` reads as `<c>`). A DOCTYPE is refused: no part of a
 * workbook has one, and entities it declares are how an XML bomb is built.
 */
import { localName, XmlScanner, type Attributes } from '../xml/scanner.js';

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
  const scanner = new XmlScanner(handlers);
  // Streaming: a character split between two inflated chunks is joined, not replaced.
  const decoder = new TextDecoder('utf-8');
  return {
    write(chunk) {
      scanner.write(decoder.decode(chunk, { stream: true }));
    },
    end() {
      const rest = decoder.decode();
      if (rest) scanner.write(rest);
      scanner.end();
    },
    get position() {
      return scanner.position;
    },
  };
}
