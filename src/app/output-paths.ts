/**
 * No output may replace one of the user's inputs: `--report book.xlsx`, `--errors-out` naming an input
 * (or a symbolic or hard link to one) would otherwise overwrite the workbook the user is fixing.
 * Checked before anything is read or sent.
 */
import { basename, resolve } from 'node:path';
import { UsageError } from '../errors.js';
import { errorFilePath, sameFile } from '../report/error-file-path.js';
import { listInputFiles } from '../sheets/read.js';
import type { ImportOptions } from './options.js';
import { appOutputWords } from '../words/app-output.js';

/** The input files this run reads: the workbook or CSV files (folders expanded) and `--map`. */
async function inputsOf(options: Pick<ImportOptions, 'files' | 'mapFile'>): Promise<string[]> {
  // A missing input is not this check's to report: the reader names it, with its own sentence and exit code.
  const files = await listInputFiles(options.files).catch(() => options.files);
  return [...files, ...(options.mapFile ? [options.mapFile] : [])];
}

/** Throws a UsageError (exit 3) naming the option and the input it would overwrite. */
export async function refuseOutputsOverInputs(
  options: Pick<ImportOptions, 'files' | 'mapFile' | 'report' | 'errorsOut' | 'journal' | 'html'> &
    Partial<Pick<ImportOptions, 'out' | 'command'>>,
): Promise<void> {
  const inputs = await inputsOf(options);
  // option null: the error file written beside the input (no option names it).
  const outputs: { option: string | null; path: string }[] = [];
  if (options.report) outputs.push({ option: '--report', path: options.report });
  if (options.journal) outputs.push({ option: '--journal', path: options.journal });
  if (options.html) outputs.push({ option: '--html', path: options.html });
  if (options.out && options.command !== 'apply') outputs.push({ option: '--out', path: options.out });
  if (options.errorsOut) {
    outputs.push({ option: '--errors-out', path: options.errorsOut });
    for (const input of inputs) outputs.push({ option: '--errors-out', path: errorFilePath(input, options.errorsOut) });
  } else {
    for (const input of inputs) outputs.push({ option: null, path: errorFilePath(input) });
  }
  for (const output of outputs) {
    const input = inputs.find((candidate) => sameFile(output.path, candidate));
    if (input === undefined) continue;
    throw new UsageError(appOutputWords().outputOverInput(output.option, output.path, resolve(output.path) === resolve(input), input));
  }
}

/**
 * The input as a path whose last part is its own name, for the outputs named after it: `.` and `..` (and
 * a trailing slash) resolved, so `map --init .` and `plan .` name their files after the folder, never a
 * hidden `..map.json`.
 */
export function namedInput(path: string): string {
  const trimmed = path.replace(/[\\/]+$/, '');
  return ['', '.', '..'].includes(basename(trimmed)) ? resolve(path) : trimmed;
}
