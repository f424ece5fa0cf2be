/**
 * A run is one record from its first write (issue 34, points 1, 2, 3, 15 and 20), through the built command
 * against the sandbox over loopback. A recording proxy stops the importer at an exact request — held, or
 * done by the service with its answer held back — and the test kills it there: SIGKILL, or Ctrl-C. The
 * same command then finishes the run, and `history` lists one run, which `undo` sets back whole; an undo
 * killed halfway is finished the same way; a fire whose answer was never read reaches the fired ledger; and
 * what a killed process left aside is removed by the next run.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/index.js';
import { runCli, startCli, tempDir, type CliResult } from '../helpers/cli.js';
import { nightlyExport, type ExportShape } from '../helpers/nightly.js';
import { recordedServiceArgs, recordRequests, type Received, type Recorder } from '../helpers/recorder.js';
import { recordedRuns } from '../helpers/undo-check.js';

let sandbox: RunningSandbox;
let recorder: Recorder;
let cwd: string;

beforeEach(async () => {
  sandbox = await startSandbox({ quiet: true });
  recorder = await recordRequests(sandbox);
  cwd = tempDir();
});
afterEach(async () => {
  await recorder.close();
  await sandbox.close();
});

const service = () => recordedServiceArgs(sandbox, recorder);
const BASE: ExportShape = { employees: 30 };
/** Every one of the 30 people renamed: 30 writes, one per person. */
const RENAMED: ExportShape = {
  ...BASE,
  edits: Object.fromEntries(Array.from({ length: 30 }, (_, n) => [String(101 + n), { name: `Renamed ${101 + n}` }])),
};

async function runOk(args: string[]): Promise<CliResult> {
  const result = await runCli(args, { cwd });
  expect(result.code, result.stdout + result.stderr).toBe(0);
  expect(result.stderr).not.toMatch(/\n\s+at .+:\d+:\d+/);
  return result;
}

/** The n-th write from now on (1-based). */
function nthWrite(n: number): (request: Received) => boolean {
  let writes = 0;
  return (request) => request.method !== 'GET' && ++writes === n;
}

/**
 * Starts the command and stops it with `signal` once the proxy holds the write `at` picks (the request
 * itself, or only its answer): the importer is waiting for that answer when the signal comes. After
 * Ctrl-C the held request goes on, so the run waits for it and stops as Ctrl-C stops it.
 */
async function stopAt(args: string[], at: (request: Received) => boolean, signal: NodeJS.Signals, what: 'request' | 'answer' = 'request') {
  const holding = recorder.holdNext(at, what);
  const child = startCli([...args, '--concurrency', '1'], { cwd });
  let stdout = '';
  child.stdout!.on('data', (d) => (stdout += d));
  const closed = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  const held = await holding;
  child.kill(signal);
  if (signal === 'SIGINT') held.release();
  return { code: await closed, stdout };
}

async function history(): Promise<string[]> {
  return (await runOk(['history'])).stdout.split('\n');
}

