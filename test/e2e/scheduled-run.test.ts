/**
 * A nightly run as an IT admin schedules it: cron starts the command in some other folder with `--config`,
 * reads its `--json` output line by line, and relies on the state kept beside the configuration file. Killed
 * with SIGKILL in the middle, the next run (from yet another folder) finishes the job; the run after that
 * sends nothing.
 */
import { chmodSync, existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/index.js';
import { runCli, SAMPLE_XLSX, startCli, tempDir, type CliResult } from '../helpers/cli.js';
import { desiredFrom, sandboxView, workbookView } from '../helpers/equality.js';

type Event = Record<string, unknown> & { event: string };

/** Every line of stdout is one JSON object: the test fails on any other text there. */
function events(stdout: string): Event[] {
  const lines = stdout.split('\n');
  expect(lines.at(-1), 'stdout ends with a line break').toBe('');
  return lines.slice(0, -1).map((line) => JSON.parse(line) as Event);
}

describe('a scheduled run with --config from another folder', () => {
  let sandbox: RunningSandbox;
  let configFolder: string;
  let config: string;

  beforeAll(async () => {
    sandbox = await startSandbox({ quiet: true });
    configFolder = tempDir('etc-orgsync-');
    writeFileSync(join(configFolder, 'token'), `${sandbox.accessToken}\n`);
    chmodSync(join(configFolder, 'token'), 0o600);
    config = join(configFolder, 'orgsync.config.json');
    writeFileSync(
      config,
      JSON.stringify(
        { base_url: sandbox.baseUrl, api: 'v3', company_id: sandbox.companyId, access_token_file: 'token', concurrency: 4 },
        null,
        2,
      ),
    );
  });
  afterAll(async () => {
    await sandbox.close();
  });

  it('keeps its state beside the configuration, resumes after SIGKILL and then sends nothing', async () => {
    // First run, from a folder of its own: killed once the first operations are confirmed.
    const child = startCli([SAMPLE_XLSX, '--config', config, '--yes', '--json'], { cwd: tempDir('cron-1-') });
    let stdout = '';
    let killed = false;
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (!killed && (stdout.match(/"event":"outcome"/g) ?? []).length >= 5) {
        killed = true;
        child.kill('SIGKILL');
      }
    });
    const signal = await new Promise<NodeJS.Signals | null>((resolve) => child.on('close', (_code, s) => resolve(s)));
    expect(signal).toBe('SIGKILL');
    const journalFolder = join(configFolder, '.orgsync', 'journal');
    expect(readdirSync(journalFolder).filter((name) => name.endsWith('.jsonl'))).toHaveLength(1);
    const writesBeforeResume = sandbox.stats().writes;
    expect(writesBeforeResume).toBeGreaterThan(0);

    // Second run, from another folder: finds the journal and finishes.
    const resumed = await runCli([SAMPLE_XLSX, '--config', config, '--yes', '--json'], { cwd: tempDir('cron-2-') });
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stderr).toContain('Resuming the run of');
    const resumedEvents = events(resumed.stdout);
    const summary = resumedEvents.at(-1)!;
    expect(summary).toMatchObject({ event: 'summary', exit_code: 0 });
    const outcomes = resumedEvents.filter((e) => e.event === 'outcome');
    const plan = resumedEvents.find((e) => e.event === 'plan')!;
    // The resumed plan holds only what the first run had not done.
    expect(outcomes.length).toBe(plan.operations);
    expect(outcomes.every((o) => o.status === 'done' || o.status === 'unchanged')).toBe(true);
    expect((summary.summary as { operations: { done: number } }).operations.done).toBeGreaterThan(0);
    expect(resumedEvents.map((e) => e.event)).toEqual(expect.arrayContaining(['phase', 'plan', 'progress', 'outcome', 'summary']));

    // Third run, from a third folder: nothing to do, nothing sent.
    const writesBefore = sandbox.stats().writes;
    const again = await runCli([SAMPLE_XLSX, '--config', config, '--yes', '--json'], { cwd: tempDir('cron-3-') });
    expect(again.code, again.stderr).toBe(0);
    expect(sandbox.stats().writes).toBe(writesBefore);
    const last = events(again.stdout).at(-1)!;
    expect(last).toMatchObject({ event: 'summary', exit_code: 0, summary: { nothing_to_do: true, operations: { done: 0 } } });
    expect(events(again.stdout).some((e) => e.event === 'outcome')).toBe(false);

    // The service holds the workbook, and no run left its state in the folder it ran from.
    expect(sandboxView(sandbox.snapshot())).toEqual(workbookView(await desiredFrom([SAMPLE_XLSX])));
    for (const run of [resumed, again] as CliResult[]) expect(run.stdout + run.stderr).not.toContain(sandbox.accessToken);
  }, 300_000);

  it('under --json, a configuration error is one summary line with exit code 3 naming the key', async () => {
    const folder = tempDir('cron-bad-');
    writeFileSync(join(folder, 'orgsync.config.json'), JSON.stringify({ base_url: sandbox.baseUrl, concurency: 4 }));
    const result = await runCli([SAMPLE_XLSX, '--yes', '--json'], { cwd: folder });
    expect(result.code).toBe(3);
    const [only, ...rest] = events(result.stdout);
    expect(rest).toEqual([]);
    expect(only).toMatchObject({ event: 'summary', exit_code: 3, error: { code: 'config' } });
    expect((only!.error as { message: string }).message).toContain('"concurency" is not a setting (did you mean "concurrency"?)');
    expect(result.stderr).toContain('"concurency" is not a setting');
    expect(existsSync(join(folder, '.orgsync'))).toBe(false);
  });

  it('under --json, a mistyped option ends with a usage summary that does not echo its value', async () => {
    const result = await runCli([SAMPLE_XLSX, '--yes', '--json', '--jwt-secrt=typed-secret-value'], { cwd: tempDir() });
    expect(result.code).toBe(3);
    const [only, ...rest] = events(result.stdout);
    expect(rest).toEqual([]);
    expect(only).toMatchObject({ event: 'summary', exit_code: 3, error: { code: 'usage' } });
    expect(result.stdout + result.stderr).not.toContain('typed-secret-value');
  });

  it('refuses a token file others can read before sending anything (exit 3)', async () => {
    const folder = tempDir('cron-open-');
    writeFileSync(join(folder, 'token'), sandbox.accessToken);
    chmodSync(join(folder, 'token'), 0o644);
    writeFileSync(
      join(folder, 'orgsync.config.json'),
      JSON.stringify({ base_url: sandbox.baseUrl, company_id: sandbox.companyId, access_token_file: 'token' }),
    );
    const requests = sandbox.stats().requests;
    const result = await runCli([SAMPLE_XLSX, '--yes'], { cwd: folder });
    expect(result.code).toBe(3);
    expect(result.stderr).toContain(`chmod 600 ${join(folder, 'token')}`);
    expect(result.stdout + result.stderr).not.toContain(sandbox.accessToken);
    expect(sandbox.stats().requests).toBe(requests);
  });
});
