/**
 * A part of the package read as XML, as a stream: inflated chunk by chunk (zip.ts) and handed to saxes, a
 * conformant XML parser (entities and character references, CDATA, either quote, any attribute order).
 * Elements are known by their local name, whatever prefix a writer binds to the spreadsheet namespace
 * (`<x:c>` reads as `<c>`). A DOCTYPE is refused: no part of a workbook has one, and entities it declares
 * are how an XML bomb is built.
 */
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { ZipProblem } from './zip.js';

export interface XmlHandlers {
  open(name: string, attributes: Record<string, string>): void;
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

/** The name without its namespace prefix. */
export function localName(name: string): string {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
}

export function xmlStream(handlers: XmlHandlers): XmlStream {
  const parser = new SaxesParser();
  // Streaming: a character split between two inflated chunks is joined, not replaced.
  const decoder = new TextDecoder('utf-8');
  parser.on('opentag', (tag: SaxesTagPlain) => handlers.open(localName(tag.name), tag.attributes));
  parser.on('closetag', (tag: SaxesTagPlain) => handlers.close(localName(tag.name)));
  parser.on('text', handlers.text);
  parser.on('cdata', handlers.text);
  parser.on('doctype', () => {
    throw new ZipProblem('doctype');
  });
  return {
    write(chunk) {
      parser.write(decoder.decode(chunk, { stream: true }));
    },
    end() {
      const rest = decoder.decode();
      if (rest) parser.write(rest);
      parser.close();
    },
    get position() {
      return parser.position;
    },
  };
}
