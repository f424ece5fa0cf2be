/** Writing the error file of every input that has issues: one workbook copy, or one CSV per CSV file. */
import { mkdir, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { extname, join, basename, dirname } from 'node:path';
import type { Issue } from '../model/issue.js';
import { writeErrorCsv, type ErrorCsvOptions } from './error-csv.js';
import { errorFileFormat, errorFilePath, sameFile } from './error-file-path.js';

export interface ErrorFilesOptions extends ErrorCsvOptions {
  /** The input files as given (folders already expanded or not: only .xlsx inputs are looked at here). */
  inputs: readonly string[];
  /** `--errors-out`: a file for one input; with several inputs, a folder to put each errors file in. */
  errorsOut?: string;
}

/**
 * Writes an error file for every input file with an error (and for a single workbook input, also for
 * errors of no file, such as a missing sheet); each carries all of that file's issues, warnings too.
 * A file with warnings only gets none. Returns the paths written, in input order.
 */
export async function writeErrorFiles(issues: readonly Issue[], options: ErrorFilesOptions): Promise<string[]> {
  const errors = issues.filter((issue) => issue.severity === 'error');
  const targets: string[] = [];
  for (const issue of errors) if (issue.file !== null && !targets.includes(issue.file)) targets.push(issue.file);
  const workbooks = options.inputs.filter((input) => errorFileFormat(input) === 'xlsx');
  const firstWorkbook = workbooks[0];
  if (workbooks.length === 1 && firstWorkbook !== undefined && !targets.includes(firstWorkbook)) {
    if (errors.some((issue) => issue.file === null)) targets.push(firstWorkbook);
  }

  const written: string[] = [];
  for (const target of targets) {
    const outPath = targetPath(target, targets.length, options.errorsOut);
    if (options.inputs.some((input) => sameFile(outPath, input)) || sameFile(outPath, target)) continue; // never overwrite the user's input
    await mkdir(dirname(outPath), { recursive: true });
    if (errorFileFormat(target) === 'xlsx') {
      // exceljs is loaded only when a workbook copy is written: the CLI starts faster without it.
      const { writeErrorWorkbook } = await import('./error-workbook.js');
      await writeErrorWorkbook(target, issues, outPath);
    } else await writeErrorCsv(target, issues, outPath, { encoding: options.encoding });
    written.push(outPath);
  }
  return written;
}

/**
 * The marked-up copy an earlier run left beside an input that now has no errors would send the user
 * back to problems already fixed: it is removed. Only the default name beside the input is touched
 * (a file the user named with --errors-out is theirs). Returns the paths removed.
 */
export async function removeStaleErrorFiles(issues: readonly Issue[], options: ErrorFilesOptions): Promise<string[]> {
  if (options.errorsOut !== undefined) return [];
  const withErrors = new Set(issues.filter((issue) => issue.severity === 'error').map((issue) => issue.file));
  const workbooks = options.inputs.filter((input) => errorFileFormat(input) === 'xlsx');
  // Errors of no file are written into the only workbook's copy.
  if (withErrors.has(null) && workbooks.length === 1) withErrors.add(workbooks[0]!);
  const removed: string[] = [];
  for (const input of options.inputs) {
    if (withErrors.has(input)) continue;
    const stale = errorFilePath(input);
    if (!existsSync(stale) || options.inputs.some((other) => sameFile(stale, other))) continue;
    await rm(stale, { force: true });
    removed.push(stale);
  }
  return removed;
}

function targetPath(target: string, count: number, errorsOut: string | undefined): string {
  if (errorsOut === undefined || count === 1) return errorFilePath(target, errorsOut);
  const name = `${basename(target, extname(target))}.errors.${errorFileFormat(target)}`;
  return join(errorsOut, name);
}
