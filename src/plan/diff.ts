/**
 * The diff: a pure function of the desired organisation (the workbook) and the current one (the
 * service), producing the operations that make the service look like the workbook. No I/O here.
 */
import type { ProposedRename } from '../model/organisation.js';
import type { Organisation } from '../model/organisation.js';
import type { Capabilities, CurrentState } from '../model/service-state.js';
import { pruneKeeps, type DiffNote, type PruneKeeps } from './diff-common.js';
import { adoptOrphanUsers, planEmployeeRenames, planEmployees, planUsers, serviceUserIds } from './diff-people.js';
import { planAbsences, type ReportedPeriod } from './diff-absences.js';
import { absenceKey, planDelegations, planEmptyingTeams, planMemberships } from './diff-relations.js';
import { planDepartments, planTeams, planUnitRenames } from './diff-units.js';
import type { Operation } from '../model/operations.js';
import { effectiveResponsible } from './responsible.js';
import { noteIdsDifferingByZeros } from './id-zeros.js';
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
  /** Where each reported period came from ("Absence row 4"), by the same key, when known. */
  reportedFrom?: ReadonlyMap<string, string>;
  prune: boolean;
  /** Renames the export suggests that the user has not confirmed: --prune keeps their old units. */
  proposedRenames?: readonly ProposedRename[];
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
  const now = workingCopy(current.org);
  // What --prune keeps is read from the working copy, so unit keeps are taken after the unit renames.
  const keeps = (): PruneKeeps | null => (input.prune ? pruneKeeps(desired, now, input.proposedRenames ?? []) : null);

  let employeeRenames = new Map<string, string>();
  if (managed.employees) {
    const fired = {
      ids: current.firedEmployees,
      today: input.today ?? new Date().toISOString().slice(0, 10),
      ...(current.rehireUntil ? { rehireUntil: current.rehireUntil } : {}),
      ...(current.firedFields ? { fields: current.firedFields } : {}),
    };
    employeeRenames = planEmployeeRenames(desired, now, fired, capabilities, ops, notes);
    noteIdsDifferingByZeros(desired, now, notes, ['employees']);
    const alias = capabilities.separateUsers ? serviceUserIds(desired, now, notes) : new Map<string, string>();
    if (capabilities.separateUsers) adoptOrphanUsers(desired, now, alias, notes);
    followUserAliases(ops, now, alias);
    planUsers(desired, now, capabilities, alias, ops);
    planEmployees(desired, now, fired, capabilities, alias, ops, notes, keeps());
  }
  if (managed.organisation) {
    planUnitRenames(desired, now, ops, notes);
    noteIdsDifferingByZeros(desired, now, notes, ['departments', 'teams']);
    const unitKeeps = keeps();
    // Units whose own tree the workbook leaves out inherit what the service says they do.
    const responsible = effectiveResponsible(desired, (id) => now.departments.get(id)?.responsible ?? null);
    planDepartments(desired, now, ops, unitKeeps, notes, responsible);
    planTeams(desired, now, ops, unitKeeps, notes, responsible);
  }
  if (managed.employees) planMemberships(desired, now, ops);
  planEmptyingTeams(now, ops);
  if (managed.delegations && capabilities.delegations) planDelegations(desired, now, ops, input.prune);
  if (managed.absence) {
    const reported = reportedPeriods(input.reportedAbsences, input.reportedFrom, employeeRenames);
    planAbsences(desired.absences, reported, ops, notes, { merge: capabilities.absenceMerge === true });
  }
  return { operations: ops, notes };
}

/**
 * A rehire under a previous employee id is planned before the person's user in the service is known: a
 * person whose new employee id made a new user id is rehired to the service's user of them (the one
 * `adoptOrphanUsers` found by username), never to a user the service does not have.
 */
function followUserAliases(ops: Operation[], now: Organisation, alias: ReadonlyMap<string, string>): void {
  if (alias.size === 0) return;
  for (const [index, op] of ops.entries()) {
    if (op.type !== 'rehireEmployee' && op.type !== 'createEmployee') continue;
    const serviceUser = alias.get(op.userId);
    if (serviceUser === undefined) continue;
    ops[index] = { ...op, userId: serviceUser };
    const record = now.employees.get(op.id);
    if (record) now.employees.set(op.id, { ...record, userId: serviceUser });
  }
}

/** The periods the service holds, under the ids its employees have once this plan's renames are done. */
function reportedPeriods(
  reported: ReadonlyMap<string, string | null>,
  from: ReadonlyMap<string, string> | undefined,
  renames: ReadonlyMap<string, string>,
): ReportedPeriod[] {
  return [...reported].map(([key, endDate]) => {
    const cut = key.lastIndexOf('|');
    const employeeId = key.slice(0, cut);
    const source = from?.get(key);
    return {
      employeeId: renames.get(employeeId) ?? employeeId,
      startDate: key.slice(cut + 1),
      endDate,
      ...(source ? { from: source } : {}),
    };
  });
}

/**
 * The service's state for the diff to change as it plans. Users and employees, 100,000 each in a large
 * company and nearly all unchanged by a nightly run, are the service's own records: the diff never
 * changes one in place but sets a changed copy (see planEmploymentUpdate, planUnitRenames), so copying
 * each of them beforehand only made garbage. The units and relations are few and are changed in place.
 */
function workingCopy(org: Organisation): Organisation {
  return {
    users: new Map(org.users),
    employees: new Map(org.employees),
    departments: new Map([...org.departments].map(([k, v]) => [k, { ...v }])),
    teams: new Map([...org.teams].map(([k, v]) => [k, { ...v }])),
    delegations: org.delegations.map((d) => ({ ...d })),
    absences: org.absences.map((a) => ({ ...a })),
  };
}
