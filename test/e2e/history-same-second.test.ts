/**
 * Runs that share a state folder and start in the same second each keep their own history record (issue 23
 * point 2): the run id is the start second, claimed (its folder made) the moment it is chosen, so a second
 * run of that second takes `…Z-2` instead of writing over the first's run.json, report.json and undo.json.
 * First with the clock held at one instant (in-process, against two sandboxes over loopback: a run, then
 * an undo of it and a run against the other service at once); then as two processes of the built command.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RunView } from '../../src/app/run-view.js';
import { TextView } from '../../src/app/text-view.js';
import { runImport } from '../../src/app/run-import.js';
import { runUndo } from '../../src/app/run-undo.js';
import { listRuns } from '../../src/history/record.js';
import { readUndoData } from '../../src/history/undo-data.js';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/index.js';
import { runCli, serviceArgs, startCli, tempDir } from '../helpers/cli.js';
import { nightlyExport } from '../helpers/nightly.js';
import { sandboxRunOptions } from '../helpers/in-process.js';

let first: RunningSandbox;
let second: RunningSandbox;
beforeEach(async () => {
  first = await startSandbox({ quiet: true });
  second = await startSandbox({ quiet: true });
});
afterEach(async () => {
  vi.useRealTimers();
  await first.close();
  await second.close();
});

function silentIO(): RunView {
  return new TextView({
    stdout: new PassThrough().resume(),
    stderr: new PassThrough().resume(),
    stdin: new PassThrough(),
    interactive: false,
    colour: false,
  });
}

describe('runs of one state folder that start in the same second', () => {
  it('with the clock held still: a run, then its undo and a run against another service at once, are three records', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-27T02:30:00.250Z') });
    const stateDir = join(tempDir('same-second-'), '.orgsync');
    expect(await runImport(sandboxRunOptions(first, [nightlyExport({ employees: 8 })], stateDir), silentIO())).toBe(0);
    const [run] = listRuns(stateDir);
    expect(run!.id).toBe('2026-11-27T02-30-00Z');

    // Slow answers, so that each of the two chooses its id while the other is still applying.
    first.setFaults({ latencyMs: 20 });
    second.setFaults({ latencyMs: 20 });
    const [undone, other] = await Promise.all([
      runUndo({ ...sandboxRunOptions(first, [], stateDir), command: 'undo', force: true, concurrency: 2 }, run!.id, silentIO()),
      runImport({ ...sandboxRunOptions(second, [nightlyExport({ employees: 12 })], stateDir), concurrency: 2 }, silentIO()),
    ]);
    expect([undone, other]).toEqual([0, 0]);

    const runs = listRuns(stateDir);
    expect(runs.map((r) => r.id).sort()).toEqual(['2026-11-27T02-30-00Z', '2026-11-27T02-30-00Z-2', '2026-11-27T02-30-00Z-3']);
    // Each record is its own: the first run's still says what it did, and each report is its run's.
    const byWhat = new Map(runs.map((r) => [r.command === 'undo' ? 'undo' : r.service_key === run!.service_key ? 'first' : 'other', r]));
    expect([...byWhat.keys()].sort()).toEqual(['first', 'other', 'undo']);
    expect(byWhat.get('undo')!.undoes).toBe(run!.id);
    expect(byWhat.get('first')!.counts).toEqual(run!.counts);
    expect(readUndoData(stateDir, run!.id)!.operations.filter((o) => o.op.type === 'createUser')).toHaveLength(8);
    for (const r of runs) {
      const report = JSON.parse(readFileSync(join(stateDir, 'history', r.id, 'report.json'), 'utf8'));
      expect(report.summary.operations.done, r.id).toBeGreaterThan(0);
      expect(report.command, r.id).toBe(r.command);
    }
    expect(first.snapshot().employees.filter((e) => e.active)).toEqual([]);
    expect(second.snapshot().employees.filter((e) => e.active)).toHaveLength(12);
  });

  it('as two processes of the built command started together: two records', async () => {
    const cwd = tempDir();
    for (const sandbox of [first, second]) sandbox.setFaults({ latencyMs: 20 });
    // Started early in a second, both choose their id in it (what this is about); either way each must
    // keep its own record.
    while (Date.now() % 1000 > 100) await new Promise((resolve) => setTimeout(resolve, 5));
    const runs = [first, second].map((sandbox, i) => {
      const child = startCli([nightlyExport({ employees: 30 + i }), '--yes', '--concurrency', '2', ...serviceArgs(sandbox)], { cwd });
      child.stdout!.resume();
      child.stderr!.resume();
      return new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    });
    expect(await Promise.all(runs)).toEqual([0, 0]);
    const history = await runCli(['history'], { cwd });
    const lines = history.stdout.split('\n').filter((l) => /^\d{4}-/.test(l));
    expect(lines).toHaveLength(2);
    expect(lines.map((l) => l.match(/user: (\d+) create/)?.[1]).sort()).toEqual(['30', '31']);
  });
});
