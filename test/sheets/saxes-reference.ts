/**
 * The reference xml/scanner.ts is proven equal to (test/sheets/xml-scanner.test.ts): saxes (a
 * conformant XML parser, exceljs's own) behind the same stream interface, with local names and the
 * DOCTYPE refused, and a declaration naming another encoding than the part's refused, as the package
 * standard asks (the documents here are UTF-8).
 */
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { XmlProblem } from '../../src/sheets/xml/chars.js';
import { localName, type XmlHandlers, type XmlStream } from '../../src/sheets/xlsx/elements.js';

export function saxesStream(handlers: XmlHandlers): XmlStream {
  const parser = new SaxesParser();
  // Streaming: a character split between two inflated chunks is joined, not replaced.
  const decoder = new TextDecoder('utf-8');
  parser.on('opentag', (tag: SaxesTagPlain) =>
    handlers.open(localName(tag.name), {
      get: (name) => (Object.hasOwn(tag.attributes, name) ? tag.attributes[name] : undefined),
      entries: () => Object.entries(tag.attributes),
    }),
  );
  parser.on('closetag', (tag: SaxesTagPlain) => handlers.close(localName(tag.name)));
  parser.on('text', handlers.text);
  parser.on('cdata', handlers.text);
  parser.on('doctype', () => {
    throw new XmlProblem('doctype');
  });
  parser.on('xmldecl', ({ encoding }) => {
    if (encoding === undefined) return;
    let named = '';
    try {
      named = new TextDecoder(encoding).encoding;
    } catch {}
    if (named !== 'utf-8') throw new XmlProblem('encoding', encoding);
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