describe('a run killed and finished by the same command is one run', () => {
  it.each(['SIGKILL', 'SIGINT'] as const)('stopped by %s after 12 of 30 writes: one id, one record, one undo', async (signal) => {
    await runOk([nightlyExport(BASE), '--yes', ...service()]);
    const before = sandbox.snapshot();
    const night = nightlyExport(RENAMED);
    const stopped = await stopAt([night, '--yes', ...service()], nthWrite(12), signal);
    expect(stopped.code).toBe(signal === 'SIGKILL' ? null : 130);
    const runId = recordedRuns(cwd).at(-1)!;

    // Until it is finished, the run is listed as not finished (a kill) or stopped with exit 130 (Ctrl-C).
    const whileStopped = (await history()).find((line) => line.startsWith(runId))!;
    expect(whileStopped).toMatch(signal === 'SIGKILL' ? /not finished/ : / exit 130 /);

    recorder.clear();
    const finished = await runOk([night, '--yes', ...service()]);
    expect(finished.stdout).toContain('Resuming the run of');
    // The write whose answer never came was checked before it was sent again: each person once in all.
    const updates = recorder.writes().filter((w) => w.method === 'PATCH');
    expect(updates.length).toBeLessThanOrEqual(19);
    expect(new Set(updates.map((w) => w.path)).size).toBe(updates.length);

    expect(recordedRuns(cwd)).toHaveLength(2);
    expect(recordedRuns(cwd).at(-1)).toBe(runId);
    const line = (await history()).find((l) => l.startsWith(runId))!;
    expect(line).toContain(`${runId}  exit 0`);
    expect(line).toContain('user: 30 update (30 done)');
    expect(line).toContain('[in 2 parts: stopped, then finished by the same command again]');
    const shown = (await runOk(['history', 'show', runId])).stdout;
    expect(shown).toMatch(
      signal === 'SIGKILL' ? /part 1: started \S+, stopped before it ended/ : /part 1: started \S+, ended \S+, exit code 130/,
    );
    expect(shown).toMatch(/part 2: started \S+, ended \S+, exit code 0/);
    // Every operation of both parts, each with what finally became of it.
    expect(shown.match(/^ {2}done\s+update user 1\d\d$/gm)).toHaveLength(30);

    recorder.clear();
    await runOk(['undo', runId, '--yes', ...service()]);
    expect(recorder.writes().filter((w) => w.method === 'PATCH')).toHaveLength(30);
    expect(sandbox.snapshot()).toEqual(before);
  });

  it('an undo killed after renaming back and before firing is finished by the same undo: one undo record', async () => {
    await runOk([nightlyExport({ employees: 12 }), '--yes', ...service()]);
    await runOk([nightlyExport({ employees: 11 }), '--yes', '--prune', ...service()]);
    const before = sandbox.snapshot();
    // 112 comes back under a new employee id: rehired under 112, then renamed 112 → 212.
    await runOk([
      nightlyExport({ employees: 11, extraEmployees: [{ ...person(112), employee_id: '212', previous_employee_id: '112' }] }),
      '--yes',
      ...service(),
    ]);
    const rehiring = recordedRuns(cwd).at(-1)!;
    expect(sandbox.snapshot().employees.find((e) => e.id === '212')?.active).toBe(true);

    const undo = ['undo', rehiring, '--yes', ...service()];
    const killed = await stopAt(undo, (r) => r.method === 'DELETE' && r.path.endsWith('/employees/112'), 'SIGKILL');
    expect(killed.code).toBeNull();
    expect(sandbox.snapshot().employees.find((e) => e.id === '112')?.active).toBe(true); // renamed back, not fired yet

    recorder.clear();
    const again = await runOk(undo);
    expect(again.stdout).not.toContain('Nothing to undo');
    expect(recorder.writes()).toEqual([{ method: 'DELETE', path: '/v3/core/employees/112', body: undefined }]);
    expect(sandbox.snapshot()).toEqual(before);
    const undos = (await history()).filter((line) => line.includes(`undo of ${rehiring}`));
    expect(undos).toHaveLength(1);
    expect(undos[0]).toContain('[in 2 parts');
  });
});

function person(row: number): Record<string, string> {
  return {
    employee_id: String(row),
    name: `Person ${row}`,
    email: `p${row}@firma.dk`,
    gender: 'f',
    birthday: '1980-01-11',
    employment: 'Job 3',
    team_id: 'T2',
  };
}

