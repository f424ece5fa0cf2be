/**
 * `npm run bench -- timed`: wall-clock bounds, held here rather than in the tests
 * (issue 23, point 10). The tests that observe a time record it (test/helpers/timings.ts) when
 * ORGSYNC_TIMINGS_FILE is set; this runs them with it set and tables each figure against its bound.
 * A test never fails for being slow: a loaded CI machine is slow, not wrong. This benchmark does, so
 * run it on a quiet machine. Results: bench/out/timed-tests.md and .json.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { machine, machineLines } from './lib/machine.mjs';
import { OUT_DIR, REPO, requireBuild } from './lib/paths.mjs';

const TESTS = [
  'test/hostile/input-files.test.ts',
  'test/hostile/input-fuzz.test.ts',
  'test/hostile/cli-inputs.test.ts',
  'test/browser/page-speed.test.ts',
];

requireBuild();
mkdirSync(OUT_DIR, { recursive: true });
const file = join(OUT_DIR, 'timed-tests.jsonl');
rmSync(file, { force: true });
const vitest = join(REPO, 'node_modules', 'vitest', 'vitest.mjs');
const run = spawnSync(process.execPath, [vitest, 'run', ...TESTS], {
  cwd: REPO,
  stdio: 'inherit',
  env: { ...process.env, ORGSYNC_TIMINGS_FILE: file },
});
if (run.status !== 0) {
  console.error('the timed tests failed: their figures are not worth reading');
  process.exit(run.status ?? 1);
}

const timings = existsSync(file)
  ? readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line))
  : [];
// The fuzz test records one figure per generated file: its slowest is the one held to the bound.
const byTest = new Map();
for (const t of timings) {
  const key = `${t.test}\u0000${t.what}`;
  const seen = byTest.get(key);
  byTest.set(key, seen ? { ...seen, ms: Math.max(seen.ms, t.ms), count: seen.count + 1 } : { ...t, count: 1 });
}
const rows = [...byTest.values()];
const over = rows.filter((r) => r.ms > r.boundMs);
const lines = [
  '# Timed tests: figures against their bounds',
  '',
  ...machineLines(machine()),
  '',
  `Command: \`npm run bench -- timed\` (${TESTS.join(', ')})`,
  '',
  '| test | what | runs | slowest | bound | within |',
  '|---|---|---:|---:|---:|---|',
  ...rows.map((r) => `| ${r.test} | ${r.what} | ${r.count} | ${r.ms} ms | ${r.boundMs} ms | ${r.ms <= r.boundMs ? 'yes' : '**no**'} |`),
  '',
  over.length === 0
    ? `All ${rows.length} figures are within their bounds.`
    : `${over.length} of ${rows.length} figures are over their bounds.`,
];
writeFileSync(join(OUT_DIR, 'timed-tests.md'), `${lines.join('\n')}\n`);
writeFileSync(join(OUT_DIR, 'timed-tests.json'), `${JSON.stringify(rows, null, 2)}\n`);
console.log(lines.join('\n'));
process.exit(over.length === 0 ? 0 : 1);
