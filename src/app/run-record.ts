/**
 * What a run leaves in the state folder for the next ones: the export guard's baseline (after a run that
 * ended with exit 0) and the run's history record (for `history` and `undo`). Called from the apply path
 * through two small hooks; the guard's judgement itself is pure (`src/plan/export-guard.ts`).
 */
import { OrgsyncError, runErrorOf } from '../errors.js';
import { copyFileSync, existsSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { checkExport, baselineOf, type GuardFinding } from '../plan/export-guard.js';
import { lastRunPath, loadBaseline, readBaseline, saveBaseline } from '../load/last-run.js';
import { discardRun, HISTORY_VERSION, historyDir, runDir, saveRun, touchedBefore, type RunRecord } from '../load/history.js';
import { writeReportOf, type ReportInput } from '../report/json.js';
import { countOutcomes } from '../report/counts.js';
import { OPERATION_KINDS } from '../model/operations.js';
import type { Organisation } from '../model/organisation.js';
import type { ValidationResult } from '../validate/types.js';
import { describeFinding } from '../view/export-guard-text.js';
import { hashInputs } from './inputs.js';
import type { ImportOptions } from './options.js';
import { appOutputWords } from '../words/app-output.js';
import type { RunResult } from './run-result.js';
import type { KeepRecord, ReadRun, Run } from './run.js';
import { reasonWording } from '../view/reason-text.js';

/** The export against the last successful run's (none on the first run against a service). */
export function checkExportAgainstLastRun(options: ImportOptions, serviceKey: string, validation: ValidationResult): GuardFinding[] {
  const path = lastRunPath(options.stateDir, serviceKey);
  const baseline = readBaseline(path);
  if (baseline === 'unreadable' && !options.acceptChanges) {
    throw new OrgsyncError('config', appOutputWords().baselineUnreadable(path));
  }
  return checkExport(typeof baseline === 'string' ? null : baseline, validation.desired, validation.managed, options.guardLimits ?? {});
}

/** What a run's record is made from: the run as it is when it ends, under the history id it claimed. */
interface RunToRecord {
  options: ImportOptions;
  startedAt: Date;
  runId: string;
  serviceKey: string;
  /** The service as read before planning: the "before" of what the run touches. */
  before: Organisation;
  /** The validated export; absent for an undo (its desired state is no export). */
  validation?: ValidationResult;
  undoes?: string;
  /** `apply plan.json`: the plan file as given, and how many held removals `--approve` approved. */
  apply?: { planFile: string; approved?: number };
  findings: readonly GuardFinding[];
}

function toRecord(run: ReadRun, runId: string): RunToRecord {
  const { savedPlan, undoing } = run;
  return {
    options: run.options,
    startedAt: run.startedAt,
    runId,
    serviceKey: run.connection.serviceKey,
    before: run.serviceState.org,
    ...(undoing ? { undoes: undoing.runId } : { validation: run.validation }),
    ...(savedPlan
      ? { apply: { planFile: savedPlan.file, ...(savedPlan.approved !== undefined ? { approved: savedPlan.approved } : {}) } }
      : {}),
    findings: run.findings,
  };
}

/**
 * A run's `keepRecord`: keeps the report (and returns where, for --report to copy), the run's
 * record and what undo needs in `history/RUN/`, and after a run that ended with exit 0 having applied its plan (or found nothing to
 * do), the export's summary as the guard's next baseline. A failure to write is said, never fatal: what
 * was applied stays applied.
 */
export function recordRunHook(read: ReadRun, runId: string): KeepRecord {
  let recorded = false;
  return async (result, report) => {
    const run = toRecord(read, runId);
    const { options } = run;
    let reportFile: string | undefined;
    if (recorded) return undefined;
    recorded = true;
    try {
      const dir = runDir(options.stateDir, run.runId);
      await writeReportOf(join(dir, 'report.json'), report, reasonWording);
      reportFile = join(dir, 'report.json');
      const outcomes = result.outcomes ?? [];
      const applied = result.exitCode === 0 && (outcomes.length > 0 || (result.plan?.operations.length ?? 0) === 0);
      if (applied && run.validation) keepBaseline(run, dir);
      if (applied && run.undoes !== undefined)
        restoreBaseline(options.stateDir, run.serviceKey, run.undoes, join(historyDir(options.stateDir), run.undoes));
      const finishedAt = new Date();
      const record: RunRecord = {
        version: HISTORY_VERSION,
        id: run.runId,
        command: run.undoes !== undefined ? 'undo' : run.apply ? 'apply' : 'run',
        ...(run.undoes !== undefined ? { undoes: run.undoes } : {}),
        ...(run.apply
          ? { plan_file: run.apply.planFile, ...(run.apply.approved !== undefined ? { approved: run.apply.approved } : {}) }
          : {}),
        ...(result.planId !== undefined ? { plan_id: result.planId } : {}),
        started_at: run.startedAt.toISOString(),
        finished_at: finishedAt.toISOString(),
        duration_ms: finishedAt.getTime() - run.startedAt.getTime(),
        files: options.files.map((f) => resolve(f)),
        workbook_hash: options.files.length > 0 ? await hashInputs(options.files).catch(() => null) : null,
        service_key: run.serviceKey,
        exit_code: result.exitCode,
        counts: countsOf(result),
        export_guard: run.findings.map(describeFinding),
        ...(result.error && result.exitCode !== 0 ? { error: result.error } : {}),
        undoable: outcomes.some((o) => o.status === 'done'),
      };
      const undo =
        outcomes.length > 0
          ? {
              version: HISTORY_VERSION,
              before: touchedBefore(
                run.before,
                outcomes.map((o) => o.op),
              ),
              operations: outcomes.map((o) => ({ op: o.op, status: o.status })),
            }
          : null;
      await saveRun(options.stateDir, record, undo);
    } catch (failure) {
      // Half a record is no record (it is not listed) and would only keep a full disk full.
      discardRun(options.stateDir, run.runId);
      reportFile = undefined;
      read.view.notice({ kind: 'run_unrecorded', dir: join(options.stateDir, 'history'), why: (failure as Error).message });
    }
    return reportFile;
  };
}

/**
 * Runs what follows a run's claim of its history id; when it ends by an error of the importer (the journal
 * held by another run, a stale plan) the run is kept in the history as refused, with the error's code (the
 * one the `--json` summary's `error` has) and its reason, before the error goes on to the CLI.
 */
export async function recordingRefusals<T>(run: Run, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const { keepRecord } = run;
    if (error instanceof OrgsyncError && keepRecord) {
      const { options, startedAt } = run;
      const result: RunResult = { exitCode: error.exitCode, issues: [], error: runErrorOf(error.code, error.message) };
      const report: ReportInput = {
        exitCode: error.exitCode,
        issues: [],
        command: options.command,
        files: options.files,
        startedAt,
        finishedAt: new Date(),
      };
      await keepRecord(result, report);
    }
    throw error;
  }
}

