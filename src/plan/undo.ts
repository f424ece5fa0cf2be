/**
 * `undo RUN` as a desired state: the service as it is now, with every entity the run touched set back to
 * what it was before the run, what the run created left out (so the normal planner, with removals on,
 * fires or deletes it), and what cannot be undone named. Each entity is followed by its identity, through
 * the run's renames and the later runs' (an id renamed since is renamed back, never made a second time),
 * and everything that refers to a unit or an employee renamed back refers to the id it gets back, so the
 * plan never sends an operation to an id its own renames leave behind. Pure; the plan is then made and
 * applied like any other, with the same plan shown, confirmation and deletion guard, and `undoReasons`
 * gives its operations undo's own reasons.
 */
import type { Operation } from '../model/operations.js';
import {
  shallowCopy,
  type Delegation,
  type Department,
  type Employee,
  type Organisation,
  type Team,
  type User,
} from '../model/organisation.js';
import type { NotUndone, OperationReason, UndoneChange } from '../model/reasons.js';
import { EMPLOYEE_FIELDS, UNIT_FIELDS, USER_FIELDS } from '../model/fields.js';
import { ownerAsShown } from './after.js';
import type { Plan } from './plan.js';

/** What the entities a run touched were before it, as the service showed them. */
export interface BeforeState {
  users: User[];
  employees: Employee[];
  departments: Department[];
  teams: Team[];
  /** Delegations the service removes by itself when the run fires their holder (absent in older records). */
  delegations?: Delegation[];
}

export interface UndoDesired {
  desired: Organisation;
  /** What the undo cannot give back (src/view/reason-text.ts says it). */
  notUndone: NotUndone[];
  /** Employees (by their id in `desired`) the undo fires because the run rehired them. */
  rehired: ReadonlySet<string>;
}

type Kind = 'employee' | 'department' | 'team';

/** Where each entity is (its id and place in the organisation): undo puts it back there. */
const PLACE = {
  user: ['id'],
  employee: ['id', 'userId', 'teamId', 'status'],
  department: ['id', 'parentId'],
  team: ['id', 'departmentId'],
} as const;
const VALUES = { user: USER_FIELDS, employee: EMPLOYEE_FIELDS, department: UNIT_FIELDS, team: UNIT_FIELDS } as const;
type Recorded = { user: User; employee: Employee; department: Department; team: Team };

/**
 * What undo gives back of an entity: its place, and the value fields the table marks `undo` (a create-only
 * one, which the service never changes, is not among them). The run's record keeps these; an older record
 * keeps whole entities, of which the same are read.
 */
export function restorable<K extends keyof Recorded>(kind: K, record: Recorded[K]): Recorded[K] {
  const keys: readonly string[] = [...PLACE[kind], ...VALUES[kind].flatMap((field) => (field.undo ? [field.key] : []))];
  return Object.fromEntries(Object.entries(record).filter(([key]) => keys.includes(key))) as Recorded[K];
}

const RENAMED: Partial<Record<Operation['type'], Kind>> = {
  renameEmployee: 'employee',
  renameDepartment: 'department',
  renameTeam: 'team',
};

/** The kind of entity an operation renames, with its old and new id; null for any other operation. */
function renameOf(op: Operation): { kind: Kind; from: string; to: string } | null {
  const kind = RENAMED[op.type];
  return kind !== undefined && 'fromId' in op ? { kind, from: op.fromId, to: op.id } : null;
}

/**
 * Every entity's identity through renames: the id it had before the run (its "original"), and each id it
 * had since, in order — the run's renames, then the later runs'. A swap through a temporary id is two
 * identities crossing, each followed on its own.
 */
class Identities {
  private readonly at: Record<Kind, Map<string, string>> = { employee: new Map(), department: new Map(), team: new Map() };
  private readonly trails: Record<Kind, Map<string, string[]>> = { employee: new Map(), department: new Map(), team: new Map() };

