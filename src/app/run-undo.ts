/**
 * `orgsync-import undo RUN`: plans the inverse of a finished run from its record (the entities it touched
 * as they were before it, the operations it carried out) against the service as it is now, and applies it
 * through the main job's path: the same plan shown, confirmation (or --yes) and deletion guard.
 */
import { EXIT, UsageError, type ExitCode } from '../errors.js';
import { listRuns, readRun } from '../history/record.js';
import { recordKilledRuns } from '../history/recording.js';
import { doneForUndo, readUndoData } from '../history/undo-data.js';
import { undoDesired, undoReasons } from '../plan/undo.js';
import { reasonParams } from '../model/reasons.js';
import { println, type AppIO } from './io.js';
import type { ImportOptions } from './options.js';
import { planAndApply, progressFor, readService, type Context } from './run-import.js';
import { connect, howToConfigure, isServiceConfigured } from './service.js';
import { appRunWords } from '../words/app-run.js';
import { notUndoneText } from '../view/reason-text.js';

export async function runUndo(given: ImportOptions, runId: string, io: AppIO): Promise<ExitCode> {
  // The run's creations and pruned removals are removals here: only what the undo plans is removed.
  const options: ImportOptions = { ...given, files: [], prune: true };
  // A run killed before it recorded its end is recorded from its journal first: it can be undone.
  await recordKilledRuns(options.stateDir, options.journal !== undefined ? [options.journal] : []);
  const record = readRun(options.stateDir, runId);
  if (!record) throw new UsageError(appRunWords().noSuchRun(runId, options.stateDir));
  const data = readUndoData(options.stateDir, runId);
  if (!record.undoable || !data) {
    println(io.stdout, appRunWords().nothingToUndo(runId));
    return EXIT.ok;
  }
  if (!isServiceConfigured(options)) throw new UsageError(howToConfigure());
  const ctx: Context = { options, io, progress: progressFor(io), startedAt: new Date() };
  const connection = await connect(options, options.stateDir, (line) => println(io.stderr, line));
  try {
    if (connection.serviceKey !== record.service_key) {
      throw new UsageError(appRunWords().undoOtherService(runId));
    }
    const later = listRuns(options.stateDir).filter((r) => r.id > runId && r.service_key === record.service_key && r.undoable);
    if (later.length > 0) {
      println(io.stdout, appRunWords().laterRuns(later.length, later.map((r) => r.id).join(', '), runId));
    }
    ctx.progress.phase(appRunWords().phaseReadingService, null);
    const current = await readService(connection, {});
    ctx.progress.end();
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
    const entities = data.before.employees.length + data.before.departments.length + data.before.teams.length;
    println(io.stdout, appRunWords().undoing(runId, record.started_at, entities));
    for (const { message } of notUndone) println(io.stdout, appRunWords().cannotBeUndone(message));
    const managed = { employees: true, organisation: true, absence: false, delegations: connection.adapter.capabilities.delegations };
    return await planAndApply(
      ctx,
      connection,
      current,
      { desired, managed, issues: [], sheetsSeen: [] },
      {
        runId,
        notUndone,
        reasons: (plan) => undoReasons(plan, runId, undone),
      },
    );
  } finally {
    await connection.close();
  }
}
