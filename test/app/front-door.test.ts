/**
 * A front door of its own (a web page's adapter, issue 32 point 3) drives a run with a view of its own:
 * no commander, nothing on stdout or stderr. It is asked before anything is sent, answers, and gets the
 * plan, each outcome and the run's result as data; a "no" sends nothing; the run it applied is undone
 * the same way. In-process, against a sandbox over loopback.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Applied, Confirmation, PlanShown, RunView } from '../../src/app/run-view.js';
import { silentProgress } from '../../src/app/progress.js';
import type { RunResult } from '../../src/app/run-result.js';
import { runImport } from '../../src/app/run-import.js';
import { runUndo } from '../../src/app/run-undo.js';
import { runValidate } from '../../src/app/run-validate.js';
import type { OperationOutcome } from '../../src/load/outcome.js';
import { listRuns } from '../../src/history/record.js';
import type { Plan } from '../../src/plan/plan.js';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/index.js';
import type { RunNotice } from '../../src/view/run-notices.js';
import { tempDir } from '../helpers/cli.js';
import { sandboxRunOptions } from '../helpers/in-process.js';
import { nightlyExport } from '../helpers/nightly.js';

/** What a web page would keep of a run: everything as data, and its answer to the question. */
class RecordingView implements RunView {
  readonly progress = silentProgress;
  readonly canAsk = true;
  plans: { plan: Plan; shown: PlanShown }[] = [];
  questions: Confirmation[] = [];
  outcomes: OperationOutcome[] = [];
  ends: Applied[] = [];
  notices: RunNotice[] = [];
  results: RunResult[] = [];

  constructor(private readonly answer: boolean) {}
  issues(): void {}
  async plan(plan: Plan, shown: PlanShown): Promise<void> {
    this.plans.push({ plan, shown });
  }
  async exportGuard(): Promise<void> {}
  outcome(outcome: OperationOutcome): void {
    this.outcomes.push(outcome);
  }
  async applied(applied: Applied): Promise<void> {
    this.ends.push(applied);
  }
  notice(notice: RunNotice): void {
    this.notices.push(notice);
  }
  async confirm(question: Confirmation): Promise<boolean> {
    this.questions.push(question);
    return this.answer;
  }
  finished(result: RunResult): void {
    this.results.push(result);
  }
}

let sandbox: RunningSandbox;
const stateDir = tempDir('front-door-');
const book = nightlyExport({ employees: 4 });
const written = vi.fn();

beforeAll(async () => {
  sandbox = await startSandbox({ quiet: true });
  vi.spyOn(process.stdout, 'write').mockImplementation(written);
  vi.spyOn(process.stderr, 'write').mockImplementation(written);
});
afterAll(async () => {
  vi.restoreAllMocks();
  await sandbox.close();
});

const options = () => ({ ...sandboxRunOptions(sandbox, [book], stateDir), yes: false });

describe('a front door with a view of its own', () => {
  it('validates, and gets the findings as data', async () => {
    const view = new RecordingView(false);
    expect(await runValidate({ ...options(), command: 'validate' }, view)).toBe(0);
    expect(view.results).toEqual([expect.objectContaining({ exitCode: 0, issues: [] })]);
    expect(view.plans).toEqual([]);
  });

  it('answers "no": nothing is sent, and the result says what would have been', async () => {
    const view = new RecordingView(false);
    expect(await runImport(options(), view)).toBe(0);
    const planned = view.plans[0]!.plan.operations.length;
    expect(planned).toBeGreaterThan(0);
    expect(view.questions).toEqual([{ operations: planned, service: expect.stringContaining(sandbox.baseUrl) }]);
    expect(view.notices.map((n) => n.kind)).toContain('nothing_sent');
    expect(view.outcomes).toEqual([]);
    expect(view.results[0]!.outcomes).toBeUndefined();
    expect(sandbox.snapshot().employees).toEqual([]);
  });

  it('answers "yes": each outcome and the result arrive as data, and the service has the people', async () => {
    const view = new RecordingView(true);
    expect(await runImport(options(), view)).toBe(0);
    const planned = view.plans[0]!.plan.operations.length;
    expect(view.outcomes).toHaveLength(planned);
    expect(view.outcomes.every((o) => o.status === 'done')).toBe(true);
    expect(view.ends[0]!.outcomes).toHaveLength(planned);
    expect(view.results).toHaveLength(1);
    expect(view.results[0]!.exitCode).toBe(0);
    expect(new Set(view.results[0]!.outcomes)).toEqual(new Set(view.outcomes));
    const ids = sandbox.snapshot().employees.map((e) => e.id);
    expect(ids.sort()).toEqual(['101', '102', '103', '104']);
  });

  it('undoes that run through the same view, the undone run named in the plan it shows', async () => {
    const run = listRuns(stateDir).find((r) => r.undoable);
    const view = new RecordingView(true);
    expect(await runUndo({ ...options(), command: 'undo' }, run!.id, view)).toBe(0);
    expect(view.plans[0]!.shown.undoes).toBe(run!.id);
    expect(view.results[0]!.exitCode).toBe(0);
    expect(sandbox.snapshot().employees.filter((e) => e.active)).toEqual([]);
  });

  it('wrote nothing to stdout or stderr', () => {
    expect(written).not.toHaveBeenCalled();
  });
});
