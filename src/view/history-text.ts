/** The runs of a state folder, and one run's report, in words (`history`, `history show RUN`). */
import type { RunRecord } from '../load/history.js';
import type { Action } from '../model/operations.js';
import { actionWords, entityWords, statusWords } from './words.js';
import { runWords } from '../words/view-runs.js';

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

/** "employee: 3 create (3 done), 1 fire (1 failed)" per entity, from the record's counts. */
export function countsText(counts: RunRecord['counts']): string {
  const parts: string[] = [];
  const words = runWords();
  for (const [entity, actions] of Object.entries(counts)) {
    const perAction = Object.entries(actions).map(([action, c]) => {
      const statuses = (['done', 'unchanged', 'failed', 'skipped'] as const).filter((s) => (c[s] ?? 0) > 0).map((s) => `${c[s]} ${statusWords(s)}`);
      return words.countedAction(c.planned ?? 0, actionWords(action as Action) ?? action, statuses);
    });
    parts.push(`${entityWords(entity)}: ${perAction.join(', ')}`);
  }
  return parts.length > 0 ? parts.join('; ') : words.nothingToDo;
}

function what(record: RunRecord): string {
  if (record.command === 'undo') return runWords().undoOf(String(record.undoes));
  const files = record.files.join(', ');
  return record.workbook_hash ? `${files} (sha256 ${record.workbook_hash.slice(0, 12)})` : files;
}

export function historyText(records: readonly RunRecord[]): string[] {
  const words = runWords();
  if (records.length === 0) return [words.noRuns];
  const lines = records.map((r) => words.runLine(r.id, r.exit_code, seconds(r.duration_ms), what(r), countsText(r.counts), r.export_guard.length));
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
    ...(record.command === 'run' ? [words.runFiles(record.files), words.runHash(record.workbook_hash ?? null)] : []),
    words.runService(record.service_key),
    `  ${countsText(record.counts)}`,
    ...record.export_guard.map((finding) => words.runGuardFinding(finding)),
  ];
  if (operations.length > 0) lines.push(words.operations);
  // Statuses line up in a column as wide as the longest status word of the language ("unchanged" in English).
  const width = Math.max(...(['done', 'unchanged', 'failed', 'skipped'] as const).map((s) => statusWords(s).length));
  for (const op of operations) lines.push(`  ${statusWords(op.status).padEnd(width)} ${op.name}${op.message ? `: ${op.message}` : ''}`);
  lines.push(words.wholeReport(reportPath));
  if (record.undoable) lines.push(words.undoHint(record.id));
  return lines;
}
