/**
 * Issue 23 point 9: under `--json` every exit other than 0 ends with one `summary` line that says why, as
 * `error: {code, message}` with the stable codes of cli.md; and a refused run's words say the refusal,
 * never "Nothing to do" first. Each kind of refusal is run by the built command against the sandbox over
 * loopback (through a recording proxy: what the service received is checked), every stdout line parsed.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/index.js';
import { runCli, serviceArgs, startCli, tempDir, writeCsvSet, type CliResult } from '../helpers/cli.js';
import { recordedServiceArgs, recordRequests, type Recorder } from '../helpers/recorder.js';

const EMPLOYEE_HEADER = ['employee_id', 'name', 'email', 'team_id', 'status', 'previous_employee_id'];
const ORGANISATION = [
  ['type', 'id', 'name', 'parent_id', 'owner'],
  ['department', 'root', 'Company', '', '100'],
  ['team', 'T1', 'Team 1', 'root', ''],
];
const person = (id: string, extra: { status?: string; previous?: string; email?: string } = {}) => [
  id,
  `Person ${id}`,
  extra.email ?? `p${id}@firma.dk`,
  'T1',
  extra.status ?? 'active',
  extra.previous ?? '',
];
const IDS = Array.from({ length: 20 }, (_, i) => String(100 + i));
const company = (rows: string[][]) => writeCsvSet({ employees: [EMPLOYEE_HEADER, ...rows], organisation: ORGANISATION });

interface JsonRun extends CliResult {
  events: Record<string, unknown>[];
  summary: { event: 'summary'; exit_code: number; error?: { code: string; message: string; cause?: string; guard?: string } };
}

/** Every stdout line is one JSON object; the last, and only it, is the summary, with the process's exit code. */
function parsed(result: CliResult): JsonRun {
  const lines = result.stdout.split('\n').filter((line) => line !== '');
  const events = lines.map((line) => {
    try {
      return JSON.parse(line) as Record<string, unknown>;
    } catch {
      throw new Error(`not a JSON line on stdout: ${line}\n${result.stderr}`);
    }
  });
  const summaries = events.filter((e) => e.event === 'summary');
  expect(summaries, result.stdout + result.stderr).toHaveLength(1);
  expect(events.at(-1)).toBe(summaries[0]);
  const summary = summaries[0] as JsonRun['summary'];
  expect(summary.exit_code).toBe(result.code);
  return { ...result, events, summary };
}

let sandbox: RunningSandbox;
let recorder: Recorder;
let cwd: string;
beforeEach(async () => {
  sandbox = await startSandbox({ quiet: true });
  recorder = await recordRequests(sandbox);
  cwd = tempDir('json-refusals-');
  // Through the proxy from the start: the export guard's baseline and saved plans belong to the service as addressed.
  const first = await runCli([company(IDS.map((id) => person(id))), '--yes', ...recordedServiceArgs(sandbox, recorder)], { cwd });
  expect(first.code, first.stdout + first.stderr).toBe(0);
  recorder.clear();
});
afterEach(async () => {
  await recorder.close();
  await sandbox.close();
});

async function json(args: string[]): Promise<JsonRun> {
  return parsed(await runCli([...args, '--json'], { cwd }));
}

