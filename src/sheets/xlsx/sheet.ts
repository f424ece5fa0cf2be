/**
 * One worksheet part streamed into rows: inflated a chunk at a time and parsed as it comes (xlsx/elements.ts),
 * so memory holds one chunk and the rows it made, never the sheet. Rows are handed out in batches of
 * ROWS_PER_BATCH, each made of the row's non-blank cells by xlsx/cells.ts and checked against the
 * reader's limits (rows, values in a row, the length of a cell, the size of a row's XML).
 *
 * Rows are placed by their number (`r`), not in the order the file writes them (xlsx/placed-rows.ts):
 * none is handed out before HELD_ROWS more have been read, so a sheet of that many rows is placed whole
 * and a header written after thousands of its rows heads them; after that, a row written later than the
 * rows of the chunk it is in and of the batch being filled is refused. Holding a whole sheet would give
 * up memory bounded by a chunk.
 */
import { columnLetters } from '../cells.js';
import { HELD_ROWS, MAX_COLUMNS, MAX_CELL_TEXT_LENGTH, MAX_FAR_POSITIONS, MAX_ROW_BYTES, MAX_ROWS } from '../limits.js';
import type { PhysicalRow } from '../sheet-source.js';
import type { RawCell } from '../types.js';
import { cellTooLong, rowTooLarge, tooFarRight, tooManyColumns, tooManyRows } from '../unreadable.js';
import { XmlProblem } from '../xml/chars.js';
import { cellFromXml, PLAIN_FORMAT, SharedStrings, type CellXml, type DateSystem } from './cells.js';
import type { WorkbookParts } from './parts.js';
import { partProblem, xmlStream } from './elements.js';
import { PlacedRows } from './placed-rows.js';
import { entryChunks, type ZipEntry } from './zip.js';

export const ROWS_PER_BATCH = 256;

/** The most columns a sheet can have (XFD); a reference past it is a damaged file. */
const LAST_COLUMN = 16_384;

export interface SheetPart {
  file: string;
  sheetName: string;
  entry: ZipEntry;
  parts: WorkbookParts;
  dates: DateSystem;
}

interface OpenCell extends CellXml {
  column: number;
}

/** Where the text being read goes: a cell's value, its formula, or nowhere. */
const NOWHERE = 0;
const VALUE = 1;
const FORMULA = 2;

