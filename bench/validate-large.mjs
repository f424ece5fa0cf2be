/**
 * Benchmark 1 (issue 2): `orgsync-import validate` on a 100,000-employee workbook and on the same data
 * as CSV files, against a bare read of the same files (exceljs streaming reader / papaparse), each a
 * spawned process measured for wall time, CPU time and peak memory. The runs are interleaved (bare,
 * validate, bare, validate, …) so that load from other processes on a shared machine hits both alike.
 *
 *   node bench/validate-large.mjs [--employments 100000] [--reps 5] [--profile]
 *
 * Targets: validate within 1.3× the bare read's wall time; peak memory under 400 MB.
 * Writes bench/out/validate-large.{md,json}; --profile adds CPU profiles of one validate run per format.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { ensureCompanyFiles } from './generator/files.mjs';
import { machine, machineLines } from './lib/machine.mjs';
import { measureNode, median, peakMemorySource } from './lib/measure.mjs';
import { areaComparisonMarkdown, profileMarkdown, summariseProfile } from './lib/cpu-profile.mjs';
import { BENCH_DIR, CLI, OUT_DIR, REPO, requireBuild } from './lib/paths.mjs';

const TARGET_RATIO = 1.3;
const TARGET_PEAK_MB = 400;

const { values: flags } = parseArgs({
  options: {
    employments: { type: 'string', default: '100000' },
    reps: { type: 'string', default: '5' },
    profile: { type: 'boolean', default: false },
  },
});
const employments = Number(flags.employments);
const reps = Number(flags.reps);
requireBuild();

const startedOn = machine();
const files = ensureCompanyFiles(OUT_DIR, employments);
if (files.generatedMs !== null) console.error(`generated ${employments} employments in ${(files.generatedMs / 1000).toFixed(1)} s`);

const rel = (path) => relative(REPO, path);
const formats = [
  {
    name: 'xlsx',
    input: files.xlsx,
    bare: { label: 'bare exceljs streaming read', args: [join(BENCH_DIR, 'bare', 'exceljs-read.mjs'), files.xlsx] },
  },
  {
    name: 'csv',
    input: files.csvDir,
    bare: { label: 'bare papaparse read', args: [join(BENCH_DIR, 'bare', 'papaparse-read.mjs'), files.csvDir] },
  },
];

function mb(kb) {
  return (kb * 1024) / 1e6;
}

/** "Reading and validating: 119981 rows in 4 sheets, 0 errors (7.7 s)" */
function phaseLine(stderr) {
  return stderr.match(/Reading and validating: (.+)$/m)?.[1] ?? null;
}

/** The seconds at the end of the phase line (the CLI rounds them to 0.1 s), in ms. */
function phaseMs(stderr) {
  const seconds = phaseLine(stderr)?.match(/\(([\d.]+) s\)$/)?.[1];
  return seconds === undefined ? null : Number(seconds) * 1000;
}

/** "read: 453 ms", the bare reader's own in-process time (bench/bare/*-read.mjs). */
function bareReadMs(stderr) {
  const ms = stderr.match(/^read: (\d+) ms$/m)?.[1];
  return ms === undefined ? null : Number(ms);
}

async function runOnce(format) {
  const bare = await measureNode(format.bare.args, { cwd: OUT_DIR });
  if (bare.code !== 0) throw new Error(`${format.bare.label} failed: ${bare.stderr}`);
  const validate = await measureNode([CLI, 'validate', format.input], { cwd: OUT_DIR });
  if (validate.code !== 0) throw new Error(`validate ${format.name} exited ${validate.code}:\n${validate.stdout}\n${validate.stderr}`);
  return { bare, validate };
}

