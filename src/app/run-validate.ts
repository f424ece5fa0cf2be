/**
 * `orgsync-import validate`, kept apart from run-import.ts so that an offline check loads the readers and
 * the validator only: no service client, loader, page or sandbox (the CLI loads each command's module when
 * it runs, src/cli/program.ts). With a service configured, the service side is loaded then.
 */
import { EXIT, type ExitCode } from '../errors.js';
import { hasErrors } from '../model/issue.js';
import type { ValidationResult } from '../validate/types.js';
import { appRunWords } from '../words/app-run.js';
import { describeValidation, readAndValidate, withProfile } from './inputs.js';
import { isServiceConfigured, type ImportOptions } from './options.js';
import { refuseOutputsOverInputs } from './output-paths.js';
import { phaseInRunLanguage } from './progress.js';
import { finishRun } from './reports.js';
import type { RunView } from './run-view.js';
import { invalidInput, Run, type ConnectedRun } from './run.js';

/** `orgsync-import validate`: offline unless a service is configured. */
export async function runValidate(given: ImportOptions, view: RunView): Promise<ExitCode> {
  await refuseOutputsOverInputs(given);
  const options = await withProfile(given);
  const run = new Run(options, view);
  let connected: ConnectedRun | null = null;
  let validation: ValidationResult;
  try {
    if (isServiceConfigured(options)) {
      const [{ withSandboxRoot }, { connectRun, readServiceAndWorkbook }] = await Promise.all([
        import('./sandbox-root.js'),
        import('./reading.js'),
      ]);
      connected = await connectRun(run, await withSandboxRoot(options));
      validation = (await readServiceAndWorkbook(connected, { planning: false })).validation;
    } else {
      const reading = phaseInRunLanguage(view.progress, () => appRunWords().phaseReadingAndValidating);
      validation = run.validation = await readAndValidate(options, { api: options.api });
      reading.end(describeValidation(validation));
    }
    const { issues } = validation;
    view.issues(issues);
    const exitCode = hasErrors(issues) ? EXIT.validation : EXIT.ok;
    if (!connected) view.notice({ kind: 'checked_offline' });
    return await finishRun(run, { exitCode, ...(exitCode === EXIT.ok ? {} : { error: invalidInput(issues) }) });
  } finally {
    await connected?.connection.close();
  }
}
