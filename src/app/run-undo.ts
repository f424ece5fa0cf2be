/**
 * `orgsync-import undo RUN`: plans the inverse of a finished run from its record (the entities it touched
 * as they were before it, the operations it carried out) against the service as it is now, and applies it
 * through the main job's path: the same plan shown, confirmation (or --yes) and deletion guard.
 */
import { EXIT, UsageError, type ExitCode } from '../errors.js';
import { listRuns, readRun } from '../history/record.js';
import { recordKilledRuns } from '../history/recording.js';
import { doneForUndo, readUndoData } from '../history/undo-data.js';
import { OPERATION_KINDS } from '../model/operations.js';
import { reasonParams } from '../model/reasons.js';
import type { Plan } from '../plan/plan.js';
import { undoDesired, undoReasons } from '../plan/undo.js';
import type { ValidationResult } from '../validate/types.js';
import type { ImportOptions } from './options.js';
import { planAndApply } from './run-import.js';
import type { RunView } from './run-view.js';
import { connectRun, readService } from './reading.js';
import { Run } from './run.js';
import { howToConfigure, isServiceConfigured } from './service.js';
import { appRunWords } from '../words/app-run.js';
import { notUndoneText } from '../view/reason-text.js';

export async function runUndo(given: ImportOptions, runId: string, view: RunView, signal?: AbortSignal): Promise<ExitCode> {
  // The run's creations and pruned removals are removals here: only what the undo plans is removed.
  return undoRun(new Run({ ...given, files: [], prune: true }, view, signal), runId);
}

/** `undo RUN` as a run its front door made and keeps (the page's server reads its plan from it after). */
export async function undoRun(made: Run, runId: string): Promise<ExitCode> {
  const { options, view } = made;
  // A run killed before it recorded its end is recorded from its journal first: it can be undone.
  await recordKilledRuns(options.stateDir, options.journal !== undefined ? [options.journal] : []);
  const record = readRun(options.stateDir, runId);
  if (!record) throw new UsageError(appRunWords().noSuchRun(runId, options.stateDir));
  const data = readUndoData(options.stateDir, runId);
  if (!record.undoable || !data) {
    view.notice({ kind: 'nothing_to_undo', runId });
    return EXIT.ok;
  }
  if (!isServiceConfigured(options)) throw new UsageError(howToConfigure());
  const run = await connectRun(made);
  try {
    if (run.connection.serviceKey !== record.service_key) {
      throw new UsageError(appRunWords().undoOtherService(runId));
    }
    const later = listRuns(options.stateDir).filter((r) => r.id > runId && r.service_key === record.service_key && r.undoable);
    if (later.length > 0) view.notice({ kind: 'later_runs', runIds: later.map((r) => r.id), runId });
    view.progress.phase(appRunWords().phaseReadingService, null);
    const current = await readService(run.connection, {});
    view.progress.end();
    // An answer a killed run never read may have been done: undo sets back what it would have changed.
    const done = data.operations.filter((o) => doneForUndo(o.status)).map((o) => o.op);
    // Later runs' renames: what the undone run touched is found under the id it has now.
    const laterRenames = later.flatMap(
      (r) =>
        readUndoData(options.stateDir, r.id)?.operations.flatMap((o) => (doneForUndo(o.status) && 'fromId' in o.op ? [o.op] : [])) ?? [],
    );
    const undone = undoDesired(current.org, data.before, done, laterRenames);
    const { desired } = undone;
    const notUndone = undone.notUndone.map((item) => ({ code: item.code, params: reasonParams(item), message: notUndoneText(item) }));
    // A person changed is one, whether the run changed their user, their employments or both.
    const people = new Set([...data.before.users.map((u) => u.id), ...data.before.employees.map((e) => e.userId)]).size;
    const units = data.before.departments.length + data.before.teams.length;
    const created = done.some((op) => OPERATION_KINDS[op.type].action === 'create');
    view.notice({ kind: 'undoing', runId, startedAt: record.started_at, changed: { people, units }, created });
    for (const { message } of notUndone) view.notice({ kind: 'cannot_be_undone', what: message });
    const managed = { employees: true, organisation: true, absence: false, delegations: run.connection.adapter.capabilities.delegations };
    const validation: ValidationResult = { desired, managed, issues: [], sheetsSeen: [] };
    return await planAndApply(
      Object.assign(run, {
        serviceState: current,
        validation,
        undoing: { runId, notUndone, reasons: (plan: Plan) => undoReasons(plan, runId, undone) },
      }),
    );
  } finally {
    await run.connection.close();
  }
}
