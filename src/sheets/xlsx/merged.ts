/**
 * Merged cells as the user sees them. Excel keeps a merged range's value in its top-left cell only and
 * shows it across the whole range: a Team cell merged over two people reads, to the person looking at
 * it, as both people's team. The reader gives the value to every cell of the range (rows the range
 * covers that hold nothing else included) and reports each such range once, below the header, as a
 * `merged_cells` warning, since the file does not say it cell by cell.
 *
 * The ranges are listed after the rows in the worksheet XML (`<mergeCells>` follows `<sheetData>`), so
 * the part is scanned for them before its rows are streamed.
 */
import { issue, type Issue } from '../../model/issue.js';
import type { SheetKind } from '../../model/sheet-kind.js';
import type { PhysicalRow, PhysicalSheet } from '../sheet-source.js';
import type { RawCell } from '../types.js';
import { entryChunks, type ZipEntry } from './zip.js';
import { MAX_COLUMNS, MAX_ROWS } from '../limits.js';
import { sheetWords } from '../../words/sheets.js';

export interface MergedRange {
  /** As Excel names it: "C3:C4". */
  ref: string;
  top: number;
  left: number;
  bottom: number;
  right: number;
}

/** More ranges than any real sheet has; a sheet with more is read without filling the rest. */
const MAX_MERGED_RANGES = 10_000;

/** The sheet's merged ranges; none once `signal` is aborted (the reading is over). */
export async function mergedRanges(file: string, entry: ZipEntry, signal?: AbortSignal): Promise<MergedRange[]> {
  // Searched as bytes: turning every chunk of a large sheet into a string costs more than inflating it.
  const marker = Buffer.from('<mergeCells', 'latin1');
  let tail: Buffer = Buffer.alloc(0);
  let collected: string | null = null;
  for await (const chunk of entryChunks(file, entry)) {
    if (signal?.aborted) return [];
    if (collected === null) {
      const window = tail.length > 0 ? Buffer.concat([tail, chunk]) : chunk;
      const start = window.indexOf(marker);
      if (start < 0) {
        tail = window.subarray(Math.max(0, window.length - marker.length));
        continue;
      }
      collected = window.subarray(start).toString('latin1');
    } else {
      collected += chunk.toString('latin1');
    }
    if (/<\/mergeCells>|<mergeCells\b[^>]*\/>/.test(collected)) break;
    if (collected.length > MAX_MERGED_RANGES * 64) break;
  }
  if (collected === null) return [];
  const ranges: MergedRange[] = [];
  for (const match of collected.matchAll(/<mergeCell\b[^>]*?\bref="\$?([A-Z]{1,3})\$?(\d+):\$?([A-Z]{1,3})\$?(\d+)"/g)) {
    const [left, top, right, bottom] = [columnNumber(match[1] ?? ''), Number(match[2]), columnNumber(match[3] ?? ''), Number(match[4])];
    if (top > bottom || left > right || bottom > MAX_ROWS || right > MAX_COLUMNS) continue;
    ranges.push({ ref: `${match[1]}${match[2]}:${match[3]}${match[4]}`, top, left, bottom, right });
    if (ranges.length >= MAX_MERGED_RANGES) break;
  }
  return ranges.sort((a, b) => a.top - b.top);
}

function columnNumber(letters: string): number {
  let number = 0;
  for (const letter of letters) number = number * 26 + letter.charCodeAt(0) - 64;
  return number;
}

/** The sheet with every merged range's value in each of its cells; `filled` hears of each range that got one. */
export function withMergedCells(
  source: PhysicalSheet,
  ranges: readonly MergedRange[],
  filled: (range: MergedRange, value: RawCell) => void,
): PhysicalSheet {
  if (ranges.length === 0) return source;
  return { ...source, rows: mergedRows(source.rows, ranges, filled) };
}

async function* mergedRows(
  rows: AsyncIterator<PhysicalRow[]>,
  ranges: readonly MergedRange[],
  filled: (range: MergedRange, value: RawCell) => void,
): AsyncGenerator<PhysicalRow[]> {
  let next = 0;
  let active: { range: MergedRange; value: RawCell }[] = [];
  let previous = 0;

  /** Rows after `previous` and before `until` that only merged ranges reach. */
  const covered = (until: number): PhysicalRow[] => {
    const made: PhysicalRow[] = [];
    for (let row = previous + 1; row < until && active.some(({ range }) => range.bottom >= row); row++) {
      active = active.filter(({ range }) => range.bottom >= row);
      const cells: (RawCell | undefined)[] = [];
      fill(cells, row);
      if (cells.length > 0) made.push({ row, cells });
    }
    return made;
  };
  const fill = (cells: (RawCell | undefined)[], row: number): void => {
    for (const { range, value } of active) {
      if (range.top > row || range.bottom < row) continue;
      for (let column = range.left; column <= range.right; column++) cells[column - 1] = value;
    }
  };

  for (;;) {
    const batch = await rows.next();
    if (batch.done) break;
    const out: PhysicalRow[] = [];
    for (const physical of batch.value) {
      out.push(...covered(physical.row));
      active = active.filter(({ range }) => range.bottom >= physical.row);
      while (next < ranges.length && (ranges[next] as MergedRange).top <= physical.row) {
        const range = ranges[next++] as MergedRange;
        const value = range.top === physical.row ? physical.cells[range.left - 1] : undefined;
        if (!value || (range.top === range.bottom && range.left === range.right)) continue;
        active.push({ range, value });
        filled(range, value);
      }
      const cells = [...physical.cells];
      fill(cells, physical.row);
      out.push({ row: physical.row, cells });
      previous = physical.row;
    }
    if (out.length > 0) yield out;
  }
  const rest = covered(Number.MAX_SAFE_INTEGER);
  if (rest.length > 0) yield rest;
}

/**
 * The `merged_cells` warnings of one sheet: only ranges below its header row, and only once the sheet
 * is recognised (a title merged above the header, or a merged cell on an ignored sheet, is no news).
 */
export class MergedCellWarnings {
  private pending: { range: MergedRange; value: RawCell }[] = [];
  private sheet: { kind: SheetKind; headerRow: number } | null = null;

  constructor(
    private readonly source: Pick<PhysicalSheet, 'file' | 'sheetName'>,
    private readonly issues: Issue[],
  ) {}

  readonly filled = (range: MergedRange, value: RawCell): void => {
    if (this.sheet) this.report(range, value);
    else this.pending.push({ range, value });
  };

  recognised(kind: SheetKind, headerRow: number): void {
    this.sheet = { kind, headerRow };
    for (const { range, value } of this.pending) this.report(range, value);
    this.pending = [];
  }

  private report(range: MergedRange, value: RawCell): void {
    if (!this.sheet || range.bottom <= this.sheet.headerRow) return;
    const message = sheetWords().mergedCells(range.ref, value.text);
    this.issues.push(
      issue('warning', 'merged_cells', message, {
        sheet: this.sheet.kind,
        sheetName: this.source.sheetName,
        file: this.source.file,
        row: range.top,
        value: value.text,
      }),
    );
  }
}
