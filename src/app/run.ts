/**
 * The run: one value that a command's front door starts (the command line, or a web server's adapter)
 * and every step of the app takes, as terraform carries a run in one `Operation`. It holds what the run
 * was asked (options), how it is shown (its view, chosen once) and what it learns on its way, each part
 * once: the connection, the service's state and the validated workbook, the export guard's findings, the
 * plan, the outcomes, and its history hook. What it comes to is its `RunResult` (run-result.ts), made from
 * it at the end.
 */
import type { ExitCode, RunError } from '../errors.js';
import type { AbsenceLedger, FiredLedger } from '../load/ledger.js';
import type { OperationOutcome } from '../load/outcome.js';
import type { Issue } from '../model/issue.js';
import type { CurrentState } from '../model/service-state.js';
import type { GuardFinding } from '../plan/export-guard.js';
import type { Plan } from '../plan/plan.js';
import type { ReportInput } from '../report/json.js';
import type { RunRecording } from '../history/recording.js';
import type { ValidationResult } from '../validate/types.js';
import { appRunWords } from '../words/app-run.js';
import type { ImportOptions } from './options.js';
import type { NotUndoneSummary, RunResult } from './run-result.js';
import type { RunView } from './run-view.js';
import type { Connection } from './service.js';

/** The plan a run carries out, with what its reports say of it. */
export interface Planned {
  plan: Plan;
  /** The service's state as the plan saw it: with what the ledgers know merged in (the page's "before"). */
  current: CurrentState;
  ledgers: { absences: AbsenceLedger; fired: FiredLedger };
  /** The plan's notes (and the service's), listed with the workbook's issues: findings about rows. */
  notes: Issue[];
  /** Workbook rows the service already matches: nothing is planned for them. */
  alreadyMatching: number;
}

/**
 * Keeps the run's record (its history) before the --report file is written; returns the file it wrote
 * the report to, whose bytes the --report file copies.
 */
export type KeepRecord = (result: RunResult, report: ReportInput) => Promise<string | undefined>;

export class Run {
  readonly startedAt = new Date();
  /** The service, once connected. */
  connection?: Connection;
  /** The service as read before planning: the "before" of what the run touches. */
  serviceState?: CurrentState;
  /** The workbook, read and checked (for an undo: the state it puts back). */
  validation?: ValidationResult;
  /** The export guard's findings: this export against the last successful run's. */
  findings: readonly GuardFinding[] = [];
  /**
   * `undo RUN`: the run it reverses, what of it cannot be put back (said in its reports), and its
   * operations' own reasons given to the plan made.
   */
  undoing?: Undoing;
  /** `apply plan.json`: the plan file, its id in the journal, how many held removals `--approve` approved. */
  savedPlan?: { file: string; id: string; approved?: number };
  /** The id of the plan file this run wrote (--out, --hold-removals) or carries out: its journal and record name it. */
  planId?: string;
  planned?: Planned;
  /** What became of the operations sent, and the held ones; absent while nothing was sent. */
  outcomes?: OperationOutcome[];
  /** The operations the service refused, as issues at their rows: the reports list them with the workbook's. */
  rejections?: Issue[];
  /** Keeps the run in the history, from the moment it has its id (not for `plan`). */
  keepRecord?: KeepRecord;
  /** The run's record as it goes (src/history/recording.ts): the apply writes into it before and after its writes. */
  recording?: RunRecording;

  /** `signal`: aborted to stop sending (Ctrl-C): what is in flight is finished and recorded. */
  constructor(
    readonly options: ImportOptions,
    readonly view: RunView,
    readonly signal?: AbortSignal,
  ) {}
}

export interface Undoing {
  runId: string;
  notUndone: NotUndoneSummary[];
  reasons: (plan: Plan) => Plan;
}

/** A run from the moment it is connected to its service. */
export type ConnectedRun = Run & { connection: Connection };
/** A run that has read the service and the workbook. */
export type ReadRun = ConnectedRun & { serviceState: CurrentState; validation: ValidationResult };
/** A run with the plan it carries out. */
export type PlannedRun = ReadRun & { planned: Planned };

/** How a run ends: its exit code, why when not 0, and for a plan that is shown whether it is empty. */
export interface RunEnding {
  exitCode: ExitCode;
  error?: RunError;
  nothingToDo?: boolean;
}

/** The run's result: its issues (the workbook's, the plan's notes, the service's refusals), plan and outcomes. */
export function resultOf(run: Run, ending: RunEnding): RunResult {
  const { planned, outcomes } = run;
  const issues = [...(run.validation?.issues ?? []), ...(planned?.notes ?? []), ...(run.rejections ?? [])];
  return {
    exitCode: ending.exitCode,
    issues,
    ...(planned
      ? {
          plan: planned.plan,
          summary: {
            ...(ending.nothingToDo !== undefined ? { nothing_to_do: ending.nothingToDo } : {}),
            already_matching: planned.alreadyMatching,
          },
        }
      : {}),
    ...(outcomes ? { outcomes } : {}),
    ...(ending.error ? { error: ending.error } : {}),
    ...(run.planId !== undefined ? { planId: run.planId } : {}),
  };
}

/** Why the workbook was refused: its errors (exit 1). */
export function invalidInput(issues: readonly Issue[]): RunError {
  return { code: 'invalid_input', message: appRunWords().workbookErrors(issues.filter((i) => i.severity === 'error').length) };
}

/** Nobody to ask and no --yes: a matter of how the command was called. */
export function needsYesRefusal(): RunError {
  return { code: 'usage', message: appRunWords().needsYes };
}

/** A guard's refusal in the words the run printed (exit 3). */
export function guardRefusal(guard: 'export' | 'deletion', lines: readonly string[]): RunError {
  return { code: 'guard_refused', guard, message: lines.map((line) => line.trim()).join(' ') };
}
