/** The files a run leaves for the user: the JSON report and the annotated error files. */
import { existsSync } from 'node:fs';
import { copyFileReplacing } from '../json-file.js';
import type { OperationOutcome } from '../load/outcome.js';
import type { Operation } from '../model/operations.js';
import type { Plan } from '../plan/plan.js';
import { removeStaleErrorFiles, writeErrorFiles } from '../report/error-files.js';
import { writeReportOf, type ReportInput } from '../report/json.js';
import type { Issue } from '../model/issue.js';
import type { RunError } from '../errors.js';
import { listInputFiles } from '../sheets/read.js';
import { println, type AppIO } from './io.js';
import type { ImportOptions } from './options.js';
import { writePage, type PageSource } from './pages.js';
import { appOutputWords } from '../words/app-output.js';
import { reasonWording } from '../view/reason-text.js';

export interface ReportContext {
  options: ImportOptions;
  io: AppIO;
  startedAt: Date;
  /** Set once a plan is made: the plan or report page is written from it. */
  page?: PageSource;
  /** Summary fields every report of this run carries (the export guard's findings). */
  extraSummary?: Record<string, unknown>;
  /**
   * Keeps the run's record (its history) before the --report file is written; returns the file it wrote
   * the report to, whose bytes the --report file copies.
   */
  afterReport?: (report: ReportInput, error?: RunError) => Promise<string | undefined>;
}

export interface RunResult {
  exitCode: number;
  issues: Issue[];
  plan?: Operation[];
  /** The whole plan, for the report's dependencies, notes and deletion guard. */
  planned?: Plan;
  operations?: OperationOutcome[];
  summary?: Record<string, unknown>;
  /** Why the run was refused or failed: the report's `error`, the closing `--json` summary's, and its history record's. */
  error?: RunError;
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

export async function finishReports(ctx: ReportContext, result: RunResult): Promise<void> {
  ctx.io.events?.finished(result);
  try {
    await writeErrorFilesFor(ctx, result.issues);
  } catch (error) {
    println(ctx.io.stderr, appOutputWords().couldNotWriteErrorFile((error as Error).message));
  }
  const report: ReportInput = {
    exitCode: result.exitCode,
    issues: result.issues,
    command: ctx.options.command,
    files: ctx.options.files,
    startedAt: ctx.startedAt,
    finishedAt: new Date(),
    ...(result.plan ? { plan: result.plan } : {}),
    ...(result.planned ? { planned: result.planned } : {}),
    ...(result.operations ? { operations: result.operations } : {}),
    ...(result.summary || ctx.extraSummary ? { summary: { ...result.summary, ...ctx.extraSummary } } : {}),
    ...(result.error ? { error: result.error } : {}),
  };
  if (ctx.page) await writePage(ctx.options, ctx.io, ctx.page, report);
  // The history first (what undo needs must not wait for a slow --report pipe), then its report copied:
  // at 300,000 operations making the report again is a quarter of a minute and a few hundred megabytes.
  const kept = await ctx.afterReport?.(report, result.error);
  const path = ctx.options.report;
  if (!path) return;
  try {
    if (kept) await copyFileReplacing(kept, path);
    else await writeReportOf(path, report, reasonWording);
    println(ctx.io.stdout, appOutputWords().reportWritten(path));
  } catch (error) {
    // What was applied stays applied and the exit code says how it went; only the report is missing.
    println(ctx.io.stderr, appOutputWords().couldNotWriteReport(path, (error as Error).message));
  }
}
