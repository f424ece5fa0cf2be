/**
 * What a cell style's number format (ECMA-376 18.8.31) makes of a number, as far as the reader needs
 * it: whether the number shows as a date, as a time of day only, or as digits padded with literal text
 * (an id shown `00107` or `M0042`).
 *
 * A format code is read token by token, so that literal text is never taken for a code: a quoted string
 * (`"M"0000`), an escaped character (`\M0000`, `0\ \d\a\g\e`), a padding (`_)`) or fill (`* `) character,
 * and brackets (`[Red]`, `[$-406]`, `[>=100]`), except elapsed time (`[h]`), are literals or settings, as
 * Excel, LibreOffice and openpyxl's `is_date_format` read them. One pass over the code, however long.
 */

/** A digit placeholder: `0` shows a zero where the number has no digit, `#` nothing, `?` a space. */
const ZERO = 0;
const HASH = 1;
const QUESTION = 2;

/** A format for numbers made only of digit placeholders and literal text (`00000`, `"M"0000`, `000-000`). */
export interface DigitsFormat {
  /** Literal text and placeholders, in order. */
  readonly parts: readonly (string | number)[];
  readonly placeholders: number;
}

export interface NumberFormat {
  /** Numbers in it show a date (or a date and time, or a time). */
  date: boolean;
  /** It shows only a time of day (h, m, s): a number below 1 shows no day. */
  timeOnly: boolean;
  /** Set when it is a format of digit placeholders and literal text only. */
  digits: DigitsFormat | null;
}

/** General, or a format that is neither a date nor digits only. */
export const PLAIN_FORMAT: NumberFormat = { date: false, timeOnly: false, digits: null };
/** A date format (the built-in ones, and a cell Excel stores as a date). */
export const DATE_FORMAT: NumberFormat = { date: true, timeOnly: false, digits: null };
/** The built-in time formats: 18–21 (h:mm AM/PM, h:mm:ss AM/PM, h:mm, h:mm:ss), 45–47 (mm:ss, [h]:mm:ss, mmss.0). */
export const TIME_FORMAT: NumberFormat = { date: true, timeOnly: true, digits: null };

/** Characters Excel shows as they are, unquoted (ECMA-376 18.8.31: `$ - + / ( ) : ! ^ & ' ~ { } < > =` and space). */
const BARE_LITERALS = new Set(['$', '-', '+', '/', '(', ')', ':', '!', '^', '&', "'", '~', '{', '}', '<', '>', '=', ' ']);

interface Token {
  /** A literal's text, or a code character (a letter, a placeholder, `.`, `,`, `%`, `@` …); a time's `h`, `m` or `s` for elapsed time. */
  text: string;
  /**
   * `literal`: text shown as it is; `code`: a character of the format's code; `elapsed`: `[h]`, `[mm]`,
   * `[ss]`; `ampm`: `AM/PM` or `A/P`; `setting`: a colour or a locale (nothing shown); `condition`:
   * `[>=100]`; `padding`: `_x`, a space as wide as x; `fill`: `*x`, x repeated to the cell's width.
   */
  kind: 'literal' | 'code' | 'elapsed' | 'ampm' | 'setting' | 'condition' | 'padding' | 'fill';
}

/** The format's sections (`positive;negative;zero;text`), each as its tokens. */
function sections(code: string): Token[][] {
  const all: Token[][] = [[]];
  let current = all[0]!;
  for (let i = 0; i < code.length; i++) {
    const c = code[i]!;
    if (c === '"') {
      const close = code.indexOf('"', i + 1);
      const end = close < 0 ? code.length : close;
      current.push({ text: code.slice(i + 1, end), kind: 'literal' });
      i = end;
    } else if (c === '\\') {
      if (i + 1 < code.length) current.push({ text: code[++i]!, kind: 'literal' });
    } else if (c === '_' || c === '*') {
      if (i + 1 < code.length) i++;
      current.push({ text: c === '_' ? ' ' : '', kind: c === '_' ? 'padding' : 'fill' });
    } else if (c === '[') {
      const close = code.indexOf(']', i + 1);
      const end = close < 0 ? code.length : close;
      current.push(bracketToken(code.slice(i + 1, end)));
      i = end;
    } else if (c === ';') {
      current = [];
      all.push(current);
    } else if ((c === 'A' || c === 'a') && /^(am\/pm|a\/p)/i.test(code.slice(i, i + 5))) {
      const length = /^am\/pm/i.test(code.slice(i, i + 5)) ? 5 : 3;
      current.push({ text: code.slice(i, i + length), kind: 'ampm' });
      i += length - 1;
    } else {
      current.push({ text: c, kind: BARE_LITERALS.has(c) ? 'literal' : 'code' });
    }
  }
  return all;
}

