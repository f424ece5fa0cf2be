/**
 * The organisation as it will be once a plan is carried out: the current state with every operation
 * applied in dependency order. Pure; the consequences of a plan and the org chart are read from it.
 */
import { shallowCopy, type Department, type Employee, type Organisation, type Team } from '../model/organisation.js';
import type { Operation, UnitValues } from '../model/operations.js';
import { assertNever } from '../assert-never.js';
import { EMPLOYEE_FIELDS, UNIT_FIELDS } from '../model/fields.js';
import { applyChanges, shownAfterCreate } from '../model/field-changes.js';
import { inLevelOrder, type PlannedOperation } from './graph.js';

export interface Before {
  org: Organisation;
  /** Employees the service shows as fired. */
  firedEmployees: ReadonlySet<string>;
}

/** Fired employees stay in `org.employees` with status `fired`, so the chart can show them. */
export interface After {
  org: Organisation;
}

/** The temporary id an exchange of ids passes through (see renames.ts). */
export function isTemporaryId(id: string): boolean {
  return id.startsWith('orgsync-moving-');
}

/** The planned operations in the order they will be carried out (dependency level, then plan order). */
export function inOrder(planned: readonly PlannedOperation[]): Operation[] {
  return inLevelOrder(planned).map((p) => p.op);
}

/** New maps holding the same records: a record is copied only when it is changed (`edit`); absences always. */
function shallow(org: Organisation): Organisation {
  return { ...shallowCopy(org), absences: org.absences.map((a) => ({ ...a })) };
}

/** The record under `id`, copied into the map first, so the organisation it came from is never changed. */
function edit<V extends object>(map: Map<string, V>, id: string): V | undefined {
  const value = map.get(id);
  if (value === undefined) return undefined;
  const copy = { ...value };
  map.set(id, copy);
  return copy;
}

/**
 * v3 shows only the responsible employee of a unit: one that differs from what its parent shows is read as
 * its own owner, one that equals it as inherited (the same reading the diff makes).
 */
export function withShownOwners(org: Organisation): Organisation {
  const copy = shallow(org);
  for (const [id, d] of org.departments) if (d.owner === undefined) copy.departments.set(id, { ...d, owner: ownerAsShown(org, d) });
  for (const [id, t] of org.teams) if (t.owner === undefined) copy.teams.set(id, { ...t, owner: ownerAsShown(org, t) });
  return copy;
}

/** A unit's own owner by that reading (the explicit owner where the API shows it, as v2 does). */
export function ownerAsShown(org: Organisation, unit: Department | Team): string | null {
  if (unit.owner !== undefined) return unit.owner;
  const parentId = 'parentId' in unit ? unit.parentId : unit.departmentId;
  const inherited = parentId === null ? null : (org.departments.get(parentId)?.responsible ?? null);
  return unit.responsible && unit.responsible !== inherited ? unit.responsible : null;
}

/** A fired employee's value fields survive the firing (the service hides them until the rehire). */
function keptWhileFired(known: Employee): Partial<Employee> {
  return Object.fromEntries(EMPLOYEE_FIELDS.flatMap((field) => (known[field.key] !== undefined ? [[field.key, known[field.key]]] : [])));
}

/** A new unit's value fields as the service will show them (the name is always sent). */
function unitShownAfterCreate(op: UnitValues): UnitValues {
  return shownAfterCreate(UNIT_FIELDS, op) as UnitValues;
}

function rekey<V extends { id: string }>(map: Map<string, V>, from: string, to: string): void {
  const value = map.get(from);
  if (!value) return;
  map.delete(from);
  map.set(to, { ...value, id: to });
}

