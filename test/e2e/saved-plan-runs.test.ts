/**
 * Saved plans and approvals are runs (issue 23, points 4, 5 and the history part of 9), through the built
 * command against the sandbox over loopback, the requests it got seen by the recording proxy:
 * - `apply plan.json` that ends with exit 0 is in `history`, can be undone, and is the export guard's new
 *   baseline (the next ordinary run of the very export is not refused);
 * - an apply killed part-way (SIGKILL) is finished by the same command, each write sent exactly once, for
 *   `apply plan.json` and for `apply PLAN --approve FILE`;
 * - a run refused by the export guard, and an apply refused as stale, are in `history` as refused, with
 *   the reason and the code the `--json` summary's `error` has.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/index.js';
import { runCli, startCli, tempDir, writeCsvSet } from '../helpers/cli.js';
import { nightlyExport } from '../helpers/nightly.js';
import { recordedServiceArgs, recordRequests, type Received, type Recorder } from '../helpers/recorder.js';

let sandbox: RunningSandbox;
let recorder: Recorder;
let cwd: string;

async function startWith(latencyMs = 0) {
  sandbox = await startSandbox({ quiet: true, ...(latencyMs > 0 ? { faults: { latencyMs } } : {}) });
  recorder = await recordRequests(sandbox);
}
beforeEach(() => {
  cwd = tempDir();
});
afterEach(async () => {
  await recorder?.close();
  await sandbox?.close();
});

const cli = (...args: string[]) => runCli(args, { cwd });
const recorded = () => recordedServiceArgs(sandbox, recorder);
const activeIds = () =>
  sandbox
    .snapshot()
    .employees.filter((e) => e.active)
    .map((e) => e.id)
    .sort();
/** The ids of the runs `history` lists, oldest first. */
const runIds = (stdout: string) => [...stdout.matchAll(/^(\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ(?:-\d+)?) {2}exit/gm)].map((m) => m[1]!);
const writeKey = (w: Received) => `${w.method} ${w.path} ${JSON.stringify(w.body ?? null)}`;

/** Every write the proxy saw, counted: a write sent twice shows as a count of 2. */
function repeatedWrites(writes: readonly Received[]): string[] {
  const seen = new Map<string, number>();
  for (const w of writes) seen.set(writeKey(w), (seen.get(writeKey(w)) ?? 0) + 1);
  return [...seen].filter(([, n]) => n > 1).map(([key, n]) => `${n}× ${key}`);
}

