/** The files a run leaves for the user when it ends: the error files, its page, its history record, the JSON report. */
import { existsSync } from 'node:fs';
import type { ExitCode } from '../errors.js';
import { copyFileReplacing } from '../json-file.js';
import { removeStaleErrorFiles, writeErrorFiles } from '../report/error-files.js';
import type { ReportInput } from '../report/json.js';
import type { Issue } from '../model/issue.js';
import { listInputFiles } from '../sheets/read.js';
import type { PageSource } from './pages.js';
import { reportInputOf } from './run-result.js';
import { resultOf, type Run, type RunEnding } from './run.js';

async function writeErrorFilesFor(run: Run, issues: Issue[]): Promise<void> {
  const { options, view } = run;
  // The inputs were read already; a path gone since then has no copy to write.
  const inputs = (await listInputFiles(options.files).catch((): string[] => [])).filter((f) => existsSync(f));
  const written = await writeErrorFiles(issues, {
    inputs,
    ...(options.errorsOut !== undefined ? { errorsOut: options.errorsOut } : {}),
    ...(options.encoding !== undefined ? { encoding: options.encoding } : {}),
  });
  for (const path of written) view.notice({ kind: 'marked_up_copy', path });
  for (const path of await removeStaleErrorFiles(issues, { inputs })) view.notice({ kind: 'stale_error_file_removed', path });
}

/**
 * The page a run writes, once it has a plan: the workbook's organisation and the service's before it.
 * `apply plan.json` writes none (its plan's page was written when it was made).
 */
function pageSourceOf(run: Run): PageSource | undefined {
  const { planned, validation } = run;
  if (!planned || !validation || run.savedPlan) return undefined;
  return { desired: validation.desired, current: planned.current, proposedRenames: validation.proposedRenames ?? [] };
}

/** Ends the run: its result shown, and the files it leaves written. Returns its exit code. */
export async function finishRun(run: Run, ending: RunEnding): Promise<ExitCode> {
  const { options, view } = run;
  const result = resultOf(run, ending);
  view.finished(result);
  try {
    await writeErrorFilesFor(run, result.issues);
  } catch (error) {
    view.notice({ kind: 'error_file_unwritable', why: (error as Error).message });
  }
  const page = pageSourceOf(run);
  // A run that writes no page, keeps no record and was asked for no --report (an offline validate) is done.
  if (!page && !run.keepRecord && !options.report) return ending.exitCode;
  const { runSummaryOf } = await import('./run-summary.js');
  const report: ReportInput = {
    ...reportInputOf(result, runSummaryOf(run)),
    command: options.command,
    files: options.files,
    startedAt: run.startedAt,
    finishedAt: new Date(),
  };
  if (page) {
    // The page (and its renderer) is loaded only by a run that writes one: `validate` never does.
    const { writePage } = await import('./pages.js');
    await writePage(run, page, result, report);
  }
  // The history first (what undo needs must not wait for a slow --report pipe), then its report copied:
  // at 300,000 operations making the report again is a quarter of a minute and a few hundred megabytes.
  const kept = await run.keepRecord?.(result, report);
  const path = options.report;
  if (!path) return ending.exitCode;
  try {
    if (kept) await copyFileReplacing(kept, path);
    else await writeReport(path, report);
    view.notice({ kind: 'report_written', path });
  } catch (error) {
    // What was applied stays applied and the exit code says how it went; only the report is missing.
    view.notice({ kind: 'report_unwritable', path, why: (error as Error).message });
  }
  return ending.exitCode;
}

/** The --report file made from the run (the report code, and the words of its reasons, loaded only for it). */
async function writeReport(path: string, report: ReportInput): Promise<void> {
  const [{ writeReportOf }, { reasonWording }] = await Promise.all([import('../report/json.js'), import('../view/reason-text.js')]);
  await writeReportOf(path, report, reasonWording);
}
