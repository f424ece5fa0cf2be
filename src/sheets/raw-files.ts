/**
 * The reader's own ways into a file that the annotated error copies (src/report/) reuse, so a copy sees
 * the rows and parts exactly as the reader saw them: a CSV file's encoding, delimiter and records with
 * their Excel row numbers; a workbook's zip directory and its entries, and a part in UTF-16 as UTF-8. The rest of the reader's
 * machinery stays behind src/sheets/read.ts.
 */
export { csvLines, detectDelimiter, detectEncoding, type CsvRecord } from './csv/parse.js';
export { entryChunks, readZipDirectory } from './xlsx/zip.js';
export { partAsUtf8 } from './xml/encoding.js';
