/** Runs the built command line as a user would: a child process, its own working folder. */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RunningSandbox } from '../../src/sandbox/index.js';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const CLI = join(ROOT, 'dist', 'cli', 'main.js');
const SAMPLES = join(ROOT, 'samples');

/**
 * The sample company, copied into a fresh folder: a run writes its error file beside its input (for a
 * refused row, say), and no test may write into the repository.
 */
function sampleCopy(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'sample-'));
  cpSync(join(SAMPLES, name), join(dir, name), { recursive: true });
  return join(dir, name);
}

export const SAMPLE_XLSX = sampleCopy('company.xlsx');
export const SAMPLE_CSV = sampleCopy('csv');

export interface CliResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export function tempDir(prefix = 'orgsync-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/**
 * Environment without any ORGSYNC_ variable of the machine running the tests, and in English unless a
 * test asks for another language: the words a test reads must not depend on the machine's locale.
 */
export function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('ORGSYNC_') && k !== 'LC_ALL' && k !== 'LC_MESSAGES') env[k] = v;
  return { ...env, NO_COLOR: '1', LANG: 'en_GB.UTF-8', ...extra };
}

export function startCli(args: string[], options: { cwd: string; env?: Record<string, string> }): ChildProcess {
  return spawn(process.execPath, [CLI, ...args], { cwd: options.cwd, env: cleanEnv(options.env), stdio: ['ignore', 'pipe', 'pipe'] });
}

export function runCli(args: string[], options: { cwd: string; env?: Record<string, string>; timeoutMs?: number }): Promise<CliResult> {
  return new Promise((resolvePromise, reject) => {
    const child = startCli(args, options);
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (d) => (stdout += d));
    child.stderr!.on('data', (d) => (stderr += d));
    // A hang guard, never a claim on speed: a run on a loaded machine (two suites side by side) is slow, not wrong.
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 240_000);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolvePromise({ code, signal, stdout, stderr });
    });
  });
}

/** The flags that point the command at a sandbox running in the test process. */
export function serviceArgs(sandbox: RunningSandbox, api: 'v3' | 'v2' = 'v3'): string[] {
  return ['--base-url', sandbox.baseUrl, '--company-id', String(sandbox.companyId), '--access-token', sandbox.accessToken, '--api', api];
}

/** Writes a set of CSV files (sheet kind → rows) into a fresh folder and returns the folder. */
export function writeCsvSet(sheets: Record<string, string[][]>, dir = tempDir('csv-')): string {
  mkdirSync(dir, { recursive: true });
  for (const [name, rows] of Object.entries(sheets)) {
    writeFileSync(join(dir, `${name}.csv`), `${rows.map((r) => r.join(';')).join('\r\n')}\r\n`, 'utf8');
  }
  return dir;
}
