/**
 * A rehearsal matches the real service: a fresh `--sandbox` (no state file yet) starts with the workbook's
 * own top department, so a workbook whose top department is `HQ` rehearses without edits. The sandbox must
 * exist before the workbook is validated against it, so the top department is found by a quick pass over
 * the organisation sheet alone: the reader stops once that sheet is read (the rows of sheets before it are
 * passed over, not validated). `--root-id`/`--root-name` win; a sandbox that has a state keeps its root.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { readInput } from '../sheets/read.js';
import { parseUnitType } from '../validate/values.js';
import { withProfile } from './inputs.js';
import type { ImportOptions } from './options.js';

export interface UnitName {
  id: string;
  name: string;
}

/** The options with the root a fresh rehearsal sandbox should start with (unchanged otherwise). */
export async function withSandboxRoot(options: ImportOptions): Promise<ImportOptions> {
  if (!options.sandbox || options.rootId !== undefined || existsSync(join(options.stateDir, 'sandbox.json'))) return options;
  const top = await workbookTopDepartment(options).catch(() => null);
  if (!top) return options;
  return { ...options, rootId: top.id, ...(options.rootName === undefined ? { rootName: top.name } : {}) };
}

/**
 * The one department of the organisation sheet without a parent, or null when there is none, several, or
 * no organisation sheet: the validation that follows says what is wrong, against the default root.
 */
export async function workbookTopDepartment(options: Pick<ImportOptions, 'files' | 'mapFile' | 'encoding' | 'profile'>): Promise<UnitName | null> {
  const { profile } = options.profile ? options : withProfile(options);
  const reading = await readInput(options.files, {
    ...(options.encoding ? { encoding: options.encoding } : {}),
    ...(profile ? { headerMap: profile.headers } : {}),
  });
  for await (const sheet of reading.sheets) {
    if (sheet.kind !== 'organisation') {
      for await (const _row of sheet.rows); // each sheet's rows are read before the next sheet
      continue;
    }
    if (!sheet.columns.some((column) => column.canonical === 'parent_id')) return null;
    const plainTree = !sheet.columns.some((column) => column.canonical === 'type');
    const tops: UnitName[] = [];
    for await (const row of sheet.rows) {
      const type = row.cells.get('type')?.text;
      const id = row.cells.get('id')?.text;
      // Without a type column the sheet is a plain unit tree (exports.md): its one unit without a parent is the top.
      const department = plainTree || (type !== undefined && parseUnitType(type) === 'department');
      if (!id || !department || row.cells.get('parent_id')) continue;
      tops.push({ id, name: row.cells.get('name')?.text || id });
    }
    return tops.length === 1 ? tops[0]! : null;
  }
  return null;
}
