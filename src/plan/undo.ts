/**
 * `undo RUN` as a desired state: the service as it is now, with every entity the run touched set back to
 * what it was before the run, what the run created left out (so the normal planner, with removals on,
 * fires or deletes it), and what cannot be undone named. Pure; the plan is then made and applied like
 * any other, with the same plan shown, confirmation and deletion guard.
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
import type { NotUndone } from '../model/reasons.js';
import { EMPLOYEE_FIELDS, UNIT_FIELDS, USER_FIELDS } from '../model/fields.js';
import { ownerAsShown } from './after.js';

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

/** Id before the run → id now, through the renames the run carried out (in their order). */
function renamesOf(done: readonly Operation[]): Record<Kind, Map<string, string>> {
  const renamed: Record<Kind, Map<string, string>> = { employee: new Map(), department: new Map(), team: new Map() };
  for (const op of done) {
    const kind: Kind | null =
      op.type === 'renameEmployee' ? 'employee' : op.type === 'renameDepartment' ? 'department' : op.type === 'renameTeam' ? 'team' : null;
    if (kind === null || !('fromId' in op)) continue;
    const map = renamed[kind];
    let followed = false;
    for (const [original, current] of map) {
      if (current === op.fromId) {
        map.set(original, op.id);
        followed = true;
      }
    }
    if (!followed) map.set(op.fromId, op.id);
  }
  return renamed;
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

export function undoDesired(now: Organisation, before: BeforeState, done: readonly Operation[]): UndoDesired {
  const desired = copyOf(now);
  const notUndone: NotUndone[] = [];
  const renamed = renamesOf(done);
  const deletedTeams = new Set(done.flatMap((op) => (op.type === 'deleteTeam' ? [op.id] : [])));
  const deletedDepartments = new Set(done.flatMap((op) => (op.type === 'deleteDepartment' ? [op.id] : [])));
  for (const id of deletedDepartments) notUndone.push({ code: 'department_gone', id });
  for (const id of deletedTeams) notUndone.push({ code: 'team_gone', id });

  for (const op of done) {
    if (op.type === 'createEmployee') desired.employees.delete(op.id);
    if (op.type === 'createDepartment') desired.departments.delete(op.id);
    if (op.type === 'createTeam') desired.teams.delete(op.id);
    if (op.type === 'createDelegation') desired.delegations = desired.delegations.filter((d) => !sameDelegation(op)(d));
    if (op.type === 'deleteDelegation' && !deletedTeams.has(op.unitId) && !deletedDepartments.has(op.unitId)) {
      const { unitKind, unitId, responsibility, employeeId } = op;
      if (!desired.delegations.some(sameDelegation(op))) desired.delegations.push({ unitKind, unitId, responsibility, employeeId });
    }
  }
  for (const user of before.users) restore(desired.users, restorable('user', user), user.id);
  const ownerBefore = ownerOfRecord(before, now);
  for (const department of before.departments) {
    if (deletedDepartments.has(department.id)) continue;
    restore(
      desired.departments,
      restorable('department', { ...department, owner: ownerBefore(department) }),
      renamed.department.get(department.id) ?? department.id,
    );
  }
  for (const team of before.teams) {
    if (deletedTeams.has(team.id)) continue;
    restore(desired.teams, restorable('team', { ...team, owner: ownerBefore(team) }), renamed.team.get(team.id) ?? team.id);
  }
  for (const { serviceId: _serviceId, source: _source, ...held } of before.delegations ?? []) {
    if (deletedTeams.has(held.unitId) || deletedDepartments.has(held.unitId)) continue;
    if (!desired.delegations.some(sameDelegation(held))) desired.delegations.push(held);
  }
  // A rehired employee was hidden while fired, so the record has no "before" of them: fired again, under
  // the id they were rehired with (a rehire under a previous employee id is renamed back first).
  const shownBefore = new Set(before.employees.map((e) => e.id));
  for (const op of done) {
    if (op.type !== 'rehireEmployee' || shownBefore.has(op.id)) continue;
    const idNow = renamed.employee.get(op.id) ?? op.id;
    const rehired = desired.employees.get(idNow);
    if (!rehired) continue;
    desired.employees.delete(idNow);
    desired.employees.set(op.id, { ...rehired, id: op.id, status: 'fired', ...(idNow !== op.id ? { previousId: idNow } : {}) });
  }
  const retitled = new Set(done.flatMap((op) => (op.type === 'updateEmployee' ? [op.id] : [])));
  for (const op of done) {
    if (op.type === 'rehireEmployee' && !shownBefore.has(op.id) && retitled.has(renamed.employee.get(op.id) ?? op.id))
      notUndone.push({ code: 'rehired_title_stays', employee: op.id });
  }
  for (const employee of before.employees) {
    const idNow = renamed.employee.get(employee.id) ?? employee.id;
    let restored = employee;
    if (employee.teamId != null && deletedTeams.has(employee.teamId)) {
      restored = { ...employee, teamId: now.employees.get(idNow)?.teamId ?? null };
      notUndone.push({ code: 'stays_out_of_deleted_team', employee: employee.id, team: employee.teamId });
    }
    restore(desired.employees, restorable('employee', restored), idNow);
  }
  const absences = done.filter((op) => op.type === 'reportAbsence').length;
  if (absences > 0) notUndone.push({ code: 'absences_stay', count: absences });
  const people = done.filter((op) => op.type === 'createUser').length;
  if (people > 0) notUndone.push({ code: 'people_stay', count: people });
  return { desired, notUndone };
}
