/** The files a run leaves for the user: the JSON report and the annotated error files. */
import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { OperationOutcome } from '../load/outcome.js';
import type { Operation } from '../model/operations.js';
import type { Plan } from '../plan/plan.js';
import { removeStaleErrorFiles, writeErrorFiles } from '../report/error-files.js';
import { writeReportOf, type ReportInput } from '../report/json.js';
import type { Issue } from '../model/issue.js';
import { listInputFiles } from '../sheets/read.js';
import { println, type AppIO } from './io.js';
import type { ImportOptions } from './options.js';
import { writePage, type PageSource } from './pages.js';
import { appOutputWords } from '../words/app-output.js';

export interface ReportContext {
  options: ImportOptions;
  io: AppIO;
  startedAt: Date;
  /** Set once a plan is made: the plan or report page is written from it. */
  page?: PageSource;
  /** Summary fields every report of this run carries (the export guard's findings). */
  extraSummary?: Record<string, unknown>;
  /**
   * Called with the report's content once it is written (the run's history record); `written`: the
   * regular file the report was written to (--report), whose bytes are the same.
   */
  afterReport?: (report: ReportInput, written?: string) => Promise<void>;
}

export interface RunResult {
  exitCode: number;
  issues: Issue[];
  plan?: Operation[];
  /** The whole plan, for the report's dependencies, notes and deletion guard. */
  planned?: Plan;
  operations?: OperationOutcome[];
  summary?: Record<string, unknown>;
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
  };
  if (ctx.page) await writePage(ctx.options, ctx.io, ctx.page, report);
  const written = await writeReportFile(ctx, report);
  await ctx.afterReport?.(report, written);
}

/** The --report file; returns its path when it is a regular file that now holds the whole report. */
async function writeReportFile(ctx: ReportContext, report: ReportInput): Promise<string | undefined> {
  const path = ctx.options.report;
  if (!path) return undefined;
  try {
    await writeReportOf(path, report);
    println(ctx.io.stdout, appOutputWords().reportWritten(path));
    return (await stat(path)).isFile() ? path : undefined;
  } catch (error) {
    // What was applied stays applied and the exit code says how it went; only the report is missing.
    println(ctx.io.stderr, appOutputWords().couldNotWriteReport(path, (error as Error).message));
    return undefined;
  }
}