function bracketToken(inside: string): Token {
  if (/^(h+|m+|s+)$/i.test(inside)) return { text: inside[0]!.toLowerCase(), kind: 'elapsed' };
  if (inside.startsWith('$')) {
    // `[$-406]` is a locale; `[$kr-406]` or `[$€]` shows its text.
    const text = inside.slice(1).split('-')[0] ?? '';
    return { text, kind: text === '' ? 'setting' : 'literal' };
  }
  if (/^[<>=]/.test(inside)) return { text: '', kind: 'condition' };
  return { text: '', kind: 'setting' };
}

const formats = new Map<string, NumberFormat>();

/** What the format code makes of a number (remembered per code: a workbook has a few dozen). */
export function numberFormat(code: string | undefined): NumberFormat {
  if (!code) return PLAIN_FORMAT;
  let known = formats.get(code);
  if (known === undefined) {
    known = readFormat(code);
    if (formats.size < 1000) formats.set(code, known);
  }
  return known;
}

/** A date format: a day, month, year, hour, minute or second code outside literals, in any section. */
export function isDateFormat(code: string | undefined): boolean {
  return numberFormat(code).date;
}

function readFormat(code: string): NumberFormat {
  if (/^general$/i.test(code.trim())) return PLAIN_FORMAT;
  const parsed = sections(code);
  let date = false;
  let day = false;
  let time = false;
  for (const tokens of parsed) {
    // The section's letters in order, a run of `m` as one (`mm` is one month or one minute).
    const letters: { letter: string; run: number }[] = [];
    let previous: Token | undefined;
    for (const token of tokens) {
      const after = previous;
      previous = token;
      if (token.kind === 'elapsed' || token.kind === 'ampm') {
        // Elapsed minutes (`[mm]`) are minutes wherever they stand.
        letters.push({ letter: token.kind === 'ampm' ? 'ampm' : token.text === 'm' ? 'minutes' : token.text, run: 1 });
        continue;
      }
      if (token.kind !== 'code') continue;
      // `b` (a Buddhist year) only in lower case, as Excel writes it; `B` is no code.
      const letter = token.text === 'B' ? '' : token.text.toLowerCase();
      if (letter < 'a' || letter > 'z') continue;
      const last = letters[letters.length - 1];
      if (letter === 'm' && last?.letter === 'm' && after?.kind === 'code' && after.text.toLowerCase() === 'm') last.run++;
      else letters.push({ letter, run: 1 });
    }
    for (let k = 0; k < letters.length; k++) {
      const { letter, run } = letters[k]!;
      if (letter === 'y' || letter === 'd' || letter === 'b') date = day = true;
      else if (letter === 'h' || letter === 's' || letter === 'ampm' || letter === 'minutes') date = time = true;
      else if (letter === 'm') {
        date = true;
        // Minutes right after an hour or right before a second; `mmm` and longer are always months.
        const minute = run <= 2 && (letters[k - 1]?.letter === 'h' || letters[k + 1]?.letter === 's');
        if (minute) time = true;
        else day = true;
      }
    }
  }
  return { date, timeOnly: date && time && !day, digits: date ? null : digitsFormat(parsed[0] ?? []) };
}

/** The section as digit placeholders and literal text; null when it holds anything else (`.`, `,`, `%`, `@`, `E`, a fill, a condition). */
function digitsFormat(tokens: readonly Token[]): DigitsFormat | null {
  const parts: (string | number)[] = [];
  let placeholders = 0;
  for (const token of tokens) {
    if (token.kind === 'setting') continue;
    if (token.kind === 'literal') {
      if (token.text !== '') parts.push(token.text);
      continue;
    }
    if (token.kind !== 'code') return null;
    const placeholder = token.text === '0' ? ZERO : token.text === '#' ? HASH : token.text === '?' ? QUESTION : -1;
    if (placeholder < 0) return null;
    parts.push(placeholder);
    placeholders++;
  }
  return placeholders > 0 ? { parts, placeholders } : null;
}

/**
 * The text Excel shows for a whole number of at most 15 digits (written as digits) under a format of
 * digit placeholders and literal text: the digits fill the placeholders from the right, the leftmost
 * takes any digits left over, and a placeholder without a digit shows `0`, nothing or a space.
 */
export function shownDigits(format: DigitsFormat, digits: string): string {
  const significant = digits === '0' ? '' : digits;
  let remaining = significant.length;
  let placeholder = format.placeholders;
  const pieces: string[] = new Array<string>(format.parts.length);
  for (let k = format.parts.length - 1; k >= 0; k--) {
    const part = format.parts[k]!;
    if (typeof part === 'string') {
      pieces[k] = part;
      continue;
    }
    placeholder--;
    if (placeholder === 0 && remaining > 0) {
      pieces[k] = significant.slice(0, remaining);
      remaining = 0;
    } else if (remaining > 0) {
      pieces[k] = significant[--remaining]!;
    } else {
      pieces[k] = part === ZERO ? '0' : part === QUESTION ? ' ' : '';
    }
  }
  return pieces.join('');
}
