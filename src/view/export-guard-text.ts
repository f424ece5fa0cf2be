/** The export guard's findings in HR words: what changed since the last successful run, and what to do. */
import { assertNever } from '../assert-never.js';
import type { GuardFinding } from '../plan/export-guard.js';
import { runWords } from '../words/view-runs.js';

function examples(ids: readonly string[], shown = 5): string {
  return ids.length <= shown ? ids.join(', ') : `${ids.slice(0, shown).join(', ')}, …`;
}

export function describeFinding(finding: GuardFinding): string {
  switch (finding.kind) {
    case 'employees_missing':
      return runWords().employeesMissing(finding.now, finding.before, finding.missing.length, examples(finding.missing), finding.limit);
    case 'subtree_missing':
      return runWords().subtreeMissing(finding.departmentId, finding.units.length, examples(finding.units));
    case 'column_missing':
      return runWords().columnMissing(finding.sheet, finding.column);
    case 'values_cleared':
      return runWords().valuesCleared(
        finding.column,
        finding.sheet,
        finding.cleared.length,
        finding.filledBefore,
        examples(finding.cleared),
        finding.limit,
      );
    default:
      return assertNever(finding);
  }
}

/** The lines printed when the guard stops a run (or would stop it: `plan`), or lets it through with --accept-changes. */
export function exportGuardText(findings: readonly GuardFinding[], verdict: 'refused' | 'would_refuse' | 'accepted'): string[] {
  if (findings.length === 0) return [];
  const lines = findings.map((f) => `  ${describeFinding(f)}`);
  const words = runWords();
  switch (verdict) {
    case 'refused':
      return [words.guardRefused, ...lines, words.guardRefusedHint];
    case 'would_refuse':
      return [words.guardWouldRefuse, ...lines, words.guardWouldRefuseHint];
    case 'accepted':
      return [words.guardAccepted, ...lines];
    default:
      return assertNever(verdict);
  }
}
