/**
 * The diff: a pure function of the desired organisation (the workbook) and the current one (the
 * service), producing the operations that make the service look like the workbook. No I/O here.
 */
import type { Organisation } from '../model/organisation.js';
import type { Capabilities, CurrentState } from '../service/adapter.js';
import type { DiffNote } from './diff-common.js';
import { planEmployeeRenames, planEmployees, planUsers } from './diff-people.js';
import { absenceKey, planAbsences, planDelegations, planMemberships } from './diff-relations.js';
import { planDepartments, planTeams, planUnitRenames } from './diff-units.js';
import type { Operation } from './operations.js';
import type { Managed } from '../validate/types.js';

export { absenceKey };
export type { DiffNote, Managed };

export interface DiffInput {
  desired: Organisation;
  managed: Managed;
  current: CurrentState;
  capabilities: Capabilities;
  /** Absence periods the service already has: `${employeeId}|${startDate}` → end date (null: open). */
  reportedAbsences: Map<string, string | null>;
  prune: boolean;
  /** YYYY-MM-DD, for rehire windows; default: today (UTC). */
  today?: string;
}

export interface Diff {
  operations: Operation[];
  /** Things the plan cannot do and says plainly (a field the API cannot update, say). */
  notes: DiffNote[];
}

export function diffOrganisations(input: DiffInput): Diff {
  const { desired, managed, current, capabilities } = input;
  const ops: Operation[] = [];
  const notes: DiffNote[] = [];
  // A working copy of the current state with planned renames applied, so later comparisons see new ids.
  const now = cloneOrganisation(current.org);

  if (managed.employees) {
    planEmployeeRenames(desired, now, ops, notes);
    planUsers(desired, now, capabilities, ops);
    const fired = {
      ids: current.firedEmployees,
      today: input.today ?? new Date().toISOString().slice(0, 10),
      ...(current.rehireUntil ? { rehireUntil: current.rehireUntil } : {}),
    };
    planEmployees(desired, now, fired, capabilities, ops, notes, input.prune);
  }
  if (managed.organisation) {
    planUnitRenames(desired, now, ops, notes);
    const ownerChanged = planDepartments(desired, now, ops, input.prune);
    planTeams(desired, now, ops, input.prune, ownerChanged);
  }
  if (managed.employees) planMemberships(desired, now, ops);
  if (managed.delegations && capabilities.delegations) planDelegations(desired, now, ops, input.prune);
  if (managed.absence) planAbsences(desired.absences, input.reportedAbsences, ops);
  return { operations: ops, notes };
}

function cloneOrganisation(org: Organisation): Organisation {
  return {
    users: new Map([...org.users].map(([k, v]) => [k, { ...v }])),
    employees: new Map([...org.employees].map(([k, v]) => [k, { ...v }])),
    departments: new Map([...org.departments].map(([k, v]) => [k, { ...v }])),
    teams: new Map([...org.teams].map(([k, v]) => [k, { ...v }])),
    delegations: org.delegations.map((d) => ({ ...d })),
    absences: org.absences.map((a) => ({ ...a })),
  };
}
