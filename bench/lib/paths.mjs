/** Where things are: the repository, the built CLI, the generated inputs. */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const BENCH_DIR = dirname(dirname(fileURLToPath(import.meta.url)));
export const REPO = dirname(BENCH_DIR);
export const OUT_DIR = join(BENCH_DIR, 'out');
export const DIST = join(REPO, 'dist');
export const CLI = join(DIST, 'cli', 'main.js');

/** The benchmarks measure the built code: stop with a clear message when it is not there. */
export function requireBuild() {
  if (!existsSync(CLI)) {
    console.error('dist/ is missing: run `npm run build` first.');
    process.exit(2);
  }
}
