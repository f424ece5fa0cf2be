/**
 * The baseline of benchmark 1 for CSV: every .csv file of a folder read whole as UTF-8 and parsed by
 * papaparse (delimiter detected), nothing else. Prints the records seen, and on stderr the in-process
 * time from loading papaparse to the last file parsed ("read: N ms").
 *   node bench/bare/papaparse-read.mjs FOLDER
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const folder = process.argv[2];
if (!folder) {
  console.error('usage: node bench/bare/papaparse-read.mjs FOLDER');
  process.exit(2);
}
const started = performance.now();
const { default: Papa } = await import('papaparse');
let records = 0;
for (const name of readdirSync(folder)
  .filter((n) => n.endsWith('.csv'))
  .sort()) {
  const result = Papa.parse(readFileSync(join(folder, name), 'utf8'));
  records += result.data.length;
}
console.log(`${records} records`);
console.error(`read: ${Math.round(performance.now() - started)} ms`);
