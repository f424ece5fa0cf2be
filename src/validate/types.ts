import type { ProposedRename } from '../model/organisation.js';
import type { Organisation } from '../model/organisation.js';
import type { SheetKind } from '../model/sheet-kind.js';
import type { Issue } from '../model/issue.js';

export interface ValidateOptions {
  /** YYYY-MM-DD for the future_date check (default: today on the local calendar). */
  today?: string;
  /** v2: delegation rows are not_supported errors; the column of a field v2 lacks is ignored with one warning. */
  api?: 'v3' | 'v2';
  /** The service's current state, when one is configured; absent: offline (unresolvable references warn). */
  current?: CurrentView | Promise<CurrentView>;
  /** Order for slash dates typed as text (DD/MM/YYYY vs MM/DD/YYYY); without it they are ambiguous_date. */
  dateOrder?: 'dmy' | 'mdy';
  /** exports.md: the separator of a path column (`--path-separator`); absent: detected per sheet. */
  pathSeparator?: string;
  /**
   * exports.md: a unit whose derived id changed is renamed when it looks like a rename (`--accept-renames`),
   * or, on the page, when its proposal is one of these (`proposalKey`).
   */
  acceptRenames?: boolean | ReadonlySet<string>;
  /** exports.md: `--root-id`/`--root-name`, the top department a unit list leaves out. */
  root?: { id?: string; name?: string };
}

/** What the service already has, as far as references and the top department need it. */
export interface CurrentView {
  /** Active employees. */
  employees: Set<string>;
  departments: Set<string>;
  teams: Set<string>;
  topDepartmentId: string;
  /** Employee → their team in the service (null or absent: in no team). */
  teamOf: Map<string, string | null>;
  /** Active employee → the user (person) behind it. Absent (older callers): not checked. */
  userOf?: Map<string, string>;
  /** The service's people by user id (v2: one per employee), for the uniqueness the service enforces. */
  users?: Map<string, ServicePerson>;
  /** Unit names, to suggest an id where a name was typed. */
  departmentNames?: Map<string, string>;
  teamNames?: Map<string, string>;
  /** The employee who owns the top department in the service (the service refuses to fire them). */
  topDepartmentOwner?: string | null;
  /** Department → its parent, team → its department: where a unit of an export disappeared from (rename proposals). */
  departmentParents?: Map<string, string | null>;
  teamDepartments?: Map<string, string>;
}

export interface ServicePerson {
  name: string;
  email: string;
  username: string;
  /** YYYY-MM-DD, when the service shows one (a suggested match compares name and birthday). */
  birthday?: string;
}

/**
 * Which parts of the desired state the workbook manages: a kind is managed when its sheet is present.
 * An entity of an unmanaged kind is absent from `desired` without meaning anything (never a removal);
 * an entity of a managed kind that is absent from the sheet is merely absent (removed only with --prune).
 * Users and employees are managed together by the employees sheet; departments and teams together by
 * the organisation sheet.
 */
export interface Managed {
  employees: boolean;
  organisation: boolean;
  absence: boolean;
  delegations: boolean;
}

export interface SheetSeen {
  kind: SheetKind;
  sheetName: string;
  file: string;
  /** Data rows read (empty rows are skipped by the readers and not counted). */
  rows: number;
}

export interface ValidationResult {
  desired: Organisation;
  /** The readers' warnings and validation's issues, sorted by sheet (file order), row and column. */
  issues: Issue[];
  sheetsSeen: SheetSeen[];
  managed: Managed;
  /** Units the export seems to have renamed, not confirmed (kept from --prune). */
  proposedRenames?: ProposedRename[];
}
