/**
 * The main job and `plan`: validate → read the service → plan → show → confirm → apply → report; and an
 * undo's plan, shown and applied the same way. Each stage is called in order; none of them knows about
 * the others.
 */
import { EXIT, UsageError, type ExitCode } from '../errors.js';
import { hasErrors } from '../model/issue.js';
import { exportGuardText } from '../view/export-guard-text.js';
import { nameBook } from '../view/names.js';
import { deletionRefused, goAhead } from './applying.js';
import { withProfile } from './inputs.js';
import type { ImportOptions } from './options.js';
import { refuseOutputsOverInputs } from './output-paths.js';
import { savePlanIfAsked } from './plan-file.js';
import { makePlan, withPlan } from './planning.js';
import { connectRun, readServiceAndWorkbook } from './reading.js';
import { finishRun } from './reports.js';
import { checkExportAgainstLastRun, openRecord, recordingRefusals } from './run-record.js';
import type { RunView } from './run-view.js';
import { guardRefusal, invalidInput, Run, type ReadRun } from './run.js';
import { withSandboxRoot } from './sandbox-root.js';
import { howToConfigure, isServiceConfigured } from './service.js';

/** The main job (`command` run) and `plan` (same as --dry-run). `signal`: aborted to stop sending. */
export async function runImport(given: ImportOptions, view: RunView, signal?: AbortSignal): Promise<ExitCode> {
  await refuseOutputsOverInputs(given);
  const options = await withProfile(given);
  return importRun(new Run(options, view, signal));
}

/**
 * The main job of a run its front door made and keeps: the page's server reads the run's plan, its
 * validated workbook and the service's state from it after.
 */
export async function importRun(run: Run): Promise<ExitCode> {
  const { options, view } = run;
  if (!isServiceConfigured(options)) throw new UsageError(howToConfigure());
  const connected = await connectRun(run, await withSandboxRoot(options));
  try {
    const read = await readServiceAndWorkbook(connected, { planning: true });
    view.issues(read.validation.issues);
    if (hasErrors(read.validation.issues)) {
      view.notice({ kind: 'fix_errors_first' });
      return await finishRun(read, { exitCode: EXIT.validation, error: invalidInput(read.validation.issues) });
    }
    return await planAndApply(read);
  } finally {
    await connected.connection.close();
  }
}

/**
 * Plans the desired state against the service and applies it, the run kept in the history (not `plan`'s).
 * An undo (`run.undoing`) has no export for the export guard to check.
 */
export async function planAndApply(run: ReadRun): Promise<ExitCode> {
  const { options } = run;
  if (!run.undoing) run.findings = checkExportAgainstLastRun(options, run.connection.serviceKey, run.validation);
  if (options.command !== 'plan') await openRecord(run);
  return recordingRefusals(run, () => showAndApply(run));
}

async function showAndApply(read: ReadRun): Promise<ExitCode> {
  const made = makePlan(read);
  // An undo's operations carry its own reasons (undo_created, undo_changed … with the run id).
  const run = withPlan(read, made, read.undoing ? read.undoing.reasons(made.plan) : made.plan);
  const { options, view, findings } = run;
  const { plan } = run.planned;
  const exportRefused = findings.length > 0 && !options.acceptChanges;
  await view.plan(plan, {
    refused: exportRefused || deletionRefused(options, plan),
    allRows: Boolean(options.allRows),
    ...(run.undoing ? { undoes: run.undoing.runId } : {}),
    names: nameBook(run.validation.desired, run.planned.current.org),
  });
  const verdict = options.acceptChanges ? 'accepted' : options.command === 'plan' ? 'would_refuse' : 'refused';
  await view.exportGuard(findings, verdict);
  await savePlanIfAsked(run);
  return goAhead(run, exportRefused ? guardRefusal('export', exportGuardText(findings, verdict)) : undefined);
}
