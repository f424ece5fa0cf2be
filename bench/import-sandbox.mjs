/**
 * Benchmark 2 (issue 4): a first import of a 5,000-employee company (about 300 units, absences,
 * delegations) into a fresh sandbox that adds 20 ms to every response, at several concurrencies, then a
 * second run of the same workbook that must find nothing to do.
 *
 *   node bench/import-sandbox.mjs [--employments 5000] [--latency 20] [--concurrency 16,8,1] [--profile]
 *
 * Each concurrency gets a fresh sandbox (started here, in this process, with startSandbox from
 * dist/sandbox/index.js) and a fresh working directory (its own .orgsync/). The plan and its dependency
 * levels are computed here with the importer's own built stages (bench/lib/plan-levels.mjs) before the
 * timed run, and checked against the plan the run reports. The importer runs as a child process:
 *   node dist/cli/main.js FILE --yes --base-url URL --company-id 1 --access-token TOKEN --concurrency C --report first.json
 *
 * Ideal time = (Σ over dependency levels of ceil(operations at the level / C) + read round trips) × latency.
 * Targets: at C=16 ideal/actual ≥ 0.9; C=16 at least 12× faster than C=1; the no-change run under 2 s.
 * Writes bench/out/import-sandbox.{md,json}; --profile adds a CPU profile of one more C=16 run.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { ensureCompanyFiles } from './generator/files.mjs';
import { machine, machineLines } from './lib/machine.mjs';
import { measureNode, peakMemorySource } from './lib/measure.mjs';
import { profileMarkdown, summariseProfile } from './lib/cpu-profile.mjs';
import { BENCH_DIR, CLI, DIST, OUT_DIR, REPO, requireBuild } from './lib/paths.mjs';
import { operationRoundTrips, planLevels, readRoundTrips } from './lib/plan-levels.mjs';

const TARGET_EFFICIENCY = 0.9;
const TARGET_SPEEDUP = 12;
const TARGET_SECOND_RUN_MS = 2000;
const SECOND_RUN_REPS = 3;

const { values: flags } = parseArgs({
  options: {
    employments: { type: 'string', default: '5000' },
    latency: { type: 'string', default: '20' },
    concurrency: { type: 'string', default: '16,8,1' },
    profile: { type: 'boolean', default: false },
  },
});
const employments = Number(flags.employments);
const latencyMs = Number(flags.latency);
const concurrencies = flags.concurrency.split(',').map(Number);
requireBuild();
const { startSandbox } = await import(join(DIST, 'sandbox', 'index.js'));

const startedOn = machine();
const files = ensureCompanyFiles(OUT_DIR, employments);
const rel = (path) => relative(REPO, path);

/** "Applying: done (2.1 s)" and the like: the importer's own phase timings, from its progress lines. */
function phaseSeconds(stderr, phase) {
  const match = stderr.match(new RegExp(`^${phase}: .*\\(([\\d.]+) s\\)$`, 'm'));
  return match ? Number(match[1]) : null;
}

function importArgs(sandbox, concurrency, report) {
  return [
    CLI,
    files.xlsx,
    '--yes',
    '--base-url',
    sandbox.baseUrl,
    '--company-id',
    String(sandbox.companyId),
    '--access-token',
    sandbox.accessToken,
    '--concurrency',
    String(concurrency),
    '--report',
    report,
  ];
}

function readReport(cwd, name) {
  return JSON.parse(readFileSync(join(cwd, name), 'utf8'));
}

/**
 * One first import and its no-change runs at `concurrency`; with `profileDir`, one profiled run of each and null.
 * @param {number} concurrency
 * @param {{ profileDir?: string }} [options]
 */
