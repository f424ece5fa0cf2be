/**
 * Cells whose text had spaces (or non-breaking spaces) around it: the readers trim them and flag the
 * cell; here they become one warning per column, not one per cell, so a sheet exported with padded
 * columns does not bury the real problems.
 */
import type { RawRow } from '../sheets/types.js';
import type { IssueCollector, SheetMeta } from './collector.js';
import { validateRowWords } from '../words/validate-rows.js';

export class TrimmedCells {
  private readonly byColumn = new Map<string, { count: number; firstRow: number; firstValue: string }>();

  note(row: RawRow): void {
    row.cells.forEach((cell, column) => {
      if (!cell.trimmed) return;
      const seen = this.byColumn.get(column);
      if (seen) seen.count++;
      else this.byColumn.set(column, { count: 1, firstRow: row.row, firstValue: cell.text });
    });
  }

  report(meta: SheetMeta, issues: IssueCollector): void {
    for (const [column, { count, firstRow, firstValue }] of this.byColumn) {
      issues.warning(meta, firstRow, column, 'trimmed_value', validateRowWords().trimmedCells(count, firstRow), firstValue);
    }
  }
}
