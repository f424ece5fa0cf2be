/** `orgsync-import map --init FILE`: writes a starter profile from the file's own headers, for the user to edit. */
import { existsSync, writeFileSync } from 'node:fs';
import { basename, extname, resolve } from 'node:path';
import { EXIT, UsageError, type ExitCode } from '../errors.js';
import { starterProfile, type StarterProfile } from '../sheets/starter.js';
import { HEADER_SEARCH_ROWS } from '../sheets/limits.js';
import { listInputFiles, readSheetHeads } from '../sheets/read.js';
import { println, type AppIO } from './io.js';
import { namedInput } from './output-paths.js';
import { appOutputWords } from '../words/app-output.js';
import { valueRules } from '../validate/value-maps.js';
import { isValidEmail, localToday } from '../validate/values.js';

/** Rows below the header read for their values: enough to tell codes, names, dates and ids apart. */
const SAMPLE_ROWS = 2_000;

export interface MapInitOptions {
  init?: string;
  out?: string;
  overwrite: boolean;
  encoding?: string;
}

/**
 * The starter profile of an export (`map --init`, the page's Columns step): its sheets' header rows and the
 * values below them, read by the reader with its limits; `source` names the export in the profile's note.
 */
export async function starterProfileOf(files: string[], source: string, encoding?: string): Promise<StarterProfile> {
  const heads = await readSheetHeads(files, encoding ? { encoding } : {}, HEADER_SEARCH_ROWS + SAMPLE_ROWS);
  return starterProfile(heads, source, { fixed: valueRules, email: isValidEmail, today: localToday() });
}

export async function runMapInit(options: MapInitOptions, io: AppIO): Promise<ExitCode> {
  const file = options.init;
  if (!file) throw new UsageError(appOutputWords().mapNeedsExport);
  const named = namedInput(file);
  const out = options.out ?? `${basename(named, extname(named))}.map.json`;
  if ((await listInputFiles([file])).some((input) => resolve(input) === resolve(out))) {
    throw new UsageError(appOutputWords().outIsTheExport(out));
  }
  if (existsSync(out) && !options.overwrite) {
    throw new UsageError(appOutputWords().outExists(out));
  }
  const profile = await starterProfileOf([file], basename(named), options.encoding);
  if (profile.recognised + profile.guessed + profile.unrecognised === 0) throw new UsageError(appOutputWords().noHeaderRow(file));
  writeFileSync(out, `${JSON.stringify(profile.json, null, 2)}\n`);
  println(io.stdout, appOutputWords().profileWritten(out, profile.recognised, profile.guessed, profile.unrecognised));
  for (const lack of profile.lacks) println(io.stdout, appOutputWords().profileLacks(lack));
  println(io.stdout, appOutputWords().editProfile(file, out));
  return EXIT.ok;
}
