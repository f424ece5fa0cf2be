/**
 * Benchmark 4 (issue 13, target 5): `orgsync-import validate` against pandas reading the same files,
 * with the bare exceljs / papaparse reads as the floor. Inputs: the generated workbook as SheetJS wrote it,
 * the same workbook rewritten by openpyxl (bench/pandas/rewrite-openpyxl.py), and the CSV folder. Each
 * command is a spawned process, runs interleaved (pandas, validate, bare, pandas, …); wall and CPU time,
 * peak memory. Needs python3 with pandas and openpyxl (Debian: apt-get install python3-pandas
 * python3-openpyxl); `PYTHON=…` picks the interpreter (default /usr/bin/python3, else python3).
 *
 *   node bench/pandas-compare.mjs [--employments 100000] [--reps 3] [--only csv|xlsx]
 *
 * `--only csv` times the CSV folder alone, `--only xlsx` the two workbooks alone.
 *
 * Targets: validate of the workbook at least 5× faster than pandas.read_excel when SheetJS wrote it, 8×
 * when openpyxl wrote it; validate of the CSV folder no slower than pandas.read_csv. The bare exceljs read
 * is a general-purpose streaming reader's time on the same file: what a reader not written for the job pays.
 * Writes bench/out/pandas-compare.{md,json}.
 */
