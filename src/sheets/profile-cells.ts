/**
 * A row's cells as a `--map` profile says to read them: an export's own spelling of a fixed value
 * ("Fratrådt") becomes the value the column's rules take ("left"), and a text date in the column's
 * format (`DD.MM.YYYY`) becomes the calendar day it names. Everything else is left for the validator,
 * which reads an unmapped value exactly as without a profile.
 */
import type { SheetKind } from '../model/sheet-kind.js';
import { parseDateInFormat } from './dates.js';
import { valueKey, type SheetProfile } from './profile.js';
import type { RawCell, RowCells } from './types.js';

export type SheetRules = Partial<Record<SheetKind, SheetProfile>>;

/** The cells themselves when the profile has no values or dates for the sheet (no cost per row then). */
export function withProfileRules(cells: RowCells, rules: SheetProfile | undefined): RowCells {
  if (rules === undefined || (rules.values.size === 0 && rules.dates.size === 0)) return cells;
  return new ProfiledCells(cells, rules);
}

class ProfiledCells implements RowCells {
  constructor(
    private readonly cells: RowCells,
    private readonly rules: SheetProfile,
  ) {}

  get(column: string): RawCell | undefined {
    const cell = this.cells.get(column);
    return cell === undefined ? undefined : this.read(cell, column);
  }

  forEach(visit: (cell: RawCell, column: string) => void): void {
    this.cells.forEach((cell, column) => visit(this.read(cell, column), column));
  }

  private read(cell: RawCell, column: string): RawCell {
    const meant = this.rules.values.get(column)?.get(valueKey(cell.text));
    if (meant !== undefined) return { ...cell, text: meant, type: 'text' };
    const format = this.rules.dates.get(column);
    if (format === undefined || cell.type !== 'text') return cell;
    const date = parseDateInFormat(cell.text, format);
    // Not in the format: the validator reads it by the usual rules, and names the format if it cannot.
    return date === null ? { ...cell, dateFormat: format } : { ...cell, type: 'date', date };
  }
}
