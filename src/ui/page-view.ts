/**
 * A run as the page shows it (the app's RunView, chosen by the page's front door): what the run says is
 * kept as data for the screens, and its progress goes to the open pages as events (done, left, failed,
 * retries). The question before anything is sent is answered by the page itself: yes only when the plan
 * made now is the plan the person saw and approved.
 */
import type { Applied, Confirmation, GuardVerdict, PlanShown, RunView } from '../app/run-view.js';
import type { Progress } from '../app/progress.js';
import type { RunResult } from '../app/run-result.js';
import type { OperationOutcome } from '../load/outcome.js';
import type { Issue } from '../model/issue.js';
import type { GuardFinding } from '../plan/export-guard.js';
import type { Plan } from '../plan/plan.js';
import type { NameBook } from '../view/names.js';
import type { RunNotice } from '../view/run-notices.js';

export interface RunProgress {
  /** The phase going on, in the run's words. */
  phase: string;
  done: number;
  failed: number;
  left: number;
  retries: number;
  total: number;
}

/** Progress events at most this often (and at the end of each phase). */
const EVENT_EVERY_MS = 200;

export class PageView implements RunView {
  readonly canAsk: boolean;
  readonly progress: Progress;
  found: readonly Issue[] = [];
  shownPlan?: Plan;
  /** The people and units by name, for the plan's lines a person reads (the undo's plan on the History step). */
  names?: NameBook;
  findings: readonly GuardFinding[] = [];
  verdict?: GuardVerdict;
  readonly notices: RunNotice[] = [];
  result?: RunResult;
  ended?: Applied;
  readonly counts: RunProgress = { phase: '', done: 0, failed: 0, left: 0, retries: 0, total: 0 };
  private lastEvent = 0;

  /**
   * `tell`: the session's events to the open pages; `answer`: whether the plan made now may be carried out
   * (none: the run only plans, and nobody is asked).
   */
  constructor(
    private readonly tell: (event: string, data: unknown) => void,
    private readonly answer?: (plan: Plan) => boolean,
    private readonly clock: () => number = Date.now,
  ) {
    this.canAsk = answer !== undefined;
    this.progress = {
      phase: (name, total) => {
        Object.assign(this.counts, { phase: name, total: total ?? 0, done: 0, failed: 0, left: total ?? 0 });
        this.send(true);
      },
      update: (settled, total) => {
        if (typeof total === 'number') this.counts.total = total;
        this.counts.left = Math.max(0, this.counts.total - settled);
        this.send(false);
      },
      end: () => this.send(true),
    };
  }

  /** Counts a retry of a request (the client's hook, app/options.ts `onRetry`). */
  retried(): void {
    this.counts.retries++;
    this.send(false);
  }

  issues(issues: readonly Issue[]): void {
    this.found = issues;
  }

  async plan(plan: Plan, shown: PlanShown): Promise<void> {
    this.shownPlan = plan;
    if (shown.names !== undefined) this.names = shown.names;
  }

  async exportGuard(findings: readonly GuardFinding[], verdict: GuardVerdict): Promise<void> {
    this.findings = findings;
    this.verdict = verdict;
  }

  outcome(outcome: OperationOutcome): void {
    if (outcome.status === 'done' || outcome.status === 'unchanged') this.counts.done++;
    else this.counts.failed++;
  }

  async applied(applied: Applied): Promise<void> {
    this.ended = applied;
  }

  notice(notice: RunNotice): void {
    this.notices.push(notice);
  }

  async confirm(_question: Confirmation): Promise<boolean> {
    const plan = this.shownPlan;
    return plan !== undefined && (this.answer?.(plan) ?? false);
  }

  finished(result: RunResult): void {
    this.result = result;
  }

  private send(now: boolean): void {
    const at = this.clock();
    if (!now && at - this.lastEvent < EVENT_EVERY_MS) return;
    this.lastEvent = at;
    this.tell('progress', { ...this.counts });
  }
}
