/**
 * A CSV record whose quotes papaparse reports as malformed, read never past the end of its line. Papaparse, given `"Senior" udvikler;` (an export that does not escape its
 * quotes), keeps looking for a quote followed by a delimiter and glues every later line into one cell;
 * Excel, given a quote that never closes, does the same. Neither is what the person who wrote the file
 * meant, and gluing rows together silently loses people. Papaparse has no option for this, so this one
 * record is read here and the rest of the file goes back to papaparse (see csvRecords in csv/parse.ts).
 *
 * The rule (for `"Senior" udvikler` what LibreOffice Calc 7.4 shows; Calc too glues lines into a
 * field whose quote closes on a later line, see test/fixtures/writers/libreoffice): a field that starts with a quote is quoted when its first lone quote (a
 * doubled quote is one quote of text) is followed by the delimiter, a line break or the end of the file;
 * such a field may span lines. Otherwise the field is its text up to the next delimiter on its line,
 * quotes included. A quote anywhere else in a field is text.
 */

/** A field read by the rule above, not as a well-formed CSV field; column is 0-based. */
export interface QuoteProblem {
  column: number;
  /**
   * `text_after_quote`: the field's closing quote is followed by more text on the same line (`"Senior"
   * udvikler`); Excel would show it without its quotes, LibreOffice with them. `unclosed`: the quote is
   * never closed on its line; Excel would put the rest of the file into this one cell.
   */
  kind: 'text_after_quote' | 'unclosed';
}

export interface LenientRecord {
  fields: string[];
  /** Offset just after the record (after its line break). */
  end: number;
  problems: QuoteProblem[];
}

/**
 * The record starting at `start`; null when the input ends inside it and more input may follow.
 * `input` uses \n line breaks only (csv/parse.ts makes them uniform).
 */
export function lenientRecord(input: string, start: number, delimiter: string, final: boolean): LenientRecord | null {
  const fields: string[] = [];
  const problems: QuoteProblem[] = [];
  let at = start;
  for (;;) {
    let field: { text: string; next: number } | null;
    if (input[at] === '"') {
      const quoted = quotedField(input, at, delimiter, final);
      if (quoted === 'more') return null;
      if (quoted) field = quoted;
      else {
        field = literalField(input, at, delimiter, final);
        if (field) problems.push({ column: fields.length, kind: closesOnLine(input, at + 1) ? 'text_after_quote' : 'unclosed' });
      }
    } else {
      field = literalField(input, at, delimiter, final);
    }
    if (!field) return null;
    fields.push(field.text);
    at = field.next;
    if (input[at] === delimiter) {
      at += 1;
      continue;
    }
    // A line break, or the end of the file.
    return { fields, end: at < input.length ? at + 1 : at, problems };
  }
}

/** A well-formed quoted field from `at` (its opening quote), null when it is not one, 'more' when undecided. */
function quotedField(input: string, at: number, delimiter: string, final: boolean): { text: string; next: number } | null | 'more' {
  let search = at + 1;
  for (;;) {
    const quote = input.indexOf('"', search);
    if (quote < 0) return final ? null : 'more';
    if (quote + 1 >= input.length) return final ? { text: unescapeQuotes(input.slice(at + 1, quote)), next: quote + 1 } : 'more';
    if (input[quote + 1] === '"') {
      search = quote + 2;
      continue;
    }
    const after = input[quote + 1];
    return after === delimiter || after === '\n' ? { text: unescapeQuotes(input.slice(at + 1, quote)), next: quote + 1 } : null;
  }
}

/** The text from `at` up to the next delimiter or line break, quotes and all; null when undecided. */
function literalField(input: string, at: number, delimiter: string, final: boolean): { text: string; next: number } | null {
  let end = at;
  while (end < input.length && input[end] !== delimiter && input[end] !== '\n') end++;
  if (end >= input.length && !final) return null;
  return { text: input.slice(at, end), next: end };
}

/** Whether a lone quote follows `from` before the end of its line. */
function closesOnLine(input: string, from: number): boolean {
  const lineEnd = input.indexOf('\n', from);
  const line = input.slice(from, lineEnd < 0 ? undefined : lineEnd).replace(/""/g, '');
  return line.includes('"');
}

function unescapeQuotes(text: string): string {
  return text.replace(/""/g, '"');
}
