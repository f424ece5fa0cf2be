/**
 * Ctrl-C while applying: the first stops sending, waits (boundedly) for the requests in flight, records
 * them, says how to resume and exits 130; a second leaves at once. Either way the journal is whole and
 * the same command run again finishes the job without doing anything twice.
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { executePlan } from '../../src/load/executor.js';
import type { Operation } from '../../src/model/operations.js';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/index.js';
import type { ServiceAdapter } from '../../src/service/adapter.js';
import { ServiceError } from '../../src/service/errors.js';
import { runCli, startCli, tempDir, type CliResult } from '../helpers/cli.js';
import { startProxy, type FaultProxy } from './proxy.js';
import { companyCsv, defaultJournal, expectNoStackTrace, expectServiceEqualsWorkbook, journalLines, unanswered } from './support.js';

let sandbox: RunningSandbox | undefined;
let proxy: FaultProxy | undefined;
afterEach(async () => {
  await proxy?.close();
  await sandbox?.close();
  proxy = sandbox = undefined;
});

async function service(latencyMs: number): Promise<string[]> {
  sandbox = await startSandbox({ quiet: true, faults: { latencyMs } });
  proxy = await startProxy(sandbox.baseUrl);
  return ['--base-url', proxy.url, '--company-id', '1', '--access-token', sandbox.accessToken];
}

interface Running {
  child: ChildProcess;
  output: { stdout: string; stderr: string };
  done: Promise<CliResult>;
}

function start(args: string[], cwd: string): Running {
  const child = startCli(args, { cwd });
  const output = { stdout: '', stderr: '' };
  child.stdout!.on('data', (d) => (output.stdout += d));
  child.stderr!.on('data', (d) => (output.stderr += d));
  const done = new Promise<CliResult>((resolve) => child.on('close', (code, signal) => resolve({ code, signal, ...output })));
  return { child, output, done };
}

async function until(condition: () => boolean, timeoutMs = 240_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('the run never got there');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const writesSeen = () => sandbox!.stats().writes;

async function expectRerunFinishes(company: string, args: string[], cwd: string): Promise<void> {
  proxy!.behave(() => 'pass');
  const again = await runCli([company, '--yes', ...args], { cwd });
  expect(again.code, again.stdout + again.stderr).toBe(0);
  expect(again.stdout).toMatch(/Resuming the run of/);
  await expectServiceEqualsWorkbook(sandbox!, [company]);
}

describe('Ctrl-C while applying', () => {
  it('once: stops sending, records the requests in flight, says how to resume, exits 130', async () => {
    const args = await service(30);
    const company = companyCsv(100);
    const cwd = tempDir('hostile-signal-');
    const run = start([company, '--yes', ...args, '--report', 'report.json'], cwd);
    await until(() => writesSeen() >= 30);
    run.child.kill('SIGINT');
    const result = await run.done;
    expect(result.code).toBe(130);
    expectNoStackTrace(result.stderr);
    expect(result.stderr).toContain('Stopping: waiting for the requests in flight (Ctrl-C again to stop at once)');
    expect(result.stdout).toContain('Interrupted. Run the same command again to finish: nothing done is sent twice.');
    const lines = journalLines(defaultJournal(cwd));
    expect(unanswered(lines)).toEqual([]); // every request in flight was waited for and recorded
    expect(lines.at(-1)).toMatchObject({ t: 'end', complete: false });
    const writesAtStop = writesSeen();
    expect(writesAtStop).toBeLessThan(150); // it stopped sending (the whole job is about 205 writes)
    await expectRerunFinishes(company, args, cwd);
  });

  it('twice: leaves at once, without waiting for the requests in flight, the journal still whole', async () => {
    const args = await service(0);
    // After 8 writes the service never answers: the first Ctrl-C would wait a whole --timeout (a minute)
    // for the requests in flight, so only leaving at once ends the run while they are still unanswered.
    let writes = 0;
    proxy!.behave((_, method) => (method !== 'GET' && ++writes > 8 ? 'silent' : 'pass'));
    const company = companyCsv(30);
    const cwd = tempDir('hostile-signal-');
    const run = start([company, '--yes', ...args, '--timeout', '60000'], cwd);
    await until(() => writes > 8);
    run.child.kill('SIGINT');
    await until(() => run.output.stderr.includes('Stopping'));
    run.child.kill('SIGINT');
    const result = await run.done;
    expect(result.code).toBe(130);
    expect(result.stderr).toContain('Stopped at once. Run the same command again to finish');
    const lines = journalLines(defaultJournal(cwd)); // every line parses
    expect(unanswered(lines).length).toBeGreaterThan(0); // left while they were unanswered: the next run checks them
    proxy!.behave(() => 'pass');
    await expectRerunFinishes(company, args, cwd);
  });

  it('when requests in flight would take long (503, retry in 30 s): leaves after one --timeout, and the next run checks them', async () => {
    const args = await service(5);
    let writes = 0;
    proxy!.behave((_, method) => (method !== 'GET' && ++writes > 20 ? 'busy' : 'pass'));
    const company = companyCsv(40);
    const cwd = tempDir('hostile-signal-');
    const run = start([company, '--yes', ...args, '--timeout', '1500', '--concurrency', '4'], cwd);
    await until(() => writes >= 24);
    run.child.kill('SIGINT');
    const result = await run.done;
    expect(result.code).toBe(130);
    expect(result.stderr).toContain(
      'Stopped: requests still in flight after 1.5 s; the next run checks whether the service carried them out.',
    );
    const lines = journalLines(defaultJournal(cwd));
    expect(unanswered(lines).length).toBeGreaterThan(0); // recorded as sent: the next run verifies them
    await expectRerunFinishes(company, args, cwd);
  });
});

/**
 * Runs the command with the signal sent the moment it first listens for it (fixtures/signal-at-first-listener.mjs,
 * preloaded): main.ts's first lines, long before the command line has loaded.
 */
