/**
 * `npm run bench [-- NAME [OPTIONS]]`: runs the benchmarks against the built code (run `npm run build`
 * first). NAME is `validate` (benchmark 1), `import` (benchmark 2) or `all` (default); OPTIONS go to the
 * benchmark (see the top of each script). Results: bench/out/<benchmark>.md and .json; the tables in
 * docs/benchmarks.md are copied from there with the diagnosis.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { BENCH_DIR, requireBuild } from './lib/paths.mjs';

const SCRIPTS = {
  validate: 'validate-large.mjs',
  import: 'import-sandbox.mjs',
  scale: 'scale.mjs',
  'no-change': 'no-change.mjs',
  pandas: 'pandas-compare.mjs',
  memory: 'memory.mjs',
  timed: 'timed-tests.mjs',
  interrupt: 'interrupt.mjs',
};
const [first, ...rest] = process.argv.slice(2);
const named = first && !first.startsWith('-');
const which = named ? first : 'all';
const options = named ? rest : process.argv.slice(2);

if (which !== 'all' && !(which in SCRIPTS)) {
  console.error(`unknown benchmark "${which}": choose ${Object.keys(SCRIPTS).join(', ')} or all`);
  process.exit(2);
}
requireBuild();
// The scaling series (about 30 minutes) and the pandas comparison (needs python3 with pandas) run only when named.
const names = which === 'all' ? ['validate', 'import'] : [which];
for (const name of names) {
  if (names.length > 1 && options.length > 0) {
    console.error('options apply to one benchmark: name it, e.g. npm run bench -- import --concurrency 16');
    process.exit(2);
  }
  const result = spawnSync(process.execPath, [join(BENCH_DIR, SCRIPTS[name]), ...options], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
