/**
 * The one interface the planner and loader see. A v3 and a v2 adapter implement it; every difference
 * between the API versions lives behind it.
 */
import type { Operation } from '../model/operations.js';
import type { ApiVersion, Capabilities, CurrentState, DelegationScope } from '../model/service-state.js';

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

export type ReadProgress = (done: number, total: number | null, what: string) => void;

export interface ReadStateOptions {
  progress?: ReadProgress;
  /**
   * Settles once the workbook is read; the delegations of the units in scope (default: all) are read
   * after it, so `org.delegations` holds exactly those.
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
