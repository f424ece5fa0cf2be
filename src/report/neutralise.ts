/**
 * Formula-injection defence for every cell a report writes (cli.md "Reports and exit codes").
 *
 * Spreadsheet programs treat a cell that starts with `=`, `+`, `-` or `@` as a formula, and some also
 * react to a leading tab or carriage return; Excel accepts the fullwidth forms `＝＋－＠` as well. Following
 * the OWASP "CSV Injection" recommendation, such text is prefixed with a single apostrophe, which Excel
 * shows as plain text and hides in the cell. Everything else is returned unchanged, so ordinary names,
 * ids and dates keep their exact text. Applied to text only: numbers and dates written as real cells
 * cannot run.
 */
const DANGEROUS_FIRST_CHARACTERS = new Set(['=', '+', '-', '@', '\t', '\r', '\uff1d', '\uff0b', '\uff0d', '\uff20']);

export function neutraliseCell(text: string): string {
  const first = text.charAt(0);
  return DANGEROUS_FIRST_CHARACTERS.has(first) ? `'${text}` : text;
}

/** neutraliseCell for a value that may be absent; null and undefined become the empty string. */
export function neutraliseOptional(text: string | null | undefined): string {
  return text === null || text === undefined ? '' : neutraliseCell(text);
}