export async function* sheetRows({ file, sheetName, entry, parts, dates }: SheetPart): AsyncGenerator<PhysicalRow[]> {
  const { styleFormats } = parts;
  const sharedStrings = new SharedStrings(parts.sharedStrings);
  const ready = new PlacedRows(file, sheetName);
  let inSheetData = false;
  let rowNumber = 0;
  let rowStart = -1;
  let cells: (RawCell | undefined)[] | null = null;
  let values = 0;
  let nextColumn = 1;
  /** Positions past column MAX_COLUMNS in the rows read: every later pass over a row goes through them. */
  let farPositions = 0;
  // One cell is read at a time, and cellFromXml keeps nothing of it: the same object serves every cell.
  const current: OpenCell = { column: 0, type: undefined, formula: null, value: null, format: PLAIN_FORMAT };
  let inCell = false;
  let target = NOWHERE;
  let inInlineString = false;
  let phonetic = 0;

  const finishCell = (): void => {
    const raw = cellFromXml(current, sharedStrings, dates);
    if (!raw || !cells) return;
    // The values a row holds are limited, not how far right they stand: one stray value in XFD is fine.
    if (++values > MAX_COLUMNS) throw tooManyColumns(file, sheetName, rowNumber);
    if (raw.text.length > MAX_CELL_TEXT_LENGTH) throw cellTooLong(file, sheetName, rowNumber, columnLetters(current.column), false);
    cells[current.column - 1] = raw;
  };

  const xml = xmlStream({
    open(name, attributes) {
      switch (name) {
        case 'c': {
          if (!cells) return;
          const column = columnOf(attributes.get('r')) ?? nextColumn;
          if (column > LAST_COLUMN) throw new Error(`column ${column} is past the last column of a sheet`);
          const style = attributes.get('s');
          const styleIndex = style === undefined ? 0 : Number.parseInt(style, 10);
          current.column = column;
          current.type = attributes.get('t');
          current.formula = null;
          current.value = null;
          current.format = (styleIndex > 0 && styleFormats[styleIndex]) || PLAIN_FORMAT;
          inCell = true;
          nextColumn = column + 1;
          return;
        }
        case 'v':
          if (inCell) {
            current.value = '';
            target = VALUE;
          }
          return;
        case 'f':
          if (inCell) {
            current.formula = '';
            target = FORMULA;
          }
          return;
        case 'is':
          if (inCell) {
            current.value = '';
            inInlineString = true;
          }
          return;
        case 't':
          // An inline string's text, or each of its rich-text runs' (joined); not a phonetic guide's.
          if (inCell && phonetic === 0) {
            if (!inInlineString) current.value = '';
            target = VALUE;
          }
          return;
        case 'rPh':
          phonetic += 1;
          return;
        case 'row': {
          if (!inSheetData) return;
          // A <row> without its r attribute is allowed by the format: it follows the previous row.
          const written = Number.parseInt(attributes.get('r') ?? '', 10);
          rowNumber = Number.isFinite(written) ? written : rowNumber + 1;
          if (rowNumber > MAX_ROWS) throw tooManyRows(file, sheetName);
          cells = [];
          values = 0;
          nextColumn = 1;
          rowStart = xml.position;
          return;
        }
        case 'sheetData':
          inSheetData = true;
          return;
      }
    },
    close(name) {
      switch (name) {
        case 'v':
        case 'f':
        case 't':
          target = NOWHERE;
          return;
        case 'c':
          if (inCell) finishCell();
          inCell = false;
          target = NOWHERE;
          inInlineString = false;
          return;
        case 'is':
          inInlineString = false;
          return;
        case 'rPh':
          phonetic -= 1;
          return;
        case 'row':
          if (cells && cells.length > 0) {
            if (cells.length > MAX_COLUMNS) {
              farPositions += cells.length - MAX_COLUMNS;
              if (farPositions > MAX_FAR_POSITIONS) throw tooFarRight(file, sheetName, rowNumber, columnLetters(cells.length));
            }
            ready.add({ row: rowNumber, cells });
          }
          cells = null;
          rowStart = -1;
          return;
        case 'sheetData':
          inSheetData = false;
          return;
      }
    },
    text(text) {
      if (!inCell || target === NOWHERE) return;
      if (target === VALUE) current.value = (current.value ?? '') + text;
      else current.formula = (current.formula ?? '') + text;
    },
  });

  let failure: unknown = null;
  try {
    for await (const chunk of entryChunks(file, entry)) {
      xml.write(chunk);
      // A row longer than any real one (a cell far over Excel's limit) is refused before it fills memory.
      if (rowStart >= 0 && xml.position - rowStart > MAX_ROW_BYTES) throw rowTooLarge(file, sheetName, rowNumber, false);
      // The first rows are held back until HELD_ROWS more are read: a header written after its rows (the
      // way a file is written out of order) is put in its place. Later rows go on as they come: holding
      // every row that long made the reader a tenth slower (docs/benchmarks.md).
      while (ready.count >= ROWS_PER_BATCH + (ready.handedOutAny ? 0 : HELD_ROWS)) yield ready.take(ROWS_PER_BATCH);
    }
    xml.end();
  } catch (error) {
    if (error instanceof XmlProblem) error.sheetName ??= sheetName;
    failure = await partProblem(error, file, entry);
  }
  // The rows read before a problem are handed out in whole batches, as they would have been without it.
  while (ready.count >= ROWS_PER_BATCH) yield ready.take(ROWS_PER_BATCH);
  if (failure !== null) throw failure;
  if (ready.count > 0) yield ready.take(ready.count);
}

/** The column of a cell reference (`B7`, `$B$7`); undefined when it names none. */
function columnOf(reference: string | undefined): number | undefined {
  if (!reference) return undefined;
  let column = 0;
  for (let index = 0; index < reference.length; index++) {
    const code = reference.charCodeAt(index);
    if (code >= 65 && code <= 90) column = column * 26 + code - 64;
    else if (code !== 36) break;
  }
  return column > 0 ? column : undefined;
}
