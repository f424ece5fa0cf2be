/**
 * `npm start -- book.xlsx` runs in the package's folder, not the one the user typed it in: file arguments
 * and `.orgsync/` belong to the folder the user was in, which npm passes as INIT_CWD.
 */
import { resolve } from 'node:path';

export function runInInvokingFolder(): void {
  const invokedFrom = process.env.INIT_CWD;
  // Only this package's own `npm start`: another project's script that calls the command keeps its folder.
  const ownStart = process.env.npm_lifecycle_event === 'start' && process.env.npm_package_name === 'orgsync-import';
  if (ownStart && invokedFrom && resolve(invokedFrom) !== process.cwd()) process.chdir(invokedFrom);
}
