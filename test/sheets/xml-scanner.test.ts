/**
 * The reader's own XML scanner (src/sheets/xml/scanner.ts, behind xlsx/elements.ts) is proven equal to
 * saxes, a conformant and maintained parser (test/sheets/saxes-reference.ts): over documents of
 * every form real writers produce (prefixed and plain names, attributes in any order with either quote
 * and spaces around `=`, entities and character references, CDATA, comments, processing instructions,
 * the XML declaration, `xml:space`, self-closing elements, line ends of every kind, characters outside
 * the Basic Multilingual Plane), cut into chunks anywhere (mid-tag, mid-reference, mid-CDATA, inside a
 * character's UTF-8 bytes), both report the same elements, attributes, text and positions; and of
 * documents broken at random, both refuse the same ones, a DOCTYPE as a DOCTYPE.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { xmlStream, type XmlStream, type XmlHandlers } from '../../src/sheets/xlsx/elements.js';
import { XmlProblem } from '../../src/sheets/xml/chars.js';
import { saxesStream } from './saxes-reference.js';
import { propertyRuns } from '../helpers/property-runs.js';

type Event = ['open', string, [string, string][], number] | ['close', string] | ['text', string];

interface Outcome {
  events: Event[];
  /** null when the document was read; else how the reader reports it. */
  refused: null | 'doctype' | 'damaged';
}

function read(make: (handlers: XmlHandlers) => XmlStream, chunks: Buffer[]): Outcome {
  const events: Event[] = [];
  let stream: XmlStream | null = null;
  const text = (piece: string): void => {
    const last = events[events.length - 1];
    if (last?.[0] === 'text') last[1] += piece;
    else events.push(['text', piece]);
  };
  stream = make({
    // Each value as `get` finds it by its name (the scanner's attributes are looked up, not an object's).
    open: (name, attributes) =>
      events.push(['open', name, attributes.entries().map(([key]) => [key, attributes.get(key) ?? '(none)']), stream?.position ?? -1]),
    close: (name) => events.push(['close', name]),
    text,
  });
  try {
    for (const chunk of chunks) stream.write(chunk);
    stream.end();
  } catch (error) {
    return { events, refused: error instanceof XmlProblem && error.kind === 'doctype' ? 'doctype' : 'damaged' };
  }
  // Text is compared joined between tags, and empty text (an empty CDATA section) is no text.
  return { events: events.filter((event) => event[0] !== 'text' || event[1] !== ''), refused: null };
}

/** The document's UTF-8 bytes cut at these offsets (anywhere, inside a character's bytes too). */
function cut(bytes: Buffer, offsets: number[]): Buffer[] {
  const points = [...new Set(offsets.map((offset) => offset % (bytes.length + 1)))].sort((a, b) => a - b);
  const chunks: Buffer[] = [];
  let from = 0;
  for (const point of points) {
    chunks.push(bytes.subarray(from, point));
    from = point;
  }
  chunks.push(bytes.subarray(from));
  return chunks;
}

const space = fc.constantFrom(' ', '  ', '\t', '\n', '\r\n', '\r', ' \n ');
const optionalSpace = fc.oneof(fc.constant(''), space);
const prefix = fc.constantFrom('', '', 'x:', 'main:', 'r:');
const local = fc.constantFrom('c', 'v', 'row', 't', 'si', 'r', 'is', 'rPh', 'sheetData', 'b_1', 'é', 'ø-n.2', '\u{1d4b3}x');
const elementName = fc.tuple(prefix, local).map(([p, l]) => p + l);
const attributeNames = fc.uniqueArray(
  fc.constantFrom('r', 's', 't', 'xml:space', 'r:id', 'spans', 'x:y', 'ns.a', 'é', 'numFmtId', 'formatCode', '__proto__', 'constructor'),
  { maxLength: 4 },
);

