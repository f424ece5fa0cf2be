/**
 * What a run comes to: what its report, its `--json` events and its history record are made from, and the
 * report input it becomes. The report keeps the names of its file (cli.md): there `plan` lists the planned
 * operations and `operations` what became of them.
 */
import type { RunError } from '../errors.js';
import type { OperationOutcome } from '../load/outcome.js';
import type { Issue } from '../model/issue.js';
import type { NotUndone } from '../model/reasons.js';
import type { GuardFinding } from '../plan/export-guard.js';
import type { Plan } from '../plan/plan.js';
import type { ReportInput } from '../report/json.js';

/** What a plan adds to its report's summary, beside the counts the report makes itself. */
export type PlanSummary = {
  /** The plan is empty. */
  nothing_to_do?: boolean;
  /** Workbook rows the service already matches: nothing is planned for them. */
  already_matching: number;
};

/** The report's `summary.export_guard`: whether the guard refused the run, or its findings were accepted. */
export interface ExportGuardSummary {
  refused: boolean;
  accepted: boolean;
  findings: (GuardFinding & { message: string })[];
}

/**
 * What the report of a run adds to its summary from the moment the run knows it: the export guard's
 * findings, or the run an undo reverses and what it cannot put back.
 */
export type RunSummary = { export_guard: ExportGuardSummary } | { undoes: string; not_undone: NotUndoneSummary[] };

/** What an undo cannot give back, as its report says it: the code and its values, and the words. */
export interface NotUndoneSummary {
  code: NotUndone['code'];
  params: Record<string, unknown>;
  message: string;
}

/** What a run comes to: what its report, its `--json` events and its history record are made from. */
export interface RunResult {
  exitCode: number;
  issues: Issue[];
  /** The plan, once one is made: its operations, their dependencies, its notes and deletion guard are reported. */
  plan?: Plan;
  /** What became of the operations sent, and the held ones; absent when nothing was sent. */
  outcomes?: OperationOutcome[];
  summary?: PlanSummary;
  /** Why the run was refused or failed: the report's `error`, the closing `--json` summary's, and its history record's. */
  error?: RunError;
  /** The saved plan this run carried out (`apply plan.json`, or the main job that saved it with --out): its id. */
  planId?: string;
}

/**
 * The result as the report reads it, with the summary fields of the whole run after the plan's. The
 * report keeps the names of its file (cli.md): there `plan` lists the planned operations and
 * `operations` what became of them.
 */
export function reportInputOf(result: RunResult, runSummary?: RunSummary): ReportInput {
  const summary = result.summary || runSummary ? { ...result.summary, ...runSummary } : undefined;
  return {
    exitCode: result.exitCode,
    issues: result.issues,
    ...(result.plan ? { planned: result.plan } : {}),
    ...(result.outcomes ? { operations: result.outcomes } : {}),
    ...(summary ? { summary } : {}),
    ...(result.error ? { error: result.error } : {}),
  };
}
