/** A problem found in the input: collected, never thrown (sheets.md "Errors"). */
import type { SheetKind } from '../sheets/columns.js';

export type ErrorCode =
  | 'missing_sheet'
  /** Two visible sheets (or CSV files) of one kind: which one is meant cannot be guessed. */
  | 'duplicate_sheet'
  | 'missing_column'
  | 'required'
  | 'invalid_email'
  | 'invalid_date'
  | 'ambiguous_date'
  | 'invalid_value'
  | 'future_date'
  | 'duplicate_id'
  | 'duplicate_username'
  | 'conflicting_user'
  | 'unknown_reference'
  | 'cycle'
  | 'top_department'
  | 'end_before_start'
  | 'overlapping_absence'
  | 'no_team'
  | 'not_supported'
  | 'unclosed_quote'
  /** The template's example row left in place above the user's own rows. */
  | 'template_example'
  /** Not a validation code: the service refused the row while applying (written into the error file). */
  | 'rejected';

export type WarningCode =
  | 'unknown_column'
  | 'ignored_sheet'
  | 'trimmed_value'
  | 'merged_absence'
  | 'skipped_absence'
  | 'unresolved_reference'
  | 'ignored_column'
  | 'old_template'
  | 'duplicate_delegation'
  | 'csv_quotes'
  | 'merged_cells'
  | 'template_example'
  /** Not a validation code: a finding of the plan (a change the API cannot make, a period only the service still holds). */
  | 'plan_note';

export interface Issue {
  severity: 'error' | 'warning';
  code: ErrorCode | WarningCode;
  /** Sheet kind, or null for a problem of the whole input. */
  sheet: SheetKind | null;
  /** The sheet's name in the file (CSV: the file's base name). */
  sheetName: string | null;
  file: string | null;
  row: number | null;
  /** Canonical column name of sheets.md. */
  column: string | null;
  /** The header as written in the file. */
  header: string | null;
  message: string;
  value: string | null;
}

export function hasErrors(issues: readonly Issue[]): boolean {
  return issues.some((i) => i.severity === 'error');
}
