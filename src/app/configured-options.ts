/** The options of one command with its configuration file read and checked (loads config.ts, and zod with it). */
import { chooseLanguage } from '../words/language.js';
import { loadConfig } from './config.js';
import { mergedOptions } from './merged-options.js';
import type { CommandName, ImportOptions } from './options.js';

/**
 * Flags (commander's values; a flag not given is undefined or false) + the configuration file +
 * environment variables → the options of one command.
 */
export function importOptionsFrom(
  command: CommandName,
  files: string[],
  flags: Record<string, unknown>,
  env: NodeJS.ProcessEnv = process.env,
  cwd: string = process.cwd(),
): ImportOptions {
  const langFlag = typeof flags.lang === 'string' && flags.lang !== '' ? flags.lang : undefined;
  const config = loadConfig(
    typeof flags.config === 'string' ? flags.config : undefined,
    cwd,
    langFlag === undefined ? chooseLanguage : undefined,
  );
  return mergedOptions(command, files, flags, config, env, cwd);
}
