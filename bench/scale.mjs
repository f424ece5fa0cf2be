/**
 * Benchmark 3 (issue 13): the scaling series. For each size, at C=16 and 0 ms latency:
 *   1. the first import into a fresh sandbox run as a separate process (bench/lib/sandbox-process.mjs):
 *      wall time, CPU time of the importer and of the sandbox, the importer's peak memory, report included;
 *   2. a bare HTTP client (bench/bare/round-trips.mjs) sending as many requests, C at a time, to the same
 *      sandbox in the same run: the floor any client has;
 *   3. the no-change run of the same workbook against the same sandbox;
 *   4. the rehearsal `FILE --sandbox --yes` (the sandbox in the importer's process, its state file
 *      .orgsync/sandbox.json included) in a fresh working directory.
 *
 *   node bench/scale.mjs [--employments 10000,20000,50000,100000] [--profile]
 *
 * --profile adds CPU profiles of the importer and of the sandbox process for the first import
 * (bench/out/profiles/scale-N/). Writes bench/out/scale.{md,json}.
 */
import { execSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ensureCompanyFiles } from './generator/files.mjs';
import { summariseProfile } from './lib/cpu-profile.mjs';
import { machine, machineLines } from './lib/machine.mjs';
import { measureNode, peakMemorySource } from './lib/measure.mjs';
import { BENCH_DIR, CLI, OUT_DIR, requireBuild } from './lib/paths.mjs';
import { startSandboxProcess } from './lib/sandbox-process.mjs';

const CONCURRENCY = 16;
const { values: flags } = parseArgs({
  options: {
    employments: { type: 'string', default: '10000,20000,50000,100000' },
    profile: { type: 'boolean', default: false },
  },
});
const sizes = flags.employments.split(',').map(Number);
requireBuild();
const startedOn = machine();

/** What else is running: the load average and the busiest processes, recorded with every measurement. */
function busy() {
  const load = execSync('uptime')
    .toString()
    .trim()
    .replace(/^.*load average: /, '');
  const top = execSync('ps -eo pcpu,comm --sort=-pcpu --no-headers | head -5').toString().trim().split('\n');
  return { load, top: top.map((line) => line.trim().replace(/\s+/, '% ')) };
}

function phaseSeconds(stderr, phase) {
  const match = stderr.match(new RegExp(`^${phase}: .*\\(([\\d.]+) s\\)$`, 'm'));
  return match ? Number(match[1]) : null;
}

function serviceArgs(sandbox) {
  return ['--base-url', sandbox.baseUrl, '--company-id', String(sandbox.companyId), '--access-token', sandbox.accessToken];
}

async function importer(args, cwd, nodeOptions = []) {
  const run = await measureNode([CLI, ...args, '--concurrency', String(CONCURRENCY)], { cwd, nodeOptions });
  if (run.code !== 0) throw new Error(`orgsync-import ${args.join(' ')} exited ${run.code}:\n${run.stderr.slice(-2000)}`);
  return {
    wallS: run.wallMs / 1000,
    cpuS: run.userS + run.sysS,
    peakMB: (run.maxRssKB * 1024) / 1e6,
    applyS: phaseSeconds(run.stderr, 'Applying'),
  };
}

async function bareClient(sandbox, requests) {
  const run = await measureNode([join(BENCH_DIR, 'bare', 'round-trips.mjs'), sandbox.baseUrl, String(CONCURRENCY), String(requests)], {
    env: { ...process.env, BENCH_COMPANY_ID: String(sandbox.companyId), BENCH_ACCESS_TOKEN: sandbox.accessToken },
  });
  if (run.code !== 0) throw new Error(`round-trips.mjs failed: ${run.stderr}`);
  return { wallS: run.wallMs / 1000, elapsedS: JSON.parse(run.stdout).elapsedMs / 1000, cpuS: run.userS + run.sysS };
}

async function measureSize(employments) {
  const files = ensureCompanyFiles(OUT_DIR, employments);
  const dir = join(OUT_DIR, `scale-${employments}`);
  rmSync(dir, { recursive: true, force: true });
  for (const sub of ['separate', 'rehearsal']) mkdirSync(join(dir, sub), { recursive: true });
  const profileDir = join(OUT_DIR, 'profiles', `scale-${employments}`);
  if (flags.profile) rmSync(profileDir, { recursive: true, force: true });
  const profiled = (who) => (flags.profile ? ['--cpu-prof', '--cpu-prof-dir', join(profileDir, who)] : []);

  const result = { employments, counts: files.counts };
  const sandbox = await startSandboxProcess({ latencyMs: 0, nodeOptions: profiled('sandbox') });
  try {
    result.busyBefore = busy();
    const before = await sandbox.usage();
    const first = await importer(
      [files.xlsx, '--yes', ...serviceArgs(sandbox), '--report', 'first.json'],
      join(dir, 'separate'),
      profiled('importer'),
    );
    const after = await sandbox.usage();
    result.first = { ...first, requests: after.stats.requests - before.stats.requests, writes: after.stats.writes - before.stats.writes };
    result.first.operations = result.first.writes;
    result.sandbox = { cpuS: after.cpuS - before.cpuS, peakMB: after.maxRssMB };
    console.error(
      `${employments}: first import ${first.wallS.toFixed(1)} s, ${result.first.requests} requests; sandbox CPU ${result.sandbox.cpuS.toFixed(1)} s`,
    );

    const bareBefore = await sandbox.usage();
    result.bare = await bareClient(sandbox, result.first.requests);
    result.bare.sandboxCpuS = (await sandbox.usage()).cpuS - bareBefore.cpuS;
    console.error(`${employments}: bare client ${result.bare.wallS.toFixed(1)} s`);

    const secondBefore = await sandbox.usage();
    result.second = await importer([files.xlsx, '--yes', ...serviceArgs(sandbox), '--report', 'second.json'], join(dir, 'separate'));
    const secondAfter = await sandbox.usage();
    result.second.requests = secondAfter.stats.requests - secondBefore.stats.requests;
    result.second.writes = secondAfter.stats.writes - secondBefore.stats.writes;
    console.error(
      `${employments}: no-change run ${result.second.wallS.toFixed(2)} s, ${result.second.requests} requests, ${result.second.writes} writes`,
    );
  } finally {
    await sandbox.close();
  }

  result.busyRehearsal = busy();
  result.rehearsal = await importer([files.xlsx, '--sandbox', '--yes', '--report', 'rehearsal.json'], join(dir, 'rehearsal'));
  console.error(`${employments}: rehearsal ${result.rehearsal.wallS.toFixed(1)} s`);
  rmSync(dir, { recursive: true, force: true });

  if (flags.profile) {
    result.profiles = ['importer', 'sandbox'].flatMap((who) => {
      const file = readdirSync(join(profileDir, who)).find((f) => f.endsWith('.cpuprofile'));
      return file ? [{ who, path: join(profileDir, who, file), ...summariseProfile(join(profileDir, who, file), 8) }] : [];
    });
  }
  return result;
}