function signalAtFirstListener(args: string[], cwd: string, signal: 'SIGINT' | 'SIGTERM'): Promise<CliResult> {
  const preload = join(import.meta.dirname, 'fixtures', 'signal-at-first-listener.mjs');
  return runCli(args, { cwd, env: { NODE_OPTIONS: `--import=${preload}`, ORGSYNC_TEST_SIGNAL: signal } });
}

describe('a signal in the first moments of a run, under --json', () => {
  const summaries = (stdout: string) =>
    stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { event: string; exit_code?: number; error?: { code: string } })
      .filter((event) => event.event === 'summary');

  it('SIGINT during validate: exactly one summary line, interrupted, exit 130', async () => {
    const cwd = tempDir('hostile-signal-');
    const result = await signalAtFirstListener(['validate', companyCsv(20), '--json'], cwd, 'SIGINT');
    expect(result.code).toBe(130);
    expect(summaries(result.stdout)).toEqual([
      { event: 'summary', version: '1', exit_code: 130, error: { code: 'interrupted', message: 'Interrupted: nothing was sent.' } },
    ]);
    expectNoStackTrace(result.stderr);
  });

  it('SIGTERM during the main job: exactly one summary line, exit 130, nothing sent', async () => {
    const cwd = tempDir('hostile-signal-');
    const result = await signalAtFirstListener([companyCsv(20), '--sandbox', '--yes', '--json'], cwd, 'SIGTERM');
    expect(result.code).toBe(130);
    expect(summaries(result.stdout)).toMatchObject([{ exit_code: 130, error: { code: 'interrupted' } }]);
    // Nothing reached the rehearsal sandbox: no journal was begun.
    expect(existsSync(join(cwd, '.orgsync', 'journal'))).toBe(false);
  });
});

describe('Ctrl-C while the main job still reads the workbook', () => {
  it('ends the run there (nothing is in flight to wait for): exit 130, the reading never finished, no journal', async () => {
    const cwd = tempDir('hostile-signal-');
    // About 2.5 MB of CSV: read in a thread of its own, for a while.
    const company = companyCsv(60_000);
    const run = start([company, '--sandbox', '--yes', '--json'], cwd);
    await until(() => run.output.stdout.includes('"phase":"reading","status":"started"'));
    run.child.kill('SIGINT');
    const result = await run.done;
    expect(result.code).toBe(130);
    const events = result.stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { event: string; phase?: string; status?: string });
    expect(events.filter((e) => e.event === 'phase' && e.status === 'finished')).toEqual([]);
    expect(events.filter((e) => e.event === 'summary')).toMatchObject([{ exit_code: 130, error: { code: 'interrupted' } }]);
    expect(existsSync(join(cwd, '.orgsync', 'journal'))).toBe(false);
  });
});

describe('an answer lost after Ctrl-C', () => {
  it('is neither checked nor sent again in this run: it stays journalled as sent for the next run to check', async () => {
    const controller = new AbortController();
    const calls: string[] = [];
    const adapter = {
      async execute(op: Operation) {
        calls.push(`execute ${op.key}`);
        controller.abort(); // Ctrl-C while the request is in flight, whose answer is then lost
        throw new ServiceError({
          kind: 'unknown_outcome',
          message: 'connection lost after sending',
          request: { method: 'POST', path: '/x' },
        });
      },
      async verify(op: Operation) {
        calls.push(`verify ${op.key}`);
        return false;
      },
    } as unknown as ServiceAdapter;
    const op: Operation = { type: 'fireEmployee', key: 'fireEmployee:a', id: 'a', reason: { code: 'as_saved' as const, text: 'test' } };
    const sent: string[] = [];
    const result = await executePlan([{ op, dependsOn: [] }], {
      adapter,
      concurrency: 1,
      signal: controller.signal,
      onSent: (o) => sent.push(o.key),
    });
    expect(calls).toEqual(['execute fireEmployee:a']);
    expect(sent).toEqual(['fireEmployee:a']);
    expect(result.stopped).toBe('interrupted');
    expect(result.outcomes[0]).toMatchObject({ status: 'skipped' });
  });
});
