/**
 * The baseline of benchmark 1 for a workbook: exceljs's streaming reader iterating every row of every
 * sheet, nothing else (the reader options the importer uses: shared strings and styles cached, so
 * date cells are recognised). Prints the rows seen, so a reader that skipped them would show, and on
 * stderr the in-process time from loading exceljs to the last row ("read: N ms"): the importer loads
 * exceljs inside its reading phase too, so the two in-process times compare like for like.
 *   node bench/bare/exceljs-read.mjs FILE.xlsx
 */
const file = process.argv[2];
if (!file) {
  console.error('usage: node bench/bare/exceljs-read.mjs FILE.xlsx');
  process.exit(2);
}
const started = performance.now();
const { default: ExcelJS } = await import('exceljs');

const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, {
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
console.error(`read: ${Math.round(performance.now() - started)} ms`);
