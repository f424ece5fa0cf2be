/**
 * Two or more builds of the CLI (and the bare read) timed in turns on one input: A, B, bare, A, B, bare, …
 * On a shared 2-core machine the wall time of one command moves by ±30 % from minute to minute; taking
 * turns spreads that over every build alike. Prints the medians and minimums of wall and CPU time
 * (user + system, /usr/bin/time) and the peak memory per build, and the load average after each run.
 *   node bench/interleaved.mjs REPS INPUT ROOT… [bare]
 * ROOT is a folder with a built dist/ (and node_modules/ beside it, a link will do): the working tree, or
 * an older commit's build, e.g. `git worktree add /tmp/before COMMIT && cd /tmp/before && npm ci`.
 * `bare` is the bare exceljs read for a workbook, the bare papaparse read for a CSV folder.
 */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { loadAverage, median } from './lib/measure.mjs';
import { BENCH_DIR } from './lib/paths.mjs';

const [reps, input, ...roots] = process.argv.slice(2);
if (!reps || !input || roots.length === 0) {
  console.error('usage: node bench/interleaved.mjs REPS INPUT ROOT… [bare]');
  process.exit(2);
}
const file = resolve(input);
const commandOf = (root) =>
  root === 'bare'
    ? [resolve(BENCH_DIR, 'bare', file.endsWith('.xlsx') ? 'exceljs-read.mjs' : 'papaparse-read.mjs'), file]
    : [resolve(root, 'dist', 'cli', 'main.js'), 'validate', file];
/** @type {Map<string, { wall: number, cpu: number, peakMB: number }[]>} */
const runs = new Map(roots.map((root) => [root, []]));
const loads = [loadAverage()];
for (let rep = 0; rep < Number(reps); rep++) {
  for (const [root, measured] of runs) {
    const started = performance.now();
    const run = spawnSync('/usr/bin/time', ['-f', 'TIME %U %S %M', 'node', ...commandOf(root)], { encoding: 'utf8' });
    const wall = (performance.now() - started) / 1000;
    const time = run.stderr.match(/TIME (\S+) (\S+) (\d+)/);
    if (run.status !== 0 || !time) throw new Error(`${root} exited ${run.status}: ${run.stderr.slice(-500)}`);
    measured.push({ wall, cpu: Number(time[1]) + Number(time[2]), peakMB: (Number(time[3]) * 1024) / 1e6 });
    loads.push(loadAverage());
  }
}
const s = (/** @type {number} */ x) => x.toFixed(2);
for (const [root, measured] of runs) {
  const wall = measured.map((run) => run.wall);
  const cpu = measured.map((run) => run.cpu);
  console.log(
    `${root}: wall median ${s(median(wall))} s (min ${s(Math.min(...wall))}), CPU median ${s(median(cpu))} s (min ${s(Math.min(...cpu))}), ` +
      `peak ${median(measured.map((run) => run.peakMB)).toFixed(0)} MB; walls ${wall.map(s).join(' ')}`,
  );
}
console.log(`load average (1 min) after each run: ${loads.map((load) => load.toFixed(1)).join(' ')}`);