describe('an apply of a saved plan is a run', () => {
  it('is in history, is the guard baseline for the next run of the same export, and can be undone', async () => {
    await startWith();
    expect((await cli(nightlyExport({ employees: 20 }), '--yes', ...recorded())).code).toBe(0);
    const before = sandbox.snapshot();

    // Tonight's export lacks 8 employees; the plan is reviewed (the guard's findings accepted) and saved.
    const tonight = nightlyExport({ employees: 12 });
    const planned = await cli('plan', tonight, '--prune', '--accept-changes', '--max-deletions', '10', '--out', 'plan.json', ...recorded());
    expect(planned.code, planned.stdout + planned.stderr).toBe(0);
    const applied = await cli('apply', 'plan.json', '--yes', '--access-token', sandbox.accessToken);
    expect(applied.code, applied.stdout + applied.stderr).toBe(0);
    expect(activeIds()).toHaveLength(12);

    // The very export that was applied, run as usual: accepted, and nothing to send.
    recorder.clear();
    const next = await cli(tonight, '--prune', '--yes', ...recorded());
    expect(next.code, next.stdout + next.stderr).toBe(0);
    expect(next.stdout).not.toContain('are missing');
    expect(next.stdout).toContain('Nothing to do');
    expect(recorder.writes()).toEqual([]);

    const history = await cli('history');
    const lines = history.stdout.split('\n').filter((l) => /^\d{4}-/.test(l));
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`apply ${join(cwd, 'plan.json')}`);
    expect(lines[1]).toMatch(/employee: 8 fire \(8 done\)/);
    const applyRun = runIds(history.stdout)[1]!;
    const shown = await cli('history', 'show', applyRun);
    expect(shown.stdout).toContain(`apply of the saved plan ${join(cwd, 'plan.json')}`);
    expect(shown.stdout).toMatch(/done\s+fire employee 113/);

    // Undo of the apply: the 8 are back, the service as it was before it.
    recorder.clear();
    const undo = await cli('undo', applyRun, '--yes', ...recorded());
    expect(undo.code, undo.stdout + undo.stderr).toBe(0);
    expect(recorder.writes().length).toBeGreaterThan(0);
    const undone = sandbox.snapshot();
    expect(undone.employees).toEqual(before.employees);
    expect(undone.teams).toEqual(before.teams);
  });

  it('keeps an apply of approved removals in history too, and the next run of that export sends nothing', async () => {
    await startWith();
    expect((await cli(nightlyExport({ employees: 20 }), '--yes', ...recorded())).code).toBe(0);
    const tonight = nightlyExport({ employees: 14 });
    const held = await cli(tonight, '--prune', '--hold-removals', '--accept-changes', '--yes', ...recorded());
    expect(held.code, held.stdout + held.stderr).toBe(0);
    writeFileSync(join(cwd, 'approvals.json'), JSON.stringify({ version: 1, approved: ['fireEmployee:115', 'fireEmployee:116'] }));
    const approved = await cli(
      'apply',
      `${tonight}.plan.json`,
      '--approve',
      'approvals.json',
      '--yes',
      '--force',
      '--access-token',
      sandbox.accessToken,
    );
    expect(approved.code, approved.stdout + approved.stderr).toBe(0);

    const history = await cli('history');
    expect(history.stdout).toMatch(/apply \S+\.plan\.json \(2 approved removals\).*employee: 2 fire \(2 done\)/);
    recorder.clear();
    const next = await cli(tonight, '--yes', ...recorded());
    expect(next.code, next.stdout + next.stderr).toBe(0);
    expect(recorder.writes()).toEqual([]);
  });
});

