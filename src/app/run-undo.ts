/**
 * `orgsync-import undo RUN`: plans the inverse of a finished run from its record (the entities it touched
 * as they were before it, the operations it carried out) against the service as it is now, and applies it
 * through the main job's path: the same plan shown, confirmation (or --yes) and deletion guard.
 */
import { EXIT, UsageError, type ExitCode } from '../errors.js';
import { listRuns, readRun, readUndoData } from '../load/history.js';
import { undoDesired } from '../plan/undo.js';
import { OPERATION_KINDS } from '../model/operations.js';
import { println, type AppIO } from './io.js';
import type { ImportOptions } from './options.js';
import { planAndApply, progressFor, readService, type Context } from './run-import.js';
import { connect, howToConfigure, isServiceConfigured } from './service.js';
import { appRunWords } from '../words/app-run.js';
import { notUndoneText } from '../view/reason-text.js';

export async function runUndo(given: ImportOptions, runId: string, io: AppIO): Promise<ExitCode> {
  // The run's creations and pruned removals are removals here: only what the undo plans is removed.
  const options: ImportOptions = { ...given, files: [], prune: true };
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
    const done = data.operations.filter((o) => o.status === 'done').map((o) => o.op);
    const undone = undoDesired(current.org, data.before, done);
    const { desired } = undone;
    const notUndone = undone.notUndone.map(notUndoneText);
    // A person changed is one, whether the run changed their user, their employments or both.
    const people = new Set([...data.before.users.map((u) => u.id), ...data.before.employees.map((e) => e.userId)]).size;
    const units = data.before.departments.length + data.before.teams.length;
    const created = done.some((op) => OPERATION_KINDS[op.type].action === 'create');
    println(io.stdout, appRunWords().undoing(runId, record.started_at, { people, units }, created));
    for (const line of notUndone) println(io.stdout, appRunWords().cannotBeUndone(line));
    const managed = { employees: true, organisation: true, absence: false, delegations: connection.adapter.capabilities.delegations };
    return await planAndApply(ctx, connection, current, { desired, managed, issues: [], sheetsSeen: [] }, { runId, notUndone });
  } finally {
    await connection.close();
  }
}
