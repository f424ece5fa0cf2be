/**
 * The bounds the readers keep, so that no input file (a mistake or an attack) can exhaust memory or
 * time. Each one refuses the file with a clear UnreadableFileError rather than degrading silently.
 */

/**
 * Excel's own limit for the text of one cell. Longer text cannot come from Excel; in a CSV file it almost
 * always means a quotation mark without its partner swallowed the rest of the file.
 */
export const MAX_CELL_TEXT_LENGTH = 32_767;

/**
 * Values in one row (not how far right they stand: one stray value in column XFD is fine). No HR export
 * comes near it; a wider sheet is a mistake (a mis-detected delimiter, data pasted sideways) or an
 * attempt to make every row expensive.
 */
export const MAX_COLUMNS = 1_000;

/**
 * Cell positions past column MAX_COLUMNS in all the rows of a sheet (a row with a value in XFD has
 * 15,384): every pass over a row (placing, merging, handing to another thread) goes through its
 * positions, so a sheet with a stray value far right in every one of a million rows would cost ten
 * thousand million steps. This allows a thousand such rows.
 */
export const MAX_FAR_POSITIONS = 16 * 1024 * 1024;

/**
 * Rows of a worksheet read before its first rows are handed on, so that a row the file writes late (a
 * header written after its rows) still takes its place (xlsx/sheet.ts): a few megabytes, once.
 */
export const HELD_ROWS = 4_096;

/**
 * Cells a sheet's merged ranges may fill (each range gives its value to every cell it covers): a Team
 * cell merged over a department's people is a few hundred; a range over a whole column, a million.
 */
export const MAX_MERGED_CELLS = 1_048_576;

/** Merged ranges in one sheet: far more than any real sheet has. */
export const MAX_MERGED_RANGES = 10_000;

/**
 * Total uncompressed size a workbook may declare. A 100,000-employee workbook unpacks to well under
 * 100 MB; a gigabyte is a zip bomb, not an HR export.
 */
export const MAX_UNCOMPRESSED_BYTES = 1024 ** 3;

/**
 * A part of a workbook larger than LARGE_PART_BYTES that compresses better than MAX_COMPRESSION_RATIO
 * to 1 is refused: real sheet XML compresses 5–30:1, zip bombs compress thousands to 1.
 */
export const MAX_COMPRESSION_RATIO = 100;
export const LARGE_PART_BYTES = 10 * 1024 * 1024;

/**
 * Workbook parts read whole into memory (workbook.xml, relationships). They list sheets, not rows, so
 * anything bigger is not a real workbook.
 */
export const MAX_SMALL_PART_BYTES = 16 * 1024 * 1024;

/**
 * Text of one row: a CSV record in characters, a worksheet row's XML in bytes. A row of ordinary HR
 * values is a few kilobytes; a longer one is a quotation mark without its partner or a cell far over
 * Excel's limit, and a reader that waits for the end of such a row spends time that grows with the square
 * of its length (a 50 MB cell took minutes), so it is refused as soon as it passes this size.
 */
export const MAX_ROW_BYTES = 4 * 1024 * 1024;

/**
 * Excel's own limit for the rows of a sheet. A CSV file longer than that cannot have been opened in
 * Excel, and every row read is held in memory until the import is validated, so this bounds memory too.
 */
export const MAX_ROWS = 1_048_576;

/** How many non-empty rows are searched for the header row (sheets.md "Sheets"). */
export const HEADER_SEARCH_ROWS = 10;
