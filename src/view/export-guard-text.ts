/** The export guard's findings in HR words: what changed since the last successful run, and what to do. */
import { assertNever } from '../assert-never.js';
import type { GuardFinding } from '../plan/export-guard.js';

function examples(ids: readonly string[], shown = 5): string {
  return ids.length <= shown ? ids.join(', ') : `${ids.slice(0, shown).join(', ')}, …`;
}

export function describeFinding(finding: GuardFinding): string {
  switch (finding.kind) {
    case 'employees_missing':
      return `The export has ${finding.now} employees; the last successful run had ${finding.before}: ${finding.missing.length} are missing (e.g. ${examples(finding.missing)}); at most ${finding.limit} may go missing at once.`;
    case 'subtree_missing':
      return `Department ${finding.departmentId} is missing from the export with everything below it (${finding.units.length} more units: ${examples(finding.units)}).`;
    case 'column_missing':
      return `The ${finding.sheet} sheet has no ${finding.column} column; the last successful run had one.`;
    case 'values_cleared':
      return `The ${finding.column} column of the ${finding.sheet} sheet is blank for ${finding.cleared.length} of the ${finding.filledBefore} rows that had a value last time (e.g. ${examples(finding.cleared)}); at most ${finding.limit} may be cleared at once.`;
    default:
      return assertNever(finding);
  }
}

/** The lines printed when the guard stops a run (or would stop it: `plan`), or lets it through with --accept-changes. */
export function exportGuardText(findings: readonly GuardFinding[], verdict: 'refused' | 'would_refuse' | 'accepted'): string[] {
  if (findings.length === 0) return [];
  const lines = findings.map((f) => `  ${describeFinding(f)}`);
  switch (verdict) {
    case 'refused':
      return ['The export differs too much from the last successful run:', ...lines, 'If this is right, run again with --accept-changes.'];
    case 'would_refuse':
      return ['Applying would be refused: the export differs too much from the last successful run:', ...lines, 'If this is right, apply with --accept-changes.'];
    case 'accepted':
      return ['The export differs from the last successful run (accepted with --accept-changes):', ...lines];
    default:
      return assertNever(verdict);
  }
}
