/**
 * The XML declaration (`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>`) checked as saxes checks
 * it: version first and required, then encoding, then standalone, each at most once and in that order,
 * quoted with either quote, spaces around `=`, a space between pairs. Its version decides the rules for
 * the rest of the part: "1.0" keeps XML 1.0's, any other 1.x takes XML 1.1's (more line ends, more
 * forbidden characters), from the version's value on.
 */
import { isSpace, LINE_END, lineEndLength, PAIR, unusualUnit, XmlProblem } from './chars.js';

const ORDER = ['version', 'encoding', 'standalone'];
const VERSION_FIRST = /^[ \t\r\n]*version[ \t\r\n]*=[ \t\r\n]*(["'])(1\.[0-9]+)\1/;

export interface XmlDeclaration {
  /** The rest of the part follows XML 1.1's rules. */
  xml11: boolean;
  /** The encoding it names, as written; undefined when it names none. */
  encoding: string | undefined;
}

/**
 * `body` is what stands between `<?xml` and the `?` that ends it (a declaration holds no other `?`).
 * Throws when the declaration is wrong.
 */
export function checkXmlDeclaration(body: string): XmlDeclaration {
  const version = VERSION_FIRST.exec(body);
  if (!version) throw new XmlProblem('declaration');
  const xml11 = version[2] !== '1.0';
  // What follows the version is read by its rules: characters checked, line ends read as `\n`.
  let text = version[0];
  for (let i = text.length; i < body.length; ) {
    const c = body.charCodeAt(i);
    const kind = c >= 0x20 && c < 0x7f ? 0 : unusualUnit(body, i, c, xml11);
    if (kind === LINE_END) {
      text += '\n';
      i += lineEndLength(body, i, xml11);
    } else {
      const width = kind === PAIR ? 2 : 1;
      text += body.slice(i, i + width);
      i += width;
    }
  }
  return { xml11, encoding: checkPairs(text.replace(/\r\n?/g, '\n')) };
}

/** Checks the pairs; returns the encoding's value, if one is given. */
function checkPairs(text: string): string | undefined {
  let encoding: string | undefined;
  let at = 0;
  let next = 0;
  const skipSpaces = (): void => {
    while (at < text.length && isSpace(text.charCodeAt(at))) at++;
  };
  for (;;) {
    skipSpaces();
    if (at >= text.length) return encoding;
    let name = '';
    while (at < text.length && !isSpace(text.charCodeAt(at)) && text[at] !== '=') name += text[at++];
    const position = ORDER.indexOf(name);
    if (next === 0 ? position !== 0 : position < next) throw new XmlProblem('declaration');
    skipSpaces();
    if (text[at] !== '=') throw new XmlProblem('declaration');
    at++;
    skipSpaces();
    const quote = text[at];
    if (quote !== '"' && quote !== "'") throw new XmlProblem('declaration');
    const close = text.indexOf(quote, at + 1);
    if (close < 0) throw new XmlProblem('declaration');
    const value = text.slice(at + 1, close);
    checkValue(name, value);
    if (name === 'encoding') encoding = value;
    at = close + 1;
    next = position + 1;
    // A pair is followed by a space or by the end.
    if (at < text.length && !isSpace(text.charCodeAt(at))) throw new XmlProblem('declaration');
  }
}

function checkValue(name: string, value: string): void {
  const valid =
    name === 'version'
      ? /^1\.[0-9]+$/.test(value)
      : name === 'encoding'
        ? /^[A-Za-z][A-Za-z0-9._-]*$/.test(value)
        : value === 'yes' || value === 'no';
  if (!valid) throw new XmlProblem('declaration');
}
