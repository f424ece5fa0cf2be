/** The runs of a state folder, and one run's report, in words (`history`, `history show RUN`). */
import type { RunRecord } from '../history/record.js';
import type { Action } from '../model/operations.js';
import { actionWords, entityWords, statusWords } from './words.js';
import { runWords } from '../words/view-runs.js';

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

/**
 * "employee: 3 create (3 done), 1 fire (1 failed)" per entity, from the record's counts; null when there
 * are none and the run was refused (it is listed as refused only, never as having nothing to do).
 */
export function countsText(counts: RunRecord['counts'], refused = false): string | null {
  const parts: string[] = [];
  const words = runWords();
  for (const [entity, actions] of Object.entries(counts)) {
    const perAction = Object.entries(actions).map(([action, c]) => {
      const statuses = (['done', 'unchanged', 'unknown', 'failed', 'skipped'] as const)
        .filter((s) => (c[s] ?? 0) > 0)
        .map((s) => ({ count: c[s] ?? 0, status: statusWords(s) }));
      return words.countedAction(c.planned ?? 0, actionWords(action as Action) ?? action, statuses);
    });
    parts.push(`${entityWords(entity)}: ${perAction.join(', ')}`);
  }
  if (parts.length > 0) return parts.join('; ');
  return refused ? null : words.nothingToDo;
}

function what(record: RunRecord): string {
  if (record.command === 'undo') return runWords().undoOf(String(record.undoes));
  const names = record.files.join(', ');
  const files = record.workbook_hash ? `${names} (sha256 ${record.workbook_hash.slice(0, 12)})` : names;
  return record.command === 'apply' ? runWords().applyOf(String(record.plan_file), files, record.approved ?? null) : files;
}

/** A refused run's reason on one line of the list: its first line (the export guard's findings follow it). */
function refusal(record: RunRecord): string | null {
  return record.error ? runWords().refused(record.error.code, record.error.message.split('\n')[0]!) : null;
}

export function historyText(records: readonly RunRecord[]): string[] {
  const words = runWords();
  if (records.length === 0) return [words.noRuns];
  const lines = records.map((r) => {
    const refused = refusal(r);
    const counts = countsText(r.counts, refused !== null);
    const line = words.runLine(r.id, r.exit_code, seconds(r.duration_ms), what(r), counts, r.export_guard.length);
    const parts = r.exit_code === null ? words.notFinished : (r.parts?.length ?? 1) > 1 ? words.inParts(r.parts!.length) : null;
    return [line, ...(parts ? [parts] : []), ...(refused ? [`—  ${refused}`] : [])].join('  ');
  });
  return [...lines, words.runsFooter(records.length)];
}

export interface ShownOperation {
  status: string;
  /** As every view names an operation: "rename employee 101 → 201". */
  name: string;
  message: string | null;
}

export function runText(record: RunRecord, operations: readonly ShownOperation[], reportPath: string): string[] {
  const words = runWords();
  const lines = [
    words.runTitle(record.id, record.command === 'undo' ? String(record.undoes) : null),
    words.runTimes(record.started_at, record.finished_at, seconds(record.duration_ms), record.exit_code),
    ...((record.parts?.length ?? 1) > 1 ? record.parts!.map((p, i) => words.runPart(i + 1, p.started_at, p.finished_at, p.exit_code)) : []),
    ...(record.command === 'apply' ? [words.runPlanFile(String(record.plan_file), record.approved ?? null)] : []),
    ...(record.command !== 'undo' ? [words.runFiles(record.files), words.runHash(record.workbook_hash ?? null)] : []),
    words.runService(record.service_key),
    ...[countsText(record.counts, record.error !== undefined)].flatMap((counts) => (counts === null ? [] : [`  ${counts}`])),
    ...(record.error ? [words.runRefused(record.error.code), ...record.error.message.split('\n').map((line) => `    ${line}`)] : []),
    ...(record.error?.code === 'guard_refused' ? [] : record.export_guard.map((finding) => words.runGuardFinding(finding))),
  ];
  if (operations.length > 0) lines.push(words.operations);
  // Statuses line up in a column as wide as the longest status word of the language ("unchanged" in English).
  const statuses = ['done', 'unchanged', 'failed', 'skipped', ...(operations.some((op) => op.status === 'unknown') ? ['unknown'] : [])];
  const width = Math.max(...statuses.map((s) => statusWords(s).length));
  for (const op of operations) lines.push(`  ${statusWords(op.status).padEnd(width)} ${op.name}${op.message ? `: ${op.message}` : ''}`);
  lines.push(words.wholeReport(reportPath));
  if (record.undoable) lines.push(words.undoHint(record.id));
  return lines;
}
