/**
 * The run in words on a terminal (or in the text `--quiet` holds back, or on stderr beside `--json`'s
 * events): every line made by the renderers of src/view/ from the data the run hands over. What shows a
 * plan and its apply is loaded when there is one to show: `validate` starts without it.
 */
import type { Issue } from '../model/issue.js';
import type { GuardFinding } from '../plan/export-guard.js';
import type { Plan } from '../plan/plan.js';
import { summariseIssues } from '../report/summary.js';
import { confirmationText, isTrouble, noticeText, type RunNotice } from '../view/run-notices.js';
import { println, type AppIO } from './io.js';
import { barProgress, lineProgress, type Progress } from './progress.js';
import type { Applied, Confirmation, GuardVerdict, PlanShown, RunView } from './run-view.js';

/** A bar per phase on a terminal, plain lines otherwise. */
export function progressOn(io: AppIO): Progress {
  return io.interactive ? barProgress(io.stderr) : lineProgress(io.stderr);
}

export class TextView implements RunView {
  readonly canAsk: boolean;

  /** `progress`: the reporter the output mode chose, else a bar or lines on the terminal's stderr. */
  constructor(
    private readonly io: AppIO,
    readonly progress: Progress = progressOn(io),
  ) {
    this.canAsk = io.interactive;
  }

  issues(issues: readonly Issue[]): void {
    if (issues.length === 0) return;
    this.say(summariseIssues(issues, { colour: this.io.colour }));
  }

  async plan(plan: Plan, shown: PlanShown): Promise<void> {
    const { renderPlan } = await import('../view/plan-text.js');
    const rows = shown.allRows ? Infinity : 8;
    // A refused run does not first say there is nothing to do: its last words are the refusal.
    this.say(
      renderPlan(plan, rows, {
        refused: shown.refused,
        ...(shown.undoes !== undefined ? { undoes: shown.undoes } : {}),
        ...(shown.names !== undefined ? { names: shown.names } : {}),
      }),
    );
  }

  async exportGuard(findings: readonly GuardFinding[], verdict: GuardVerdict): Promise<void> {
    if (findings.length === 0) return;
    const { exportGuardText } = await import('../view/export-guard-text.js');
    this.say(exportGuardText(findings, verdict));
  }

  outcome(): void {
    // Each operation is counted by the progress bar and summed up when the apply ends.
  }

  async applied(applied: Applied): Promise<void> {
    const { applySummary } = await import('../view/apply-summary.js');
    this.say(applySummary([...applied.outcomes], applied.elapsedMs, applied.alreadyMatching));
  }

  notice(notice: RunNotice): void {
    println(isTrouble(notice) ? this.io.stderr : this.io.stdout, noticeText(notice));
  }

  async confirm(question: Confirmation): Promise<boolean> {
    const { confirm } = await import('./prompt.js');
    return confirm(this.io, confirmationText(question.operations, question.service));
  }

  finished(): void {
    // What the run found was said as it went; its files are named by their notices.
  }

  private say(lines: readonly string[]): void {
    for (const line of lines) println(this.io.stdout, line);
  }
}
