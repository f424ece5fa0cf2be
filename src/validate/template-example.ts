/**
 * The template's example rows (src/template/content.ts), recognised when a user leaves them in place: a
 * row is the example when every text cell of the example that the sheet has a column for reads the same.
 * Left in place above the user's own rows it is named as the example (an error), never imported.
 */
import type { SheetKind, TemplateKind } from '../model/sheet-kind.js';
import type { RawRow } from '../sheets/types.js';
import { exampleRow, type TemplateLanguage } from '../template/content.js';

const LANGUAGES: readonly TemplateLanguage[] = ['en', 'da'];

/** Columns that identify the example: its ids and its person, not the values a user might reuse. */
const KEYS: Record<TemplateKind, readonly string[]> = {
  employees: ['employee_id', 'name', 'email'],
  organisation: ['type', 'id', 'name'],
  absence: ['employee_id', 'start_date'],
  delegations: ['unit_id', 'responsibility', 'employee_id'],
};

/** Asked of every row until the example is found: plain loops, no closure per row. */
export function isTemplateExample(kind: SheetKind, row: RawRow): boolean {
  // A placements file is an export's own: the template has no example of it.
  if (kind === 'placements') return false;
  const keys = KEYS[kind];
  for (const lang of LANGUAGES) {
    const example = exampleRow(lang, kind);
    let same = true;
    for (const column of keys) {
      const wanted = example[column];
      const cell = row.cells.get(column);
      if (wanted === undefined || cell === undefined) same = false;
      else if (typeof wanted === 'string') same = cell.text === wanted;
      else same = cell.date === wanted.date || cell.text === wanted.date;
      if (!same) break;
    }
    if (same) return true;
  }
  return false;
}
