/**
 * The options of one command: a flag wins over the configuration file, the file over an environment
 * variable, and that over the default. The file itself is read and checked by config.ts; which of the
 * two comes first is command-options.ts's choice.
 */
import { readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { OrgsyncError } from '../errors.js';
import { appConfigWords } from '../words/app-config.js';
import { chooseLanguage } from '../words/language.js';
import type { ConfigFile, LoadedConfig } from './config.js';
import { ENV, type CommandName, type GuardLimits, type ImportOptions } from './options.js';

type Flags = Record<string, unknown>;

/**
 * Flags (commander's values; a flag not given is undefined or false) + the configuration file, already
 * checked (or null: none) + environment variables → the options of one command.
 */
export function mergedOptions(
  command: CommandName,
  files: string[],
  flags: Flags,
  config: LoadedConfig | null,
  env: NodeJS.ProcessEnv,
  cwd: string,
): ImportOptions {
  const flag = (name: string): string | undefined => {
    const value = flags[name];
    return typeof value === 'string' && value !== '' ? value : undefined;
  };
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

function configError(message: string): OrgsyncError {
  return new OrgsyncError('config', message);
}