  follow(ops: readonly Operation[]): this {
    for (const op of ops) {
      const rename = renameOf(op);
      if (rename === null) continue;
      const { kind, from, to } = rename;
      const original = this.at[kind].get(from) ?? from;
      this.at[kind].delete(from);
      this.at[kind].set(to, original);
      const trail = this.trails[kind].get(original) ?? [original];
      trail.push(to);
      this.trails[kind].set(original, trail);
    }
    return this;
  }

  /** The original of whatever holds `id` at this point of the renames followed so far. */
  originalOf(kind: Kind, id: string): string {
    return this.at[kind].get(id) ?? id;
  }

  /**
   * The id the entity has now: the last of its ids that the service holds (an undo killed halfway has
   * renamed some back already), else the last it was given.
   */
  idNow(kind: Kind, original: string, holds: (id: string) => boolean): string {
    const trail = this.trails[kind].get(original) ?? [original];
    return trail.findLast(holds) ?? trail.at(-1)!;
  }

  /** A copy of where the renames followed so far leave each id. */
  snapshot(): Identities {
    const copy = new Identities();
    for (const kind of ['employee', 'department', 'team'] as const) {
      for (const [id, original] of this.at[kind]) copy.at[kind].set(id, original);
      for (const [original, trail] of this.trails[kind]) copy.trails[kind].set(original, [...trail]);
    }
    return copy;
  }
}

/** Absences are left out: an undo never reports one (the service keeps what was reported). */
function copyOf(org: Organisation): Organisation {
  return { ...shallowCopy(org), absences: [] };
}

/** An entity set back under its old id; `previousId` (its id now) makes the planner rename it back. */
function restore<T extends { id: string; previousId?: string; source?: unknown }>(map: Map<string, T>, before: T, idNow: string): void {
  const { source: _source, previousId: _previous, ...fields } = before;
  if (idNow !== before.id) map.delete(idNow);
  map.set(before.id, { ...fields, ...(idNow !== before.id ? { previousId: idNow } : {}) } as T);
}

/**
 * The unit's own owner before the run, as its record holds it; a record written by an older release
 * has only who was responsible, read as the planner reads it (its own owner when it differs from what its parent showed).
 */
function ownerOfRecord(before: BeforeState, now: Organisation): (unit: Department | Team) => string | null {
  const departments = new Map(now.departments);
  for (const d of before.departments) departments.set(d.id, d);
  const shown = { ...now, departments };
  return (unit) => ownerAsShown(shown, unit);
}

const sameDelegation = (a: Omit<Delegation, 'serviceId'>) => (b: Delegation) =>
  a.unitKind === b.unitKind && a.unitId === b.unitId && a.responsibility === b.responsibility && a.employeeId === b.employeeId;

/**
 * `done`: the run's operations that were carried out, in order; `later`: the renames the runs after it
 * carried out, in order (their other operations are not followed: the undo sets back what this run did).
 */
