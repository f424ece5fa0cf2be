/**
 * How a run is shown, chosen once per command by its front door (as terraform's `NewPlan(vt, view)`): the
 * words on a terminal (text-view.ts; `--quiet` holds them back), the JSON events of `--json` (events.ts),
 * or a front door's own (a web page's progress events and results as data). The app says what happens,
 * as data, through this one interface; no part of it writes to a stream itself.
 */
import type { OperationOutcome } from '../load/outcome.js';
import type { Issue } from '../model/issue.js';
import type { GuardFinding } from '../plan/export-guard.js';
import type { NameBook } from '../view/names.js';
import type { Plan } from '../plan/plan.js';
import type { RunNotice } from '../view/run-notices.js';
import type { Progress } from './progress.js';
import type { RunResult } from './run-result.js';

/** How the plan is shown. */
export interface PlanShown {
  /** A guard refuses the plan: the view does not first say there is nothing to do. */
  refused: boolean;
  /** `undo RUN`: the run the plan reverses. */
  undoes?: string;
  /** --all: every row, not the first of each kind and action. */
  allRows: boolean;
  /** `apply plan.json`: the plan saved earlier, shown again (it was announced when it was made). */
  saved?: boolean;
  /** The people and units by name (the workbook's and the service's), for lines a person reads. */
  names?: NameBook;
}

/** What the export guard found, and what becomes of the run for it. */
export type GuardVerdict = 'accepted' | 'would_refuse' | 'refused';

/** An apply that has ended, as its closing summary counts it. */
export interface Applied {
  /** What became of the operations sent, and of the held ones. */
  outcomes: readonly OperationOutcome[];
  elapsedMs: number;
  /** Workbook rows the service already matched: nothing was planned for them. */
  alreadyMatching: number;
}

/** The question before anything is sent. */
export interface Confirmation {
  operations: number;
  /** The service, as the run describes it (never a credential). */
  service: string;
}

export interface RunView {
  /** The phases' reporter. */
  readonly progress: Progress;
  /** Somebody is there to answer `confirm` (else applying takes --yes). */
  readonly canAsk: boolean;
  /** The workbook's findings, once it is read. */
  issues(issues: readonly Issue[]): void;
  /** The plan, made and not yet carried out (a view may load what shows it now: awaited). */
  plan(plan: Plan, shown: PlanShown): Promise<void>;
  /** The export guard's findings (none: nothing to show). */
  exportGuard(findings: readonly GuardFinding[], verdict: GuardVerdict): Promise<void>;
  /** One operation settled while applying. */
  outcome(outcome: OperationOutcome): void;
  /** The apply ended. */
  applied(applied: Applied): Promise<void>;
  /** Anything else the run says on its way. */
  notice(notice: RunNotice): void;
  /** Asks before anything is sent: false sends nothing. */
  confirm(question: Confirmation): Promise<boolean>;
  /** The run's result, as its reports have it: the last thing a run shows. */
  finished(result: RunResult): void;
}
