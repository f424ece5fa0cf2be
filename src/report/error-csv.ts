/**
 * The annotated copy of a CSV input (cli.md: `NAME.errors.csv`): every record of the source, in order and
 * at the same row numbers, with one more column, "errors" ("fejl" in Danish), holding the messages of that row
 * (joined by " | "). Issues of the whole sheet go into the header's "errors" cell. Written as UTF-8 with a
 * byte-order mark, which Danish Excel needs to show æ, ø and å, with the source's delimiter and CRLF line
 * ends. Every cell is neutralised against formula injection, the source's own cells included: they are
 * written anew, and a spreadsheet would otherwise run them.
 */
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Issue } from '../model/issue.js';
import { csvLines, detectDelimiter, detectEncoding, type CsvRecord } from '../sheets/raw-files.js';
import { readHead } from '../sheets/file-kind.js';
import { locateHeader } from './header-locate.js';
import { issueNoteText, issuesForFile } from './issues-for-file.js';
import { neutraliseCell } from './neutralise.js';
import { reportWords } from '../words/report.js';

export interface ErrorCsvOptions {
  /** The encoding given with `--encoding`, when the source is read with one. */
  encoding?: string;
}

export async function writeErrorCsv(
  sourcePath: string,
  issues: readonly Issue[],
  outPath: string,
  options: ErrorCsvOptions = {},
): Promise<void> {
  if (resolve(sourcePath) === resolve(outPath)) {
    throw new Error(`The error file would overwrite the input ${sourcePath}; choose another path.`);
  }
  // Read as the reader read it (same encoding, delimiter and row numbers), so each issue finds its row.
  const { head } = await readHead(sourcePath);
  const encoding = await detectEncoding(sourcePath, head, options.encoding);
  const delimiter = await detectDelimiter(head, encoding);
  const records: CsvRecord[] = [];
  for await (const batch of csvLines(sourcePath, encoding, delimiter)) for (const record of batch) records.push(record);
  const relevant = issuesForFile(sourcePath, issues, false);
  const kind = relevant.find((i) => i.sheet !== null)?.sheet ?? null;

  const header = locateHeader(
    records.map((r) => r.fields),
    kind,
    relevant,
  );
  const headerIndex =
    header?.index ??
    Math.max(
      0,
      records.findIndex((r) => !isEmpty(r)),
    );
  const width = records[headerIndex]?.fields.length ?? 1;

  const notes = records.map((): string[] => []);
  for (const issue of relevant) {
    const index = issue.row === null ? headerIndex : (recordAtRow(records, issue.row) ?? headerIndex);
    notes[index]?.push(issueNoteText(issue));
  }

  const errorsColumn = reportWords().errorsColumn;
  const lines = records.map((record, index) => {
    if (record.row === 0) return record.fields.join(delimiter); // Excel's "sep=" hint line, as it was
    const messages = (notes[index] ?? []).join(' | ');
    if (index === headerIndex) {
      const label = messages === '' ? errorsColumn : `${errorsColumn}: ${messages}`;
      return row([...padded(record.fields, width), label], delimiter);
    }
    if (isEmpty(record) && messages === '') return '';
    return row([...padded(record.fields, width), messages], delimiter);
  });
  await writeFile(outPath, `\ufeff${lines.join('\r\n')}\r\n`, 'utf8');
}

function row(cells: readonly string[], delimiter: string): string {
  return cells.map((cell) => formatCsvField(neutraliseCell(cell), delimiter)).join(delimiter);
}

function formatCsvField(text: string, delimiter: string): string {
  return text.includes(delimiter) || /["\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function padded(fields: readonly string[], width: number): string[] {
  return fields.length >= width ? [...fields] : [...fields, ...Array<string>(width - fields.length).fill('')];
}

function isEmpty(record: CsvRecord): boolean {
  return record.fields.every((field) => field.trim() === '');
}

/** The record at an Excel row number (records are numbered 1, 2, … in order, after a hidden "sep=" line numbered 0). */
function recordAtRow(records: readonly CsvRecord[], row: number): number | null {
  const index = records[0]?.row === 0 ? row : row - 1;
  return row >= 1 && index < records.length ? index : null;
}
