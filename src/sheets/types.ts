/**
 * What the readers hand to the validator: sheets of raw rows with their positions, cells already
 * normalised by the cell rules of sheets.md (trimmed text, ids without ".0", calendar-day dates) but not
 * yet interpreted as fields.
 */
import type { SheetKind } from '../model/sheet-kind.js';
import type { Issue } from '../model/issue.js';

export interface RawCell {
  /** The cell's text: trimmed, non-breaking spaces as spaces; numbers keep their digits (42, never 42.0). */
  text: string;
  /** How the cell was stored: CSV cells are always text. */
  type: 'text' | 'number' | 'date' | 'boolean' | 'error';
  /** For a real date cell: the calendar day it shows, YYYY-MM-DD (date system and time zone applied). */
  date?: string;
  /** True when trimming or space normalisation changed the text (a warning, never an error). */
  trimmed?: boolean;
  /** A text date the `--map` profile gives formats for, not written in any (named in the error, if any). */
  dateFormats?: readonly string[];
  /**
   * A whole number whose number format pads it with zeros or literal text (`00000`, `"M"0000`): the text
   * Excel shows (`00107`, `M0042`), set only where it differs from `text`. An id column reads this
   * (sheets.md "Cell values"), any other column the digits.
   */
  shown?: string;
}

/**
 * A row's cells by canonical column name; blank cells are absent. A Map is one; the readers hand out a
 * lighter view over the row's cells (see recognise.ts), as a 100,000-row sheet would make a Map per row.
 */
export interface RowCells {
  get(column: string): RawCell | undefined;
  /** Each non-blank cell with its column, in the sheet's column order (a Map's forEach fits). */
  forEach(visit: (cell: RawCell, column: string) => void): void;
}

export interface RawRow {
  /** The row number as Excel (or a text editor, for CSV: the record's first line) shows it. */
  row: number;
  /** Canonical column name → cell. Blank cells are absent. */
  cells: RowCells;
}

export interface SheetColumn {
  /** 1-based column position in the sheet. */
  index: number;
  /** The header as written. */
  header: string;
  /** Canonical column name, or null for a column the contract does not know. */
  canonical: string | null;
}

export interface RawSheet {
  /** Path of the file the sheet came from. */
  file: string;
  /** The sheet's own name (the CSV file's base name for CSV). */
  sheetName: string;
  kind: SheetKind;
  /** Row number of the header row. */
  headerRow: number;
  columns: SheetColumn[];
  /** Rows below the header, empty rows skipped. Consumed once, in order (streamed for large files). */
  rows: AsyncIterable<RawRow>;
}

export interface ReadOptions {
  /** CSV encoding override (utf-8, utf-16le, windows-1252, ...). */
  encoding?: string;
  headerMap?: import('./columns.js').HeaderMap;
  /** The `--map` profile's value maps and date formats, per sheet kind. */
  sheetRules?: import('./profile/cells.js').SheetRules;
  /** The file (or workbook sheet) each profile section names: that file is that sheet. */
  sheetFiles?: import('./profile/rules.js').SheetFiles;
}

/**
 * A workbook or set of CSV files being read. Sheets are yielded in file order; each sheet's rows must be
 * consumed before asking for the next sheet. Warnings found while reading (ignored sheets, unknown and
 * ignored columns) are pushed to `issues` as they are found; trimmed values are only flagged on the cell
 * (`RawCell.trimmed`), the validator turns them into `trimmed_value` warnings.
 */
export interface InputReading {
  sheets: AsyncIterable<RawSheet>;
  issues: Issue[];
  /**
   * The template version the workbook carries (hidden sheet `_template`, cell B1 after a label in A1,
   * else A1). The template sheet is read before any other, so this is set once the first sheet has been
   * yielded (or the iteration has ended); undefined when the workbook has no such sheet.
   */
  templateVersion?: string;
}
