/**
 * The rows the check found problems in, with their cells, for the grid that shows each row with its faulty
 * cells marked. The reader reads the files again as the check read them (same profile, same encoding) and
 * keeps only those rows: the check itself streams its rows and keeps none.
 */
import type { Issue } from '../model/issue.js';
import { readInput } from '../sheets/read.js';
import type { SheetColumn } from '../sheets/types.js';
import type { ImportOptions } from '../app/options.js';

export interface ProblemSheet {
  file: string;
  sheetName: string;
  /** The sheet's columns the importer reads, in the sheet's order. */
  columns: SheetColumn[];
  /** Row number → column → the cell's text. */
  rows: Map<number, Record<string, string>>;
}

/** Per sheet (file and sheet name, `sheetKey`), its problem rows. */
export type ProblemRows = Map<string, ProblemSheet>;

export function sheetKey(file: string | null, sheetName: string | null): string {
  return `${file ?? ''}\u0000${sheetName ?? ''}`;
}

export async function problemRows(options: ImportOptions, issues: readonly Issue[]): Promise<ProblemRows> {
  const wanted = new Map<string, Set<number>>();
  for (const issue of issues) {
    if (issue.row === null) continue;
    const key = sheetKey(issue.file, issue.sheetName);
    (wanted.get(key) ?? wanted.set(key, new Set()).get(key)!).add(issue.row);
  }
  const found: ProblemRows = new Map();
  if (wanted.size === 0) return found;
  const reading = await readInput(options.files, {
    ...(options.encoding ? { encoding: options.encoding } : {}),
    ...(options.profile ? { headerMap: options.profile.headers, sheetRules: options.profile.sheets } : {}),
  });
  for await (const sheet of reading.sheets) {
    const key = sheetKey(sheet.file, sheet.sheetName);
    const rows = wanted.get(key);
    const kept: ProblemSheet = {
      file: sheet.file,
      sheetName: sheet.sheetName,
      columns: sheet.columns.filter((c) => c.canonical),
      rows: new Map(),
    };
    for await (const row of sheet.rows) {
      if (!rows?.has(row.row)) continue;
      const cells: Record<string, string> = {};
      row.cells.forEach((cell, column) => {
        cells[column] = cell.text;
      });
      kept.rows.set(row.row, cells);
    }
    if (rows) found.set(key, kept);
  }
  return found;
}
