/** `orgsync-import history` and `history show RUN`: the runs of this state folder, read from their records. */
import { readFile } from 'node:fs/promises';
import { EXIT, UsageError, type ExitCode } from '../errors.js';
import { listRuns, readRun, reportPathOf } from '../history/record.js';
import { recordKilledRuns } from '../history/recording.js';
import { readUndoData } from '../history/undo-data.js';
import { operationName } from '../view/words.js';
import type { ReportOperation } from '../report/json.js';
import { historyText, runText } from '../view/history-text.js';
import { println, type AppIO } from './io.js';
import { appRunWords } from '../words/app-run.js';

export async function runHistory(stateDir: string, io: AppIO): Promise<ExitCode> {
  await recordKilledRuns(stateDir);
  for (const line of historyText(listRuns(stateDir))) println(io.stdout, line);
  return EXIT.ok;
}

export async function runHistoryShow(stateDir: string, runId: string, io: AppIO): Promise<ExitCode> {
  for (const line of await runReportLines(stateDir, runId)) println(io.stdout, line);
  return EXIT.ok;
}

/** One run's report in words (`history show RUN`, and a run on the page's History step). */
export async function runReportLines(stateDir: string, runId: string): Promise<string[]> {
  await recordKilledRuns(stateDir);
  const record = readRun(stateDir, runId);
  if (!record) throw new UsageError(appRunWords().noSuchRun(runId, stateDir));
  const reportPath = reportPathOf(stateDir, runId);
  let operations: ReportOperation[] = [];
  try {
    operations = (JSON.parse(await readFile(reportPath, 'utf8')) as { operations?: ReportOperation[] }).operations ?? [];
  } catch {
    // The record is enough to show; the report may have been removed by hand.
  }
  // A run in parts (or killed before its report) is shown from its undo log: every part's operations,
  // each with what finally became of it; the report, of its last part, gives the service's words.
  const data = readUndoData(stateDir, runId);
  const messages = new Map(operations.map((o) => [o.key, o.message]));
  const shown = data
    ? data.operations.map(({ op, status }) => ({ status, name: operationName(op), message: messages.get(op.key) ?? null }))
    : operations.map((o) => ({ status: o.status, name: `${o.action} ${o.entity} ${o.id}`, message: o.message }));
  return runText(record, shown, reportPath);
}
