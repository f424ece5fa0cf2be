/**
 * `npm run bench -- interrupt [--employments N] [--reps N] [--after MS] [--before DIR]` (issue 34, point 14):
 * how long Ctrl-C takes to end a run that is still reading a workbook. Per repetition, the main job is
 * started on a generated workbook of N employments (default 20,000: about 3 MB) against a fresh rehearsal
 * sandbox, SIGINT is sent AFTER ms after its `--json` reading phase began (default 300), and the time from
 * the signal to the process's exit is taken, with its exit code and whether it read the workbook to the
 * end first. `--before DIR` times another build's `dist/` in turns with this one.
 * Results: bench/out/interrupt.md and .json.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ensureCompanyFiles } from './generator/files.mjs';
import { machine, machineLines } from './lib/machine.mjs';
import { median } from './lib/measure.mjs';
import { CLI, OUT_DIR } from './lib/paths.mjs';

const { values } = parseArgs({
  options: {
    employments: { type: 'string', default: '20000' },
    reps: { type: 'string', default: '5' },
    after: { type: 'string', default: '300' },
    before: { type: 'string' },
  },
});
const employments = Number(values.employments);
const reps = Number(values.reps);
const afterMs = Number(values.after);
const builds = [{ name: 'this build', cli: CLI }];
if (values.before) builds.push({ name: `before (${values.before})`, cli: join(resolve(values.before), 'dist', 'cli', 'main.js') });

const { xlsx } = ensureCompanyFiles(OUT_DIR, employments);
const megabytes = statSync(xlsx).size / 1024 ** 2;

/**
 * @typedef {{ seconds: number | null, code: number | null, readToTheEnd: boolean }} InterruptRun
 */

/**
 * One run: the seconds from SIGINT to exit, the exit code, and whether the reading phase finished first.
 * @param {string} cli
 * @returns {Promise<InterruptRun>}
 */
function once(cli) {
  const cwd = mkdtempSync(join(OUT_DIR, 'interrupt-'));
  return new Promise((done) => {
    const child = spawn(process.execPath, [cli, xlsx, '--sandbox', '--yes', '--json'], {
      cwd,
      stdio: ['ignore', 'pipe', 'ignore'],
      env: { ...process.env, LANG: 'en_GB.UTF-8' },
    });
    let out = '';
    let signalledAt = null;
    child.stdout.on('data', (chunk) => {
      out += chunk;
      if (signalledAt === null && out.includes('"phase":"reading","status":"started"')) {
        signalledAt = -1;
        setTimeout(() => {
          signalledAt = performance.now();
          child.kill('SIGINT');
        }, afterMs);
      }
    });
    child.on('close', (code) => {
      const seconds = signalledAt > 0 ? (performance.now() - signalledAt) / 1000 : null;
      rmSync(cwd, { recursive: true, force: true });
      done({ seconds, code, readToTheEnd: out.includes('"phase":"reading","status":"finished"') });
    });
  });
}

mkdirSync(OUT_DIR, { recursive: true });
const results = builds.map((b) => ({ ...b, runs: /** @type {InterruptRun[]} */ ([]) }));
for (let rep = 0; rep < reps; rep++) for (const build of results) build.runs.push(await once(build.cli));

const m = machine();
const lines = [
  `# Ctrl-C while the main job reads a ${megabytes.toFixed(1)} MB workbook (${employments} employments)`,
  '',
  ...machineLines(m),
  '',
  `SIGINT ${afterMs} ms after the reading phase began; ${reps} runs per build, in turns.`,
  '',
  '| build | median s to exit | each run (s) | exit codes | read to the end first |',
  '|---|---:|---|---|---|',
  ...results.map((b) => {
    const seconds = b.runs.map((r) => r.seconds ?? Number.NaN);
    return `| ${b.name} | ${median(seconds).toFixed(2)} | ${seconds.map((s) => s.toFixed(2)).join(', ')} | ${b.runs.map((r) => r.code).join(', ')} | ${b.runs.filter((r) => r.readToTheEnd).length} of ${b.runs.length} |`;
  }),
];
writeFileSync(join(OUT_DIR, 'interrupt.md'), `${lines.join('\n')}\n`);
writeFileSync(join(OUT_DIR, 'interrupt.json'), `${JSON.stringify({ machine: m, employments, megabytes, afterMs, results }, null, 2)}\n`);
console.log(lines.join('\n'));