/** `fallback`: where a rehired employee's record comes from (the current state lists only active ones). */
export function organisationAfter(before: Before, ops: readonly Operation[], fallback?: Organisation): After {
  const org = withShownOwners(before.org);
  const followOwner = (from: string, to: string) => {
    for (const [id, d] of org.departments) if (d.owner === from) edit(org.departments, id)!.owner = to;
    for (const [id, t] of org.teams) if (t.owner === from) edit(org.teams, id)!.owner = to;
  };
  for (const op of ops) {
    switch (op.type) {
      case 'createUser':
        org.users.set(op.id, { id: op.id, ...op.fields });
        break;
      case 'updateUser': {
        const user = edit(org.users, op.id);
        if (user) applyChanges(user, op.changes);
        break;
      }
      case 'createEmployee':
        org.employees.set(op.id, {
          id: op.id,
          userId: op.userId,
          ...shownAfterCreate(EMPLOYEE_FIELDS, op),
          status: 'active',
          teamId: null,
        });
        if (!org.users.has(op.userId)) org.users.set(op.userId, { id: op.userId, ...op.user });
        break;
      case 'updateEmployee': {
        const employee = edit(org.employees, op.id);
        if (employee) applyChanges(employee, op.changes);
        break;
      }
      case 'renameEmployee':
        rekey(org.employees, op.fromId, op.id);
        followOwner(op.fromId, op.id);
        for (const a of org.absences) if (a.employeeId === op.fromId) a.employeeId = op.id;
        org.delegations = org.delegations.map((d) => (d.employeeId === op.fromId ? { ...d, employeeId: op.id } : d));
        break;
      case 'fireEmployee': {
        const employee = edit(org.employees, op.id);
        if (employee) employee.status = 'fired';
        break;
      }
      case 'rehireEmployee': {
        const known = org.employees.get(op.id) ?? fallback?.employees.get(op.id);
        org.employees.set(op.id, { id: op.id, userId: op.userId, ...(known ? keptWhileFired(known) : {}), status: 'active', teamId: null });
        const user = fallback?.users.get(op.userId);
        if (!org.users.has(op.userId) && user) org.users.set(op.userId, { ...user });
        break;
      }
      case 'createDepartment':
        org.departments.set(op.id, { id: op.id, ...unitShownAfterCreate(op), parentId: op.parentId });
        break;
      case 'updateDepartment': {
        const department = edit(org.departments, op.id);
        if (department) applyChanges(department, op.changes);
        break;
      }
      case 'moveDepartment': {
        const department = edit(org.departments, op.id);
        if (department) department.parentId = op.parentId;
        break;
      }
      case 'renameDepartment':
        rekey(org.departments, op.fromId, op.id);
        for (const [id, d] of org.departments) if (d.parentId === op.fromId) edit(org.departments, id)!.parentId = op.id;
        for (const [id, t] of org.teams) if (t.departmentId === op.fromId) edit(org.teams, id)!.departmentId = op.id;
        break;
      case 'deleteDepartment':
        org.departments.delete(op.id);
        break;
      case 'createTeam':
        org.teams.set(op.id, { id: op.id, ...unitShownAfterCreate(op), departmentId: op.departmentId });
        break;
      case 'updateTeam': {
        const team = edit(org.teams, op.id);
        if (team) applyChanges(team, op.changes);
        break;
      }
      case 'moveTeam': {
        const team = edit(org.teams, op.id);
        if (team) team.departmentId = op.departmentId;
        break;
      }
      case 'renameTeam':
        rekey(org.teams, op.fromId, op.id);
        for (const [id, e] of org.employees) if (e.teamId === op.fromId) edit(org.employees, id)!.teamId = op.id;
        break;
      case 'deleteTeam':
        org.teams.delete(op.id);
        for (const [id, e] of org.employees) if (e.teamId === op.id) edit(org.employees, id)!.teamId = null;
        break;
      case 'addTeamMember': {
        const employee = edit(org.employees, op.employeeId);
        if (employee) employee.teamId = op.teamId;
        break;
      }
      case 'removeTeamMember': {
        if (org.employees.get(op.employeeId)?.teamId === op.teamId) edit(org.employees, op.employeeId)!.teamId = null;
        break;
      }
      case 'createDelegation':
        org.delegations.push({ unitKind: op.unitKind, unitId: op.unitId, responsibility: op.responsibility, employeeId: op.employeeId });
        break;
      case 'deleteDelegation':
        org.delegations = org.delegations.filter((d) => d.serviceId !== op.serviceId);
        break;
      case 'reportAbsence': {
        const same = org.absences.find((a) => a.employeeId === op.employeeId && a.startDate === (op.keepsStart ?? op.startDate));
        if (same) Object.assign(same, { startDate: op.startDate, endDate: op.endDate });
        else org.absences.push({ employeeId: op.employeeId, startDate: op.startDate, endDate: op.endDate });
        break;
      }
      default:
        assertNever(op);
    }
  }
  return { org };
}

/**
 * Each id's end of a chain of renames (`from` → `to`), following the temporary ids of an exchange:
 * in a swap, A → orgsync-moving-A → B gives A → B.
 */
export function renameChains(ops: readonly Operation[], type: 'renameEmployee' | 'renameDepartment' | 'renameTeam'): Map<string, string> {
  const step = new Map<string, string>();
  for (const op of ops) if (op.type === type) step.set(op.fromId, op.id);
  const result = new Map<string, string>();
  for (const from of step.keys()) {
    if (isTemporaryId(from)) continue;
    let to = step.get(from)!;
    const seen = new Set([from]);
    while (isTemporaryId(to) && step.has(to) && !seen.has(to)) {
      seen.add(to);
      to = step.get(to)!;
    }
    if (to !== from) result.set(from, to);
  }
  return result;
}
