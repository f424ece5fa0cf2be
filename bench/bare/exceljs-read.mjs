/**
 * The baseline of benchmark 1 for a workbook: exceljs's streaming reader iterating every row of every
 * sheet, nothing else (the reader options the importer uses: shared strings and styles cached, so
 * date cells are recognised). Prints the rows seen, so a reader that skipped them would show.
 *   node bench/bare/exceljs-read.mjs FILE.xlsx
 */
import ExcelJS from 'exceljs';

const reader = new ExcelJS.stream.xlsx.WorkbookReader(process.argv[2], {
  worksheets: 'emit',
  sharedStrings: 'cache',
  styles: 'cache',
  hyperlinks: 'ignore',
  entries: 'ignore',
});
let rows = 0;
for await (const worksheet of reader) {
  for await (const _row of worksheet) rows += 1;
}
console.log(`${rows} rows`);
