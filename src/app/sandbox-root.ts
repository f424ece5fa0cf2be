/**
 * A rehearsal matches the real service: a fresh `--sandbox` starts with the workbook's own top department,
 * so a workbook whose top department is `HQ`, or an export whose paths start at "Nordlys Energi", rehearses
 * without edits. A sandbox that holds nothing but its top department counts as fresh: a refused rehearsal
 * created nothing and must not pin the top it started with (src/sandbox/store/root.ts). The sandbox must
 * exist before the workbook is validated against it, so the top department is found by the validator's
 * quick pass (validate/top-department.ts). `--root-id`/`--root-name` win; a sandbox that holds more keeps
 * its top.
 */
import { join } from 'node:path';
import { savedCompany } from '../sandbox/store/root.js';
import { readInput } from '../sheets/read.js';
import { topDepartment, type UnitName } from '../validate/top-department.js';
import { withProfile } from './inputs.js';
import type { ImportOptions } from './options.js';

/** The options with the workbook's top department, when the rehearsal sandbox may start with it. */
export async function withSandboxRoot(options: ImportOptions): Promise<ImportOptions> {
  if (!options.sandbox || options.rootId !== undefined) return options;
  if ((await savedCompany(join(options.stateDir, 'sandbox.json'))) === 'more') return options;
  const top = await workbookTopDepartment(options).catch(() => null);
  return top ? { ...options, workbookTop: top } : options;
}

type TopOptions = Pick<ImportOptions, 'files' | 'mapFile' | 'encoding' | 'profile' | 'pathSeparator'>;

/** The workbook's top department (validate/top-department.ts), read with the `--map` profile's headers. */
export async function workbookTopDepartment(options: TopOptions): Promise<UnitName | null> {
  const { profile, pathSeparator } = options.profile ? options : await withProfile(options);
  const reading = await readInput(options.files, {
    ...(options.encoding ? { encoding: options.encoding } : {}),
    ...(profile ? { headerMap: profile.headers, sheetFiles: profile.files } : {}),
  });
  return topDepartment(reading, pathSeparator);
}
