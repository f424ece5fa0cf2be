/**
 * A problem found in the input, or a finding of a later stage about a row: collected, never thrown
 * (sheets.md "Errors"). Every stage speaks it; `issue` is the one way to make one.
 */
import type { Source } from './organisation.js';
import type { SheetKind } from './sheet-kind.js';

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
  /** exports.md: an empty level in the middle of a path, or a path whose first level is not the top department. */
  | 'invalid_path'
  /** exports.md: a second leader of one unit (the later row). */
  | 'duplicate_leader'
  /** exports.md: `status` and `leaving_date` disagree. */
  | 'conflicting_status'
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
  /** exports.md: a unit under a new derived id looks like a rename of one that left the export (--accept-renames). */
  | 'suggested_rename'
  /** exports.md: a department's own team is made (its employees work from it), or a team became a department. */
  | 'own_team'
  /** exports.md: a leaving date after today (active until then). */
  | 'coming_leave'
  /** exports.md: a hiring date after today (the row waits). */
  | 'not_yet_hired'
  /** A new person who looks like one the service has and the workbook lacks (exports.md "Suggested matches"). */
  | 'suggested_match'
  /** exports.md: a column read by its values (unit paths under an everyday unit header). */
  | 'column_by_values'
  /** exports.md: the top department a unit list leaves out, taken from the one parent it names (or --root-id). */
  | 'implied_top'
  /** exports.md: a reporting line that cannot be read (an unknown manager, a loop), a leader it cannot tell, or that a leader column contradicts. */
  | 'reporting_line'
  /** exports.md: a placement left out (a second current one of a person, one of someone the people list lacks). */
  | 'placement'
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

/** Where an issue is and what the cell held; what is left out is null. */
export type IssuePlace = Partial<Omit<Issue, 'severity' | 'code' | 'message'>>;

/**
 * An issue's words, or how to word it: a problem found before the workbook has chosen the run's
 * language (a file's first rows are read before its headers say which language it is in) is worded
 * when it is read, so it comes out in the language the run settled on, like every later one.
 */
export type Wording = string | (() => string);

export function issue(severity: 'error', code: ErrorCode, message: Wording, place?: IssuePlace): Issue;
export function issue(severity: 'warning', code: WarningCode, message: Wording, place?: IssuePlace): Issue;
export function issue(severity: Issue['severity'], code: ErrorCode | WarningCode, message: Wording, place?: IssuePlace): Issue;
export function issue(severity: Issue['severity'], code: ErrorCode | WarningCode, message: Wording, place: IssuePlace = {}): Issue {
  const made: Issue = {
    severity,
    code,
    sheet: place.sheet ?? null,
    sheetName: place.sheetName ?? null,
    file: place.file ?? null,
    row: place.row ?? null,
    column: place.column ?? null,
    header: place.header ?? null,
    message: typeof message === 'string' ? message : '',
    value: place.value ?? null,
  };
  // Enumerable, so JSON, copies and comparisons see the words as they are when they are read.
  if (typeof message === 'function') Object.defineProperty(made, 'message', { get: message, enumerable: true, configurable: true });
  return made;
}

/** The workbook row an entity or operation came from, as an issue's place (none: the whole input). */
export function rowOf(source: Source | undefined): IssuePlace {
  return source ? { sheet: source.sheet, sheetName: source.sheetName, file: source.file, row: source.row } : {};
}
