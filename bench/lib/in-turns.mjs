/**
 * Alternatives measured in turns (A, B, C, A, B, C, …), each run in a fresh node process that prints one
 * JSON line, `{ wallMs, cpuMs, …counts }`, as its last line; then one markdown table per input: CPU median
 * and minimum, wall median, and the counts of the first run (the same for every run of one alternative),
 * with the load average after each run. The scripts that compare libraries on the same parts are made of
 * it (`xml-parsers.mjs`, `zip-readers.mjs`): `comparisonScript` is the whole command line of each.
 */
import { spawnSync } from 'node:child_process';
import { relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadAverage, median } from './measure.mjs';
import { REPO, requireBuild } from './paths.mjs';

/**
 * @typedef {{ wallMs: number, cpuMs: number } & Record<string, number>} ChildRun
 */

/**
 * @param {{
 *   file: string,
 *   reps: number,
 *   alternatives: readonly string[],
 *   childArgs: (alternative: string) => string[],
 *   label: string,
 *   counts: readonly { key: string, title: string }[],
 * }} comparison
 */
export function compareInTurns({ file, reps, alternatives, childArgs, label, counts }) {
  /** @type {Map<string, ChildRun[]>} */
  const runs = new Map(alternatives.map((alternative) => [alternative, []]));
  const loads = [loadAverage()];
  for (let rep = 0; rep < reps; rep++) {
    for (const [alternative, measured] of runs) {
      const run = spawnSync(process.execPath, childArgs(alternative), { encoding: 'utf8', maxBuffer: 1 << 20 });
      if (run.status !== 0) throw new Error(`${alternative} exited ${run.status}: ${run.stderr.slice(-800)}`);
      measured.push(JSON.parse(run.stdout.trim().split('\n').pop() ?? ''));
      loads.push(loadAverage());
    }
  }
  console.log(`${relative(REPO, file)} (${reps} runs each, in turns)`);
  console.log(`| ${label} | CPU median ms | CPU min ms | wall median ms | ${counts.map((count) => count.title).join(' | ')} |`);
  console.log(`|---|---:|---:|---:|${counts.map(() => '---:|').join('')}`);
  for (const [alternative, measured] of runs) {
    const cpu = measured.map((run) => run.cpuMs);
    const first = measured[0];
    const wall = median(measured.map((run) => run.wallMs));
    const countCells = counts.map((count) => first?.[count.key]).join(' | ');
    console.log(`| ${alternative} | ${median(cpu).toFixed(0)} | ${Math.min(...cpu).toFixed(0)} | ${wall.toFixed(0)} | ${countCells} |`);
  }
  console.log(`load average (1 min) after each run: ${loads.map((load) => load.toFixed(1)).join(' ')}`);
}

/**
 * A comparison script's command line: `node SCRIPT [--reps N] [--only a,b] [extra options] WORKBOOK…` runs
 * the alternatives in turns on each workbook; the script runs itself with `--child ALTERNATIVE WORKBOOK`
 * (and the extra options) for each run, which calls `child`.
 * @param {{
 *   script: string,
 *   label: string,
 *   alternatives: readonly string[],
 *   counts: readonly { key: string, title: string }[],
 *   extraOptions?: Record<string, { type: 'string' }>,
 *   child: (alternative: string, file: string, options: Record<string, string | undefined>) => Promise<void>,
 * }} comparison
 */
export async function comparisonScript({ script, label, alternatives, counts, extraOptions = {}, child }) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      reps: { type: 'string', default: '5' },
      only: { type: 'string', default: alternatives.join(',') },
      child: { type: 'string' },
      ...extraOptions,
    },
  });
  /** @type {Record<string, string | undefined>} */
  const options = /** @type {any} */ (values);
  requireBuild();
  const extraArgs = Object.keys(extraOptions).flatMap((name) => (options[name] === undefined ? [] : [`--${name}`, String(options[name])]));
  if (options.child) {
    const file = positionals[0];
    if (!file) throw new Error('--child takes the workbook');
    await child(options.child, file, options);
    return;
  }
  if (positionals.length === 0) {
    console.error(`usage: node ${relative(REPO, script)} [--reps N] [--only ${alternatives.join(',')}] WORKBOOK…`);
    process.exit(2);
  }
  for (const input of positionals) {
    const file = resolve(input);
    compareInTurns({
      file,
      reps: Number(options.reps),
      alternatives: String(options.only).split(','),
      childArgs: (alternative) => [script, '--child', alternative, ...extraArgs, file],
      label,
      counts,
    });
  }
}
