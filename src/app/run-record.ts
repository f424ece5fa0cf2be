/**
 * What a run leaves in the state folder for the next ones: the export guard's baseline (after a run that
 * ended with exit 0) and the run's history record (for `history` and `undo`, src/history/). Called from the
 * apply path through small hooks; the guard's judgement itself is pure (`src/plan/export-guard.ts`).
 */
import { OrgsyncError, runErrorOf } from '../errors.js';
import { resolve } from 'node:path';
import { formatISO } from 'date-fns/formatISO';
import { checkExport, type GuardFinding } from '../plan/export-guard.js';
import { keepBaseline, lastRunPath, readBaseline, restoreBaseline } from '../history/baseline.js';
import { historyDir, recordCounts } from '../history/record.js';
import { RunRecording } from '../history/recording.js';
import { AbsenceLedger, FiredLedger, settleUnanswered } from '../load/ledger.js';
import { writeReportOf, type ReportInput } from '../report/json.js';
import type { ValidationResult } from '../validate/types.js';
import { describeFinding } from '../view/export-guard-text.js';
import { hashInputs } from './inputs.js';
import type { ImportOptions } from './options.js';
import { appOutputWords } from '../words/app-output.js';
import type { RunResult } from './run-result.js';
import type { ReadRun, Run } from './run.js';
import { journalPathOf, ledgerPathOf } from './state-paths.js';
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

/**
 * Opens the run's record (src/history/recording.ts) once it has read the service and its inputs: what
 * killed runs left in the journal is recorded first, and what they sent without reading the answer goes
 * into the ledgers as the service shows it now. The run gets its recording (the apply writes into it
 * before and after its writes) and its `keepRecord`: the report (and where, for --report to copy), the
 * run's final record in `history/RUN/`, and after a run that ended with exit 0 having applied its plan
 * (or found nothing to do), the export's summary as the guard's next baseline. A failure to write is
 * said, never fatal: what was applied stays applied.
 */
export async function openRecord(run: ReadRun): Promise<void> {
  const { options, view, savedPlan, undoing } = run;
  const serviceKey = run.connection.serviceKey;
  const before = run.serviceState.org;
  const filesHash = options.files.length > 0 ? await hashInputs(options.files).catch(() => null) : null;
  const recording = await RunRecording.open({
    stateDir: options.stateDir,
    journalPath: journalPathOf(options, serviceKey),
    journal: { serviceKey, workbookHash: filesHash ?? '', ...(savedPlan ? { plan: savedPlan.id } : {}) },
    startedAt: run.startedAt,
    before,
    header: {
      command: undoing ? 'undo' : savedPlan ? 'apply' : options.command === 'ui' ? 'ui' : 'run',
      ...(undoing ? { undoes: undoing.runId } : {}),
      ...(savedPlan ? { plan_file: savedPlan.file, ...(savedPlan.approved !== undefined ? { approved: savedPlan.approved } : {}) } : {}),
      ...(savedPlan ? { plan_id: savedPlan.id } : {}),
      files: options.files.map((f) => resolve(f)),
      workbook_hash: filesHash,
      service_key: serviceKey,
      export_guard: run.findings.map(describeFinding),
    },
  });
  if (recording.unanswered.length > 0) {
    const ledgers = {
      absences: AbsenceLedger.load(ledgerPathOf(options, serviceKey, 'absences')),
      fired: FiredLedger.load(ledgerPathOf(options, serviceKey, 'fired')),
    };
    const unanswered = recording.unanswered.map(({ op, sentOn, before: employee }) => ({
      op,
      on: formatISO(sentOn, { representation: 'date' }),
      ...(employee ? { before: employee } : {}),
    }));
    settleUnanswered(ledgers, unanswered, before.employees);
  }
  const unrecorded = (failure: Error) => view.notice({ kind: 'run_unrecorded', dir: historyDir(options.stateDir), why: failure.message });
  let recorded = false;
  run.recording = recording;
  run.keepRecord = async (result, report) => {
    if (recorded) return undefined;
    recorded = true;
    const outcomes = result.outcomes ?? [];
    const reportFile = await recording.finish({
      exitCode: result.exitCode,
      ...(result.error ? { error: result.error } : {}),
      // The outcomes are every operation of the plan (the held ones skipped); a run that applied nothing, its plan.
      counts: recordCounts(result.outcomes ?? result.plan?.operations ?? []),
      changed: outcomes.some((o) => o.status === 'done'),
      writeReport: (path) => writeReportOf(path, report, reasonWording),
    });
    const applied = result.exitCode === 0 && (outcomes.length > 0 || (result.plan?.operations.length ?? 0) === 0);
    try {
      if (reportFile && applied && !undoing) keepBaseline(options.stateDir, serviceKey, recording.id, run.validation);
      if (reportFile && applied && undoing) restoreBaseline(options.stateDir, serviceKey, undoing.runId);
    } catch (failure) {
      unrecorded(failure as Error);
    }
    const failure = recording.takeFailure();
    if (failure) unrecorded(failure);
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