async function runAt(concurrency, { profileDir } = {}) {
  const sandbox = await startSandbox({ quiet: true, faults: { latencyMs } });
  const cwd = join(OUT_DIR, `import-c${concurrency}${profileDir ? '-profiled' : ''}`);
  rmSync(cwd, { recursive: true, force: true });
  mkdirSync(cwd, { recursive: true });
  try {
    const plan = await planLevels({
      file: files.xlsx,
      baseUrl: sandbox.baseUrl,
      companyId: sandbox.companyId,
      accessToken: sandbox.accessToken,
    });
    sandbox.resetStats();
    const profiled = (name) => (profileDir ? ['--cpu-prof', '--cpu-prof-dir', join(profileDir, name)] : []);
    const first = await measureNode(importArgs(sandbox, concurrency, 'first.json'), { cwd, nodeOptions: profiled('first') });
    const firstStats = sandbox.stats();
    if (first.code !== 0) throw new Error(`the import at concurrency ${concurrency} exited ${first.code}:\n${first.stderr}`);
    const firstReport = readReport(cwd, 'first.json');
    const reportedKeys = new Set(firstReport.plan.map((p) => p.key));
    const samePlan = reportedKeys.size === plan.keys.length && plan.keys.every((k) => reportedKeys.has(k));
    if (!samePlan)
      throw new Error(`the run's plan (${reportedKeys.size} operations) differs from the one computed here (${plan.keys.length})`);
    const notDone = firstReport.operations.filter((o) => o.status !== 'done').length;
    if (profileDir) {
      await measureNode(importArgs(sandbox, concurrency, 'second.json'), { cwd, nodeOptions: profiled('second') });
      return null;
    }

    // The no-change run is short and noisy on a shared machine: three of them, the median counts.
    const seconds = [];
    for (let rep = 0; rep < SECOND_RUN_REPS; rep += 1) {
      sandbox.resetStats();
      const second = await measureNode(importArgs(sandbox, concurrency, 'second.json'), { cwd });
      if (second.code !== 0) throw new Error(`the second run at concurrency ${concurrency} exited ${second.code}:\n${second.stderr}`);
      seconds.push({ run: second, stats: sandbox.stats() });
    }
    seconds.sort((a, b) => a.run.wallMs - b.run.wallMs);
    const middle = seconds[Math.floor(seconds.length / 2)];
    if (!middle) throw new Error('no no-change run was measured');
    const { run: second, stats: secondStats } = middle;
    const secondReport = readReport(cwd, 'second.json');

    const opTrips = operationRoundTrips(plan.perLevel, concurrency);
    const reads = readRoundTrips(firstStats.byRoute, concurrency);
    const idealMs = (opTrips + reads.trips) * latencyMs;
    const applyS = phaseSeconds(first.stderr, 'Applying');
    const result = {
      concurrency,
      operations: plan.keys.length,
      levels: plan.perLevel.length,
      perLevel: plan.perLevel,
      typesPerLevel: plan.typesPerLevel,
      notDone,
      requests: firstStats.requests,
      writes: firstStats.writes,
      byRoute: firstStats.byRoute,
      wallMs: first.wallMs,
      peakMB: (first.maxRssKB * 1024) / 1e6,
      cpuS: first.userS + first.sysS,
      phases: {
        // The service and the workbook are read at the same time: one phase.
        readS: phaseSeconds(first.stderr, 'Reading the service and the workbook'),
        applyS,
      },
      opTrips,
      readTrips: reads,
      idealMs,
      efficiency: idealMs / first.wallMs,
      applyEfficiency: applyS ? (opTrips * latencyMs) / (applyS * 1000) : null,
      second: {
        wallMs: second.wallMs,
        allWallMs: seconds.map((x) => x.run.wallMs),
        requests: secondStats.requests,
        writes: secondStats.writes,
        planned: secondReport.plan.length,
        readS: phaseSeconds(second.stderr, 'Reading the service and the workbook'),
      },
    };
    console.error(
      `C=${concurrency}: ${result.operations} operations in ${result.levels} levels, ${result.requests} requests, ` +
        `${(result.wallMs / 1000).toFixed(1)} s (ideal ${(idealMs / 1000).toFixed(1)} s, ${(result.efficiency * 100).toFixed(0)}%); ` +
        `second run ${(second.wallMs / 1000).toFixed(2)} s, ${secondStats.requests} requests, ${secondStats.writes} writes`,
    );
    return result;
  } finally {
    await sandbox.close();
  }
}

