/**
 * `orgsync-import validate`, kept apart from run-import.ts so that an offline check loads the readers and
 * the validator only: no service client, loader, page or sandbox (the CLI loads each command's module when
 * it runs, src/cli/program.ts). With a service configured, the service side is loaded then.
 */
import { EXIT, type ExitCode, type RunError } from '../errors.js';
import { hasErrors, type Issue } from '../model/issue.js';
import { summariseIssues } from '../report/summary.js';
import type { ValidationResult } from '../validate/types.js';
import { appRunWords } from '../words/app-run.js';
import { describeValidation, readAndValidate, withProfile } from './inputs.js';
import { println, type AppIO } from './io.js';
import { isServiceConfigured, type ImportOptions } from './options.js';
import { refuseOutputsOverInputs } from './output-paths.js';
import { barProgress, lineProgress, phaseInRunLanguage, type Progress } from './progress.js';
import { finishReports, type ReportContext } from './reports.js';
import type { Connection } from './service.js';

export function progressFor(io: AppIO): Progress {
  return io.progress ?? (io.interactive ? barProgress(io.stderr) : lineProgress(io.stderr));
}

/** What a run is given at its start. What it learns later goes on to the reports as a `RunReporting`. */
export interface Context extends ReportContext {
  readonly progress: Progress;
}

export function printIssues(issues: Issue[], io: AppIO): void {
  if (issues.length === 0) return;
  for (const line of summariseIssues(issues, { colour: io.colour })) println(io.stdout, line);
}

/** `orgsync-import validate`: offline unless a service is configured. */
export async function runValidate(options: ImportOptions, io: AppIO): Promise<ExitCode> {
  await refuseOutputsOverInputs(options);
  options = await withProfile(options);
  const ctx: Context = { options, io, progress: progressFor(io), startedAt: new Date() };
  let connection: Connection | null = null;
  try {
    let validation: ValidationResult;
    if (isServiceConfigured(options)) {
      const [{ connect }, { withSandboxRoot }, { readServiceAndWorkbook }] = await Promise.all([
        import('./service.js'),
        import('./sandbox-root.js'),
        import('./run-import.js'),
      ]);
      connection = await connect(await withSandboxRoot(options), options.stateDir, (line) => println(io.stderr, line));
      validation = (await readServiceAndWorkbook(connection, ctx, { planning: false })).validation;
    } else {
      const reading = phaseInRunLanguage(ctx.progress, () => appRunWords().phaseReadingAndValidating);
      validation = await readAndValidate(options, { api: options.api });
      reading.end(describeValidation(validation));
    }
    printIssues(validation.issues, io);
    const exitCode = hasErrors(validation.issues) ? EXIT.validation : EXIT.ok;
    if (!connection) println(io.stdout, appRunWords().checkedOffline);
    await finishReports(ctx, {
      exitCode,
      issues: validation.issues,
      ...(exitCode === EXIT.ok ? {} : { error: invalidInput(validation.issues) }),
    });
    return exitCode;
  } finally {
    await connection?.close();
  }
}

/** Why the workbook was refused: its errors (exit 1). */
export function invalidInput(issues: readonly Issue[]): RunError {
  return { code: 'invalid_input', message: appRunWords().workbookErrors(issues.filter((i) => i.severity === 'error').length) };
}
