/**
 * What the planner needs to know of the service: which API version it speaks, what that version can do,
 * and the state it holds. The service stage fills these in; validate and plan read them.
 */
import type { EmployeeFieldKey } from './fields.js';
import type { Employee, Organisation, UnitKind } from './organisation.js';

export type ApiVersion = 'v3' | 'v2';

export interface Capabilities {
  /** Delegations exist (v3 only). */
  delegations: boolean;
  /** system_language can be sent on create (v3 only; never on update). */
  systemLanguage: boolean;
  /** The service lists the currently open absences (v2); otherwise the ledger is the only record. */
  absenceList: boolean;
  /** Users exist apart from employees (v3). Without them (v2) a person's fields travel on each employee. */
  separateUsers: boolean;
  /** Days after a delete during which a create with the same fields rehires (v2: 14); null: no such window. */
  rehireWindowDays: number | null;
  /**
   * Absence periods follow the service's merge rules (README "sickness absence", v3): a report overlapping
   * a period updates it, and moves its start later only when the same end date is sent.
   */
  absenceMerge?: boolean;
}

export interface CurrentState {
  /** Active entities as the service shows them. Fields the API does not expose are left undefined. */
  org: Organisation;
  /** Employees the service shows as fired/deleted, when it shows them at all. */
  firedEmployees: Set<string>;
  /**
   * For fired employees whose rehire window the API states (v2: 14 days after the delete): the last day
   * a rehire is possible, YYYY-MM-DD. Past it, a create makes a new employee and the old data stays behind.
   */
  rehireUntil?: Map<string, string>;
  /**
   * A fired employee's value fields as the importer last saw them (the service hides a fired employee's
   * fields): a rehire is compared with them, not with nothing.
   */
  firedFields?: Map<string, Partial<Pick<Employee, EmployeeFieldKey>>>;
  /**
   * What the service shows but the importer cannot match to a workbook row (v2: entities made by hand on
   * the site carry no client id). They are left out of `org`; the CLI warns with these counts and notes.
   */
  unmatched?: UnmatchedEntities;
}

/** A sentence made in the run's language at the moment it is shown. */
export type ServiceNote = () => string;

export interface UnmatchedEntities {
  employees: number;
  departments: number;
  teams: number;
  /** Team members without a client id (also counted in `employees`). */
  teamMembers: number;
  /** Sick-list entries of employees without a client id. */
  absences: number;
  /**
   * Plain sentences for the user, one per kind of problem, worded when they are shown: the run's language
   * may be chosen by the workbook after the service was read.
   */
  notes: ServiceNote[];
}

/**
 * Whose delegations the plan needs. v3 lists delegations one unit at a time (the units outnumber every
 * other read), so a reader that knows the scope skips the units outside it. `units` holds `kind:id` keys.
 */
export type DelegationScope = { all: true } | { all: false; units: ReadonlySet<string> };

export const ALL_DELEGATIONS: DelegationScope = { all: true };
export const NO_DELEGATIONS: DelegationScope = { all: false, units: new Set() };

export function inDelegationScope(scope: DelegationScope, kind: UnitKind, id: string): boolean {
  return scope.all || scope.units.has(`${kind}:${id}`);
}
