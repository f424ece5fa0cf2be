/**
 * Runs a command as a child process and measures it: wall time (taken here, around the spawn), peak
 * resident memory and CPU time (from `/usr/bin/time -v` when installed, else from a preload that reads
 * process.resourceUsage() at exit; node commands only).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const GNU_TIME = '/usr/bin/time';
const PRELOAD = fileURLToPath(new URL('./report-usage.mjs', import.meta.url));

export function peakMemorySource() {
  return existsSync(GNU_TIME) ? '/usr/bin/time -v (Maximum resident set size)' : 'process.resourceUsage().maxRSS at exit (preload)';
}

/** @param {string} text */
function parseGnuTime(text) {
  /** @param {string} label */
  const field = (label) => {
    const match = text.match(new RegExp(`${label}: ([\\d.]+)`));
    if (!match) throw new Error(`${GNU_TIME} -v wrote no "${label}"`);
    return Number(match[1]);
  };
  return {
    maxRssKB: field('Maximum resident set size \\(kbytes\\)'),
    userS: field('User time \\(seconds\\)'),
    sysS: field('System time \\(seconds\\)'),
  };
}

/**
 * @typedef {{ wallMs: number, maxRssKB: number, userS: number, sysS: number, code: number | null, stdout: string, stderr: string }} Measured
 */

/**
 * args: a node script and its arguments (run with process.execPath).
 * @param {string[]} args
 * @param {{ cwd?: string, env?: NodeJS.ProcessEnv, nodeOptions?: string[] }} [options]
 * @returns {Promise<Measured>}
 */
export async function measureNode(args, { cwd = process.cwd(), env = process.env, nodeOptions = [] } = {}) {
  return measureCommand(process.execPath, [...nodeOptions, ...args], { cwd, env, node: true });
}

/**
 * Any command (python3 for the pandas comparison): the same measures. Peak memory and CPU time need
 * /usr/bin/time for a command that is not node.
 * @param {string} program
 * @param {string[]} args
 * @param {{ cwd?: string, env?: NodeJS.ProcessEnv, node?: boolean }} [options]
 * @returns {Promise<Measured>}
 */
export async function measureCommand(program, args, { cwd = process.cwd(), env = process.env, node = false } = {}) {
  const useGnuTime = existsSync(GNU_TIME);
  if (!useGnuTime && !node) throw new Error(`measuring ${program} needs ${GNU_TIME}`);
  const scratch = mkdtempSync(join(tmpdir(), 'orgsync-bench-'));
  const timeFile = join(scratch, 'time.txt');
  const usageFile = join(scratch, 'usage.json');
  const [command, commandArgs] = useGnuTime
    ? [GNU_TIME, ['-v', '-o', timeFile, program, ...args]]
    : [program, ['--import', PRELOAD, ...args]];
  const started = performance.now();
  /** @type {{ code: number | null, stdout: string, stderr: string }} */
  const { code, stdout, stderr } = await new Promise((resolve, reject) => {
    const child = spawn(command, commandArgs, { cwd, env: { ...env, BENCH_USAGE_FILE: usageFile }, stdio: ['ignore', 'pipe', 'pipe'] });
    /** @type {Buffer[]} */
    const out = [];
    /** @type {Buffer[]} */
    const err = [];
    child.stdout.on('data', (chunk) => out.push(chunk));
    child.stderr.on('data', (chunk) => err.push(chunk));
    child.on('error', reject);
    child.on('close', (exitCode) =>
      resolve({ code: exitCode, stdout: Buffer.concat(out).toString(), stderr: Buffer.concat(err).toString() }),
    );
  });
  const wallMs = performance.now() - started;
  const usage = useGnuTime ? parseGnuTime(readFileSync(timeFile, 'utf8')) : JSON.parse(readFileSync(usageFile, 'utf8'));
  rmSync(scratch, { recursive: true, force: true });
  return { wallMs, ...usage, code, stdout, stderr };
}

/** @param {number[]} values */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const at = (/** @type {number} */ index) => sorted[index] ?? Number.NaN;
  return sorted.length % 2 ? at(middle) : (at(middle - 1) + at(middle)) / 2;
}

/** The 1-minute load average: what else the machine was doing, for the tables of docs/benchmarks.md. */
export function loadAverage() {
  return loadavg()[0] ?? Number.NaN;
}
