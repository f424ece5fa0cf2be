/**
 * What undo needs to know of the service before a run: the entities the run's operations touch, as the
 * service showed them, picked before the first write; and, for a run finished in parts, the "before" of
 * the whole run from the parts' own.
 */
import type { Operation } from '../model/operations.js';
import type { Department, Organisation, Team } from '../model/organisation.js';
import { ownerAsShown } from '../plan/after.js';
import { restorable, type BeforeState } from '../plan/undo.js';

export type { BeforeState };

/** The ids of each kind the operations touch: changed, created, renamed from or to, fired, moved. */
export interface TouchedIds {
  users: Set<string>;
  employees: Set<string>;
  departments: Set<string>;
  teams: Set<string>;
}

export function touchedIds(ops: Iterable<Operation>): TouchedIds {
  const ids: TouchedIds = { users: new Set(), employees: new Set(), departments: new Set(), teams: new Set() };
  for (const op of ops) {
    switch (op.type) {
      case 'createUser':
      case 'updateUser':
        ids.users.add(op.id);
        break;
      case 'createEmployee':
      case 'updateEmployee':
      case 'fireEmployee':
      case 'rehireEmployee':
        ids.employees.add(op.id);
        break;
      case 'renameEmployee':
        ids.employees.add(op.fromId).add(op.id);
        break;
      case 'addTeamMember':
      case 'removeTeamMember':
        ids.employees.add(op.employeeId);
        break;
      case 'createDepartment':
      case 'updateDepartment':
      case 'moveDepartment':
      case 'deleteDepartment':
        ids.departments.add(op.id);
        break;
      case 'renameDepartment':
        ids.departments.add(op.fromId).add(op.id);
        break;
      case 'createTeam':
      case 'updateTeam':
      case 'moveTeam':
      case 'deleteTeam':
        ids.teams.add(op.id);
        break;
      case 'renameTeam':
        ids.teams.add(op.fromId).add(op.id);
        break;
      default:
        break; // delegations and absences: the operation itself says what was there
    }
  }
  return ids;
}

/** The entities the operations touch, as `state` has them (the service before the run). */
export function touchedBefore(state: Organisation, ops: readonly Operation[]): BeforeState {
  const { users, employees, departments, teams } = touchedIds(ops);
  for (const id of employees) {
    const userId = state.employees.get(id)?.userId;
    if (userId !== undefined) users.add(userId);
  }
  // Firing an employee clears the units they led and removes their delegations (the service's rule): both
  // are kept, so that undo, which rehires them, gives them back too.
  const fired = new Set(ops.flatMap((op) => (op.type === 'fireEmployee' ? [op.id] : [])));
  if (fired.size > 0) {
    for (const d of state.departments.values()) if (fired.has(ownerAsShown(state, d) ?? '')) departments.add(d.id);
    for (const t of state.teams.values()) if (fired.has(ownerAsShown(state, t) ?? '')) teams.add(t.id);
  }
  const pick = <T>(map: Map<string, T>, ids: Set<string>) => [...ids].flatMap((id) => (map.has(id) ? [map.get(id)!] : []));
  // v3 shows only who is responsible: the unit's own owner is recorded as the planner reads it.
  const withOwner = <T extends Department | Team>(unit: T): T => ({ ...unit, owner: ownerAsShown(state, unit) });
  // Only what undo gives back is kept (the field table's `undo`): a create-only field is left out.
  return {
    users: pick(state.users, users).map((u) => restorable('user', u)),
    employees: pick(state.employees, employees).map((e) => restorable('employee', e)),
    departments: pick(state.departments, departments).map((d) => restorable('department', withOwner(d))),
    teams: pick(state.teams, teams).map((t) => restorable('team', withOwner(t))),
    delegations: state.delegations.filter((d) => fired.has(d.employeeId)),
  };
}

/**
 * The "before" of a run finished in parts: each part's own, read when it started, where no earlier part
 * touched the entity (what an earlier part touched, created or renamed was already changed when a later
 * part read the service: its state before the run is the earlier part's).
 */
export function mergeBefore(parts: readonly { before: BeforeState; operations: readonly Operation[] }[]): BeforeState {
  const merged: BeforeState = { users: [], employees: [], departments: [], teams: [], delegations: [] };
  const claimed: TouchedIds = { users: new Set(), employees: new Set(), departments: new Set(), teams: new Set() };
  for (const { before, operations } of parts) {
    merged.users.push(...before.users.filter((u) => !claimed.users.has(u.id)));
    merged.employees.push(...before.employees.filter((e) => !claimed.employees.has(e.id)));
    merged.departments.push(...before.departments.filter((d) => !claimed.departments.has(d.id)));
    merged.teams.push(...before.teams.filter((t) => !claimed.teams.has(t.id)));
    const kept = new Set(merged.delegations!.map((d) => JSON.stringify([d.unitKind, d.unitId, d.responsibility, d.employeeId])));
    for (const d of before.delegations ?? []) {
      if (!kept.has(JSON.stringify([d.unitKind, d.unitId, d.responsibility, d.employeeId]))) merged.delegations!.push(d);
    }
    const touched = touchedIds(operations);
    for (const e of before.employees) touched.users.add(e.userId);
    for (const kind of ['users', 'employees', 'departments', 'teams'] as const) {
      for (const id of touched[kind]) claimed[kind].add(id);
      for (const entity of before[kind]) claimed[kind].add(entity.id);
    }
  }
  return merged;
}
