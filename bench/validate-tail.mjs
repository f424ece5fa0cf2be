/**
 * The validator's tail alone (issue 25): the work validate() does after the last row of the input is
 * handed to it (cross-sheet references, units by name, renames, absences, delegations), which nothing
 * else overlaps. Builds are run in turns, each in a fresh process as the CLI runs it once: the input is
 * read by the build's own reader, and the tail is timed from the end of the last sheet's rows to
 * validate()'s answer, in wall time and in the process's CPU time (the reading worker is done by then).
 * Offline, as `validate` without a service.
 *   node bench/validate-tail.mjs REPS INPUT ROOT…     (ROOT: a folder with a built dist/, e.g. /tmp/before .)
 */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { loadAverage, median } from './lib/measure.mjs';

if (process.argv[2] === '--child') {
  const [root, input] = process.argv.slice(3);
  if (!root || !input) throw new Error('--child takes ROOT and INPUT');
  const { readInput } = await import(pathToFileURL(resolve(root, 'dist/sheets/read.js')).href);
  const { validate } = await import(pathToFileURL(resolve(root, 'dist/validate/index.js')).href);
  const reading = await readInput([input], {});
  /** @type {{ wall: number, cpu: NodeJS.CpuUsage } | undefined} */
  let lastRow;
  const sheets = reading.sheets;
  // Every sheet's rows pass through unchanged; the moment the last one ends is kept.
  reading.sheets = {
    async *[Symbol.asyncIterator]() {
      for await (const sheet of sheets) {
        const rows = sheet.rows;
        yield {
          ...sheet,
          rows: (async function* () {
            yield* rows;
            lastRow = { wall: performance.now(), cpu: process.cpuUsage() };
          })(),
        };
      }
    },
  };
  const result = await validate(reading, {});
  if (!lastRow) throw new Error(`${input}: no sheet was read`);
  const cpu = process.cpuUsage(lastRow.cpu);
  const issues = result.issues.length;
  console.log(JSON.stringify({ wallMs: performance.now() - lastRow.wall, cpuMs: (cpu.user + cpu.system) / 1000, issues }));
} else {
  const [reps, input, ...roots] = process.argv.slice(2);
  if (!reps || !input || roots.length === 0) {
    console.error('usage: node bench/validate-tail.mjs REPS INPUT ROOT…');
    process.exit(2);
  }
  const self = fileURLToPath(import.meta.url);
  /** @type {Map<string, { wallMs: number, cpuMs: number, issues: number }[]>} */
  const runs = new Map(roots.map((root) => [root, []]));
  const loads = [loadAverage()];
  for (let rep = 0; rep < Number(reps); rep++) {
    for (const [root, measured] of runs) {
      const run = spawnSync('node', [self, '--child', resolve(root), resolve(input)], { encoding: 'utf8' });
      if (run.status !== 0) throw new Error(`${root} exited ${run.status}: ${run.stderr.slice(-500)}`);
      measured.push(JSON.parse(run.stdout.trim().split('\n').pop() ?? ''));
      loads.push(loadAverage());
    }
  }
  for (const [root, measured] of runs) {
    const wall = measured.map((run) => run.wallMs);
    const cpu = measured.map((run) => run.cpuMs);
    console.log(
      `${root}: tail wall median ${median(wall).toFixed(0)} ms (min ${Math.min(...wall).toFixed(0)}), CPU median ${median(cpu).toFixed(0)} ms (min ${Math.min(...cpu).toFixed(0)}); ` +
        `issues ${measured[0]?.issues}; walls ${wall.map((w) => w.toFixed(0)).join(' ')}`,
    );
  }
  console.log(`load average (1 min) after each run: ${loads.map((load) => load.toFixed(1)).join(' ')}`);
}
