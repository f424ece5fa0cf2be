/**
 * Target 3 of benchmark 3 (issue 13): where the importer's peak memory is made. The first import of N
 * employments (default 100,000) against a fresh sandbox process (0 ms latency, C=16), with the
 * importer's memory sampled every 100 ms (bench/lib/memory-timeline.mjs) and its stderr lines
 * timestamped as they come, so that each phase ("Reading…", "Planning…", "Applying…", the report)
 * gets its peak RSS, heap and external memory. `--trace-gc` adds V8's collections to the log.
 *
 *   node bench/memory.mjs [--employments 100000] [--trace-gc] [--cli dist/cli/main.js]
 *
 * Writes bench/out/memory-N.md (the per-phase table), memory-N.jsonl (every sample) and memory-N.log (the
 * importer's output lines with their time).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { ensureCompanyFiles } from './generator/files.mjs';
import { machine, machineLines } from './lib/machine.mjs';
import { CLI, OUT_DIR, requireBuild } from './lib/paths.mjs';
import { startSandboxProcess } from './lib/sandbox-process.mjs';

const TIMELINE = fileURLToPath(new URL('./lib/memory-timeline.mjs', import.meta.url));
const { values: flags } = parseArgs({
  options: {
    employments: { type: 'string', default: '100000' },
    'trace-gc': { type: 'boolean', default: false },
    cli: { type: 'string', default: CLI },
  },
});
requireBuild();
const employments = Number(flags.employments);
const startedOn = machine();
const files = ensureCompanyFiles(OUT_DIR, employments);
const dir = join(OUT_DIR, `memory-${employments}`);
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
const samplesFile = join(dir, 'samples.jsonl');

const sandbox = await startSandboxProcess({ latencyMs: 0 });
const lines = [];
let code;
const started = performance.now();
try {
  const args = [
    ...(flags['trace-gc'] ? ['--trace-gc'] : []),
    '--import',
    TIMELINE,
    flags.cli,
    files.xlsx,
    '--yes',
    '--concurrency',
    '16',
    '--report',
    'first.json',
    '--base-url',
    sandbox.baseUrl,
    '--company-id',
    String(sandbox.companyId),
    '--access-token',
    sandbox.accessToken,
  ];
  code = await new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: dir,
      env: { ...process.env, BENCH_MEMORY_FILE: samplesFile },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const collect = (stream, name) => {
      let rest = '';
      stream.on('data', (chunk) => {
        const ms = Math.round(performance.now() - started);
        const text = rest + chunk.toString();
        const parts = text.split('\n');
        rest = parts.pop() ?? '';
        for (const line of parts) lines.push({ ms, stream: name, line });
      });
    };
    collect(child.stdout, 'stdout');
    collect(child.stderr, 'stderr');
    child.on('error', reject);
    child.on('close', resolve);
  });
} finally {
  await sandbox.close();
}
if (code !== 0)
  throw new Error(
    `the import exited ${code}:\n${lines
      .slice(-30)
      .map((l) => l.line)
      .join('\n')}`,
  );

const samples = readFileSync(samplesFile, 'utf8')
  .trim()
  .split('\n')
  .map((l) => JSON.parse(l));
// The phases are the progress lines the importer writes on stderr when it is not on a terminal.
const phases = lines.filter(
  (l) =>
    l.stream === 'stderr' &&
    /^[A-Z][a-z]+[^:]*(:|…|\.\.\.)/.test(l.line) &&
    !l.line.startsWith('[GC') &&
    !/Scavenge|Mark-Compact/.test(l.line),
);
const marks = [{ ms: 0, name: 'start' }, ...phases.map((p) => ({ ms: p.ms, name: p.line.slice(0, 70) }))];
const MB = (bytes) => (bytes / 1e6).toFixed(0);
const table = [];
for (const [i, mark] of marks.entries()) {
  const from = mark.ms;
  const to = marks[i + 1]?.ms ?? Infinity;
  const inside = samples.filter((s) => s.ms >= from && s.ms < to);
  const last = inside.at(-1);
  if (!last) continue;
  const peak = inside.reduce((a, b) => (b.rss > a.rss ? b : a));
  const highWater = last.maxRss;
  table.push(
    `| ${(from / 1000).toFixed(1)} | ${mark.name.replace(/\|/g, '\\|')} | ${MB(peak.rss)} | ${MB(highWater)} | ${MB(peak.heapUsed)} / ${MB(peak.heapTotal)} | ${MB(peak.external)} (${MB(peak.arrayBuffers)}) |`,
  );
}
// What the run left: the report and the history's files, by size (the peak is often in writing them).
const written = readdirSync(dir, { recursive: true })
  .map((name) => ({ name, path: join(dir, name) }))
  .filter((f) => statSync(f.path).isFile() && !f.name.endsWith('samples.jsonl'))
  .map((f) => `${f.name} ${MB(statSync(f.path).size)} MB`);
const overall = samples.reduce((a, b) => (b.rss > a.rss ? b : a));
const markdown = [
  `### Memory of the first import, ${employments.toLocaleString('en')} employments, by phase`,
  '',
  ...machineLines(startedOn),
  `- Command: \`node bench/memory.mjs --employments ${employments}${flags['trace-gc'] ? ' --trace-gc' : ''}\`; the importer sampled every 100 ms (process.memoryUsage()); phases from its own stderr lines`,
  `- High-water RSS (getrusage) ${MB(samples[samples.length - 1].maxRss)} MB; peak sampled RSS ${MB(overall.rss)} MB at ${(overall.ms / 1000).toFixed(1)} s (heap used ${MB(overall.heapUsed)} MB, external ${MB(overall.external)} MB)`,
  `- Files the run wrote: ${written.join(', ')}`,
  '',
  '| from s | phase (its first line) | peak sampled RSS MB | high-water RSS MB at its end | heap used / total MB at that peak | external MB (array buffers) |',
  '|---:|---|---:|---:|---:|---:|',
  ...table,
  '',
].join('\n');
writeFileSync(join(OUT_DIR, `memory-${employments}.md`), `${markdown}\n`);
writeFileSync(join(OUT_DIR, `memory-${employments}.log`), `${lines.map((l) => `${l.ms}\t${l.stream}\t${l.line}`).join('\n')}\n`);
writeFileSync(join(OUT_DIR, `memory-${employments}.jsonl`), readFileSync(samplesFile));
rmSync(dir, { recursive: true, force: true });
process.stdout.write(`${markdown}\n`);