/** @type {Map<string, { bare: import('./lib/measure.mjs').Measured, validate: import('./lib/measure.mjs').Measured }[]>} */
const results = new Map(formats.map((f) => [f.name, []]));
// What any command pays before it reads a byte: node's own start-up, and the CLI's (loading its modules).
/** @type {{ node: number[], cli: number[] }} */
const startup = { node: [], cli: [] };
for (let rep = 1; rep <= reps; rep += 1) {
  startup.node.push((await measureNode(['-e', '0'])).wallMs);
  startup.cli.push((await measureNode([CLI, '--version'])).wallMs);
  for (const format of formats) {
    const run = await runOnce(format);
    results.get(format.name)?.push(run);
    console.error(
      `${format.name} #${rep}: bare ${(run.bare.wallMs / 1000).toFixed(2)} s, validate ${(run.validate.wallMs / 1000).toFixed(2)} s ` +
        `(${phaseLine(run.validate.stderr)}), peak ${mb(run.validate.maxRssKB).toFixed(0)} MB`,
    );
  }
}

function summarise(format) {
  const runs = results.get(format.name) ?? [];
  const pick = (side, field) => runs.map((r) => r[side][field]);
  const cpu = (side) => runs.map((r) => r[side].userS + r[side].sysS);
  const bareWall = median(pick('bare', 'wallMs'));
  const validateWall = median(pick('validate', 'wallMs'));
  const ratio = validateWall / bareWall;
  const ratioOfMinimums = Math.min(...pick('validate', 'wallMs')) / Math.min(...pick('bare', 'wallMs'));
  const cpuRatio = median(cpu('validate')) / median(cpu('bare'));
  const peakMB = mb(Math.max(...pick('validate', 'maxRssKB')));
  // In-process times: the CLI's "Reading and validating" phase against the bare reader's own timing,
  // both without node's and the CLI's start-up. Not the issue's target; a second view of the same runs.
  const bareReadAll = runs.map((r) => bareReadMs(r.bare.stderr)).filter((ms) => ms !== null);
  const phaseAll = runs.map((r) => phaseMs(r.validate.stderr)).filter((ms) => ms !== null);
  const inProcess =
    bareReadAll.length < runs.length || phaseAll.length < runs.length
      ? null
      : {
          bareReadMs: median(bareReadAll),
          validatePhaseMs: median(phaseAll),
          bareReadAll,
          phaseAll,
          ratio: median(phaseAll) / median(bareReadAll),
        };
  return {
    format: format.name,
    input: rel(format.input),
    bareLabel: format.bare.label,
    bareCommand: `node ${format.bare.args.map(rel).join(' ')}`,
    validateCommand: `node ${rel(CLI)} validate ${rel(format.input)}`,
    bareWallMs: { median: bareWall, min: Math.min(...pick('bare', 'wallMs')), all: pick('bare', 'wallMs') },
    validateWallMs: { median: validateWall, min: Math.min(...pick('validate', 'wallMs')), all: pick('validate', 'wallMs') },
    bareCpuS: median(cpu('bare')),
    validateCpuS: median(cpu('validate')),
    barePeakMB: mb(Math.max(...pick('bare', 'maxRssKB'))),
    validatePeakMB: peakMB,
    validatePhase: phaseLine(runs.at(-1)?.validate.stderr ?? ''),
    ratio,
    ratioOfMinimums,
    cpuRatio,
    inProcess,
    ratioMet: ratio <= TARGET_RATIO,
    memoryMet: peakMB < TARGET_PEAK_MB,
  };
}

const summaries = formats.map(summarise);

const profiles = [];
if (flags.profile) {
  const profileDir = join(OUT_DIR, 'profiles');
  const profileOf = async (name, args) => {
    const dir = join(profileDir, name);
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    await measureNode(args, { cwd: OUT_DIR, nodeOptions: ['--cpu-prof', '--cpu-prof-dir', dir] });
    const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
    if (!file) throw new Error(`no CPU profile was written to ${dir}`);
    return { path: rel(join(dir, file)), summary: summariseProfile(join(dir, file)) };
  };
  for (const format of formats) {
    const bare = await profileOf(`bare-${format.name}`, format.bare.args);
    const validate = await profileOf(`validate-${format.name}`, [CLI, 'validate', format.input]);
    profiles.push({ format: format.name, bareLabel: format.bare.label, bare, validate });
  }
}

