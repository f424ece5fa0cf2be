/**
 * What a run leaves in the state folder for the next ones: the export guard's baseline (after a run that
 * ended with exit 0) and the run's history record (for `history` and `undo`, src/history/). Called from the
 * apply path through small hooks; the guard's judgement itself is pure (`src/plan/export-guard.ts`).
 */
import { OrgsyncError, runErrorOf } from '../errors.js';
import { join, resolve } from 'node:path';
import { formatISO } from 'date-fns/formatISO';
import { checkExport, type GuardFinding } from '../plan/export-guard.js';
import { keepBaseline, lastRunPath, readBaseline, restoreBaseline } from '../history/baseline.js';
import { historyDir, recordCounts } from '../history/record.js';
import { RunRecording } from '../history/recording.js';
import { AbsenceLedger, FiredLedger, settleUnanswered } from '../load/ledger.js';
import { writeReportOf, type ReportInput } from '../report/json.js';
import type { Organisation } from '../model/organisation.js';
import type { ValidationResult } from '../validate/types.js';
import { describeFinding } from '../view/export-guard-text.js';
import { hashInputs } from './inputs.js';
import { println, type AppIO } from './io.js';
import type { ImportOptions } from './options.js';
import { appOutputWords } from '../words/app-output.js';
import type { KeepRecord, ReportContext } from './reports.js';
import type { RunResult } from './run-result.js';
import { reasonWording } from '../view/reason-text.js';

/** The progress journal of a service (cli.md "Where things are kept"; `--journal` chooses another). */
export function journalPathOf(options: ImportOptions, serviceKey: string): string {
  return options.journal ?? join(options.stateDir, 'journal', `${serviceKey}.jsonl`);
}

/** A ledger of a service: what it confirmed and cannot show back (src/load/ledger.ts). */
export function ledgerPathOf(options: ImportOptions, serviceKey: string, kind: 'absences' | 'fired'): string {
  return join(options.stateDir, kind, `${serviceKey}.jsonl`);
}

/** The export against the last successful run's (none on the first run against a service). */
export function checkExportAgainstLastRun(options: ImportOptions, serviceKey: string, validation: ValidationResult): GuardFinding[] {
  const path = lastRunPath(options.stateDir, serviceKey);
  const baseline = readBaseline(path);
  if (baseline === 'unreadable' && !options.acceptChanges) {
    throw new OrgsyncError('config', appOutputWords().baselineUnreadable(path));
  }
  return checkExport(typeof baseline === 'string' ? null : baseline, validation.desired, validation.managed, options.guardLimits ?? {});
}

/** The report's `summary.export_guard`: whether the guard refused the run, or its findings were accepted. */
export interface ExportGuardSummary {
  refused: boolean;
  accepted: boolean;
  findings: (GuardFinding & { message: string })[];
}

export function exportGuardSummary(findings: readonly GuardFinding[], accepted: boolean): ExportGuardSummary {
  return {
    refused: findings.length > 0 && !accepted,
    accepted: findings.length > 0 && accepted,
    findings: findings.map((f) => ({ ...f, message: describeFinding(f) })),
  };
}

export interface RunToRecord {
  options: ImportOptions;
  io: AppIO;
  startedAt: Date;
  serviceKey: string;
  /** The service as read before planning: the "before" of what the run touches. */
  before: Organisation;
  /** The validated export; absent for an undo (its desired state is no export). */
  validation?: ValidationResult;
  undoes?: string;
  /** `apply plan.json`: the plan file as given, and how many held removals `--approve` approved, and the plan's id. */
  apply?: { planFile: string; approved?: number; planId?: string };
  findings: readonly GuardFinding[];
}

/** A run's record (src/history/recording.ts), opened when the run has read the service and its inputs. */
export interface Recorded {
  recording: RunRecording;
  keepRecord: KeepRecord;
}

/**
 * Opens the run's record: what killed runs left in the journal is recorded first, and what they sent
 * without reading the answer goes into the ledgers as the service shows it now. Returns the record and the
 * run's `keepRecord`: the report (and where, for --report to copy), the run's final record in
 * `history/RUN/`, and after a run that ended with exit 0 having applied its plan (or found nothing to do),
 * the export's summary as the guard's next baseline. A failure to write is said, never fatal: what was
 * applied stays applied.
 */
export async function openRecord(run: RunToRecord): Promise<Recorded> {
  const { options, io } = run;
  const journalPath = journalPathOf(options, run.serviceKey);
  const filesHash = options.files.length > 0 ? await hashInputs(options.files).catch(() => null) : null;
  const recording = await RunRecording.open({
    stateDir: options.stateDir,
    journalPath,
    journal: {
      serviceKey: run.serviceKey,
      workbookHash: filesHash ?? '',
      ...(run.apply?.planId !== undefined ? { plan: run.apply.planId } : {}),
    },
    startedAt: run.startedAt,
    before: run.before,
    header: {
      command: run.undoes !== undefined ? 'undo' : run.apply ? 'apply' : 'run',
      ...(run.undoes !== undefined ? { undoes: run.undoes } : {}),
      ...(run.apply
        ? { plan_file: run.apply.planFile, ...(run.apply.approved !== undefined ? { approved: run.apply.approved } : {}) }
        : {}),
      files: options.files.map((f) => resolve(f)),
      workbook_hash: filesHash,
      service_key: run.serviceKey,
      export_guard: run.findings.map(describeFinding),
    },
  });
  if (recording.unanswered.length > 0) {
    const ledgers = {
      absences: AbsenceLedger.load(ledgerPathOf(options, run.serviceKey, 'absences')),
      fired: FiredLedger.load(ledgerPathOf(options, run.serviceKey, 'fired')),
    };
    const unanswered = recording.unanswered.map(({ op, sentOn, before }) => ({
      op,
      on: formatISO(sentOn, { representation: 'date' }),
      ...(before ? { before } : {}),
    }));
    settleUnanswered(ledgers, unanswered, run.before.employees);
  }
  let recorded = false;
  const keepRecord: KeepRecord = async (result, report) => {
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
      if (reportFile && applied && run.validation) keepBaseline(options.stateDir, run.serviceKey, recording.id, run.validation);
      if (reportFile && applied && run.undoes !== undefined) restoreBaseline(options.stateDir, run.serviceKey, run.undoes);
    } catch (failure) {
      println(io.stderr, appOutputWords().couldNotRecordRun(historyDir(options.stateDir), (failure as Error).message));
    }
    const failure = recording.takeFailure();
    if (failure) println(io.stderr, appOutputWords().couldNotRecordRun(historyDir(options.stateDir), failure.message));
    return reportFile;
  };
  return { recording, keepRecord };
}

/**
 * Runs what follows a run's claim of its history id; when it ends by an error of the importer (the journal
 * held by another run, a stale plan) the run is kept in the history as refused, with the error's code (the
 * one the `--json` summary's `error` has) and its reason, before the error goes on to the CLI.
 */
export async function recordingRefusals<T>(ctx: ReportContext, keepRecord: KeepRecord | undefined, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof OrgsyncError && keepRecord) {
      const { options, startedAt } = ctx;
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
