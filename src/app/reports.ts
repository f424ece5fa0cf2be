/** The files a run leaves for the user: the JSON report and the annotated error files. */
import { existsSync } from 'node:fs';
import { copyFileReplacing } from '../json-file.js';
import { removeStaleErrorFiles, writeErrorFiles } from '../report/error-files.js';
import type { ReportInput } from '../report/json.js';
import type { Issue } from '../model/issue.js';
import { listInputFiles } from '../sheets/read.js';
import { println, type AppIO } from './io.js';
import type { ImportOptions } from './options.js';
import type { PageSource } from './pages.js';
import { reportInputOf, type RunResult, type RunSummary } from './run-result.js';
import { appOutputWords } from '../words/app-output.js';
import type { RunRecording } from '../history/recording.js';

/** What a run knows from its start; nothing is added to it later. */
export interface ReportContext {
  readonly options: ImportOptions;
  readonly io: AppIO;
  readonly startedAt: Date;
}

/**
 * Keeps the run's record (its history) before the --report file is written; returns the file it wrote
 * the report to, whose bytes the --report file copies.
 */
export type KeepRecord = (result: RunResult, report: ReportInput) => Promise<string | undefined>;

/**
 * What the reports of a run carry besides its result, learnt as the run goes on (none of it at its start):
 * each stage that learns a part passes it on to the reports that follow.
 */
export interface RunReporting {
  /** Once a plan is made: the plan or report page is written from it. */
  readonly page?: PageSource;
  /** Summary fields every report of the run carries from then on. */
  readonly summary?: RunSummary;
  /** From the moment the run has its history id (not for `plan`). */
  readonly keepRecord?: KeepRecord;
  /** The run's record as it goes (src/history/recording.ts): the apply writes into it before and after its writes. */
  readonly recording?: RunRecording;
}

async function writeErrorFilesFor(ctx: ReportContext, issues: Issue[]): Promise<void> {
  // The inputs were read already; a path gone since then has no copy to write.
  const inputs = (await listInputFiles(ctx.options.files).catch((): string[] => [])).filter((f) => existsSync(f));
  const written = await writeErrorFiles(issues, {
    inputs,
    ...(ctx.options.errorsOut !== undefined ? { errorsOut: ctx.options.errorsOut } : {}),
    ...(ctx.options.encoding !== undefined ? { encoding: ctx.options.encoding } : {}),
  });
  for (const out of written) println(ctx.io.stdout, appOutputWords().markedUpCopy(out));
  for (const old of await removeStaleErrorFiles(issues, { inputs })) {
    println(ctx.io.stdout, appOutputWords().staleErrorFileRemoved(old));
  }
}

export async function finishReports(ctx: ReportContext, result: RunResult, reporting: RunReporting = {}): Promise<void> {
  ctx.io.events?.finished(result);
  try {
    await writeErrorFilesFor(ctx, result.issues);
  } catch (error) {
    println(ctx.io.stderr, appOutputWords().couldNotWriteErrorFile((error as Error).message));
  }
  // A run that writes no page, keeps no record and was asked for no --report (an offline validate) is done.
  if (!reporting.page && !reporting.keepRecord && !ctx.options.report) return;
  const report: ReportInput = {
    ...reportInputOf(result, reporting.summary),
    command: ctx.options.command,
    files: ctx.options.files,
    startedAt: ctx.startedAt,
    finishedAt: new Date(),
  };
  if (reporting.page) {
    // The page (and its renderer) is loaded only by a run that writes one: `validate` never does.
    const { writePage } = await import('./pages.js');
    await writePage(ctx.options, ctx.io, reporting.page, result, report);
  }
  // The history first (what undo needs must not wait for a slow --report pipe), then its report copied:
  // at 300,000 operations making the report again is a quarter of a minute and a few hundred megabytes.
  const kept = await reporting.keepRecord?.(result, report);
  const path = ctx.options.report;
  if (!path) return;
  try {
    if (kept) await copyFileReplacing(kept, path);
    else await writeReport(path, report);
    println(ctx.io.stdout, appOutputWords().reportWritten(path));
  } catch (error) {
    // What was applied stays applied and the exit code says how it went; only the report is missing.
    println(ctx.io.stderr, appOutputWords().couldNotWriteReport(path, (error as Error).message));
  }
}

/** The --report file made from the run (the report code, and the words of its reasons, loaded only for it). */
async function writeReport(path: string, report: ReportInput): Promise<void> {
  const [{ writeReportOf }, { reasonWording }] = await Promise.all([import('../report/json.js'), import('../view/reason-text.js')]);
  await writeReportOf(path, report, reasonWording);
}