import { execFileSync, execSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { ensureCompanyFiles } from './generator/files.mjs';
import { machine, machineLines } from './lib/machine.mjs';
import { measureCommand, measureNode, median } from './lib/measure.mjs';
import { BENCH_DIR, CLI, OUT_DIR, REPO, requireBuild } from './lib/paths.mjs';

const { values: flags } = parseArgs({
  options: { employments: { type: 'string', default: '100000' }, reps: { type: 'string', default: '3' }, only: { type: 'string' } },
});
const employments = Number(flags.employments);
const reps = Number(flags.reps);
requireBuild();
const PYTHON = process.env.PYTHON ?? (existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3');
try {
  execFileSync(PYTHON, ['-c', 'import pandas, openpyxl'], { stdio: 'ignore' });
} catch {
  console.error(`${PYTHON} cannot import pandas and openpyxl: apt-get install python3-pandas python3-openpyxl (or set PYTHON)`);
  process.exit(2);
}
const versions = execFileSync(PYTHON, [
  '-c',
  'import sys, pandas, openpyxl; print(sys.version.split()[0], pandas.__version__, openpyxl.__version__)',
])
  .toString()
  .trim()
  .split(' ');

const startedOn = machine();
const files = ensureCompanyFiles(OUT_DIR, employments);
const openpyxlCopy = join(OUT_DIR, `company-${employments}-openpyxl.xlsx`);
if (!existsSync(openpyxlCopy)) {
  console.error(`writing ${relative(REPO, openpyxlCopy)} with openpyxl…`);
  execFileSync(PYTHON, [join(BENCH_DIR, 'pandas', 'rewrite-openpyxl.py'), files.xlsx, openpyxlCopy], { stdio: 'inherit' });
}

const READ = join(BENCH_DIR, 'pandas', 'read.py');
const allInputs = [
  { name: 'xlsx (SheetJS)', path: files.xlsx, bareScript: join(BENCH_DIR, 'bare', 'exceljs-read.mjs'), target: 5 },
  { name: 'xlsx (openpyxl)', path: openpyxlCopy, bareScript: join(BENCH_DIR, 'bare', 'exceljs-read.mjs'), target: 8 },
  { name: 'csv', path: files.csvDir, bareScript: join(BENCH_DIR, 'bare', 'papaparse-read.mjs'), target: 1 },
];
if (flags.only !== undefined && !['csv', 'xlsx'].includes(flags.only)) {
  console.error('--only takes csv or xlsx');
  process.exit(2);
}
const inputs = allInputs.filter((input) => flags.only === undefined || input.name.startsWith(flags.only));
const load = () =>
  execSync('uptime')
    .toString()
    .trim()
    .replace(/^.*load average: /, '');

/** @typedef {{ wallS: number, cpuS: number, peakMB: number, out: string }} Run */

/**
 * @param {import('./lib/measure.mjs').Measured} run
 * @param {string} what
 * @returns {Run}
 */
const checked = (run, what) => {
  if (run.code !== 0) throw new Error(`${what} exited ${run.code}: ${run.stderr.slice(-1000)}`);
  return {
    wallS: run.wallMs / 1000,
    cpuS: run.userS + run.sysS,
    peakMB: (run.maxRssKB * 1024) / 1e6,
    out: `${run.stdout}\n${run.stderr}`.match(/^.*\d+ (?:rows|rækker).*$/m)?.[0].trim() ?? '',
  };
};
const results = inputs.map((input) => ({
  ...input,
  /** @type {Run[]} */ pandas: [],
  /** @type {Run[]} */ validate: [],
  /** @type {Run[]} */ bare: [],
  /** @type {string[]} */ loads: [],
}));
/** The last run of a series, which every series has once the loop below has run. */
const last = (/** @type {Run[]} */ runs) => /** @type {Run} */ (runs.at(-1));
for (let rep = 1; rep <= reps; rep += 1) {
  for (const r of results) {
    r.loads.push(load());
    r.pandas.push(checked(await measureCommand(PYTHON, [READ, r.path], { cwd: OUT_DIR }), `pandas ${r.name}`));
    r.validate.push(checked(await measureNode([CLI, 'validate', r.path], { cwd: OUT_DIR }), `validate ${r.name}`));
    r.bare.push(checked(await measureNode([r.bareScript, r.path], { cwd: OUT_DIR }), `bare ${r.name}`));
    console.error(
      `${r.name} #${rep}: pandas ${last(r.pandas).wallS.toFixed(2)} s, validate ${last(r.validate).wallS.toFixed(2)} s, bare ${last(r.bare).wallS.toFixed(2)} s (load ${r.loads.at(-1)})`,
    );
  }
}

const med = (/** @type {Run[]} */ runs, /** @type {'wallS' | 'cpuS'} */ field) => median(runs.map((run) => run[field]));
const rows = results.map((r) => {
  const speedUp = med(r.pandas, 'wallS') / med(r.validate, 'wallS');
  const cpuSpeedUp = med(r.pandas, 'cpuS') / med(r.validate, 'cpuS');
  return { ...r, speedUp, cpuSpeedUp, met: r.target === 1 ? speedUp > 1 : speedUp >= r.target };
});
const f2 = (x) => x.toFixed(2);
const lines = [
  `### Benchmark 4: validate against pandas, ${employments.toLocaleString('en')} employments (issue 13, target 5)`,
  '',
  ...machineLines(startedOn),
  `- Python ${versions[0]}, pandas ${versions[1]}, openpyxl ${versions[2]} (${PYTHON})`,
  `- Command: \`node bench/pandas-compare.mjs --employments ${employments} --reps ${reps}${flags.only ? ` --only ${flags.only}` : ''}\`; runs interleaved (pandas, validate, bare) per input; medians of ${reps}`,
  `- pandas: \`${PYTHON} bench/pandas/read.py INPUT\` (read_excel(sheet_name=None), or read_csv(sep=None, engine='python', dtype=str) per file); validate: \`node dist/cli/main.js validate INPUT\`; bare: \`node bench/bare/exceljs-read.mjs\` / \`papaparse-read.mjs\``,
  `- Load average (1, 5, 15 min) before each input's runs: ${results.map((r) => `${r.name}: ${r.loads.join(' | ')}`).join('; ')}`,
  '',
  '| input | pandas wall s | validate wall s | bare read wall s (floor) | pandas / validate (target) | CPU s pandas / validate / bare | CPU ratio pandas / validate | peak MB pandas / validate / bare |',
  '|---|---:|---:|---:|---:|---:|---:|---:|',
  ...rows.map(
    (r) =>
      `| ${r.name} | ${f2(med(r.pandas, 'wallS'))} | ${f2(med(r.validate, 'wallS'))} | ${f2(med(r.bare, 'wallS'))} | ${f2(r.speedUp)}× (${r.target === 1 ? '> 1×' : `≥ ${r.target}×`}: ${r.met ? 'met' : '**missed**'}) | ` +
      `${f2(med(r.pandas, 'cpuS'))} / ${f2(med(r.validate, 'cpuS'))} / ${f2(med(r.bare, 'cpuS'))} | ${f2(r.cpuSpeedUp)}× | ` +
      `${Math.max(...r.pandas.map((x) => x.peakMB)).toFixed(0)} / ${Math.max(...r.validate.map((x) => x.peakMB)).toFixed(0)} / ${Math.max(...r.bare.map((x) => x.peakMB)).toFixed(0)} |`,
  ),
  '',
  ...rows.map(
    (r) =>
      `- ${r.name}: validate said "${last(r.validate).out}"; pandas said "${last(r.pandas).out}"; the bare read said "${last(r.bare).out}"`,
  ),
  '',
];
const markdown = `${lines.join('\n')}\n`;
writeFileSync(join(OUT_DIR, 'pandas-compare.md'), markdown);
writeFileSync(
  join(OUT_DIR, 'pandas-compare.json'),
  `${JSON.stringify({ machine: startedOn, employments, reps, versions, results: rows }, null, 2)}\n`,
);
process.stdout.write(markdown);