/**
 * The floor: the time of one round of C requests on this machine with nothing but HTTP in the way
 * (bench/bare/round-trips.mjs, 100 rounds of small GETs against a fresh sandbox with the same latency).
 * The sandbox sleeps `latency` ms per request, and timers, loopback HTTP and fastify add to that, so
 * even a client that does nothing else cannot reach the ideal.
 */
async function floorAt(concurrency) {
  const sandbox = await startSandbox({ quiet: true, faults: { latencyMs } });
  try {
    const run = await measureNode(
      [join(BENCH_DIR, 'bare', 'round-trips.mjs'), sandbox.baseUrl, String(concurrency), String(100 * concurrency)],
      {
        env: { ...process.env, BENCH_COMPANY_ID: String(sandbox.companyId), BENCH_ACCESS_TOKEN: sandbox.accessToken },
      },
    );
    if (run.code !== 0) throw new Error(`round-trips.mjs failed: ${run.stderr}`);
    return JSON.parse(run.stdout).msPerRound;
  } finally {
    await sandbox.close();
  }
}

const results = [];
for (const concurrency of concurrencies) {
  const result = await runAt(concurrency);
  if (!result) throw new Error('a measured run has a result');
  result.floorMsPerRound = await floorAt(concurrency);
  result.floorIdealMs = (result.opTrips + result.readTrips.trips) * result.floorMsPerRound;
  results.push(result);
}

// One request at a time: the cost of a single round trip, and so the most of the ideal any client can reach here.
const singleTripMs = await floorAt(1);

let profile = null;
if (flags.profile) {
  const profileDir = join(OUT_DIR, 'profiles', 'import-c16');
  rmSync(profileDir, { recursive: true, force: true });
  mkdirSync(profileDir, { recursive: true });
  await runAt(16, { profileDir });
  profile = ['first', 'second'].flatMap((name) => {
    const dir = join(profileDir, name);
    const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
    return file ? [{ name, path: rel(join(dir, file)), summary: summariseProfile(join(dir, file)) }] : [];
  });
}

