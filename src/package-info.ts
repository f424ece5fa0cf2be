/**
 * The importer's name and version as package.json gives them: the one place they are read, so `--version`
 * and the saved plan's `tool_version` cannot disagree with the package that is installed.
 */
import { readFileSync } from 'node:fs';

export const PACKAGE = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { name: string; version: string };
