/**
 * A profile section names its file (exports.md "A profile names its file"): `"file": "hr.employee*.csv"`.
 * A CSV file is matched by its file name, a workbook's sheet by the sheet's name (a workbook's sheets are
 * its files), each as a glob (picomatch) compared without case. A file a section names is that sheet,
 * whatever its headers complete.
 */
import { basename, extname } from 'node:path';
import picomatch from 'picomatch';
import { UsageError } from '../../errors.js';
import type { SheetKind } from '../../model/sheet-kind.js';
import { profileWords } from '../../words/profile.js';
import type { SheetFiles } from './rules.js';

const WORKBOOK = new Set(['.xlsx', '.xlsm']);
const matchers = new Map<string, (name: string) => boolean>();

function matcher(glob: string): (name: string) => boolean {
  let match = matchers.get(glob);
  if (match === undefined) {
    match = picomatch(glob, { nocase: true, dot: true });
    matchers.set(glob, match);
  }
  return match;
}

/** The name a section's `file` is compared with: a CSV file's name, or a workbook sheet's. */
export function nameForFileRule(file: string, sheetName: string): string {
  return WORKBOOK.has(extname(file).toLowerCase()) ? sheetName : basename(file);
}

/**
 * The kind whose profile section names this file or sheet, or undefined when none does. Two sections
 * naming one file is a mistake in the profile: a UsageError naming both (which was meant cannot be told).
 */
export function kindNamedByProfile(files: SheetFiles | undefined, file: string, sheetName: string): SheetKind | undefined {
  if (files === undefined) return undefined;
  const name = nameForFileRule(file, sheetName);
  const kinds = (Object.entries(files) as [SheetKind, string][]).filter(([, glob]) => matcher(glob)(name)).map(([kind]) => kind);
  if (kinds.length > 1) throw new UsageError(profileWords().fileOfTwoSections(name, kinds));
  return kinds[0];
}
