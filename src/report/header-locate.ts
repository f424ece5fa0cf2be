/**
 * Finding an issue's cell again in the source file. Issues carry the sheet, the row number and the header
 * as written, not the header row or the column position, so the error-file writers look among the first
 * rows of the sheet for the row that best matches the sheet's headers: the row with most cells that are
 * either a header named by an issue or a known column of that kind of sheet (earliest row on a tie). That
 * is the reader's own rule (the header row is among the first ten non-empty rows) seen from the other side,
 * and it keeps working for headers mapped with `--map`, which the issue's header text names.
 */
import { canonicalColumn, normaliseName } from '../sheets/columns.js';
import type { SheetKind } from '../model/sheet-kind.js';
import type { Issue } from '../model/issue.js';

/** How many leading rows are searched: the reader's ten non-empty rows plus room for blank ones. */
export const HEADER_SEARCH_ROWS = 30;

export interface LocatedHeader {
  /** 0-based index into the rows handed in. */
  index: number;
  /** 0-based column position per normalised header text and per canonical column. */
  byHeader: Map<string, number>;
  byColumn: Map<string, number>;
}

export function locateHeader(
  rows: readonly (readonly string[])[],
  kind: SheetKind | null,
  issues: readonly Pick<Issue, 'header'>[],
): LocatedHeader | null {
  const wanted = new Set(issues.flatMap((i) => (i.header === null ? [] : [normaliseName(i.header)])));
  let best: { index: number; score: number } | null = null;
  rows.slice(0, HEADER_SEARCH_ROWS).forEach((cells, index) => {
    let score = 0;
    for (const cell of cells) {
      const name = normaliseName(cell);
      if (name === '') continue;
      if (wanted.has(name) || (kind !== null && canonicalColumn(kind, cell) !== null)) score += 1;
    }
    if (score > 0 && (best === null || score > best.score)) best = { index, score };
  });
  if (best === null) return null;
  const { index } = best;
  const byHeader = new Map<string, number>();
  const byColumn = new Map<string, number>();
  (rows[index] ?? []).forEach((cell, position) => {
    const name = normaliseName(cell);
    if (name === '') return;
    if (!byHeader.has(name)) byHeader.set(name, position);
    const canonical = kind === null ? null : canonicalColumn(kind, cell);
    if (canonical !== null && !byColumn.has(canonical)) byColumn.set(canonical, position);
  });
  return { index, byHeader, byColumn };
}

/** The 0-based column of an issue under a located header: by its header text, else by its column name. */
export function columnOf(header: LocatedHeader, issue: Pick<Issue, 'header' | 'column'>): number | null {
  if (issue.header !== null) {
    const position = header.byHeader.get(normaliseName(issue.header));
    if (position !== undefined) return position;
  }
  if (issue.column !== null) {
    const position = header.byColumn.get(issue.column);
    if (position !== undefined) return position;
  }
  return null;
}
