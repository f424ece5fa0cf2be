/** The files a run leaves for the user: the JSON report and the annotated error files. */
import { resolve } from 'node:path';
import { existsSync } from 'node:fs';
import type { OperationOutcome } from '../load/outcome.js';
import { DESCRIBE, operationId, type Operation } from '../plan/operations.js';
import { errorFileFormat, errorFilePath } from '../report/error-file-path.js';
import { writeErrorCsv } from '../report/error-csv.js';
import { issuesForFile } from '../report/issues-for-file.js';
import { buildReport, writeReport } from '../report/json.js';
import type { Issue } from '../validate/issue.js';
import { inputFiles } from './inputs.js';
import { println, type AppIO } from './io.js';
import type { ImportOptions } from './options.js';

interface ReportContext {
  options: ImportOptions;
  io: AppIO;
  startedAt: Date;
}

export interface RunResult {
  exitCode: number;
  issues: Issue[];
  plan?: Operation[];
  operations?: OperationOutcome[];
  summary?: Record<string, unknown>;
}

/** Rows the service refused while applying, as issues at the row they came from. */
export function rejectionIssues(outcomes: OperationOutcome[]): Issue[] {
  return outcomes
    .filter((o) => o.status === 'failed')
    .map((o) => {
      const d = DESCRIBE[o.op.type];
      const source = o.op.source;
      return {
        severity: 'error' as const,
        code: 'rejected' as const,
        sheet: source?.sheet ?? null,
        sheetName: source?.sheetName ?? null,
        file: source?.file ?? null,
        row: source?.row ?? null,
        column: null,
        header: null,
        message: `The service refused to ${d.action.replace('_', ' ')} ${d.entity} ${operationId(o.op)}: ${o.message ?? 'no answer'}${o.statusCode ? ` (HTTP ${o.statusCode})` : ''}.`,
        value: null,
      };
    });
}

async function writeErrorFiles(ctx: ReportContext, issues: Issue[]): Promise<void> {
  const errors = issues.filter((i) => i.severity === 'error');
  if (errors.length === 0) return;
  const files = inputFiles(ctx.options.files).filter((f) => existsSync(f) && /\.(xlsx|csv)$/i.test(f));
  for (const [index, file] of files.entries()) {
    const own = issuesForFile(file, issues, index === 0);
    if (!own.some((i) => i.severity === 'error')) continue;
    const override = files.length === 1 ? ctx.options.errorsOut : undefined;
    const out = errorFilePath(file, override);
    if (resolve(out) === resolve(file)) continue; // never overwrite the user's input
    if (errorFileFormat(file) === 'xlsx') {
      const { writeErrorWorkbook } = await import('../report/error-workbook.js');
      await writeErrorWorkbook(file, own, out);
    }
    else await writeErrorCsv(file, own, out);
    println(ctx.io.stdout, `Marked-up copy with every problem: ${out}`);
  }
}

export async function finishReports(ctx: ReportContext, result: RunResult): Promise<void> {
  try {
    await writeErrorFiles(ctx, result.issues);
  } catch (error) {
    println(ctx.io.stderr, `Could not write the error file: ${(error as Error).message}`);
  }
  if (!ctx.options.report) return;
  const report = buildReport({
    exitCode: result.exitCode,
    issues: result.issues,
    command: ctx.options.command,
    files: ctx.options.files,
    startedAt: ctx.startedAt,
    finishedAt: new Date(),
    ...(result.plan ? { plan: result.plan } : {}),
    ...(result.operations ? { operations: result.operations } : {}),
    ...(result.summary ? { summary: result.summary } : {}),
  });
  try {
    await writeReport(ctx.options.report, report);
    println(ctx.io.stdout, `Report written to ${ctx.options.report}`);
  } catch (error) {
    // What was applied stays applied and the exit code says how it went; only the report is missing.
    println(ctx.io.stderr, `Could not write the report ${ctx.options.report}: ${(error as Error).message}`);
  }
}