describe('--json says why a run was refused', () => {
  it('the export guard: guard_refused (export), and the words never say "Nothing to do" first', async () => {
    const run = await json([company(IDS.slice(0, 12).map((id) => person(id))), '--yes', ...recordedServiceArgs(sandbox, recorder)]);
    expect(run.code).toBe(3);
    expect(run.summary.error).toMatchObject({ code: 'guard_refused', guard: 'export' });
    expect(run.summary.error!.message).toMatch(/8 .*missing.*--accept-changes/);
    expect(run.stderr).not.toMatch(/Nothing to do/);
    expect(run.stderr.trim().split('\n').at(-1)).toBe('Refused: nothing was sent.');
    expect(recorder.writes()).toEqual([]);
  });

  it('the deletion guard: guard_refused (deletion)', async () => {
    const run = await json([
      company(IDS.slice(0, 12).map((id) => person(id))),
      '--yes',
      '--prune',
      '--accept-changes',
      ...recordedServiceArgs(sandbox, recorder),
    ]);
    expect(run.code).toBe(3);
    expect(run.summary.error).toMatchObject({ code: 'guard_refused', guard: 'deletion' });
    expect(run.summary.error!.message).toMatch(/removes 8 employees of 20.*--force/);
    expect(recorder.writes()).toEqual([]);
  });

  it('a stale saved plan: stale_plan', async () => {
    const dir = company([...IDS.map((id) => person(id)), person('200')]);
    const planned = await runCli(['plan', dir, '--out', 'plan.json', ...recordedServiceArgs(sandbox, recorder)], { cwd });
    expect(planned.code, planned.stdout + planned.stderr).toBe(0);
    const meanwhile = await runCli(
      [company([...IDS.map((id) => person(id)), person('200'), person('201')]), '--yes', ...recordedServiceArgs(sandbox, recorder)],
      { cwd },
    );
    expect(meanwhile.code, meanwhile.stdout + meanwhile.stderr).toBe(0);
    recorder.clear();
    const run = await json(['apply', join(cwd, 'plan.json'), '--yes', '--access-token', sandbox.accessToken]);
    expect(run.code).toBe(3);
    expect(run.summary.error, run.stderr).toMatchObject({ code: 'stale_plan' });
    expect(run.summary.error!.message).toMatch(/stale/);
    expect(recorder.writes()).toEqual([]);
  });

  it('usage: an unknown option, and applying without --yes where nobody can be asked', async () => {
    const unknown = await json([company(IDS.map((id) => person(id))), '--frobnicate', ...serviceArgs(sandbox)]);
    expect(unknown.code).toBe(3);
    expect(unknown.summary.error).toMatchObject({ code: 'usage' });
    const noYes = await json([company([...IDS.map((id) => person(id)), person('200')]), ...recordedServiceArgs(sandbox, recorder)]);
    expect(noYes.code).toBe(3);
    expect(noYes.summary.error).toMatchObject({ code: 'usage', message: expect.stringMatching(/--yes/) });
    expect(recorder.writes()).toEqual([]);
  });

  it('the service: service_failure, caused by refused credentials or an unreachable service', async () => {
    const refused = await json([
      company(IDS.map((id) => person(id))),
      '--yes',
      '--base-url',
      recorder.baseUrl,
      '--company-id',
      String(sandbox.companyId),
      '--access-token',
      'wrong-token',
    ]);
    expect(refused.code).toBe(3);
    expect(refused.summary.error).toMatchObject({ code: 'service_failure', cause: 'service_auth' });
    expect(refused.stdout + refused.stderr).not.toContain('wrong-token');
    const closed = await startSandbox({ quiet: true });
    const gone = closed.baseUrl;
    await closed.close();
    const unreachable = await json([
      company(IDS.map((id) => person(id))),
      '--yes',
      '--base-url',
      gone,
      '--company-id',
      String(sandbox.companyId),
      '--access-token',
      sandbox.accessToken,
      '--timeout',
      '2000',
    ]);
    expect(unreachable.code).toBe(3);
    expect(unreachable.summary.error).toMatchObject({ code: 'service_failure' });
    expect(recorder.writes()).toEqual([]);
  });

  it('bad input: invalid_input, for a workbook with errors (exit 1, also validate) and a file that is no spreadsheet (exit 3)', async () => {
    const bad = company([...IDS.map((id) => person(id)), person('200', { email: 'not-an-address' })]);
    const run = await json([bad, '--yes', ...recordedServiceArgs(sandbox, recorder)]);
    expect(run.code).toBe(1);
    expect(run.summary.error).toMatchObject({ code: 'invalid_input', message: expect.stringMatching(/1 error/) });
    const validated = await json(['validate', bad]);
    expect(validated.code).toBe(1);
    expect(validated.summary.error).toMatchObject({ code: 'invalid_input' });
    const notASheet = join(cwd, 'staff.xlsx');
    writeFileSync(notASheet, 'this is not a workbook');
    const unreadable = await json([notASheet, '--yes', ...recordedServiceArgs(sandbox, recorder)]);
    expect(unreadable.code).toBe(3);
    expect(unreadable.summary.error).toMatchObject({ code: 'invalid_input', cause: 'unreadable_file' });
    expect(recorder.writes()).toEqual([]);
  });

  it('a row the service refuses while applying: operations_failed (exit 2)', async () => {
    const fired = await runCli(
      [
        company(IDS.map((id) => (id === '103' ? person('103', { status: 'left' }) : person(id)))),
        '--yes',
        '--accept-changes',
        ...recordedServiceArgs(sandbox, recorder),
      ],
      { cwd },
    );
    expect(fired.code, fired.stdout + fired.stderr).toBe(0);
    // 102 renamed to 103: the fired employee still holds the id, which only the service knows.
    const rows = [...IDS.filter((id) => id !== '102' && id !== '103').map((id) => person(id)), person('103', { previous: '102' })];
    recorder.clear();
    const run = await json([company(rows), '--yes', '--accept-changes', ...recordedServiceArgs(sandbox, recorder)]);
    expect(run.code).toBe(2);
    expect(run.summary.error).toMatchObject({
      code: 'operations_failed',
      message: expect.stringMatching(/^1 of \d+ operations? did not succeed/),
    });
    expect(recorder.writes().length).toBeGreaterThan(0);
  });

  it('Ctrl-C while applying: interrupted (exit 130)', async () => {
    sandbox.setFaults({ latencyMs: 300 });
    const child = startCli(
      [
        company([...IDS.map((id) => person(id)), ...['300', '301', '302', '303', '304', '305'].map((id) => person(id))]),
        '--yes',
        '--json',
        '--concurrency',
        '1',
        ...recordedServiceArgs(sandbox, recorder),
      ],
      { cwd },
    );
    let stdout = '';
    let stderr = '';
    child.stderr!.on('data', (d) => (stderr += d));
    const code = await new Promise<number | null>((resolve) => {
      child.stdout!.on('data', (d) => {
        stdout += d;
        if (/"event":"outcome"/.test(stdout) && !child.killed) child.kill('SIGINT');
      });
      child.on('close', (exit) => resolve(exit));
    });
    const run = parsed({ code, signal: null, stdout, stderr });
    expect(run.code).toBe(130);
    expect(run.summary.error).toMatchObject({ code: 'interrupted' });
  });
});
