/**
 * A sheet's merged ranges, read before its rows (xlsx/merged-list.ts finds the list, the scanner reads
 * it), bounded: a sheet with more ranges than MAX_MERGED_RANGES, or ranges covering more than
 * MAX_MERGED_CELLS cells, is refused naming the sheet, since filling them would cost more than the sheet's
 * size and leaving some unfilled would read cells differently from what Excel shows. Loaded only for a
 * workbook (read.ts).
 */
import { MAX_MERGED_CELLS, MAX_MERGED_RANGES, MAX_ROWS } from '../limits.js';
import { mergedTooLarge } from '../unreadable.js';
import { XmlProblem } from '../xml/chars.js';
import { partProblem } from './elements.js';
import { mergedRefs, type SearchCounter } from './merged-list.js';
import type { MergedRange } from './merged.js';
import { asUnreadable } from './problems.js';
import type { ZipEntry } from './zip.js';

/** A range as a `ref` writes it (`C3:C4`, `$C$3:$C$4`); a single cell or anything else is no range to fill. */
const RANGE = /^\$?([A-Za-z]{1,3})\$?(\d{1,7}):\$?([A-Za-z]{1,3})\$?(\d{1,7})$/;

/**
 * The sheet's merged ranges, by their top row; none once `signal` is aborted (the reading is over).
 * Every problem is an UnreadableFileError.
 */
export async function mergedRanges(
  file: string,
  sheet: { sheetName: string; entry: ZipEntry },
  signal?: AbortSignal,
  counter?: SearchCounter,
): Promise<MergedRange[]> {
  let refs: string[];
  try {
    refs = await mergedRefs(file, sheet.entry, () => !signal?.aborted, counter);
  } catch (error) {
    if (error instanceof XmlProblem) error.sheetName ??= sheet.sheetName;
    throw asUnreadable(file, await partProblem(error, file, sheet.entry));
  }
  if (refs.length > MAX_MERGED_RANGES) throw mergedTooLarge(file, sheet.sheetName, null);
  const ranges: MergedRange[] = [];
  let cells = 0;
  for (const written of refs) {
    const match = RANGE.exec(written.trim());
    if (!match) continue;
    const [first, top, last, bottom] = [match[1]!.toUpperCase(), Number(match[2]), match[3]!.toUpperCase(), Number(match[4])];
    const [left, right] = [columnNumber(first), columnNumber(last)];
    if (top < 1 || left < 1 || top > bottom || left > right || bottom > MAX_ROWS || right > MAX_COLUMNS_OF_A_SHEET) continue;
    const ref = `${first}${top}:${last}${bottom}`;
    cells += (bottom - top + 1) * (right - left + 1);
    if (cells > MAX_MERGED_CELLS) throw mergedTooLarge(file, sheet.sheetName, ref);
    ranges.push({ ref, top, left, bottom, right });
  }
  return ranges.sort((a, b) => a.top - b.top);
}

/** Column XFD: a range past it names no cells. */
const MAX_COLUMNS_OF_A_SHEET = 16_384;

function columnNumber(letters: string): number {
  let number = 0;
  for (const letter of letters) number = number * 26 + letter.charCodeAt(0) - 64;
  return number;
}
