/** The runs of a state folder, and one run's report, in words (`history`, `history show RUN`). */
import type { RunRecord } from '../load/history.js';
import type { Action } from '../model/operations.js';
import { ACTION_WORDS } from './words.js';

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

/** "employee: 3 create (3 done), 1 fire (1 failed)" per entity, from the record's counts. */
export function countsText(counts: RunRecord['counts']): string {
  const parts: string[] = [];
  for (const [entity, actions] of Object.entries(counts)) {
    const perAction = Object.entries(actions).map(([action, c]) => {
      const statuses = (['done', 'unchanged', 'failed', 'skipped'] as const).filter((s) => (c[s] ?? 0) > 0).map((s) => `${c[s]} ${s}`);
      const words = ACTION_WORDS[action as Action] ?? action;
      return `${c.planned ?? 0} ${words}${statuses.length > 0 ? ` (${statuses.join(', ')})` : ''}`;
    });
    parts.push(`${entity}: ${perAction.join(', ')}`);
  }
  return parts.length > 0 ? parts.join('; ') : 'nothing to do';
}

function what(record: RunRecord): string {
  if (record.command === 'undo') return `undo of ${record.undoes}`;
  const files = record.files.join(', ');
  return record.workbook_hash ? `${files} (sha256 ${record.workbook_hash.slice(0, 12)})` : files;
}

export function historyText(records: readonly RunRecord[]): string[] {
  if (records.length === 0) return ['No runs are recorded in this state folder yet.'];
  const lines = records.map(
    (r) => `${r.id}  exit ${r.exit_code}  ${seconds(r.duration_ms)}  ${what(r)}  —  ${countsText(r.counts)}${r.export_guard.length > 0 ? `  [export guard: ${r.export_guard.length} finding(s)]` : ''}`,
  );
  return [...lines, `${records.length} run(s). \`orgsync-import history show RUN\` prints one; \`orgsync-import undo RUN\` reverses one.`];
}

export interface ShownOperation {
  status: string;
  /** As every view names an operation: "rename employee 101 → 201". */
  name: string;
  message: string | null;
}

export function runText(record: RunRecord, operations: readonly ShownOperation[], reportPath: string): string[] {
  const lines = [
    `Run ${record.id}${record.command === 'undo' ? ` (undo of ${record.undoes})` : ''}`,
    `  started ${record.started_at}, finished ${record.finished_at} (${seconds(record.duration_ms)}), exit code ${record.exit_code}`,
    ...(record.command === 'run' ? [`  files: ${record.files.join(', ')}`, `  sha256 of the files: ${record.workbook_hash ?? 'unknown'}`] : []),
    `  service: ${record.service_key}`,
    `  ${countsText(record.counts)}`,
    ...record.export_guard.map((finding) => `  export guard: ${finding}`),
  ];
  if (operations.length > 0) lines.push('Operations:');
  for (const op of operations) lines.push(`  ${op.status.padEnd(9)} ${op.name}${op.message ? `: ${op.message}` : ''}`);
  lines.push(`The whole report (as --report writes it): ${reportPath}`);
  if (record.undoable) lines.push(`\`orgsync-import undo ${record.id}\` reverses this run.`);
  return lines;
}