const results = [];
const started = performance.now();
for (const size of sizes) results.push(await measureSize(size));
const totalMin = (performance.now() - started) / 60000;

const base = results[0];
const ms = (s, ops) => ((s * 1000) / ops).toFixed(3);
const ratio = (value, baseValue) => `${(value / baseValue).toFixed(2)}×`;
const perOp = (r) => ({
  wall: r.first.wallS / r.first.operations,
  importerCpu: r.first.cpuS / r.first.operations,
  sandboxCpu: r.sandbox.cpuS / r.first.operations,
  rehearsal: r.rehearsal.wallS / r.first.operations,
});
const lines = [
  `### Benchmark 3: the scaling series, ${sizes.map((n) => n.toLocaleString('en')).join(', ')} employments (issue 13)`,
  '',
  ...machineLines(startedOn),
  `- Command: \`npm run bench -- scale\` (= \`node bench/scale.mjs --employments ${sizes.join(',')}\`${flags.profile ? ' --profile' : ''}); the whole series took ${totalMin.toFixed(1)} min`,
  `- Each size: a fresh sandbox process (\`bench/lib/sandbox-process.mjs\`, 0 ms latency, no state file); \`node dist/cli/main.js FILE --yes --base-url … --concurrency ${CONCURRENCY} --report first.json\`; ` +
    `then \`bench/bare/round-trips.mjs\` sending as many requests (small GETs, ${CONCURRENCY} at a time) to the same sandbox; then the same import again (the no-change run, one run); ` +
    `then \`FILE --sandbox --yes --report rehearsal.json\` in a fresh directory (the sandbox and its state file in the importer's process). Peak memory by ${peakMemorySource()}; ` +
    "the sandbox's CPU time from its own process.resourceUsage(), before and after the import",
  '- What else ran: the load average (1, 5, 15 min) and the busiest processes at the start of each size:',
  ...results.map(
    (r) =>
      `  - ${r.employments}: load ${r.busyBefore.load}; ${r.busyBefore.top.join(', ')}; before the rehearsal: load ${r.busyRehearsal.load}`,
  ),
  '',
  '| employments | operations (requests) | first import s | per op ms (vs 10k) | importer CPU per op ms (vs 10k) | sandbox CPU per op ms (vs 10k) | importer peak MB | bare client, same requests, s | import / bare | no-change run s (requests) | rehearsal `--sandbox` s | rehearsal per op ms | rehearsal / separate |',
  '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ...results.map((r) => {
    const p = perOp(r);
    const b = perOp(base);
    return (
      `| ${r.employments} | ${r.first.operations} (${r.first.requests}) | ${r.first.wallS.toFixed(1)} | ${ms(r.first.wallS, r.first.operations)} (${ratio(p.wall, b.wall)}) | ` +
      `${ms(r.first.cpuS, r.first.operations)} (${ratio(p.importerCpu, b.importerCpu)}) | ${ms(r.sandbox.cpuS, r.first.operations)} (${ratio(p.sandboxCpu, b.sandboxCpu)}) | ` +
      `${r.first.peakMB.toFixed(0)} | ${r.bare.wallS.toFixed(1)} | ${(r.first.wallS / r.bare.wallS).toFixed(2)} | ${r.second.wallS.toFixed(2)} (${r.second.requests}) | ` +
      `${r.rehearsal.wallS.toFixed(1)} | ${ms(r.rehearsal.wallS, r.first.operations)} | ${(p.rehearsal / p.wall).toFixed(2)} |`
    );
  }),
  '',
  results.every((r) => r.second.writes === 0) ? 'Every no-change run sent no write.' : '**A no-change run sent writes.**',
  '',
];
for (const r of results) {
  for (const p of r.profiles ?? []) {
    lines.push(
      `CPU profile of the ${p.who} (${r.employments}), self time, top 8 of ${(p.totalMs / 1000).toFixed(1)} s: ` +
        p.bySelf.map(([name, t]) => `${name} ${(t / 1000).toFixed(2)} s`).join('; '),
    );
    lines.push('');
  }
}
const markdown = `${lines.join('\n')}\n`;
writeFileSync(join(OUT_DIR, 'scale.md'), markdown);
writeFileSync(join(OUT_DIR, 'scale.json'), `${JSON.stringify({ machine: startedOn, concurrency: CONCURRENCY, results }, null, 2)}\n`);
process.stdout.write(markdown);
