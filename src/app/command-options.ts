/**
 * The options of one command, as every front door gets them: the configuration file (`--config FILE`,
 * else `orgsync.config.json` here) is read and checked (with zod) only when there is one, so a run
 * without one (most runs at a desk) starts without loading either.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { mergedOptions } from './merged-options.js';
import { CONFIG_FILE_NAME, type CommandName, type ImportOptions } from './options.js';

export async function importOptions(
  command: CommandName,
  files: string[],
  flags: Record<string, unknown>,
  env: NodeJS.ProcessEnv = process.env,
  cwd: string = process.cwd(),
): Promise<ImportOptions> {
  if (typeof flags.config === 'string' || existsSync(resolve(cwd, CONFIG_FILE_NAME))) {
    const { importOptionsFrom } = await import('./configured-options.js');
    return importOptionsFrom(command, files, flags, env, cwd);
  }
  return mergedOptions(command, files, flags, null, env, cwd);
}