const s = (ms) => (ms / 1000).toFixed(2);
const yesNo = (met) => (met ? 'met' : '**missed**');
const lines = [
  `### Benchmark 1: validate ${employments.toLocaleString('en')} employments (issue 2)`,
  '',
  ...machineLines(startedOn),
  `- Command: \`npm run bench -- validate\` (= \`node bench/validate-large.mjs --employments ${employments} --reps ${reps}${flags.profile ? ' --profile' : ''}\`), ${reps} interleaved repetitions; wall times are medians (minimum in brackets)`,
  `- Input: ${files.counts.employments} employments (${files.counts.people} people), ${files.counts.departments} departments, ${files.counts.teams} teams, ` +
    `${files.counts.absences} absences (${files.counts.openAbsences} open), ${files.counts.delegations} delegations; ` +
    `\`${rel(files.xlsx)}\` and \`${rel(files.csvDir)}/\` (generated by bench/generator/, seed 20250101)`,
  `- Peak memory: ${peakMemorySource()}; MB = 10^6 bytes. CPU = user + system seconds (less disturbed by other load than wall time)`,
  '',
  '| format | bare read | bare wall s | validate wall s | ratio (target ≤ 1.3) | ratio of minimums | CPU s bare / validate | CPU ratio | validate peak MB (target < 400) | bare peak MB |',
  '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|',
  ...summaries.map(
    (r) =>
      `| ${r.format} | ${r.bareLabel} | ${s(r.bareWallMs.median)} (${s(r.bareWallMs.min)}) | ${s(r.validateWallMs.median)} (${s(r.validateWallMs.min)}) | ` +
      `${r.ratio.toFixed(2)}× ${yesNo(r.ratioMet)} | ${r.ratioOfMinimums.toFixed(2)}× | ${r.bareCpuS.toFixed(2)} / ${r.validateCpuS.toFixed(2)} | ${r.cpuRatio.toFixed(2)}× | ` +
      `${r.validatePeakMB.toFixed(0)} ${yesNo(r.memoryMet)} | ${r.barePeakMB.toFixed(0)} |`,
  ),
  '',
  'In-process times, a second view of the same runs (not the target): the CLI\'s own "Reading and validating" phase (it prints 0.1 s steps) against the bare reader\'s own time from loading its library to the last row; start-up excluded on both sides.',
  '',
  '| format | bare read in-process s | validate phase s | phase ratio |',
  '|---|---:|---:|---:|',
  ...summaries.map((r) =>
    r.inProcess === null
      ? `| ${r.format} | — | — | — |`
      : `| ${r.format} | ${s(r.inProcess.bareReadMs)} | ${s(r.inProcess.validatePhaseMs)} | ${r.inProcess.ratio.toFixed(2)}× |`,
  ),
  '',
  'Commands measured (from the repository root; the benchmark runs them with bench/out/ as working directory):',
  '',
  ...summaries.flatMap((r) => [`- \`${r.validateCommand}\` — its own phase line: "${r.validatePhase}"`, `- \`${r.bareCommand}\``]),
  '',
  `Start-up alone (median of ${reps}): \`node -e 0\` ${s(median(startup.node))} s; \`node ${rel(CLI)} --version\` ${s(median(startup.cli))} s.`,
  '',
];
for (const p of profiles) {
  lines.push(`#### Where the time goes (${p.format}): CPU profiles of one more run each (\`${p.bare.path}\`, \`${p.validate.path}\`)`, '');
  lines.push(...areaComparisonMarkdown(p.bare.summary, p.validate.summary, p.bareLabel, 'validate'));
  lines.push(...profileMarkdown(p.validate.summary, `validate (${p.format})`));
}

const markdown = `${lines.join('\n')}\n`;
writeFileSync(join(OUT_DIR, 'validate-large.md'), markdown);
writeFileSync(
  join(OUT_DIR, 'validate-large.json'),
  `${JSON.stringify({ machine: startedOn, employments, reps, counts: files.counts, startup, summaries, profiles }, null, 2)}\n`,
);
process.stdout.write(markdown);
