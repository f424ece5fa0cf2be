/** The files a run leaves for the user: the JSON report and the annotated error files. */
import { existsSync } from 'node:fs';
import type { OperationOutcome } from '../load/outcome.js';
import { DESCRIBE, operationId, type Operation } from '../plan/operations.js';
import { writeErrorFiles } from '../report/error-files.js';
import { writeReportOf } from '../report/json.js';
import type { Issue } from '../validate/issue.js';
import { listInputFiles } from '../sheets/read.js';
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

async function writeErrorFilesFor(ctx: ReportContext, issues: Issue[]): Promise<void> {
  // The inputs were read already; a path gone since then has no copy to write.
  const inputs = (await listInputFiles(ctx.options.files).catch((): string[] => [])).filter((f) => existsSync(f));
  const written = await writeErrorFiles(issues, {
    inputs,
    ...(ctx.options.errorsOut !== undefined ? { errorsOut: ctx.options.errorsOut } : {}),
    ...(ctx.options.encoding !== undefined ? { encoding: ctx.options.encoding } : {}),
  });
  for (const out of written) println(ctx.io.stdout, `Marked-up copy with every problem: ${out}`);
}

export async function finishReports(ctx: ReportContext, result: RunResult): Promise<void> {
  try {
    await writeErrorFilesFor(ctx, result.issues);
  } catch (error) {
    println(ctx.io.stderr, `Could not write the error file: ${(error as Error).message}`);
  }
  if (!ctx.options.report) return;
  const report = {
    exitCode: result.exitCode,
    issues: result.issues,
    command: ctx.options.command,
    files: ctx.options.files,
    startedAt: ctx.startedAt,
    finishedAt: new Date(),
    ...(result.plan ? { plan: result.plan } : {}),
    ...(result.operations ? { operations: result.operations } : {}),
    ...(result.summary ? { summary: result.summary } : {}),
  };
  try {
    await writeReportOf(ctx.options.report, report);
    println(ctx.io.stdout, `Report written to ${ctx.options.report}`);
  } catch (error) {
    // What was applied stays applied and the exit code says how it went; only the report is missing.
    println(ctx.io.stderr, `Could not write the report ${ctx.options.report}: ${(error as Error).message}`);
  }
}
