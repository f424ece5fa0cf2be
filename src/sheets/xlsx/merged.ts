/**
 * Merged cells as the user sees them. Excel keeps a merged range's value in its top-left cell only and
 * shows it across the whole range: a Team cell merged over two people reads, to the person looking at
 * it, as both people's team. The reader gives the value to every cell of the range (rows the range
 * covers that hold nothing else included) and reports each such range once, below the header, as a
 * `merged_cells` warning, since the file does not say it cell by cell.
 *
 * The ranges are listed after the rows in the worksheet XML (`<mergeCells>` follows `<sheetData>`), so
 * the part is searched for them before its rows are streamed (xlsx/merged-ranges.ts). This file is
 * loaded for CSV runs too (read.ts): it holds nothing that reads a workbook.
 */
import { issue, type Issue } from '../../model/issue.js';
import type { SheetKind } from '../../model/sheet-kind.js';
import type { PhysicalRow, PhysicalSheet } from '../sheet-source.js';
import type { RawCell } from '../types.js';
import { sheetWords } from '../../words/sheets.js';

export interface MergedRange {
  /** As Excel names it: "C3:C4". */
  ref: string;
  top: number;
  left: number;
  bottom: number;
  right: number;
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
