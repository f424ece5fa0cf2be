/**
 * The public shapes of the sandbox: what the importer's --sandbox option, the CLI and the tests depend on.
 */
import type { EmployeeValues, UnitValues, UserValues } from './store/fields.js';

export interface FaultOptions {
  /** Added to every response. */
  latencyMs?: number;
  /** 0..1 share of requests answered 503 before anything is done. */
  unavailableRate?: number;
  /** Above this request rate (requests per second): 429 with Retry-After. */
  rateLimitPerSecond?: number;
  /** Value of Retry-After for 429/503 (default 1). */
  retryAfterSeconds?: number;
  /** 0..1 share of writes that are committed, then the socket destroyed with no answer. */
  dropAfterCommitRate?: number;
  /** Deterministic pseudo-random faults. */
  seed?: number;
}

export interface SandboxOptions {
  /** 0 or undefined: a free port. */
  port?: number;
  /** Interface to listen on; default 127.0.0.1. */
  host?: string;
  /**
   * Load from it (and from its change log STATE.log) if it exists; every answered write is on disk first, as
   * a line of the log; the file itself is rewritten atomically (temp file + rename) when the log outgrows it
   * and on close.
   */
  statePath?: string;
  /** The log is folded into the state file once it is larger than the state file and than this (default 1 MiB). */
  stateLogMinBytes?: number;
  /** Default 1. */
  companyId?: number;
  /** Default 'sandbox-access-token'; also the HS256 JWT secret. */
  accessToken?: string;
  /**
   * Client id of the top department, default 'root'. A state file that holds nothing but its top department
   * is started over with this one (store/root.ts); one that holds more keeps its own.
   */
  rootId?: string;
  /** The top department's name, default 'Company'; as rootId. */
  rootName?: string;
  /**
   * Which of rootId/rootName the user asked for: a state file that holds more than its top department and
   * has another one is then refused (SandboxRootError, naming the file), not silently kept.
   */
  rootAsked?: { id?: boolean; name?: boolean };
  faults?: FaultOptions;
  /** Clock, for the v2 14-day window and JWT checks in tests. */
  now?: () => Date;
  /** No request logging. */
  quiet?: boolean;
  /** Where request log lines go when not quiet; default process.stdout. Never carries credentials. */
  log?: NodeJS.WritableStream;
}

export type CreateKind = 'user' | 'employee' | 'department' | 'team' | 'delegation' | 'absence';

export interface SandboxStats {
  /** Every request received. */
  requests: number;
  /** POST/PUT/PATCH/DELETE received. */
  writes: number;
  /**
   * `${kind}:${clientId}` -> number of successful (2xx) create requests. For a delegation the client id is
   * `${unitKind}/${unitId}/${responsibility}/${employeeId}`, for an absence `${employeeId}/${startDate}`.
   */
  successfulCreates: Record<string, number>;
  /** `${METHOD} ${routePattern}` -> count. */
  byRoute: Record<string, number>;
}

/**
 * The company as v3 client ids see it, sorted by id. Entities without a client id appear as `#<service id>`.
 * A user's, an employee's and a unit's values are named by their fields' keys (store/fields.ts).
 */
export interface SandboxSnapshot {
  users: ({ id: string } & UserValues)[];
  employees: ({ id: string; userId: string } & EmployeeValues & { active: boolean; teamId: string | null })[];
  departments: ({ id: string } & UnitValues & { parentId: string | null; owner: string | null })[];
  teams: ({ id: string } & UnitValues & { departmentId: string; owner: string | null; members: string[] })[];
  delegations: { id: string; unitKind: 'department' | 'team'; unitId: string; responsibility: string; employeeId: string }[];
  /** endDate 9999-12-31 = open. */
  absences: { id: string; employeeId: string; startDate: string; endDate: string }[];
}

export interface RunningSandbox {
  /** e.g. http://127.0.0.1:43121 (paths /v3/... and /v2/... below it). */
  baseUrl: string;
  companyId: number;
  accessToken: string;
  /**
   * Identifies this sandbox's state: new whenever the state starts from nothing (a missing state file);
   * undefined for a state file written before instance ids were kept.
   */
  instanceId: string | undefined;
  stats(): SandboxStats;
  resetStats(): void;
  snapshot(): SandboxSnapshot;
  setFaults(faults: FaultOptions): void;
  close(): Promise<void>;
}
