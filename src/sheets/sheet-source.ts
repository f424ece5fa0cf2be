/** What a reader (xlsx or csv) hands to sheet recognition: a named sheet of positioned rows of cells. */
import type { RawCell } from './types.js';

export interface PhysicalRow {
  /** Row number as Excel (or a text editor, for CSV) shows it. */
  row: number;
  /** Cells by column position (index 0 is column A); blank cells are undefined. Never all blank. */
  cells: (RawCell | undefined)[];
}

export interface PhysicalSheet {
  file: string;
  sheetName: string;
  /** Hidden in Excel (a CSV file never is). */
  hidden: boolean;
  /**
   * Non-empty rows, in order, in batches (one await per batch rather than per row keeps a 100,000-row
   * file fast). Must be read to the end before the next sheet of the file.
   */
  rows: AsyncIterator<PhysicalRow[]>;
}

/** The name of the hidden sheet in which the template carries its version. */
export const TEMPLATE_SHEET_NAME = '_template';

export function isTemplateSheet(name: string): boolean {
  return name.trim().toLowerCase() === TEMPLATE_SHEET_NAME;
}