describe('what a kill leaves', () => {
  it('a fire done by the service whose answer was never read reaches the fired ledger: a later rehire under a new id rehires', async () => {
    await runOk([nightlyExport({ employees: 12 }), '--yes', ...service()]);
    // The night 112 leaves: the service fires them, the importer is killed before it reads the answer.
    const killed = await stopAt(
      [nightlyExport({ employees: 11 }), '--yes', '--prune', ...service()],
      (r) => r.method === 'DELETE' && r.path.endsWith('/employees/112'),
      'SIGKILL',
      'answer',
    );
    expect(killed.code).toBeNull();
    expect(sandbox.snapshot().employees.find((e) => e.id === '112')?.active).toBe(false);

    // Weeks later HR rehires them under a new employee id; the export names the old one.
    recorder.clear();
    const back = await runOk([
      nightlyExport({ employees: 11, extraEmployees: [{ ...person(112), employee_id: '212', previous_employee_id: '112' }] }),
      '--yes',
      ...service(),
    ]);
    expect(back.stdout).toMatch(/rehire employee 112/);
    expect(recorder.writes().filter((w) => w.method === 'POST' && w.path.endsWith('/employees'))).toEqual([]);
    const employees = sandbox.snapshot().employees.filter((e) => e.userId === '112');
    expect(employees).toEqual([expect.objectContaining({ id: '212', active: true })]);
  });

  it('a kill once every write is done and the record is being finished leaves the run listed, undoable, and no temporary file', async () => {
    await runOk([nightlyExport(BASE), '--yes', ...service()]);
    const before = sandbox.snapshot();
    const night = nightlyExport(RENAMED);
    // The record's report is a pipe nobody reads: the run blocks while it finishes its record, and is killed there.
    const held = recorder.holdNext(nthWrite(1));
    const child = startCli([night, '--yes', ...service()], { cwd });
    const closed = new Promise<void>((resolve) => child.on('close', () => resolve()));
    const first = await held;
    const runId = recordedRuns(cwd).at(-1)!;
    const folder = join(cwd, '.orgsync', 'history', runId);
    expect(spawnSync('mkfifo', [join(folder, 'report.json')]).status).toBe(0);
    first.release();
    await until(() => readFileSync(join(folder, 'undo.jsonl'), 'utf8').split('\n').filter(Boolean).length === 2);
    child.kill('SIGKILL');
    await closed;

    // What a killed process left aside (its pid is gone): a 0-byte record, the sandbox's whole copy, a lock's.
    const gone = deadPid();
    const leftovers = [
      join(folder, `run.json.${gone}.tmp`),
      join(cwd, '.orgsync', 'last-run', `x.json.${gone}.tmp`),
      join(cwd, '.orgsync', 'journal', `x.lock.${gone}.tmp`),
    ];
    for (const path of leftovers) {
      mkdirSync(join(path, '..'), { recursive: true });
      writeFileSync(path, '');
    }
    const again = await runOk([night, '--yes', ...service()]);
    expect(again.stdout).toContain('Nothing to do');
    for (const path of leftovers) expect(existsSync(path), path).toBe(false);

    const line = (await history()).find((l) => l.startsWith(runId))!;
    expect(line).toContain(`${runId}  exit 0`);
    expect(line).toContain('user: 30 update (30 done)');
    recorder.clear();
    await runOk(['undo', runId, '--yes', ...service()]);
    expect(recorder.writes()).toHaveLength(30);
    expect(sandbox.snapshot()).toEqual(before);
  });

  it('the rehearsal sandbox removes the copy of the company a killed rehearsal left aside', async () => {
    const state = join(cwd, '.orgsync');
    mkdirSync(state, { recursive: true });
    const aside = join(state, `.sandbox.json.${deadPid()}.0a1b2c3d.tmp`);
    writeFileSync(aside, '{"a whole copy of the company":true}');
    const other = join(state, `notes.txt.${deadPid()}.tmp`);
    writeFileSync(other, 'not the sandbox’s');
    await runOk([nightlyExport({ employees: 3 }), '--sandbox', '--yes']);
    expect(existsSync(aside)).toBe(false);
    expect(existsSync(other)).toBe(true);
    expect(readdirSync(state).filter((name) => name.endsWith('.tmp'))).toEqual([`notes.txt.${deadPid()}.tmp`]);
  });
});

/** The id of a process that has ended. */
let ended: number | undefined;
function deadPid(): number {
  ended ??= spawnSync(process.execPath, ['-e', '0']).pid;
  return ended;
}

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 12_000 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(condition()).toBe(true);
}
