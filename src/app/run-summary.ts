/**
 * The summary fields every report of a run carries beside its counts, from the moment the run knows
 * them: the export guard's findings, or the run an undo reverses and what it cannot put back. Loaded
 * when a report is made (the words of the findings with it).
 */
import type { GuardFinding } from '../plan/export-guard.js';
import { describeFinding } from '../view/export-guard-text.js';
import type { ExportGuardSummary, RunSummary } from './run-result.js';
import type { Run } from './run.js';

export function runSummaryOf(run: Run): RunSummary | undefined {
  if (run.undoing) return { undoes: run.undoing.runId, not_undone: run.undoing.notUndone };
  if (run.findings.length > 0) return { export_guard: exportGuardSummary(run.findings, Boolean(run.options.acceptChanges)) };
  return undefined;
}

export function exportGuardSummary(findings: readonly GuardFinding[], accepted: boolean): ExportGuardSummary {
  return {
    refused: findings.length > 0 && !accepted,
    accepted: findings.length > 0 && accepted,
    findings: findings.map((f) => ({ ...f, message: describeFinding(f) })),
  };
}