export function undoDesired(
  now: Organisation,
  before: BeforeState,
  done: readonly Operation[],
  later: readonly Operation[] = [],
): UndoDesired {
  const desired = copyOf(now);
  const notUndone: NotUndone[] = [];
  const identities = new Identities().follow(done);
  // An id in the run's operations names what held it when the run ended; an id in `now`, what holds it now.
  const atRunEnd = identities.snapshot();
  identities.follow(later);
  const holds: Record<Kind, (id: string) => boolean> = {
    employee: (id) => now.employees.has(id),
    department: (id) => now.departments.has(id),
    team: (id) => now.teams.has(id),
  };
  const idNow = (kind: Kind, original: string) => identities.idNow(kind, original, holds[kind]);

  const originalsOf = (ops: readonly Operation[], type: Operation['type'], kind: Kind) =>
    new Set(ops.flatMap((op) => (op.type === type && 'id' in op ? [atRunEnd.originalOf(kind, op.id)] : [])));
  const deletedTeams = originalsOf(done, 'deleteTeam', 'team');
  const shownBefore = new Set(before.employees.map((e) => e.id));
  const rehiredOriginals = new Set(
    done
      .flatMap((op) => (op.type === 'rehireEmployee' ? [atRunEnd.originalOf('employee', op.id)] : []))
      .filter((id) => !shownBefore.has(id)),
  );
  // What is set back under the id it had before the run: references to it follow it there.
  const restored: Record<Kind, Set<string>> = {
    employee: new Set([...shownBefore, ...rehiredOriginals]),
    department: new Set(before.departments.map((d) => d.id)),
    team: new Set(before.teams.filter((t) => !deletedTeams.has(t.id)).map((t) => t.id)),
  };
  const desiredIdOf = (kind: Kind, original: string) => (restored[kind].has(original) ? original : idNow(kind, original));
  /** Where an id the service holds now is in the desired state. */
  const fromNow = (kind: Kind, id: string) => desiredIdOf(kind, identities.originalOf(kind, id));
  /** Where an id the run's operations name is in the desired state. */
  const fromRun = (kind: Kind, id: string) => desiredIdOf(kind, atRunEnd.originalOf(kind, id));

  referToIdsBack(desired, fromNow);
  for (const id of deletedTeams) notUndone.push({ code: 'team_gone', id });

  for (const op of done) {
    if (op.type === 'createEmployee') desired.employees.delete(fromRun('employee', op.id));
    if (op.type === 'createDepartment') desired.departments.delete(fromRun('department', op.id));
    if (op.type === 'createTeam') desired.teams.delete(fromRun('team', op.id));
    if (op.type !== 'createDelegation' && op.type !== 'deleteDelegation') continue;
    const held = {
      unitKind: op.unitKind,
      unitId: fromRun(op.unitKind, op.unitId),
      responsibility: op.responsibility,
      employeeId: fromRun('employee', op.employeeId),
    };
    if (op.type === 'createDelegation') desired.delegations = desired.delegations.filter((d) => !sameDelegation(held)(d));
    else if (op.unitKind === 'department' || !deletedTeams.has(atRunEnd.originalOf('team', op.unitId))) {
      if (!desired.delegations.some(sameDelegation(held))) desired.delegations.push(held);
    }
  }
  for (const user of before.users) restore(desired.users, restorable('user', user), user.id);
  const ownerBefore = ownerOfRecord(before, now);
  // A department the run deleted is made again: a department holds no dialog data (only a team does), and
  // what undo moves back into it needs it.
  for (const department of before.departments) {
    restore(
      desired.departments,
      restorable('department', { ...department, owner: ownerBefore(department) }),
      idNow('department', department.id),
    );
  }
  for (const team of before.teams) {
    if (deletedTeams.has(team.id)) continue;
    restore(desired.teams, restorable('team', { ...team, owner: ownerBefore(team) }), idNow('team', team.id));
  }
  for (const { serviceId: _serviceId, source: _source, ...held } of before.delegations ?? []) {
    if (held.unitKind === 'team' && deletedTeams.has(held.unitId)) continue;
    if (!desired.delegations.some(sameDelegation(held))) desired.delegations.push(held);
  }
  // A rehired employee was hidden while fired, so the record has no "before" of them: fired again, under
  // the id they were rehired with (a rehire under a previous employee id is renamed back first).
  for (const id of rehiredOriginals) {
    const rehiredNow = idNow('employee', id);
    const rehired = desired.employees.get(rehiredNow);
    if (!rehired) continue;
    desired.employees.delete(rehiredNow);
    desired.employees.set(id, { ...rehired, id, status: 'fired', ...(rehiredNow !== id ? { previousId: rehiredNow } : {}) });
  }
  const retitled = originalsOf(done, 'updateEmployee', 'employee');
  for (const id of rehiredOriginals) if (retitled.has(id)) notUndone.push({ code: 'rehired_title_stays', employee: id });
  for (const employee of before.employees) {
    const employeeNow = idNow('employee', employee.id);
    let restoredEmployee = employee;
    if (employee.teamId != null && deletedTeams.has(employee.teamId)) {
      const teamNow = now.employees.get(employeeNow)?.teamId ?? null;
      restoredEmployee = { ...employee, teamId: teamNow === null ? null : fromNow('team', teamNow) };
      notUndone.push({ code: 'stays_out_of_deleted_team', employee: employee.id, team: employee.teamId });
    }
    restore(desired.employees, restorable('employee', restoredEmployee), employeeNow);
  }
  const absences = done.filter((op) => op.type === 'reportAbsence').length;
  if (absences > 0) notUndone.push({ code: 'absences_stay', count: absences });
  const people = done.filter((op) => op.type === 'createUser').length;
  if (people > 0) notUndone.push({ code: 'people_stay', count: people });
  return { desired, notUndone, rehired: rehiredOriginals };
}

