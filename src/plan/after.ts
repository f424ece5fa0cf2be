/**
 * The organisation as it will be once a plan is carried out: the current state with every operation
 * applied in dependency order. Pure; the consequences of a plan and the org chart are read from it.
 */
import type { Organisation } from '../model/organisation.js';
import type { Operation } from '../model/operations.js';
import { assertNever } from '../assert-never.js';
import { levels, type PlannedOperation } from './graph.js';

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
  const level = levels([...planned]);
  return [...planned].sort((a, b) => (level.get(a.op.key) ?? 0) - (level.get(b.op.key) ?? 0)).map((p) => p.op);
}

function clone(org: Organisation): Organisation {
  return {
    users: new Map([...org.users].map(([k, v]) => [k, { ...v }])),
    employees: new Map([...org.employees].map(([k, v]) => [k, { ...v }])),
    departments: new Map([...org.departments].map(([k, v]) => [k, { ...v }])),
    teams: new Map([...org.teams].map(([k, v]) => [k, { ...v }])),
    delegations: org.delegations.map((d) => ({ ...d })),
    absences: org.absences.map((a) => ({ ...a })),
  };
}

/**
 * v3 shows only the responsible employee of a unit: one that differs from what its parent shows is read as
 * its own owner, one that equals it as inherited (the same reading the diff makes).
 */
export function withShownOwners(org: Organisation): Organisation {
  const copy = clone(org);
  const shown = (departmentId: string | null) => (departmentId === null ? null : (org.departments.get(departmentId)?.responsible ?? null));
  for (const d of copy.departments.values()) {
    if (d.owner === undefined) d.owner = d.responsible && d.responsible !== shown(d.parentId) ? d.responsible : null;
  }
  for (const t of copy.teams.values()) {
    if (t.owner === undefined) t.owner = t.responsible && t.responsible !== shown(t.departmentId) ? t.responsible : null;
  }
  return copy;
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
    for (const unit of [...org.departments.values(), ...org.teams.values()]) if (unit.owner === from) unit.owner = to;
  };
  for (const op of ops) {
    switch (op.type) {
      case 'createUser':
        org.users.set(op.id, { id: op.id, ...op.fields });
        break;
      case 'updateUser': {
        const user = org.users.get(op.id);
        if (user) Object.assign(user, op.changes);
        break;
      }
      case 'createEmployee':
        org.employees.set(op.id, { id: op.id, userId: op.userId, employment: op.employment ?? null, status: 'active', teamId: null });
        if (!org.users.has(op.userId)) org.users.set(op.userId, { id: op.userId, ...op.user });
        break;
      case 'updateEmployee': {
        const employee = org.employees.get(op.id);
        if (employee) Object.assign(employee, op.changes);
        break;
      }
      case 'renameEmployee':
        rekey(org.employees, op.fromId, op.id);
        followOwner(op.fromId, op.id);
        for (const a of org.absences) if (a.employeeId === op.fromId) a.employeeId = op.id;
        for (const d of org.delegations) if (d.employeeId === op.fromId) d.employeeId = op.id;
        break;
      case 'fireEmployee': {
        const employee = org.employees.get(op.id);
        if (employee) employee.status = 'fired';
        break;
      }
      case 'rehireEmployee': {
        const known = org.employees.get(op.id) ?? fallback?.employees.get(op.id);
        org.employees.set(op.id, { id: op.id, userId: op.userId, ...(known ? { employment: known.employment } : {}), status: 'active', teamId: null });
        const user = fallback?.users.get(op.userId);
        if (!org.users.has(op.userId) && user) org.users.set(op.userId, { ...user });
        break;
      }
      case 'createDepartment':
        org.departments.set(op.id, { id: op.id, name: op.name, parentId: op.parentId, owner: op.owner ?? null });
        break;
      case 'updateDepartment': {
        const department = org.departments.get(op.id);
        if (department) Object.assign(department, op.changes);
        break;
      }
      case 'moveDepartment': {
        const department = org.departments.get(op.id);
        if (department) department.parentId = op.parentId;
        break;
      }
      case 'renameDepartment':
        rekey(org.departments, op.fromId, op.id);
        for (const d of org.departments.values()) if (d.parentId === op.fromId) d.parentId = op.id;
        for (const t of org.teams.values()) if (t.departmentId === op.fromId) t.departmentId = op.id;
        break;
      case 'deleteDepartment':
        org.departments.delete(op.id);
        break;
      case 'createTeam':
        org.teams.set(op.id, { id: op.id, name: op.name, departmentId: op.departmentId, owner: op.owner ?? null });
        break;
      case 'updateTeam': {
        const team = org.teams.get(op.id);
        if (team) Object.assign(team, op.changes);
        break;
      }
      case 'moveTeam': {
        const team = org.teams.get(op.id);
        if (team) team.departmentId = op.departmentId;
        break;
      }
      case 'renameTeam':
        rekey(org.teams, op.fromId, op.id);
        for (const e of org.employees.values()) if (e.teamId === op.fromId) e.teamId = op.id;
        break;
      case 'deleteTeam':
        org.teams.delete(op.id);
        for (const e of org.employees.values()) if (e.teamId === op.id) e.teamId = null;
        break;
      case 'addTeamMember': {
        const employee = org.employees.get(op.employeeId);
        if (employee) employee.teamId = op.teamId;
        break;
      }
      case 'removeTeamMember': {
        const employee = org.employees.get(op.employeeId);
        if (employee && employee.teamId === op.teamId) employee.teamId = null;
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
