/**
 * A row's cells as a `--map` profile says to read them: an export's own spelling of a fixed value
 * ("Fratrådt") becomes the value the column's rules take ("left"), and a text date in the column's
 * format (`DD.MM.YYYY`) becomes the calendar day it names. Everything else is left for the validator,
 * which reads an unmapped value exactly as without a profile.
 */
import { formatISO } from 'date-fns/formatISO';
import { parse } from 'date-fns/parse';
import type { SheetKind } from '../model/sheet-kind.js';
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

/**
 * A text date in the profile's format for its column, as YYYY-MM-DD; null when the text is not written
 * that way, or names a day the calendar does not have (31.02.2024). The shape is checked first (`DD`
 * exactly two digits, `D` one or two), then date-fns reads it on the local calendar and it is written
 * back from the same calendar, so no time zone moves the day. (Here, not in dates.ts: the workbook's
 * reading thread needs dates.ts, and loading date-fns cost it 45–60 ms before it could start.)
 */
export function parseDateInFormat(text: string, format: string): string | null {
  const written = text.trim();
  if (!formatExpression(format).test(written)) return null;
  const parsed = parse(written, dateFnsPattern(format), REFERENCE_DATE);
  return Number.isNaN(parsed.getTime()) ? null : formatISO(parsed, { representation: 'date' });
}

const REFERENCE_DATE = new Date(2000, 0, 1);

/** The profile's format as date-fns writes it: D → d, Y → y (date-fns's D and Y mean other things). */
function dateFnsPattern(format: string): string {
  return format.replace(/D/g, 'd').replace(/Y/g, 'y');
}

function formatExpression(format: string): RegExp {
  const expression = format
    .replace(/[.\-/ ]/g, (s) => `\\${s}`)
    .replace(/YYYY/, '\\d{4}')
    .replace(/DD|MM/g, '\\d{2}')
    .replace(/D|M/g, '\\d{1,2}');
  return new RegExp(`^${expression}$`);
}
