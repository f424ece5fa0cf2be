/**
 * The runs the page starts, each one the app's own run value with the page's view (page-view.ts): the
 * check is `validate`, the plan is `plan`, the apply is the main job (recorded as command `ui`), the undo
 * is `undo RUN` — the same stages, journal, history, lock and guards as on the command line. What the page
 * decided (prune, the renames accepted, the removals approved, the guards' confirmations) goes in as the
 * options the command line's flags would set.
 */
import { join } from 'node:path';
import { EXIT, OrgsyncError, type ExitCode, type RunError } from '../errors.js';
import type { ImportOptions } from '../app/options.js';
import { importRun } from '../app/run-import.js';
import { reportInputOf } from '../app/run-result.js';
import { Run } from '../app/run.js';
import { runSummaryOf } from '../app/run-summary.js';
import { undoRun } from '../app/run-undo.js';
import { runValidate } from '../app/run-validate.js';
import type { Issue } from '../model/issue.js';
import type { ProposedRename } from '../model/organisation.js';
import type { GuardFinding } from '../plan/export-guard.js';
import type { Plan } from '../plan/plan.js';
import { planDifferences } from '../plan/saved.js';
import { buildReport } from '../report/json.js';
import { buildOrgChart, type OrgChart } from '../view/org-chart.js';
import type { PageReport } from '../view/plan-html.js';
import { reasonWording } from '../view/reason-text.js';
import type { NameBook } from '../view/names.js';
import type { RunNotice } from '../view/run-notices.js';
import { uiWords } from '../words/ui.js';
import { PageView } from './page-view.js';

/** What the person decided on the Plan step; each is a flag of the command line. */
export interface Decisions {
  /** --prune (with --hold-removals: each removal waits for approval). */
  prune: boolean;
  /** The rename proposals accepted (`proposalKey`), one by one; --accept-renames accepts all. */
  renames: string[];
  /** The held removals approved (their keys). */
  approved: string[];
  /** --force: the deletion guard's refusal overruled, in words. */
  force: boolean;
  /** --accept-changes: the export guard's refusal overruled, in words. */
  acceptChanges: boolean;
}

export const NO_DECISIONS: Decisions = { prune: false, renames: [], approved: [], force: false, acceptChanges: false };

/** What a run that made a plan leaves for a screen. */
export interface Shown {
  exitCode: ExitCode;
  error?: RunError;
  issues: readonly Issue[];
  plan?: Plan;
  chart?: OrgChart;
  report?: PageReport;
  proposals: readonly ProposedRename[];
  findings: readonly GuardFinding[];
  notices: readonly RunNotice[];
  /** The people and units by name, for the plan's lines. */
  names?: NameBook;
}

/** A run carrying something out: the apply or an undo, going or ended. */
export interface Going {
  kind: 'apply' | 'undo';
  undoes?: string;
  view: PageView;
  stop: AbortController;
  ended?: Shown & { reportPage?: string; planChanged: boolean };
  /** What stopped it before it could end (the journal held by another run, the service unreachable): one sentence. */
  failure?: string;
  done: Promise<void>;
}

/** The options of a page run: the session's with the decisions, its files kept in the session's folder. */
export function pageRunOptions(
  base: ImportOptions,
  command: ImportOptions['command'],
  decisions: Decisions,
  view: PageView,
  folder: string,
): ImportOptions {
  return {
    ...base,
    command,
    yes: false,
    prune: decisions.prune || base.prune,
    holdRemovals: decisions.prune || base.prune,
    approved: decisions.approved,
    acceptRenames: decisions.renames,
    force: decisions.force,
    acceptChanges: decisions.acceptChanges,
    errorsOut: folder,
    html: join(folder, 'report.html'),
    onRetry: () => view.retried(),
  };
}

/** What the run left: its plan as the chart and the JSON report the page shows. */
export function shownOf(run: Run, view: PageView, exitCode: ExitCode): Shown {
  const result = view.result;
  const planned = run.planned;
  const shown: Shown = {
    exitCode,
    issues: result?.issues ?? view.found,
    proposals: run.validation?.proposedRenames ?? [],
    findings: run.findings,
    notices: view.notices,
    ...(view.names ? { names: view.names } : {}),
    ...(result?.error ? { error: result.error } : {}),
  };
  if (!planned || !result) return shown;
  const report = buildReport(
    {
      ...reportInputOf(result, runSummaryOf(run)),
      command: run.options.command,
      files: run.options.files,
      startedAt: run.startedAt,
      finishedAt: new Date(),
    },
    reasonWording,
  );
  const desired = run.validation?.desired ?? planned.current.org;
  return { ...shown, plan: planned.plan, chart: buildOrgChart({ ...planned.current, desired }, planned.plan), report };
}

/** The Check step: `validate`, with the service when one is configured. */
export async function checkRun(options: ImportOptions, tell: (event: string, data: unknown) => void): Promise<PageView> {
  const view = new PageView(tell);
  await runValidate(options, view);
  return view;
}

/** The Plan step: `plan` with the decisions; nothing is sent. */
export async function planRun(options: ImportOptions, view: PageView): Promise<Shown> {
  const run = new Run(options, view);
  const exitCode = await importRun(run);
  return shownOf(run, view, exitCode);
}

/** What undo would send (`undo RUN` as `plan`: nothing is sent, nothing recorded). */
export async function undoPlanRun(options: ImportOptions, runId: string, view: PageView): Promise<Shown> {
  const run = new Run({ ...options, command: 'plan', files: [], prune: true }, view);
  const exitCode = await undoRun(run, runId);
  return shownOf(run, view, exitCode);
}

/** The plan made now is the one the person saw: the same operations, values and order. */
export function samePlan(seen: Plan, now: Plan): boolean {
  return planDifferences(seen.operations, now.operations).length === 0;
}

/**
 * Starts carrying out (`kind` apply: the main job; undo: `undo RUN`) in the background; the page follows
 * it by its events. `seen`: the plan the person approved; a plan made now that differs is not sent.
 */
export function startRun(
  kind: 'apply' | 'undo',
  options: ImportOptions,
  seen: Plan,
  tell: (event: string, data: unknown) => void,
  undoes?: string,
): Going {
  let planChanged = false;
  const view = new PageView(tell, (now) => {
    planChanged = !samePlan(seen, now);
    return !planChanged;
  });
  const stop = new AbortController();
  const going: Going = { kind, view, stop, done: Promise.resolve(), ...(undoes !== undefined ? { undoes } : {}) };
  const withRetries = { ...options, onRetry: () => view.retried() };
  going.done = (async () => {
    const run = new Run(withRetries, view, stop.signal);
    try {
      const exitCode = kind === 'undo' ? await undoRun(run, undoes!) : await importRun(run);
      const reportPage = exitCode === EXIT.ok || run.outcomes ? withRetries.html : undefined;
      going.ended = { ...shownOf(run, view, exitCode), planChanged, ...(reportPage ? { reportPage } : {}) };
    } catch (error) {
      // Said on the page in one sentence; nothing of it escapes the server (no stack trace, no crash).
      going.failure = error instanceof OrgsyncError ? error.message : uiWords().unexpected(String((error as Error)?.message ?? error));
    }
  })();
  return going;
}
