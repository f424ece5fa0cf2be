/**
 * The one canonical organisation type. The validator builds the desired state from the workbook, the
 * service adapters read the current state into the same shape, and the planner diffs the two.
 *
 * Field convention: `undefined` means "not managed" (the column is absent from the workbook, so the
 * importer leaves the service's value alone); `null` means "no value" (a blank cell in a present column).
 */
import type { SheetKind } from './sheet-kind.js';

export type Gender = 'f' | 'm';
export type SystemLanguage = 'en' | 'da';
export type UnitKind = 'department' | 'team';
export type EmployeeStatus = 'active' | 'fired';

/** Where a desired entity came from, so every message and report row can name it. */
export interface Source {
  file: string;
  sheet: SheetKind;
  sheetName: string;
  row: number;
}

export interface User {
  id: string;
  name: string;
  email: string;
  /** undefined (desired state): no username column, the service's username is kept (a new person gets the e-mail). */
  username?: string;
  gender?: Gender | null;
  birthday?: string | null; // YYYY-MM-DD
  source?: Source;
}

export interface Employee {
  id: string;
  userId: string;
  employment?: string | null;
  systemLanguage?: SystemLanguage;
  /** The team the employee works from; null: in no team. */
  teamId?: string | null;
  status: EmployeeStatus;
  /** The id this employee had before (desired state only): rename, never re-create. */
  previousId?: string;
  source?: Source;
}

export interface Department {
  id: string;
  name: string;
  /** null only for the top department. */
  parentId: string | null;
  /** Explicit owner (employee id). Desired state; current state only when the API exposes it. */
  owner?: string | null;
  /** Desired state: the owner was derived from the export's reporting line (exports.md), not named. */
  ownerFrom?: OwnerFrom;
  /** Effective responsible employee (explicit owner or the closest one up the tree). Current state. */
  responsible?: string | null;
  previousId?: string;
  source?: Source;
}

/** Where a desired owner came from when no column named it: the reporting line (exports.md "Who reports to whom"). */
export type OwnerFrom = 'reporting_line';

export interface Team {
  id: string;
  name: string;
  departmentId: string;
  owner?: string | null;
  ownerFrom?: OwnerFrom;
  responsible?: string | null;
  previousId?: string;
  source?: Source;
}

export interface Delegation {
  unitKind: UnitKind;
  unitId: string;
  responsibility: string;
  employeeId: string;
  /** The service's id of the delegation (current state only). */
  serviceId?: string;
  source?: Source;
}

export interface Absence {
  employeeId: string;
  startDate: string; // YYYY-MM-DD
  /** Last sick day; null: still sick. */
  endDate: string | null;
  source?: Source;
}

export interface Organisation {
  users: Map<string, User>;
  employees: Map<string, Employee>;
  departments: Map<string, Department>;
  teams: Map<string, Team>;
  delegations: Delegation[];
  absences: Absence[];
}

/**
 * A unit the export seems to have renamed (its derived id changed) that the user has not confirmed: the old
 * unit is neither renamed nor removed by --prune (exports.md: never delete and re-create on a guess).
 */
export interface ProposedRename {
  kind: 'department' | 'team';
  from: string;
  to: string;
  /** Accepted one by one (the page): the unit is renamed, and the proposal listed so it can be taken back. */
  accepted?: boolean;
}

/** A rename proposal named as one (the page accepts proposals one by one by these). */
export function proposalKey(proposal: ProposedRename): string {
  return `${proposal.kind} ${proposal.from} → ${proposal.to}`;
}

/**
 * New maps and lists holding the same records: the copy can gain, lose and replace records without
 * touching the organisation it came from (a record itself is copied by whoever changes it).
 */
export function shallowCopy(org: Organisation): Organisation {
  return {
    users: new Map(org.users),
    employees: new Map(org.employees),
    departments: new Map(org.departments),
    teams: new Map(org.teams),
    delegations: [...org.delegations],
    absences: [...org.absences],
  };
}

export function emptyOrganisation(): Organisation {
  return {
    users: new Map(),
    employees: new Map(),
    departments: new Map(),
    teams: new Map(),
    delegations: [],
    absences: [],
  };
}

/** The top department: the one without a parent (the service always has exactly one). */
export function topDepartment(org: Organisation): Department | undefined {
  for (const department of org.departments.values()) if (department.parentId === null) return department;
  return undefined;
}

export const DEPARTMENT_RESPONSIBILITIES = [
  'manage_organisation_department',
  'configuration',
  'department_task_report_siab',
  'department_task_report_edp',
  'department_task_report_wpa',
] as const;

export const TEAM_RESPONSIBILITIES = [
  'dialog_access_cv',
  'dialog_access_onboarding',
  'dialog_access_siab',
  'dialog_access_edp',
  'dialog_access_wpa',
] as const;
