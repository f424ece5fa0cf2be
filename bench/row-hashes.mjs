/**
 * The SHA-256 of every row the workbook reader reads from a workbook (issue 25, "the same rows"): per
 * sheet its name, visibility, row count and one hash per row, or the error the reading ends with. The
 * hashes of samples/ and test/fixtures/ were recorded with the exceljs reader before it was replaced
 * (test/sheets/row-hashes.json, checked by test/sheets/row-hashes.test.ts); those of the 100,000-employment
 * workbooks (too large for git, so only a digest of each sheet's row hashes) by this script:
 *
 *     node bench/row-hashes.mjs --write FILE.json [--dist DIR] WORKBOOK...   # record
 *     node bench/row-hashes.mjs --check FILE.json [--dist DIR] WORKBOOK...   # compare; exit 1 on a difference
 *
 * `--dist` reads with another build (default: this worktree's dist/), `--digest` keeps one hash per sheet.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { DIST, REPO } from './lib/paths.mjs';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { write: { type: 'string' }, check: { type: 'string' }, dist: { type: 'string' }, digest: { type: 'boolean' } },
});
const dist = resolve(values.dist ?? DIST);
const reader = await import(pathToFileURL(`${dist}/sheets/xlsx.js`).href);

/** A row as canonical JSON: its number and each cell's text, type, date and trimmed flag (null for blank). */
export function rowKey(row) {
  const cells = Array.from(row.cells, (cell) => (cell ? [cell.text, cell.type, cell.date ?? null, cell.trimmed === true] : null));
  return JSON.stringify([row.row, cells]);
}

async function workbookHashes(file, digest) {
  const sheets = [];
  try {
    const pkg = await reader.openWorkbook(file);
    for await (const sheet of reader.xlsxSheets(pkg)) {
      const hashes = [];
      for (let next = await sheet.rows.next(); !next.done; next = await sheet.rows.next()) {
        for (const row of next.value) hashes.push(createHash('sha256').update(rowKey(row)).digest('hex'));
      }
      const rows = digest ? createHash('sha256').update(hashes.join('\n')).digest('hex') : hashes;
      sheets.push({ name: sheet.sheetName, hidden: sheet.hidden, count: hashes.length, rows });
    }
    return { sheets };
  } catch (error) {
    return { sheets, error: error.message };
  }
}

const recorded = values.check ? JSON.parse(readFileSync(values.check, 'utf8')) : {};
const result = {};
let differences = 0;
for (const path of positionals) {
  const name = relative(REPO, resolve(path));
  const started = performance.now();
  result[name] = await workbookHashes(path, values.digest === true);
  const seconds = ((performance.now() - started) / 1000).toFixed(2);
  if (values.check) {
    const same = JSON.stringify(result[name]) === JSON.stringify(recorded[name]);
    if (!same) differences += 1;
    console.log(`${same ? 'same' : 'DIFFERENT'} ${name} (${seconds} s)`);
  } else console.log(`${name}: ${result[name].sheets.map((s) => `${s.name} ${s.count}`).join(', ')}${result[name].error ? ` error: ${result[name].error}` : ''} (${seconds} s)`);
}
if (values.write) writeFileSync(values.write, `${JSON.stringify(result, null, 1)}\n`);
if (differences > 0) process.exit(1);
