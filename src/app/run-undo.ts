/**
 * `orgsync-import undo RUN`: plans the inverse of a finished run from its record (the entities it touched
 * as they were before it, the operations it carried out) against the service as it is now, and applies it
 * through the main job's path: the same plan shown, confirmation (or --yes) and deletion guard.
 */
import { EXIT, UsageError, type ExitCode } from '../errors.js';
import { listRuns, readRun, readUndoData } from '../load/history.js';
import { undoDesired } from '../plan/undo.js';
import { println, type AppIO } from './io.js';
import type { ImportOptions } from './options.js';
import { planAndApply, progressFor, readService, type Context } from './run-import.js';
import { connect, HOW_TO_CONFIGURE, isServiceConfigured } from './service.js';

export async function runUndo(given: ImportOptions, runId: string, io: AppIO): Promise<ExitCode> {
  // The run's creations and pruned removals are removals here: only what the undo plans is removed.
  const options: ImportOptions = { ...given, files: [], prune: true };
  const record = readRun(options.stateDir, runId);
  if (!record) throw new UsageError(`No run ${runId} is recorded in ${options.stateDir}: \`orgsync-import history\` lists the runs.`);
  const data = readUndoData(options.stateDir, runId);
  if (!record.undoable || !data) {
    println(io.stdout, `Run ${runId} changed nothing in the service: there is nothing to undo.`);
    return EXIT.ok;
  }
  if (!isServiceConfigured(options)) {
    println(io.stderr, HOW_TO_CONFIGURE);
    return EXIT.cannotStart;
  }
  const ctx: Context = { options, io, progress: progressFor(io), startedAt: new Date() };
  const connection = await connect(options, options.stateDir, (line) => println(io.stderr, line));
  try {
    if (connection.serviceKey !== record.service_key) {
      throw new UsageError(`Run ${runId} went to another service or company than the one given: give the same service options (--base-url, --company-id, --api) as that run.`);
    }
    const later = listRuns(options.stateDir).filter((r) => r.id > runId && r.service_key === record.service_key && r.undoable);
    if (later.length > 0) {
      println(io.stdout, `Note: ${later.length} later run(s) changed this service (${later.map((r) => r.id).join(', ')}); what they changed in the entities ${runId} touched is set back too.`);
    }
    ctx.progress.phase('Reading the service', null);
    const current = await readService(connection, {});
    ctx.progress.end();
    const done = data.operations.filter((o) => o.status === 'done').map((o) => o.op);
    const { desired, notUndone } = undoDesired(current.org, data.before, done);
    println(io.stdout, `Undoing run ${runId} (${record.started_at}): the ${data.before.employees.length + data.before.departments.length + data.before.teams.length} employees and units it changed go back to how they were, what it created is removed.`);
    for (const line of notUndone) println(io.stdout, `Cannot be undone: ${line}`);
    const managed = { employees: true, organisation: true, absence: false, delegations: connection.adapter.capabilities.delegations };
    ctx.extraSummary = { undoes: runId, not_undone: notUndone };
    return await planAndApply(ctx, connection, current, { desired, managed, issues: [], sheetsSeen: [] }, runId);
  } finally {
    await connection.close();
  }
}
