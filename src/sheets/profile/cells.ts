/**
 * A row's cells as a `--map` profile says to read them: an export's own spelling of a fixed value
 * ("Fratrådt") becomes the value the column's rules take ("left"), an export's word for "no date" a blank
 * cell, and a text date in one of the column's formats (`DD.MM.YYYY`, `MM/DD/YY`, tried in order)
 * becomes the calendar day it names. Everything else is left for the validator,
 * which reads an unmapped value exactly as without a profile.
 */
import { dateWithTwoDigitYear, parseDateText, type Century } from '../dates.js';
import type { SheetKind } from '../../model/sheet-kind.js';
import { valueKey, type SheetProfile } from './rules.js';
import type { RawCell, RowCells } from '../types.js';

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
    this.cells.forEach((cell, column) => {
      visit(this.read(cell, column), column);
    });
  }

  private read(cell: RawCell, column: string): RawCell {
    const meant = this.rules.values.get(column)?.get(valueKey(cell.text));
    if (meant !== undefined) return { ...cell, text: meant, type: 'text' };
    const formats = this.rules.dates.get(column);
    if (formats === undefined || cell.type !== 'text') return cell;
    for (const format of formats) {
      const date = parseDateInFormat(cell.text, format);
      if (date !== null) return { ...cell, type: 'date', date };
    }
    // In none of the formats, or a two-digit year (its century depends on today and the column): the
    // validator reads it, and names the formats if it cannot.
    return { ...cell, dateFormats: formats };
  }
}

/**
 * A text date in the profile's format for its column, as YYYY-MM-DD; null when the text is not written
 * that way, or names a day the calendar does not have (31.02.2024). `DD`/`MM` take exactly two digits,
 * `D`/`M` one or two, `YYYY` four, `YY` two: a two-digit year needs the century rule (dates.ts), so
 * without one such a text is left for the validator, which knows today and the column.
 */
export function parseDateInFormat(text: string, format: string, century?: Century): string | null {
  const match = formatExpression(format).exec(text.trim());
  if (!match?.groups) return null;
  const { day, month, year } = match.groups as { day: string; month: string; year: string };
  if (year.length === 2) {
    if (century === undefined) return null;
    const result = dateWithTwoDigitYear(Number(year), Number(month), Number(day), century);
    return 'date' in result ? result.date : null;
  }
  const result = parseDateText(`${year}-${month}-${day}`);
  return 'date' in result ? result.date : null;
}

/** The first of the formats that reads the text (a two-digit year by the century rule), as YYYY-MM-DD; null when none does. */
export function parseDateInFormats(text: string, formats: readonly string[], century: Century): string | null {
  for (const format of formats) {
    const date = parseDateInFormat(text, format, century);
    if (date !== null) return date;
  }
  return null;
}

/** The format writes its year with two digits (`MM/DD/YY`). */
export function hasTwoDigitYear(format: string): boolean {
  return !/YYYY/.test(format) && /YY/.test(format);
}

const expressions = new Map<string, RegExp>();

function formatExpression(format: string): RegExp {
  let expression = expressions.get(format);
  if (expression === undefined) {
    const source = format
      .replace(/[.\-/ ]/g, (s) => `\\${s}`)
      .replace(/YYYY|YY/, (y) => `(?<year>\\d{${y.length}})`)
      .replace(/DD?/, (d) => `(?<day>\\d{${d.length === 2 ? '2' : '1,2'}})`)
      .replace(/MM?/, (m) => `(?<month>\\d{${m.length === 2 ? '2' : '1,2'}})`);
    expression = new RegExp(`^${source}$`);
    expressions.set(format, expression);
  }
  return expression;
}
