/** `orgsync-import map --init FILE`: writes a starter profile from the file's own headers, for the user to edit. */
import { existsSync, writeFileSync } from 'node:fs';
import { basename, extname, resolve } from 'node:path';
import { EXIT, UsageError, type ExitCode } from '../errors.js';
import { starterProfile } from '../sheets/headers.js';
import { HEADER_SEARCH_ROWS } from '../sheets/limits.js';
import { listInputFiles, readSheetHeads } from '../sheets/read.js';
import { println, type AppIO } from './io.js';

export interface MapInitOptions {
  init?: string;
  out?: string;
  overwrite: boolean;
  encoding?: string;
}

export async function runMapInit(options: MapInitOptions, io: AppIO): Promise<ExitCode> {
  const file = options.init;
  if (!file) throw new UsageError('map needs the export to read: orgsync-import map --init export.xlsx [--out profile.json]');
  const out = options.out ?? `${basename(file, extname(file))}.map.json`;
  if ((await listInputFiles([file])).some((input) => resolve(input) === resolve(out))) {
    throw new UsageError(`--out ${out} is the export itself; give another file name`);
  }
  if (existsSync(out) && !options.overwrite) {
    throw new UsageError(`${out} already exists; give another --out, or add --overwrite to replace it`);
  }
  const heads = await readSheetHeads([file], options.encoding ? { encoding: options.encoding } : {}, HEADER_SEARCH_ROWS);
  const profile = starterProfile(heads, basename(file));
  if (profile.recognised + profile.guessed + profile.unrecognised === 0) throw new UsageError(`${file}: no header row found (every sheet is empty)`);
  writeFileSync(out, `${JSON.stringify(profile.json, null, 2)}\n`);
  println(
    io.stdout,
    `Wrote ${out}: ${profile.recognised} headers recognised, ${profile.guessed} guessed (check them: "_guessed"), ${profile.unrecognised} unrecognised (mapped to null, listed under "_unrecognised").`,
  );
  println(io.stdout, `Edit it, then check the export with it: orgsync-import validate ${file} --map ${out}`);
  return EXIT.ok;
}