/**
 * The references of the service's entities (a member's team, a unit's parent, an owner, a delegation's
 * unit and holder) to the ids the undo gives back: a unit renamed back keeps its members and children.
 */
function referToIdsBack(desired: Organisation, fromNow: (kind: Kind, id: string) => string): void {
  const owner = (id: string | null | undefined) => (id == null ? id : fromNow('employee', id));
  for (const [id, e] of desired.employees) {
    if (e.teamId != null) desired.employees.set(id, { ...e, teamId: fromNow('team', e.teamId) });
  }
  for (const [id, d] of desired.departments) {
    desired.departments.set(id, {
      ...d,
      parentId: d.parentId === null ? null : fromNow('department', d.parentId),
      ...(d.owner !== undefined ? { owner: owner(d.owner) } : {}),
      ...(d.responsible !== undefined ? { responsible: owner(d.responsible) } : {}),
    });
  }
  for (const [id, t] of desired.teams) {
    desired.teams.set(id, {
      ...t,
      departmentId: fromNow('department', t.departmentId),
      ...(t.owner !== undefined ? { owner: owner(t.owner) } : {}),
      ...(t.responsible !== undefined ? { responsible: owner(t.responsible) } : {}),
    });
  }
  desired.delegations = desired.delegations.map((d) => ({
    ...d,
    unitId: fromNow(d.unitKind, d.unitId),
    employeeId: fromNow('employee', d.employeeId),
  }));
}

/** The planner's reasons that describe the change itself, which an undo's reason keeps. */
const CHANGE_REASONS = new Set<OperationReason['code']>([
  'fields_changed',
  'unit_changed',
  'parent',
  'team_department',
  'team_change',
  'joins_team',
]);

/**
 * The undo's plan with undo's own reasons, each naming the run undone: `undo_created` (what the run made
 * is removed), `undo_rehired` (whom it rehired is fired again), `undo_removed` (what it removed is given
 * back) and `undo_changed` (what it changed is set back, with the change where the planner said it). The
 * planner's reasons speak of a workbook (`pruned`: "not in the workbook (--prune)"); an undo has none, and
 * a script that counts pruned removals must not count an undo's.
 */
export function undoReasons(plan: Plan, runId: string, undone: Pick<UndoDesired, 'rehired'>): Plan {
  const reasonOf = (op: Operation): OperationReason => {
    switch (op.type) {
      case 'fireEmployee':
        return undone.rehired.has(op.id) ? { code: 'undo_rehired', run: runId } : { code: 'undo_created', run: runId };
      case 'deleteDepartment':
      case 'deleteTeam':
      case 'deleteDelegation':
        return { code: 'undo_created', run: runId };
      case 'removeTeamMember':
        return op.reason.code === 'emptied_for_deletion' ? { code: 'undo_created', run: runId } : changed(op.reason);
      case 'createEmployee':
      case 'rehireEmployee':
      case 'createDepartment':
      case 'createTeam':
      case 'createDelegation':
        return { code: 'undo_removed', run: runId };
      default:
        return changed(op.reason);
    }
  };
  const changed = (reason: OperationReason): OperationReason =>
    CHANGE_REASONS.has(reason.code)
      ? { code: 'undo_changed', run: runId, change: reason as UndoneChange }
      : { code: 'undo_changed', run: runId };
  const reworded = new Map<string, Operation>();
  const withReason = (op: Operation): Operation => {
    let copy = reworded.get(op.key);
    if (!copy) {
      copy = { ...op, reason: reasonOf(op) } as Operation;
      reworded.set(op.key, copy);
    }
    return copy;
  };
  return {
    ...plan,
    operations: plan.operations.map((planned) => ({ ...planned, op: withReason(planned.op) })),
    guard: { ...plan.guard, removals: plan.guard.removals.map(withReason) },
  };
}
