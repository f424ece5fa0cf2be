/** Where the annotated error file of an input goes (cli.md: `NAME.errors.xlsx` / `NAME.errors.csv`). */
import { existsSync, statSync } from 'node:fs';
import { basename, dirname, extname, join, resolve, sep } from 'node:path';

export type ErrorFileFormat = 'xlsx' | 'csv';

export function errorFileFormat(input: string): ErrorFileFormat {
  return ['.xlsx', '.xlsm'].includes(extname(input).toLowerCase()) ? 'xlsx' : 'csv';
}

/**
 * `staff.xlsx` → `staff.errors.xlsx` beside it; `medarbejdere.csv` → `medarbejdere.errors.csv`.
 * An override (`--errors-out`) is used as given, except that a folder (existing, or written with a
 * trailing separator) receives the default name: with several CSV inputs each gets its own file there.
 */
export function errorFilePath(input: string, override?: string): string {
  const format = errorFileFormat(input);
  const name = `${basename(input, extname(input))}.errors.${format}`;
  if (override === undefined || override === '') return join(dirname(input), name);
  if (override.endsWith(sep) || override.endsWith('/') || isDirectory(override)) return join(override, name);
  return override;
}

function isDirectory(path: string): boolean {
  return existsSync(path) && statSync(path).isDirectory();
}

interface FileIdentity {
  dev: number;
  ino: number;
}

/** The file a path leads to (symbolic links followed); null when nothing is there yet. */
function identity(path: string): FileIdentity | null {
  try {
    const stat = statSync(path);
    return stat.isFile() ? { dev: stat.dev, ino: stat.ino } : null;
  } catch {
    return null;
  }
}

/** True when writing `output` would replace `input` (same path, or the same file through a link). */
export function sameFile(output: string, input: string): boolean {
  if (resolve(output) === resolve(input)) return true;
  const a = identity(output);
  const b = identity(input);
  return a !== null && b !== null && a.dev === b.dev && a.ino === b.ino;
}
