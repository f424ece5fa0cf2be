/**
 * The configuration file of a scheduled run (`orgsync.config.json` in the working folder, or `--config
 * FILE`) merged with the flags and the environment into one ImportOptions. A flag wins over the file, the
 * file over an environment variable, and that over the default. Secrets never come from the file itself:
 * from a flag, the environment, or a file of their own that only its owner can read.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { z } from 'zod';
import { OrgsyncError } from '../errors.js';
import { editDistance } from '../edit-distance.js';
import { appConfigWords } from '../words/app-config.js';
import { schemaProblems } from '../words/app-schema.js';
import { chooseLanguage } from '../words/language.js';
import { ENV, type CommandName, type GuardLimits, type ImportOptions } from './options.js';

// In options.ts, which the command line loads at start; zod and the rest of this file only when a command runs.
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
export function loadConfig(given: string | undefined, cwd: string = process.cwd(), chooseLang?: (lang: 'en' | 'da') => void): LoadedConfig | null {
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

/** The known name within two edits of a mistyped one (a letter missing, doubled or swapped). */
export function nearest(typed: string, known: readonly string[]): string | undefined {
  let best: { name: string; distance: number } | undefined;
  for (const name of known) {
    const distance = editDistance(typed.toLowerCase(), name);
    if (distance <= 2 && (!best || distance < best.distance)) best = { name, distance };
  }
  return best?.name;
}

/**
 * A secret from its own file: refused when the group or others may read it (the file's mode must be
 * 600 or 400), so that a secret kept beside a shared configuration stays the owner's.
 */
export function readSecretFile(key: string, path: string, shown: string): string {
  let mode: number;
  let text: string;
  try {
    mode = statSync(path).mode;
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw configError(appConfigWords().secretFileUnreadable(shown, key, path, code === 'ENOENT', code ?? String(error)));
  }
  // Windows has no such permission bits; there the file's ACL is the administrator's business.
  if (process.platform !== 'win32' && (mode & 0o077) !== 0) {
    throw configError(appConfigWords().secretFileShared(shown, key, path, (mode & 0o777).toString(8)));
  }
  const secret = text.trim();
  if (secret === '') throw configError(appConfigWords().secretFileEmpty(shown, key, path));
  return secret;
}

type Flags = Record<string, unknown>;

/**
 * Flags (commander's values; a flag not given is undefined or false) + the configuration file +
 * environment variables → the options of one command.
 */
export function importOptionsFrom(
  command: CommandName,
  files: string[],
  flags: Flags,
  env: NodeJS.ProcessEnv = process.env,
  cwd: string = process.cwd(),
): ImportOptions {
  const flag = (name: string): string | undefined => {
    const value = flags[name];
    return typeof value === 'string' && value !== '' ? value : undefined;
  };
  const config = loadConfig(typeof flags.config === 'string' ? flags.config : undefined, cwd, flag('lang') === undefined ? chooseLanguage : undefined);
  const file = config?.values ?? {};
  const fromEnv = (name: string): string | undefined => (env[name] !== undefined && env[name] !== '' ? env[name] : undefined);
  const besideConfig = (path: string) => resolve(config!.folder, path);
  const secretFile = (key: 'jwt_secret_file' | 'access_token_file'): string | undefined => {
    const path = file[key];
    return path === undefined ? undefined : readSecretFile(key, besideConfig(path), config!.path);
  };

  const api = flag('api') ?? file.api ?? fromEnv(ENV.api) ?? 'v3';
  if (api !== 'v3' && api !== 'v2') throw new OrgsyncError('usage', appConfigWords().apiValue(ENV.api, api));
  const stateDir =
    flag('stateDir') !== undefined
      ? resolve(cwd, flag('stateDir')!)
      : config
        ? besideConfig(file.state_dir ?? '.orgsync')
        : resolve(cwd, '.orgsync');
  const options: ImportOptions = {
    command: flags.dryRun ? 'plan' : command,
    files,
    api,
    insecure: Boolean(flags.insecure),
    sandbox: Boolean(flags.sandbox),
    concurrency: (flags.concurrency as number | undefined) ?? file.concurrency ?? 8,
    yes: Boolean(flags.yes),
    prune: Boolean(flags.prune) || file.prune === true,
    force: Boolean(flags.force),
    resendAbsences: Boolean(flags.resendAbsences),
    allRows: Boolean(flags.all),
    acceptRenames: Boolean(flags.acceptRenames),
    holdRemovals: Boolean(flags.holdRemovals),
    acceptChanges: Boolean(flags.acceptChanges),
    stateDir,
  };
  const guardLimits = guardLimitsOf(file.guard);
  const optional: [keyof ImportOptions, string | number | GuardLimits | undefined][] = [
    ['baseUrl', flag('baseUrl') ?? file.base_url ?? fromEnv(ENV.baseUrl)],
    ['companyId', flag('companyId') ?? file.company_id ?? fromEnv(ENV.companyId)],
    ['accessToken', flag('accessToken') ?? secretFile('access_token_file') ?? fromEnv(ENV.accessToken)],
    ['jwt', flag('jwt') ?? fromEnv(ENV.jwt)],
    ['jwtSecret', flag('jwtSecret') ?? secretFile('jwt_secret_file') ?? fromEnv(ENV.jwtSecret)],
    ['timeoutMs', (flags.timeout as number | undefined) ?? file.timeout_ms],
    ['pageParam', flag('pageParam')],
    ['perPage', flags.perPage as number | undefined],
    ['mapFile', flag('map') ?? (file.map !== undefined ? besideConfig(file.map) : undefined)],
    ['dateOrder', flag('dateOrder')],
    ['pathSeparator', typeof flags.pathSeparator === 'string' && flags.pathSeparator !== '' ? flags.pathSeparator : undefined],
    ['today', flag('today')],
    ['encoding', flag('encoding')],
    ['report', flag('report')],
    ['errorsOut', flag('errorsOut')],
    ['maxDeletions', (flags.maxDeletions as number | undefined) ?? file.max_deletions],
    ['journal', flag('journal')],
    ['lang', file.lang],
    ['html', flag('html')],
    ['out', flag('out')],
    ['guardLimits', guardLimits],
    ['rootId', flag('rootId')],
    ['rootName', flag('rootName')],
  ];
  for (const [key, value] of optional) if (value !== undefined) (options as unknown as Record<string, unknown>)[key] = value;
  // The file's language beats the environment's (main.ts chose that one); a --lang flag beats both.
  if (flag('lang') === undefined && file.lang !== undefined) chooseLanguage(file.lang);
  if (options.journal) options.journal = resolve(cwd, options.journal);
  if (options.holdRemovals && !options.prune) throw new OrgsyncError('usage', appConfigWords().holdNeedsPrune);
  return options;
}

function guardLimitsOf(guard: ConfigFile['guard']): GuardLimits | undefined {
  if (guard === undefined) return undefined;
  const limits: GuardLimits = {};
  if (guard.max_employee_loss_percent !== undefined) limits.maxEmployeeLossPercent = guard.max_employee_loss_percent;
  if (guard.min_employee_loss !== undefined) limits.minEmployeeLoss = guard.min_employee_loss;
  if (guard.max_cleared_percent !== undefined) limits.maxClearedPercent = guard.max_cleared_percent;
  return limits;
}