/** A character a document may hold as it is, in text or a value (`<`, `&`, quotes and `]` left to the pieces below). */
const plainCharacter = fc.oneof(
  fc.constantFrom(
    'a',
    'Z',
    '0',
    ' ',
    '-',
    '=',
    '/',
    '?',
    '!',
    '#',
    ';',
    ':',
    'æ',
    'ø',
    'Å',
    '€',
    '\u00a0',
    '\u0085',
    '\u2028',
    '\u{1f600}',
    '\u{10ffff}',
    '\t',
    '\n',
    '\r',
    '\r\n',
    '>',
  ),
  fc
    .string({ unit: 'binary', minLength: 1, maxLength: 1 })
    .filter((c) => /^[\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]$/u.test(c) && !/[<&"'\]>]/.test(c)),
);
/** Printable ASCII, what nearly every value of a sheet is made of (the scanner's fast path). */
const asciiCharacter = fc.constantFrom('a', 'Z', '0', '9', ' ', ' ', '-', '=', '/', '?', '>', ';', ':', '#', '!', '.', '_');
const reference = fc.constantFrom(
  '&amp;',
  '&lt;',
  '&gt;',
  '&quot;',
  '&apos;',
  '&#65;',
  '&#x41;',
  '&#xe6;',
  '&#x1F600;',
  '&#10;',
  '&#13;',
  '&#9;',
  '&#x85;',
  '&#0065;',
);
const textPiece = fc.oneof(
  { weight: 6, arbitrary: fc.array(plainCharacter, { maxLength: 6 }).map((c) => c.join('')) },
  { weight: 4, arbitrary: fc.array(asciiCharacter, { maxLength: 6 }).map((c) => c.join('')) },
  { weight: 2, arbitrary: reference },
  { weight: 1, arbitrary: fc.constantFrom(']', ']]', '] ]>', '"', "'") },
  {
    weight: 1,
    arbitrary: fc
      .array(fc.oneof(plainCharacter, fc.constantFrom('<', '&', ']', ']]', '"')), { maxLength: 5 })
      .map((c) => `<![CDATA[${c.join('').replaceAll(']]>', '')}]]>`),
  },
  {
    weight: 1,
    arbitrary: fc
      .array(fc.oneof(plainCharacter, fc.constantFrom('<', '&', '-', ' - ')), { maxLength: 5 })
      .map((c) => `<!--${c.join('').replaceAll('--', '')}-->`)
      .filter((c) => !c.endsWith('--->')),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom('pi', 'mso-application', 'xml-stylesheet', 'x'), fc.array(plainCharacter, { maxLength: 4 }))
      .map(([t, b]) => `<?${t}${b.length ? ` ${b.join('').replaceAll('?', '')}` : ''}?>`),
  },
);
const text = fc.array(textPiece, { maxLength: 4 }).map((pieces) => pieces.join(''));

const attributeValue = (quote: '"' | "'") =>
  fc
    .oneof(
      fc.array(
        fc.oneof(
          { weight: 5, arbitrary: plainCharacter },
          { weight: 2, arbitrary: reference },
          { weight: 1, arbitrary: fc.constant(quote === '"' ? "'" : '"') },
        ),
        { maxLength: 6 },
      ),
      fc.array(fc.oneof({ weight: 8, arbitrary: asciiCharacter }, { weight: 1, arbitrary: fc.constant(quote === '"' ? "'" : '"') }), {
        maxLength: 6,
      }),
    )
    .map((pieces) => quote + pieces.join('') + quote);
const attribute = (name: string) =>
  fc
    .tuple(space, optionalSpace, optionalSpace, fc.constantFrom<'"' | "'">('"', "'"))
    .chain(([before, aroundLeft, aroundRight, quote]) =>
      attributeValue(quote).map((value) => `${before}${name}${aroundLeft}=${aroundRight}${value}`),
    );
const startTag = fc
  .tuple(elementName, attributeNames)
  .chain(([name, names]) =>
    fc
      .tuple(fc.tuple(...names.map(attribute)), optionalSpace)
      .map(([attributes, end]) => ({ name, open: `<${name}${attributes.join('')}${end}` })),
  );

const element: fc.Memo<string> = fc.memo((depth) =>
  fc
    .tuple(startTag, fc.boolean(), depth > 1 ? fc.array(fc.oneof(text, element(depth - 1)), { maxLength: 4 }) : text, optionalSpace)
    .map(([{ name, open }, selfClosing, content, closeSpace]) =>
      selfClosing ? `${open}/>` : `${open}>${Array.isArray(content) ? content.join('') : content}</${name}${closeSpace}>`,
    ),
);

const misc = fc
  .array(fc.constantFrom('\n', ' ', '\r\n', '<!-- note -->', '<?pi body?>', '<?x?>'), { maxLength: 3 })
  .map((parts) => parts.join(''));
const declaration = fc.constantFrom(
  '',
  '<?xml version="1.0"?>',
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n',
  "<?xml version='1.0' encoding='utf-8'?>\n",
  '<?xml version = "1.0"  standalone = "no" ?>',
  '<?xml version="1.1"?>',
);
const documentText = fc.tuple(declaration, misc, element(4), misc).map((parts) => parts.join(''));
const offsets = fc.array(fc.nat(), { maxLength: 12 });

describe('the XML scanner reads what saxes reads', () => {
  it('the same elements, attributes, text and positions, however the document is cut into chunks', () => {
    fc.assert(
      fc.property(documentText, offsets, (document, at) => {
        const chunks = cut(Buffer.from(document, 'utf8'), at);
        const expected = read(saxesStream, chunks);
        const actual = read(xmlStream, chunks);
        // A few generated documents are not well-formed (`]]` and `>` met in text, a 1.1 document with a
        // character 1.1 forbids): refused alike, their events before the refusal are no one's concern.
        expect(actual.refused).toBe(expected.refused);
        if (expected.refused === null) expect(actual.events).toEqual(expected.events);
      }),
      { numRuns: propertyRuns(1500) },
    );
  });

  it('a sheet as Excel, openpyxl and SheetJS write it, one byte at a time', () => {
    const sheet = [
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n',
      '<x:worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="r"><x:sheetData>',
      '<x:row r="1" spans="1:3"><x:c r="A1" t="s"><x:v>0</x:v></x:c><x:c s=\'2\' r=\'B1\'><x:v>45292</x:v></x:c>',
      '<x:c r="C1" t="inlineStr"><x:is><x:r><x:t xml:space="preserve"> Søren &amp; Co </x:t></x:r><x:rPh sb="0" eb="1"><x:t>ソ</x:t></x:rPh></x:is></x:c></x:row>',
      '<row><c t="str"><f>A1&amp;"x"</f><v>&lt;&#x1F600;&#10;</v></c><c t="e"><v>#N/A</v></c><c/><c t="d"><v>2024-01-31T00:00:00</v></c></row>',
      '<row r="3"><c r="A3"><v><![CDATA[1]]]]><![CDATA[>]]></v></c></row></x:sheetData><!-- end --></x:worksheet>\n',
    ].join('');
    const bytes = Buffer.from(sheet, 'utf8');
    const byteByByte = Array.from(bytes, (_, index) => bytes.subarray(index, index + 1));
    const expected = read(saxesStream, [bytes]);
    expect(expected.refused).toBeNull();
    expect(read(xmlStream, byteByByte)).toEqual(read(saxesStream, byteByByte));
    expect(read(xmlStream, [bytes])).toEqual(expected);
  });
});

describe('the XML scanner reads an element of plain text in one go as saxes reads it', () => {
  // xml/scanner.ts reads `<v>42</v>` whole (its text and end tag with it): the end tag must be the
  // element's own, however near another name it is, and any text it does not read whole goes the long way.
  const leafName = fc.constantFrom('v', 't', 'x:v', 'vv', 'x:vv', 'V', 'x:t', 'a:v', 'c', 'is');
  const leafText = fc.oneof(
    fc.array(asciiCharacter, { maxLength: 5 }).map((c) => c.join('')),
    fc
      .array(
        fc.oneof(
          asciiCharacter,
          plainCharacter,
          reference,
          fc.constantFrom(']', ']]', '>', ']]>', '<', '\t', '\u0085', '\u2028', '\u007f', '\u009f', '\ufffe', '\ud800', 'ø'),
        ),
        { maxLength: 4 },
      )
      .map((c) => c.join('')),
  );
  const endTag = (name: string) =>
    fc.oneof(
      fc.constant(`</${name}>`),
      leafName.map((other) => `</${other}>`),
      fc.constantFrom(`</${name} >`, `</${name}`, `</${name}x>`, `<${name}>`, '</>', ''),
    );
  const leaf = fc.tuple(leafName, leafText).chain(([name, content]) => endTag(name).map((end) => `<${name}>${content}${end}`));
  const sheetOfLeaves = fc
    .tuple(fc.constantFrom('', '<?xml version="1.0"?>', '<?xml version="1.1"?>'), fc.array(leaf, { minLength: 1, maxLength: 6 }))
    .map(([declaration, leaves]) => `${declaration}<c r="A1">${leaves.join('')}</c>`);

  it('the same events, or refused alike, however it is cut into chunks', () => {
    fc.assert(
      fc.property(sheetOfLeaves, offsets, (document, at) => {
        const chunks = cut(Buffer.from(document, 'utf8'), at);
        const expected = read(saxesStream, chunks);
        const actual = read(xmlStream, chunks);
        expect(actual.refused).toBe(expected.refused);
        if (expected.refused === null) expect(actual.events).toEqual(expected.events);
      }),
      { numRuns: propertyRuns(3000) },
    );
  });

  it.each([
    ['XML 1.1 line ends (LS, NEL) in a value', '<?xml version="1.1"?><c><v>a\u2028b</v><t>\u0085ø</t><v>\u2028</v></c>'],
    ['letters beyond ASCII', '<c><t>Søren Ærø é €</t><v>\u00a0</v></c>'],
    ['characters XML 1.1 refuses', '<?xml version="1.1"?><c><t>a\u007fb</t></c>'],
    ['a character outside the Basic Multilingual Plane', '<c><t>\u{1f600}</t></c>'],
  ])('%s', (_, document) => {
    const chunks = [Buffer.from(document, 'utf8')];
    expect(read(xmlStream, chunks)).toEqual(read(saxesStream, chunks));
  });
});

const damage = fc.oneof(
  fc.constantFrom(
    '<',
    '>',
    '&',
    '/',
    '"',
    "'",
    ']]>',
    '--',
    '\u0001',
    '\uffff',
    '<!DOCTYPE a>',
    '<!DOCTYPE a [<!ENTITY e "x">]>',
    '&nope;',
    '&#0;',
    '&#X41;',
    '&#xD800;',
    '</a>',
    '<a>',
    '<?xml version="1.0"?>',
    '<!x>',
    '<![CDATA[',
    '\u0085',
    '\r',
    'x="1"',
    ' a',
    '=',
    '<b',
    '/>',
    '<1',
  ),
  fc.string({ maxLength: 2 }),
);

describe('the XML scanner refuses what saxes refuses', () => {
  it('a document with a piece inserted, removed or cut off anywhere: read or refused alike, a DOCTYPE as a DOCTYPE', () => {
    fc.assert(
      fc.property(documentText, fc.nat(), fc.nat({ max: 3 }), damage, offsets, (document, where, howMany, inserted, at) => {
        const point = where % (document.length + 1);
        const broken = [
          document.slice(0, point) + inserted + document.slice(point),
          document.slice(0, point) + document.slice(point + howMany + 1),
          document.slice(0, point),
        ];
        for (const candidate of broken) {
          const chunks = cut(Buffer.from(candidate, 'utf8'), at);
          const expected = read(saxesStream, chunks);
          const actual = read(xmlStream, chunks);
          expect(actual.refused).toBe(expected.refused);
          if (expected.refused === null) expect(actual.events).toEqual(expected.events);
        }
      }),
      { numRuns: propertyRuns(1500) },
    );
  });

  it.each([
    ['a DOCTYPE', '<!DOCTYPE x [<!ENTITY a "aaaa">]><x>&a;</x>', 'doctype'],
    ['an unclosed document', '<worksheet><sheetData>', 'damaged'],
    ['mismatched tags', '<a><b></a></b>', 'damaged'],
    ['a second root', '<a/><b/>', 'damaged'],
    ['text outside the root', '<a/>x', 'damaged'],
    ['an unknown entity', '<a>&nbsp;</a>', 'damaged'],
    ['a reference to no character', '<a>&#1;</a>', 'damaged'],
    ['a control character', '<a>\u0001</a>', 'damaged'],
    ['a duplicate attribute', '<a r="1" r="2"/>', 'damaged'],
    ['an unquoted value', '<a r=1/>', 'damaged'],
    [']]> in text', '<a>]]></a>', 'damaged'],
    ['-- in a comment', '<a><!-- a -- b --></a>', 'damaged'],
    ['a late XML declaration', ' <?xml version="1.0"?><a/>', 'damaged'],
    ['nothing', '', 'damaged'],
  ])('%s', (_, document, kind) => {
    const chunks = [Buffer.from(document, 'utf8')];
    expect(read(saxesStream, chunks).refused).toBe(kind);
    expect(read(xmlStream, chunks).refused).toBe(kind);
  });
});
