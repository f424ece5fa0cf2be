/**
 * What the ledgers know merged into what the service shows, before planning: one pure call. The ledgers
 * (load/ledger.ts) are read by the app; this sees only their facts.
 */
import { addDays } from 'date-fns/addDays';
import { formatISO } from 'date-fns/formatISO';
import type { CurrentState } from '../model/service-state.js';
import type { EmployeeValues } from '../model/operations.js';

export interface LedgerFacts {
  /** Employee id → the day the importer fired them (fired ledger). */
  firedOn: ReadonlyMap<string, string>;
  /** Employee id → their value fields when the importer fired them (fired ledger), where known. */
  firedFields?: ReadonlyMap<string, EmployeeValues>;
  /** The absence periods the service answered it holds (absence ledger), with the row that reported each. */
  periods: readonly { employeeId: string; startDate: string; endDate: string | null; from?: string }[];
  rehireWindowDays: number | null;
  /** --resend-absences: the ledger's periods count as not reported. */
  resendAbsences: boolean;
}

export interface MergedState {
  current: CurrentState;
  /** `employee|start` → end (null: open): the periods the service holds. */
  reported: Map<string, string | null>;
  /** `employee|start` → the row that reported it. */
  reportedFrom: Map<string, string>;
}

export function withLedgers(serviceState: CurrentState, facts: LedgerFacts): MergedState {
  const current = withFired(serviceState, facts.firedOn, facts.rehireWindowDays, facts.firedFields);
  const reported = new Map<string, string | null>();
  if (!facts.resendAbsences) for (const p of facts.periods) reported.set(`${p.employeeId}|${p.startDate}`, p.endDate);
  const reportedFrom = new Map(facts.periods.flatMap((p) => (p.from ? [[`${p.employeeId}|${p.startDate}`, p.from] as const] : [])));
  // v2 lists the open absences: they count as reported even when this machine has no ledger entry.
  for (const a of current.org.absences) reported.set(`${a.employeeId}|${a.startDate}`, a.endDate);
  return { current, reported, reportedFrom };
}

/**
 * Employees the importer fired and the service no longer shows (neither API lists fired employees): on
 * v3 they are rehired explicitly when they come back; where the API has a rehire window (v2), the plan
 * says whether a create rehires them or makes a new employee.
 */
function withFired(
  current: CurrentState,
  firedOn: ReadonlyMap<string, string>,
  windowDays: number | null,
  fieldsOf: ReadonlyMap<string, EmployeeValues> = new Map(),
): CurrentState {
  const gone = [...firedOn].filter(([id]) => !current.org.employees.has(id));
  if (gone.length === 0) return current;
  const firedEmployees = new Set([...current.firedEmployees, ...gone.map(([id]) => id)]);
  const firedFields = new Map(gone.flatMap(([id]) => (fieldsOf.has(id) ? [[id, fieldsOf.get(id)!] as const] : [])));
  const fired = { ...current, firedEmployees, ...(firedFields.size > 0 ? { firedFields } : {}) };
  if (windowDays === null) return fired;
  const until = new Map(current.rehireUntil ?? []);
  for (const [id, on] of gone) until.set(id, formatISO(addDays(new Date(`${on}T12:00:00`), windowDays), { representation: 'date' }));
  return { ...fired, rehireUntil: until };
}