/** The new baseline; the one it replaces is kept with the run, so undoing the run puts it back. */
function keepBaseline(run: RunToRecord, dir: string): void {
  const path = lastRunPath(run.options.stateDir, run.serviceKey);
  const { desired, managed } = run.validation!;
  // The previous summary is read only for a kind this export leaves out, which keeps its summary.
  const previous = managed.employees && managed.organisation ? null : loadBaseline(path);
  if (existsSync(path)) copyFileSync(path, join(dir, 'baseline-before.json'));
  saveBaseline(path, baselineOf(desired, managed, run.runId, previous));
}

/**
 * After a successful undo, when the undone run's export is still the baseline: the baseline as it was
 * before that run (none if it was the first), so the next export is compared with the one before it.
 */
export function restoreBaseline(stateDir: string, serviceKey: string, undoneRunId: string, undoneRunDir: string): void {
  const path = lastRunPath(stateDir, serviceKey);
  if (loadBaseline(path)?.runId !== undoneRunId) return;
  const kept = join(undoneRunDir, 'baseline-before.json');
  const previous = existsSync(kept) ? loadBaseline(kept) : null;
  if (previous) saveBaseline(path, previous);
  else rmSync(path, { force: true });
}

function countsOf(result: RunResult): RunRecord['counts'] {
  const counts: RunRecord['counts'] = {};
  for (const { op } of result.plan?.operations ?? []) {
    const { entity, action } = OPERATION_KINDS[op.type];
    const perAction = ((counts[entity] ??= {})[action] ??= {});
    perAction.planned = (perAction.planned ?? 0) + 1;
  }
  for (const c of countOutcomes(result.outcomes ?? [])) {
    const perAction = ((counts[c.entity] ??= {})[c.action] ??= {});
    for (const [status, n] of Object.entries(c.statuses)) if (n > 0) perAction[status as keyof typeof perAction] = n;
  }
  return counts;
}
