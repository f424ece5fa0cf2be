/** Files → sheets → validated desired state, with the phases shown as progress. */
import { createHash } from 'node:crypto';
import { createReadStream, readFileSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename, relative } from 'node:path';
import { UsageError } from '../errors.js';
import type { Profile } from '../sheets/profile/rules.js';
import { valueRules } from '../validate/value-maps.js';
import { listInputFiles, readInput } from '../sheets/read.js';
import { issue, type Issue } from '../model/issue.js';
import { TEMPLATE_VERSION, templateChangesSince } from '../template/version.js';
import type { CurrentView, ValidationResult } from '../validate/types.js';
import type { ApiVersion } from '../model/service-state.js';
import type { InputOptions } from './options.js';
import { appRunWords } from '../words/app-run.js';

/**
 * The `--map` profile, checked whole before any input is read (exit 3 naming the key at fault). Its
 * checker (zod) is loaded only when there is a profile.
 */
export async function readProfile(path: string | undefined): Promise<Profile | undefined> {
  if (!path) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new UsageError(appRunWords().profileUnreadable(path, (error as NodeJS.ErrnoException).code === 'ENOENT'));
  }
  const { checkProfile } = await import('../sheets/profile/check.js');
  return checkProfile(parsed, path, valueRules);
}

/**
 * The options with the `--map` profile read and checked: called first by every command, so a bad profile
 * stops the run before any input or the service is read. --path-separator wins over its path_separator.
 */
export async function withProfile<T extends InputOptions>(options: T): Promise<T> {
  const profile = await readProfile(options.mapFile);
  if (!profile) return options;
  const pathSeparator = options.pathSeparator ?? profile.pathSeparator;
  return { ...options, profile, ...(pathSeparator !== undefined ? { pathSeparator } : {}) };
}

export async function readAndValidate(
  options: InputOptions & { rootId?: string; rootName?: string },
  extra: { api: ApiVersion; current?: CurrentView | Promise<CurrentView> },
): Promise<ValidationResult> {
  if (options.files.length === 0) throw new UsageError(appRunWords().nameTheWorkbook);
  const { profile } = options.profile ? options : await withProfile(options);
  const reading = await readInput(options.files, {
    ...(options.encoding ? { encoding: options.encoding } : {}),
    ...(profile ? { headerMap: profile.headers, sheetRules: profile.sheets, sheetFiles: profile.files } : {}),
  });
  // Loaded after the reading has started: a large workbook's reader gets going while the validator loads.
  const { validate } = await import('../validate/index.js');
  const result = await validate(reading, {
    api: extra.api,
    ...(extra.current ? { current: extra.current } : {}),
    ...(options.dateOrder ? { dateOrder: options.dateOrder } : {}),
    ...(options.pathSeparator ? { pathSeparator: options.pathSeparator } : {}),
    ...(options.acceptRenames ? { acceptRenames: options.acceptRenames === true ? true : new Set(options.acceptRenames) } : {}),
    ...(options.today ? { today: options.today } : {}),
    ...(options.rootId !== undefined || options.rootName !== undefined
      ? {
          root: {
            ...(options.rootId !== undefined && { id: options.rootId }),
            ...(options.rootName !== undefined && { name: options.rootName }),
          },
        }
      : {}),
  });
  result.issues.push(...templateWarnings(reading.templateVersion));
  return result;
}

export function describeValidation(result: ValidationResult): string {
  const rows = result.sheetsSeen.reduce((sum, s) => sum + s.rows, 0);
  const errors = result.issues.filter((i) => i.severity === 'error').length;
  return appRunWords().workbookRead(rows, result.sheetsSeen.length, errors);
}

/** A workbook made from an older template: say what changed since, so nobody misses a new column. */
export function templateWarnings(version: string | undefined): Issue[] {
  if (version === undefined) return [];
  const changes = templateChangesSince(version);
  if (changes.length === 0) return [];
  const message = appRunWords().oldTemplate(version, TEMPLATE_VERSION, changes.map((c) => `(${c.version}) ${c.changes}`).join(' '));
  return [issue('warning', 'old_template', message, { value: version })];
}

/** The input files, each by its name under what was given, with a hash of its bytes; and one hash of them all. */
export interface InputDigests {
  hash: string;
  /** Name → sha256 of the bytes: a folder's files by their names in it, a file given by name by its own name. */
  files: Record<string, string>;
}

async function fileDigest(file: string): Promise<string> {
  const hash = createHash('sha256');
  await new Promise<void>((resolve, reject) => {
    createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('end', resolve)
      .on('error', reject);
  });
  return hash.digest('hex');
}

/**
 * Identifies the workbook (the journal, the history, a saved plan): the input files' names and bytes.
 * Names are taken relative to what was given, so `c1`, `/home/hr/c1` and `../hr/c1` are one workbook.
 */
export async function inputDigests(paths: readonly string[]): Promise<InputDigests> {
  const all = createHash('sha256');
  const files: Record<string, string> = {};
  for (const given of paths) {
    const folder = (await stat(given).catch(() => null))?.isDirectory() === true;
    for (const file of await listInputFiles([given])) {
      const named = folder ? relative(given, file) : basename(file);
      let name = named;
      for (let n = 2; name in files; n++) name = `${named} (${n})`;
      files[name] = await fileDigest(file);
      all.update(`${name}\0${files[name]}\n`);
    }
  }
  return { hash: all.digest('hex').slice(0, 32), files };
}

/** sha256 of the --map profile's bytes (null without one): its contents are an input of the plan. */
export async function profileDigest(path: string | undefined): Promise<string | null> {
  return path === undefined ? null : fileDigest(path);
}

export async function hashInputs(files: readonly string[]): Promise<string> {
  return (await inputDigests(files)).hash;
}
