/**
 * Target 4 of benchmark 3 (issue 13) alone: the no-change run, without a first import each time.
 * The sandbox's state after a first import is made once per size by the rehearsal (`FILE --sandbox
 * --yes`, which leaves it in .orgsync/sandbox.json) and kept in bench/out/no-change-N/seed/; each
 * measurement starts a sandbox process from a copy of it (0 ms latency), runs the import once to record
 * a baseline for the export guard (not measured), then REPS times measured: wall, CPU (user + system),
 * peak memory, requests and writes the sandbox counted.
 *
 *   node bench/no-change.mjs [--employments 20000,100000] [--reps 3] [--profile] [--cli A.js,B.js]
 *
 * --profile writes a CPU profile of each measured run to bench/out/profiles/no-change-N/. --cli compares
 * builds (say of two commits: each its own dist/cli/main.js) in one run against the same sandbox, their
 * runs taking turns, each build with its own working directory (state folder); default: this dist/.
 */
import { execSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ensureCompanyFiles } from './generator/files.mjs';
import { measureNode } from './lib/measure.mjs';
import { CLI, OUT_DIR, requireBuild } from './lib/paths.mjs';
import { startSandboxProcess } from './lib/sandbox-process.mjs';

const CONCURRENCY = 16;
const { values: flags } = parseArgs({
  options: {
    employments: { type: 'string', default: '20000,100000' },
    reps: { type: 'string', default: '3' },
    profile: { type: 'boolean', default: false },
    cli: { type: 'string', default: CLI },
  },
});
requireBuild();
const load = () =>
  execSync('uptime')
    .toString()
    .trim()
    .replace(/^.*load average: /, '');

const clis = flags.cli.split(',');

async function run(args, cwd, nodeOptions = [], cli = CLI) {
  const result = await measureNode([cli, ...args, '--concurrency', String(CONCURRENCY)], { cwd, nodeOptions });
  if (result.code !== 0) throw new Error(`orgsync-import exited ${result.code}:\n${result.stderr.slice(-2000)}`);
  return result;
}

for (const employments of flags.employments.split(',').map(Number)) {
  const files = ensureCompanyFiles(OUT_DIR, employments);
  const base = join(OUT_DIR, `no-change-${employments}`);
  const seed = join(base, 'seed');
  if (!existsSync(join(seed, '.orgsync', 'sandbox.json'))) {
    rmSync(seed, { recursive: true, force: true });
    mkdirSync(seed, { recursive: true });
    console.error(`${employments}: making the sandbox state with a rehearsal (once)…`);
    await run([files.xlsx, '--sandbox', '--yes'], seed);
  }
  const runs = join(base, 'run');
  rmSync(runs, { recursive: true, force: true });
  mkdirSync(runs, { recursive: true });
  cpSync(join(seed, '.orgsync', 'sandbox.json'), join(runs, 'sandbox.json'));
  const sandbox = await startSandboxProcess({ latencyMs: 0, statePath: join(runs, 'sandbox.json') });
  try {
    const service = ['--base-url', sandbox.baseUrl, '--company-id', String(sandbox.companyId), '--access-token', sandbox.accessToken];
    /** Each CLI's own working folder, so their journals and ledgers stay apart. */
    const dirOf = (/** @type {number} */ i) => join(runs, `cli-${i}`);
    for (const [i, cli] of clis.entries()) {
      mkdirSync(dirOf(i), { recursive: true });
      await run([files.xlsx, '--yes', ...service], dirOf(i), [], cli);
    }
    for (let rep = 1; rep <= Number(flags.reps); rep++) {
      for (const [i, cli] of clis.entries()) {
        const before = await sandbox.usage();
        const loadBefore = load();
        const profile = flags.profile
          ? ['--cpu-prof', '--cpu-prof-dir', join(OUT_DIR, 'profiles', `no-change-${employments}`, `cli-${i}`)]
          : [];
        const r = await run([files.xlsx, '--yes', ...service], dirOf(i), profile, cli);
        const after = await sandbox.usage();
        const line = {
          employments,
          cli,
          rep,
          wallS: +(r.wallMs / 1000).toFixed(2),
          cpuS: +(r.userS + r.sysS).toFixed(2),
          userS: r.userS,
          sysS: r.sysS,
          peakMB: Math.round((r.maxRssKB * 1024) / 1e6),
          requests: after.stats.requests - before.stats.requests,
          writes: after.stats.writes - before.stats.writes,
          sandboxCpuS: +(after.cpuS - before.cpuS).toFixed(2),
          load: loadBefore,
        };
        console.log(JSON.stringify(line));
      }
    }
  } finally {
    await sandbox.close();
  }
}
