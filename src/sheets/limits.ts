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
 * Columns holding values in one row. No HR export comes near it; a wider sheet is a mistake (a
 * mis-detected delimiter, data pasted sideways) or an attempt to make every row expensive.
 */
export const MAX_COLUMNS = 1_000;

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
