/**
 * The configuration file of a scheduled run (`orgsync.config.json` in the working folder, or `--config
 * FILE`), read and checked key by key, then merged with the flags and the environment into one
 * ImportOptions (merged-options.ts). Secrets never come from the file itself: from a flag, the
 * environment, or a file of their own that only its owner can read.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { z } from 'zod';
import { OrgsyncError } from '../errors.js';
import { nearest } from '../edit-distance.js';
import { appConfigWords } from '../words/app-config.js';
import { schemaProblems } from '../words/app-schema.js';
import { ENV } from './options.js';

// In options.ts, which the command line loads at start; zod and the rest of this file only when there is a file to check.
export { CONFIG_FILE_NAME } from './options.js';
import { CONFIG_FILE_NAME } from './options.js';

const wholeFrom = (min: number) => z.number().int().min(min);
const percent = z.number().min(0).max(100);

const configSchema = z
  .strictObject({
    base_url: z.string().min(1),
    api: z.enum(['v3', 'v2']),
    company_id: z.union([z.string().min(1), wholeFrom(0)]).transform(String),
    /** Path of the mapping profile (`--map`). */
    map: z.string().min(1),
    concurrency: wholeFrom(1),
    timeout_ms: wholeFrom(1),
    prune: z.boolean(),
    max_deletions: wholeFrom(0),
    lang: z.enum(['en', 'da']),
    state_dir: z.string().min(1),
    jwt_secret_file: z.string().min(1),
    access_token_file: z.string().min(1),
    /** The export guard's limits (kept for it: passed on as `guardLimits`). */
    guard: z.strictObject({ max_employee_loss_percent: percent, min_employee_loss: wholeFrom(0), max_cleared_percent: percent }).partial(),
  })
  .partial();

export type ConfigFile = z.output<typeof configSchema>;

/** Keys that would put a secret in the file, and where that secret belongs instead. */
const SECRET_KEYS: Record<string, () => string> = {
  jwt_secret: () => appConfigWords().secretFromEnvOrFile(ENV.jwtSecret, 'jwt_secret_file'),
  access_token: () => appConfigWords().secretFromEnvOrFile(ENV.accessToken, 'access_token_file'),
  jwt: () => appConfigWords().secretFromEnv(ENV.jwt),
};

export interface LoadedConfig {
  /** The file as given (for messages), and its folder, which its relative paths are relative to. */
  path: string;
  folder: string;
  values: ConfigFile;
}

function configError(message: string): OrgsyncError {
  return new OrgsyncError('config', message);
}

/**
 * `--config FILE`, else `orgsync.config.json` in the working folder when there is one, else none.
 * `chooseLang`: called with the file's `lang` before the rest is checked, so that a mistake in the file
 * is told in the language the file asks for.
 */
export function loadConfig(
  given: string | undefined,
  cwd: string = process.cwd(),
  chooseLang?: (lang: 'en' | 'da') => void,
): LoadedConfig | null {
  const path = given !== undefined ? resolve(cwd, given) : resolve(cwd, CONFIG_FILE_NAME);
  const shown = given ?? CONFIG_FILE_NAME;
  if (given === undefined && !existsSync(path)) return null;
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw configError(appConfigWords().configUnreadable(shown, code === 'ENOENT', code ?? String(error)));
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw configError(appConfigWords().notJson(shown, (error as Error).message));
  }
  const lang = (parsed as { lang?: unknown } | null)?.lang;
  if (chooseLang && (lang === 'en' || lang === 'da')) chooseLang(lang);
  return { path: shown, folder: dirname(path), values: checkConfig(parsed, shown) };
}

/** The file's values, or an error naming the first key that is wrong and why. */
export function checkConfig(parsed: unknown, shown: string): ConfigFile {
  if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) {
    const secret = Object.keys(parsed).find((key) => key in SECRET_KEYS);
    if (secret) {
      throw configError(appConfigWords().secretInFile(shown, secret, SECRET_KEYS[secret]!()));
    }
  }
  const result = configSchema.safeParse(parsed, { error: schemaProblems });
  if (result.success) return result.data;
  const problem = result.error.issues[0]!;
  const where = problem.path.map(String).join('.');
  if (problem.code === 'unrecognized_keys') {
    const key = problem.keys[0]!;
    const prefix = where === '' ? '' : `${where}.`;
    const known = Object.keys(where === 'guard' ? configSchema.shape.guard.unwrap().shape : configSchema.shape);
    const near = nearest(key, known);
    throw configError(appConfigWords().notASetting(shown, `${prefix}${key}`, near ? `${prefix}${near}` : undefined, known.join(', ')));
  }
  if (where === '') throw configError(appConfigWords().notAnObject(shown));
  throw configError(`${shown}: "${where}": ${problem.message}.`);
}
