/** The files a run leaves for the user: the JSON report and the annotated error files. */
import { existsSync } from 'node:fs';
import type { OperationOutcome } from '../load/outcome.js';
import { DESCRIBE, operationId, type Operation } from '../model/operations.js';
import { removeStaleErrorFiles, writeErrorFiles } from '../report/error-files.js';
import { buildReport, writeReport } from '../report/json.js';
import type { Issue } from '../model/issue.js';
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

/** A failure the row cannot be blamed for: the service was unavailable, unreachable or refused the credentials. */
export function isTransientFailure(outcome: OperationOutcome): boolean {
  return outcome.status === 'failed' && (outcome.failure === 'unavailable' || outcome.failure === 'unknown_outcome' || outcome.failure === 'auth');
}

/**
 * Rows the service refused while applying, as issues at the row they came from. Operations the service
 * could not carry out for now (503, 429, 500, a lost connection, 401) are not the row's fault: they go
 * into one warning of the whole run, never into the file beside the input.
 */
export function rejectionIssues(outcomes: OperationOutcome[]): Issue[] {
  const transient = outcomes.filter(isTransientFailure);
  const issues: Issue[] = outcomes
    .filter((o) => o.status === 'failed' && !isTransientFailure(o))
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
        message:
          o.failure === 'answer_differs'
            ? `The service accepted the ${d.entity} ${operationId(o.op)} but kept other dates: ${o.message}.`
            : `The service refused to ${d.action.replace('_', ' ')} ${d.entity} ${operationId(o.op)}: ${o.message ?? 'no answer'}${o.statusCode ? ` (HTTP ${o.statusCode})` : ''}.`,
        value: null,
      };
    });
  if (transient.length > 0) {
    const first = transient[0]!;
    issues.push({
      severity: 'warning' as const,
      code: 'rejected' as const,
      sheet: null,
      sheetName: null,
      file: null,
      row: null,
      column: null,
      header: null,
      message: `${transient.length} operation${transient.length === 1 ? '' : 's'} could not be carried out because of the service, not the workbook (first: ${first.message ?? 'no answer'}). Nothing is wrong with those rows: run the same command again to finish.`,
      value: null,
    });
  }
  return issues;
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
  for (const old of await removeStaleErrorFiles(issues, { inputs })) {
    println(ctx.io.stdout, `Removed ${old}, left by an earlier run: its file has no errors now.`);
  }
}

export async function finishReports(ctx: ReportContext, result: RunResult): Promise<void> {
  try {
    await writeErrorFilesFor(ctx, result.issues);
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
