/**
 * Reads the cells of one row at a time as field values, reporting what cannot be read. One cursor per
 * sheet is re-pointed at each row, so a streamed sheet costs no allocation per row beyond its entities.
 */
import type { RawCell, RawRow } from '../sheets/types.js';
import { isCanonicalDay, parseDateText, type DateTextResult } from '../sheets/dates.js';
import { hasTwoDigitYear, parseDateInFormats } from '../sheets/profile/cells.js';
import { END_DATE_COLUMNS, NO_END_WORDS, valueKey } from '../sheets/profile/rules.js';
import { orList } from '../words/language.js';
import { errorCellMessage } from '../sheets/cells.js';
import type { Source } from '../model/organisation.js';
import { PAST_DATE_COLUMNS } from '../model/fields.js';
import type { IssueCollector, SheetMeta } from './collector.js';
import type { ErrorCode, WarningCode } from '../model/issue.js';
import { validateRowWords, type DateColumn } from '../words/validate-rows.js';

/** A date cell of the last day of year 9999: how spreadsheets write "no end". */
const LAST_DAY = '9999-12-31';

const NO_ROW: RawRow = { row: 0, cells: new Map<string, RawCell>() };

/**
 * The columns that hold ids: the employee's, the person's, the unit's, a parent's, an owner's, a previous
 * id, and an export's level ids. A number there whose format pads it (`00000`, `"M"0000`) reads as the
 * text Excel shows (`00107`, `M0042`; RawCell.shown), as the workbook's own CSV export writes it; any
 * other column keeps the number's digits (sheets.md "Cell values").
 */
const ID_COLUMNS = new Set([
  'employee_id',
  'user_id',
  'id',
  'parent_id',
  'owner',
  'previous_id',
  'previous_employee_id',
  'team_id',
  'unit_id',
]);

function isIdColumn(column: string): boolean {
  return ID_COLUMNS.has(column) || /^level_\d{1,2}_id$/.test(column);
}

/** The text a cell holds for this column. */
function textIn(cell: RawCell, column: string): string {
  return cell.shown !== undefined && isIdColumn(column) ? cell.shown : cell.text;
}

/** Control characters no name, id or title contains; they come from broken exports or hostile files. */
const CONTROL_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

/** The text with every control character shown as its visible symbol (␛ for ESC, ␀ for NUL). */
function visible(text: string): string {
  return text.replace(CONTROL_CHARACTERS, (c) => (c === '\u007f' ? '\u2421' : String.fromCharCode(0x2400 + c.charCodeAt(0))));
}

export class RowCursor {
  private current: RawRow = NO_ROW;

  constructor(
    readonly meta: SheetMeta,
    readonly issues: IssueCollector,
    private readonly dateOrder: 'dmy' | 'mdy' | undefined,
    /** Today, for the century of a two-digit year (exports.md) and the rules of dates. */
    readonly today: string,
  ) {}

  at(row: RawRow): this {
    this.current = row;
    return this;
  }

  get row(): number {
    return this.current.row;
  }

  /** The column is in the sheet (it is managed: a blank cell means "no value"). */
  has(column: string): boolean {
    return this.meta.headers.has(column);
  }

  source(): Source {
    return { file: this.meta.file, sheet: this.meta.kind, sheetName: this.meta.sheetName, row: this.current.row };
  }

  cell(column: string): RawCell | undefined {
    return this.current.cells.get(column);
  }

  /**
   * The cell's text (in an id column, a padded number as Excel shows it); null when blank, or when the
   * cell holds a spreadsheet error (reported here).
   */
  text(column: string): string | null {
    const cell = this.current.cells.get(column);
    if (cell === undefined || cell.text === '') return null;
    if (cell.type === 'error') {
      this.error(column, 'invalid_value', errorCellMessage(cell.text));
      return null;
    }
    const text = textIn(cell, column);
    const control = CONTROL_CHARACTER.exec(text);
    if (control) {
      const code = control[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0');
      this.error(column, 'invalid_value', validateRowWords().controlCharacter(visible(text), code, visible(control[0])));
      return null;
    }
    return text;
  }

  /** The cell's text, reporting `required` when it is blank (a missing column was reported once, already). */
  required(column: string, message: string): string | null {
    const value = this.text(column);
    if (value === null && this.has(column)) this.error(column, 'required', message, null);
    return value;
  }

  /**
   * The cell as a calendar day: a string, null when blank, or undefined when the cell cannot be read as
   * a date (reported here). A number cell is not taken as an Excel serial day: a real date cell arrives
   * as a date, so a bare number is more likely a typing or export mistake than a date.
   */
  date(column: DateColumn): string | null | undefined {
    const cell = this.current.cells.get(column);
    if (cell === undefined || cell.text === '') return null;
    // exports.md: an export's words for "no end" (`infinity`, `9999-12-31`) are a blank end.
    if (END_DATE_COLUMNS.has(column) && (NO_END_WORDS.has(valueKey(cell.text)) || cell.date === LAST_DAY)) return null;
    if (cell.type === 'date' && cell.date !== undefined) return cell.date;
    if (cell.type === 'error') return this.text(column) ?? undefined;
    const words = validateRowWords();
    const label = words.dateLabel(column);
    if (cell.type === 'number' || cell.type === 'boolean') {
      this.error(column, 'invalid_date', words.dateIsOtherType(label, cell.text, cell.type));
      return undefined;
    }
    const formats = cell.dateFormats;
    if (formats === undefined && isCanonicalDay(cell.text)) return cell.text;
    const century = { today: this.today, past: PAST_DATE_COLUMNS.has(column) };
    let parsed: DateTextResult = parseDateText(cell.text, this.dateOrder, century);
    const twoDigitYears = formats?.filter(hasTwoDigitYear) ?? [];
    if (twoDigitYears.length > 0) {
      const date = parseDateInFormats(cell.text, twoDigitYears, century);
      if (date !== null) parsed = { date };
    }
    if ('date' in parsed) return parsed.date;
    if (formats !== undefined) {
      this.error(column, 'invalid_date', words.dateNotInProfileFormat(label, cell.text, orList(formats)));
    } else if (parsed.error === 'ambiguous_date') {
      this.error(column, 'ambiguous_date', words.ambiguousDate(label, cell.text));
    } else {
      this.error(column, 'invalid_date', words.notADate(label, cell.text));
    }
    return undefined;
  }

  /** Reports an error at this row; the value defaults to the cell's text. */
  error(column: string | null, code: ErrorCode, message: string, value?: string | null): void {
    this.issues.error(this.meta, this.current.row, column, code, message, this.valueOf(column, value));
  }

  warning(column: string | null, code: WarningCode, message: string, value?: string | null): void {
    this.issues.warning(this.meta, this.current.row, column, code, message, this.valueOf(column, value));
  }

  private valueOf(column: string | null, value: string | null | undefined): string | null {
    if (value !== undefined) return value;
    if (column === null) return null;
    const cell = this.current.cells.get(column);
    return cell === undefined ? null : textIn(cell, column);
  }
}
