/**
 * The one interface the planner and loader see. A v3 and a v2 adapter implement it; every difference
 * between the API versions lives behind it.
 */
import type { Organisation, UnitKind } from '../model/organisation.js';
import type { Operation } from '../plan/operations.js';

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
   * What the service shows but the importer cannot match to a workbook row (v2: entities made by hand on
   * the site carry no client id). They are left out of `org`; the CLI warns with these counts and notes.
   */
  unmatched?: UnmatchedEntities;
}

export interface UnmatchedEntities {
  employees: number;
  departments: number;
  teams: number;
  /** Team members without a client id (also counted in `employees`). */
  teamMembers: number;
  /** Sick-list entries of employees without a client id. */
  absences: number;
  /** Plain sentences for the user, one per kind of problem. */
  notes: string[];
}

/**
 * How an operation was settled when not simply by the request asked for: the service already had its
 * effect (a resumed or repeated run), or an employee id taken by a fired employee was rehired.
 */
export type Settled = 'already_existed' | 'already_gone' | 'already_done' | 'rehired';

export interface ExecuteResult {
  /** HTTP status of the request that settled the operation. */
  status: number;
  settled?: Settled;
  /** For an absence report: the period the service answered it now holds (end null: open). */
  absence?: { startDate: string; endDate: string | null };
}

export interface ReadProgress {
  (done: number, total: number | null, what: string): void;
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

export interface ReadStateOptions {
  progress?: ReadProgress;
  /**
   * Settles once the workbook is read: until then every unit's delegations are read, after it only those
   * in scope (default: all), so `org.delegations` holds the delegations of the units in scope, and maybe
   * of some others.
   */
  delegations?: Promise<DelegationScope>;
  /**
   * Called once users, employees, departments and teams are read, before the delegations: what the
   * workbook's references are checked against, so the validator need not wait for the delegations.
   */
  onLists?: (state: CurrentState) => void;
}

export interface ServiceAdapter {
  readonly api: ApiVersion;
  readonly capabilities: Capabilities;
  /** Reads every list page into the canonical organisation. */
  readCurrentState(options?: ReadStateOptions): Promise<CurrentState>;
  /** Sends one operation. Throws ServiceError (see service/errors.ts) when it did not succeed. */
  execute(op: Operation): Promise<ExecuteResult>;
  /**
   * After a write whose outcome is unknown (connection lost after sending): true when the operation's
   * effect is already in the service, so it must not be sent again.
   */
  verify(op: Operation): Promise<boolean>;
  close(): Promise<void>;
}