describe('a refused run in history', () => {
  it('shows the export guard refusal and a stale plan as refused, with the reason', async () => {
    await startWith();
    expect((await cli(nightlyExport({ employees: 20 }), '--yes', ...recorded())).code).toBe(0);
    const refused = await cli(nightlyExport({ employees: 12 }), '--prune', '--yes', ...recorded());
    expect(refused.code).toBe(3);

    // A plan saved, then the service changed under it by another run: the apply is stale.
    const dir = nightlyExport({ employees: 21 });
    expect((await cli('plan', dir, '--out', 'plan.json', ...recorded())).code).toBe(0);
    expect((await cli(nightlyExport({ employees: 20, unitEdits: { T1: { name: 'Renamed' } } }), '--yes', ...recorded())).code).toBe(0);
    recorder.clear();
    const stale = await cli('apply', 'plan.json', '--yes', ...recorded());
    expect(stale.code).toBe(3);
    expect(recorder.writes()).toEqual([]);

    const history = await cli('history');
    const lines = history.stdout.split('\n').filter((l) => /^\d{4}-/.test(l));
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain('exit 3');
    expect(lines[1]).toContain('refused (guard_refused): The export differs too much from the last successful run');
    expect(lines[3]).toContain(`apply ${join(cwd, 'plan.json')}`);
    expect(lines[3]).toContain('refused (stale_plan): The plan is stale: the service changed since the plan was made');
    const ids = runIds(history.stdout);
    const guardShown = await cli('history', 'show', ids[1]!);
    expect(guardShown.stdout).toContain('refused (guard_refused):');
    expect(guardShown.stdout).toMatch(/8 are missing \(e\.g\. 113/);
    expect(guardShown.stdout).toContain('If this is right, run again with --accept-changes.');
    const staleShown = await cli('history', 'show', ids[3]!);
    expect(staleShown.stdout).toContain('refused (stale_plan):');
    expect(staleShown.stdout).toContain('updateTeam:T1');
  });
});

/**
 * Starts the command and kills it with SIGKILL once the proxy has seen `writes` writes (answered or not:
 * the kill may fall between a write and its answer, or between the answer and the journal's line);
 * resolves whether it was killed before it finished.
 */
async function killAfter(args: string[], writes: number): Promise<boolean> {
  const child = startCli(args, { cwd });
  const watch = setInterval(() => {
    if (recorder.writes().length >= writes) child.kill('SIGKILL');
  });
  const signal = await new Promise<NodeJS.Signals | null>((resolve) => child.on('close', (_code, s) => resolve(s)));
  clearInterval(watch);
  return signal === 'SIGKILL';
}

describe('an apply killed part-way', () => {
  it('is finished by the same command, each write sent once', async () => {
    await startWith(3);
    expect((await cli(nightlyExport({ employees: 5 }), '--yes', ...recorded())).code).toBe(0);
    const dir = nightlyExport({ employees: 120 });
    expect((await cli('plan', dir, '--out', 'plan.json', ...recorded())).code).toBe(0);
    recorder.clear();
    const killed = await killAfter(['apply', 'plan.json', '--yes', '--concurrency', '2', ...recorded()], 40);
    expect(killed).toBe(true);
    const sentBefore = recorder.writes().length;
    expect(sentBefore).toBeGreaterThan(0);

    const finished = await cli('apply', 'plan.json', '--yes', ...recorded());
    expect(finished.code, finished.stdout + finished.stderr).toBe(0);
    expect(finished.stdout).toMatch(/\d+ of the 345 operations of \S+plan\.json were carried out by an earlier apply/);
    expect(finished.stdout).not.toContain('The service changed since the plan was made');
    expect(finished.stderr).not.toContain('stale');
    expect(repeatedWrites(recorder.writes())).toEqual([]);
    // 115 people, each a user, an employee and a team place: every one of them sent, none twice.
    expect(recorder.writes().filter((w) => w.method === 'POST' && w.path === '/v3/core/users')).toHaveLength(115);

    recorder.clear();
    const again = await cli(dir, '--yes', ...recorded());
    expect(again.stdout).toContain('Nothing to do');
    expect(recorder.writes()).toEqual([]);
  }, 300_000);

  it('after a rehire it sent unanswered, by a service that put the person back in their team: finished, not stale (issue 34, point 19)', async () => {
    await startWith(20);
    expect((await cli(nightlyExport({ employees: 10 }), '--yes', ...recorded())).code).toBe(0);
    expect((await cli(nightlyExport({ employees: 10, leavers: ['105'] }), '--yes', '--prune', '--force', ...recorded())).code).toBe(0);
    // 105 is back: rehire, then into team T2.
    expect((await cli('plan', nightlyExport({ employees: 10 }), '--out', 'plan.json', ...recorded())).code).toBe(0);
    recorder.clear();
    expect(await killAfter(['apply', 'plan.json', '--yes', '--concurrency', '1', ...recorded()], 1)).toBe(true);
    expect(recorder.writes().map((w) => `${w.method} ${w.path}`)).toEqual(['PATCH /v3/core/users/105/employees/105']);
    // The rehire arrived, and this service put the rehired employee back in their old team with it.
    const headers = { company_id: String(sandbox.companyId), access_token: sandbox.accessToken };
    const placed = await fetch(`${sandbox.baseUrl}/v3/core/teams/T2/employees/105`, { method: 'POST', headers });
    expect(placed.status).toBeLessThan(300);

    recorder.clear();
    const finished = await cli('apply', 'plan.json', '--yes', ...recorded());
    expect(finished.code, finished.stdout + finished.stderr).toBe(0);
    expect(finished.stderr).not.toContain('stale');
    expect(finished.stdout).toMatch(/2 of the 2 operations of \S+plan\.json were carried out by an earlier apply/);
    expect(recorder.writes()).toEqual([]);
    expect(sandbox.snapshot().employees.find((e) => e.id === '105')).toMatchObject({ active: true, teamId: 'T2' });
  });

  it('with --approve, is finished by the same command, each approved removal sent once', async () => {
    await startWith(3);
    expect((await cli(nightlyExport({ employees: 100 }), '--yes', ...recorded())).code).toBe(0);
    const tonight = nightlyExport({ employees: 20 });
    expect((await cli(tonight, '--prune', '--hold-removals', '--accept-changes', '--yes', ...recorded())).code).toBe(0);
    const leavers = Array.from({ length: 80 }, (_, i) => `fireEmployee:${121 + i}`);
    writeFileSync(join(cwd, 'approvals.json'), JSON.stringify({ version: 1, approved: leavers }));
    const args = ['apply', `${tonight}.plan.json`, '--approve', 'approvals.json', '--yes', '--force'];
    recorder.clear();
    expect(await killAfter([...args, '--concurrency', '2', ...recorded()], 20)).toBe(true);

    const finished = await cli(...args, ...recorded());
    expect(finished.code, finished.stdout + finished.stderr).toBe(0);
    expect(finished.stdout).toMatch(/\d+ of the 80 operations of \S+\.plan\.json were carried out by an earlier apply/);
    expect(repeatedWrites(recorder.writes())).toEqual([]);
    expect(recorder.writes()).toHaveLength(80);
    expect(activeIds()).toEqual(Array.from({ length: 20 }, (_, i) => String(101 + i)));
  }, 300_000);
});

describe('removals held while a delegation holder leaves (issue 34, point 16)', () => {
  /** Five people; 105 holds a delegation on D1 until they leave, when the export drops it. */
  const company = (leaving: boolean, dir?: string) =>
    writeCsvSet(
      {
        employees: [
          ['employee_id', 'name', 'email', 'team_id', 'status'],
          ...['101', '102', '103', '104', '105'].map((id) => [
            id,
            `Person ${id}`,
            `p${id}@firma.dk`,
            'T1',
            leaving && id === '105' ? 'left' : '',
          ]),
        ],
        organisation: [
          ['type', 'id', 'name', 'parent_id', 'owner'],
          ['department', 'root', 'Company', '', '101'],
          ['department', 'D1', 'Sales', 'root', ''],
          ['team', 'T1', 'Team 1', 'D1', ''],
        ],
        delegations: [
          ['unit_id', 'responsibility', 'employee_id'],
          ...(leaving ? [] : [['D1', 'configuration', '105']]),
          ['D1', 'manage_organisation_department', '102'],
        ],
      },
      dir,
    );
  const delegationsOf105 = () => sandbox.snapshot().delegations.filter((d) => d.employeeId === '105');

  it("the next morning's apply --approve carries out the removal and the leaver's fire that waited for it; again, it is done", async () => {
    await startWith();
    const dir = company(false);
    expect((await cli(dir, '--yes', ...recorded())).code).toBe(0);

    // Night: 105 leaves; the removal of their delegation is held, and their fire waits for it.
    company(true, dir);
    const night = await cli(dir, '--prune', '--hold-removals', '--yes', ...recorded());
    expect(night.code, night.stdout + night.stderr).toBe(0);
    expect(night.stdout).not.toMatch(/depends on failed|failed:/);
    expect(night.stdout).toContain('1 removal held for approval');
    expect(activeIds()).toContain('105');
    expect(delegationsOf105()).toHaveLength(1);
    const held = (JSON.parse(readFileSync(`${dir}.plan.json`, 'utf8')) as { plan: { key: string; held?: true }[] }).plan
      .filter((e) => e.held)
      .map((e) => e.key);
    expect(held).toEqual(['deleteDelegation:department:D1|configuration|105']);

    // The next morning HR approves it: the delegation goes, then 105 is fired.
    writeFileSync(join(cwd, 'approvals.json'), JSON.stringify({ version: 1, approved: held }));
    recorder.clear();
    const morning = await cli('apply', `${dir}.plan.json`, '--approve', 'approvals.json', '--yes', ...recorded());
    expect(morning.code, morning.stdout + morning.stderr).toBe(0);
    expect(morning.stdout).toContain('Approved: 1 of the 1 removals held by');
    expect(recorder.writes().map((w) => `${w.method} ${w.path}`)).toEqual([
      expect.stringMatching(/^DELETE \/v3\/core\/.*delegations/),
      'DELETE /v3/core/employees/105',
    ]);
    expect(activeIds()).not.toContain('105');
    expect(delegationsOf105()).toEqual([]);

    // The same approval again: done, nothing sent.
    recorder.clear();
    const again = await cli('apply', `${dir}.plan.json`, '--approve', 'approvals.json', '--yes', ...recorded());
    expect(again.code, again.stdout + again.stderr).toBe(0);
    expect(again.stdout).toMatch(/Nothing to do: the approved removals of \S+ were carried out already \(run \S+\)/);
    expect(recorder.received).toEqual([]);
  });
});
