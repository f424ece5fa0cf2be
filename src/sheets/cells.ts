/** The cell rules of sheets.md "Cell values" that every reader shares. */
import type { RawCell } from './types.js';
import { sheetWords } from '../words/sheets.js';

const NON_BREAKING_SPACES = /[\u00a0\u202f]/g;

/** Trimmed text with non-breaking spaces as spaces; `trimmed` says whether that changed anything. */
export function textCell(written: string, type: RawCell['type'] = 'text'): RawCell | undefined {
  if (written === '') return undefined;
  // Runs for every cell of a 100,000-row file: the common cell (printable ASCII at both ends, no
  // non-breaking space) is returned without building a new string.
  if (
    isPrintableAscii(written.charCodeAt(0)) &&
    isPrintableAscii(written.charCodeAt(written.length - 1)) &&
    !hasNonBreakingSpace(written)
  ) {
    return { text: written, type };
  }
  const text = (hasNonBreakingSpace(written) ? written.replace(NON_BREAKING_SPACES, ' ') : written).trim();
  if (text === '') return undefined;
  return text === written ? { text, type } : { text, type, trimmed: true };
}

function isPrintableAscii(code: number): boolean {
  return code > 32 && code < 127;
}

function hasNonBreakingSpace(text: string): boolean {
  return text.includes('\u00a0') || text.includes('\u202f');
}

/**
 * A number as Excel shows it in a General cell: integers with all their digits and never in exponent
 * form (42, not 42.0 or 4.2e1), fractions to Excel's 15 significant digits (0.3, not
 * 0.30000000000000004).
 */
export function numberText(value: number): string {
  if (Number.isInteger(value)) return Math.abs(value) < 1e21 ? String(value) : BigInt(value).toString();
  const rounded = Number(value.toPrecision(15));
  const text = String(rounded);
  if (!text.includes('e')) return text;
  return rounded.toFixed(100).replace(/0+$/, '').replace(/\.$/, '');
}

/** Excel escapes characters XML cannot carry as `_xHHHH_` (a carriage return is `_x000D_`). */
export function decodeOoxmlEscapes(text: string): string {
  if (!text.includes('_x')) return text;
  return text.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Column letters as Excel shows them: 1 → A, 27 → AA. */
export function columnLetters(index: number): string {
  let letters = '';
  for (let n = index; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  }
  return letters;
}

/**
 * What an error cell means for a person. A formula without a cached result arrives as its
 * formula text (xlsx/cells.ts): the file was saved by a program that does not calculate (openpyxl, a
 * script), and Excel or LibreOffice would calculate it on opening.
 */
export function errorCellMessage(text: string): string {
  return text.startsWith('=') ? sheetWords().formulaWithoutValue(text) : sheetWords().errorCell(text);
}