const serial = results.find((r) => r.concurrency === 1);
const s = (ms) => (ms / 1000).toFixed(2);
const yesNo = (met) => (met ? 'met' : '**missed**');
const first = results[0];
if (!first) throw new Error('no concurrency was measured');
const lines = [
  `### Benchmark 2: import ${employments.toLocaleString('en')} employments into the sandbox at ${latencyMs} ms latency (issue 4)`,
  '',
  ...machineLines(startedOn),
  `- Command: \`npm run bench -- import\` (= \`node bench/import-sandbox.mjs --employments ${employments} --latency ${latencyMs} --concurrency ${concurrencies.join(',')}\`)`,
  `- Each run: a fresh sandbox started in the benchmark process (\`startSandbox({ faults: { latencyMs: ${latencyMs} } })\`), a fresh working directory, then ` +
    `\`node dist/cli/main.js ${rel(files.xlsx)} --yes --base-url <sandbox> --company-id 1 --access-token <sandbox token> --concurrency C --report first.json\`, ` +
    'then the same command three more times (the no-change run; median)',
  `- Input: ${files.counts.employments} employments (${files.counts.people} people), ${files.counts.departments} departments and ${files.counts.teams} teams ` +
    `(${files.counts.departments - 1 + files.counts.teams} units to create below the top department), ${files.counts.absences} absences (${files.counts.openAbsences} open), ` +
    `${files.counts.delegations} delegations (generated by bench/generator/, seed 20250101)`,
  `- Ideal = (Σ over dependency levels of ceil(operations at the level / C) + read round trips) × ${latencyMs} ms; levels from dist/plan/graph.js \`levels()\` ` +
    "on the plan computed in the benchmark with the importer's own stages (checked equal, key by key, to the plan in the run's --report). " +
    "Read round trips: the four lists' first pages together, their other pages, one delegation list per unit, each ceil(n / C). " +
    `Floor: one round of C small GETs with nothing but HTTP in the way (bench/bare/round-trips.mjs, 100 rounds against a fresh sandbox with the same latency); floor-ideal = the same round trips × the floor. ` +
    `Wall time is the whole process (start-up, reading and validating the workbook, reading the service, planning, applying, writing the report); peak memory by ${peakMemorySource()}`,
  '',
  '| C | operations | levels | requests (writes) | wall s | read service and workbook / apply s (its own lines) | ideal s (op + read trips) | ideal / actual (target ≥ 90% at C=16) | apply phase: op ideal / apply | floor ms per round | floor-ideal / actual | speed-up vs C=1 (target ≥ 12× at C=16) | peak MB | no-change run s, median of 3 (target < 2) (read service and workbook s) | no-change requests (writes) |',
  '|---:|---:|---:|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ...results.map((r) => {
    const target = r.concurrency === 16 ? ` ${yesNo(r.efficiency >= TARGET_EFFICIENCY)}` : '';
    const speedup = serial ? serial.wallMs / r.wallMs : null;
    const speedupCell =
      speedup === null ? '—' : `${speedup.toFixed(1)}×${r.concurrency === 16 ? ` ${yesNo(speedup >= TARGET_SPEEDUP)}` : ''}`;
    return (
      `| ${r.concurrency} | ${r.operations} | ${r.levels} | ${r.requests} (${r.writes}) | ${s(r.wallMs)} | ` +
      `${r.phases.readS} / ${r.phases.applyS} | ${s(r.idealMs)} (${r.opTrips} + ${r.readTrips.trips}) | ` +
      `${(r.efficiency * 100).toFixed(1)}%${target} | ${r.applyEfficiency === null ? '—' : `${(r.applyEfficiency * 100).toFixed(1)}%`} | ` +
      `${r.floorMsPerRound.toFixed(1)} | ${((r.floorIdealMs / r.wallMs) * 100).toFixed(1)}% | ${speedupCell} | ` +
      `${r.peakMB.toFixed(0)} | ${s(r.second.wallMs)} ${yesNo(r.second.wallMs < TARGET_SECOND_RUN_MS)} (${r.second.readS}) | ${r.second.requests} (${r.second.writes}) |`
    );
  }),
  '',
  `A single round trip (a bare client, one request at a time, 100 requests): ${singleTripMs.toFixed(2)} ms for ${latencyMs} ms of latency, so no client ` +
    `can reach more than ${((latencyMs / singleTripMs) * 100).toFixed(1)}% of the ideal on this machine, before start-up, reading and planning.`,
  '',
  results.every((r) => r.notDone === 0 && r.second.planned === 0)
    ? 'Every first import ended with all its operations done; every no-change run planned nothing and sent no write.'
    : `**Not every run completed:** ${results.map((r) => `C=${r.concurrency}: ${r.notDone} operations not done, no-change run planned ${r.second.planned}`).join('; ')}.`,
  '',
  `Dependency levels of the first import's plan (the same at every C):`,
  '',
  '| level | operations | of which |',
  '|---:|---:|---|',
  ...first.perLevel.map(
    (n, level) =>
      `| ${level} | ${n} | ${Object.entries(first.typesPerLevel[level] ?? {})
        .map(([type, count]) => `${type} ${count}`)
        .join(', ')} |`,
  ),
  '',
  `Requests of the first import by route: ${Object.entries(first.byRoute)
    .map(([route, count]) => `\`${route}\` ${count}`)
    .join(', ')}.`,
  '',
];
for (const p of profile ?? []) {
  const which = p.name === 'first' ? 'first import' : 'no-change run';
  lines.push(
    ...profileMarkdown(
      p.summary,
      `CPU profile of the importer's ${which}, one more pair of runs at C=16 (not in the table), \`${p.path}\``,
    ),
  );
}

const markdown = `${lines.join('\n')}\n`;
writeFileSync(join(OUT_DIR, 'import-sandbox.md'), markdown);
writeFileSync(
  join(OUT_DIR, 'import-sandbox.json'),
  `${JSON.stringify({ machine: startedOn, employments, latencyMs, counts: files.counts, singleTripMs, results, profiles: (profile ?? []).map((p) => ({ name: p.name, path: p.path, ...p.summary })) }, null, 2)}\n`,
);
process.stdout.write(markdown);
