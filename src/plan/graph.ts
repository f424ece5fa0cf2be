/**
 * The dependency graph over a plan's operations. Each operation names the entities it needs and the
 * entities it brings into being; an operation waits for whatever in the same plan provides what it
 * needs. Removals invert the edges: a unit is emptied before it is deleted, an employee stops owning
 * and holding delegations before they are fired.
 */
import type { Organisation } from '../model/organisation.js';
import { assertNever } from '../assert-never.js';
import type { Operation } from '../model/operations.js';
import { isTemporaryId } from './renames.js';
import { usernameKey } from './usernames.js';

export interface PlannedOperation {
  op: Operation;
  /** Keys of operations that must succeed first (read-only: the levels of a plan are kept, see `levels`). */
  readonly dependsOn: readonly string[];
}

/**
 * `freed:KIND:ID`: the id is given up (renamed away); `source:KIND:ID`: the entity a rename starts from
 * is there to be renamed (rehired, or moved to a temporary id in a swap).
 */
type Ref = `${'user' | 'employee' | 'department' | 'team' | 'placed' | 'member' | 'username' | 'freed' | 'source'}:${string}`;

function renameProvides(kind: 'employee' | 'department' | 'team', op: { id: string; fromId: string }): Ref[] {
  return [`freed:${kind}:${op.fromId}`, ...(isTemporaryId(op.id) ? [`source:${kind}:${op.id}` as const] : [])];
}

function provides(op: Operation): Ref[] {
  switch (op.type) {
    case 'createUser':
      return [`user:${op.id}`];
    case 'createEmployee':
      // A create under a fired employee's id rehires them (v2): a rename from that id follows it.
      return [`employee:${op.id}`, `source:employee:${op.id}`];
    case 'rehireEmployee':
      return [`employee:${op.id}`, `source:employee:${op.id}`];
    case 'renameEmployee':
      return [`employee:${op.id}`, ...renameProvides('employee', op)];
    case 'createDepartment':
      return [`department:${op.id}`, `placed:${op.id}`];
    case 'renameDepartment':
      return [`department:${op.id}`, `placed:${op.id}`, ...renameProvides('department', op)];
    case 'moveDepartment':
      return [`placed:${op.id}`];
    case 'createTeam':
      return [`team:${op.id}`];
    case 'renameTeam':
      return [`team:${op.id}`, ...renameProvides('team', op)];
    case 'addTeamMember':
      return [`member:${op.employeeId}`];
    case 'updateUser':
      return op.releasesUsername !== undefined ? [`username:${usernameKey(op.releasesUsername)}`] : [];
    case 'updateEmployee':
    case 'fireEmployee':
    case 'updateDepartment':
    case 'deleteDepartment':
    case 'updateTeam':
    case 'moveTeam':
    case 'deleteTeam':
    case 'removeTeamMember':
    case 'createDelegation':
    case 'deleteDelegation':
    case 'reportAbsence':
      return [];
    default:
      return assertNever(op);
  }
}

/** A temporary id is free by construction: only the step away from it gives it up, and that comes after. */
function renameRequires(kind: 'employee' | 'department' | 'team', op: { id: string; fromId: string }): Ref[] {
  return [`source:${kind}:${op.fromId}`, ...(isTemporaryId(op.id) ? [] : [`freed:${kind}:${op.id}` as const])];
}

function owner(id: string | null | undefined): Ref[] {
  return id ? [`employee:${id}`] : [];
}

function unitRef(kind: 'department' | 'team', id: string): Ref {
  return kind === 'department' ? `department:${id}` : `team:${id}`;
}

/** Every department above `id` in the desired tree, closest first. */
function desiredAncestors(desired: Organisation, id: string): string[] {
  const result: string[] = [];
  const seen = new Set<string>([id]);
  let parent = desired.departments.get(id)?.parentId ?? null;
  while (parent !== null && !seen.has(parent)) {
    result.push(parent);
    seen.add(parent);
    parent = desired.departments.get(parent)?.parentId ?? null;
  }
  return result;
}

function requires(op: Operation, desired: Organisation): Ref[] {
  switch (op.type) {
    case 'createUser':
      return [`username:${usernameKey(op.fields.username)}`];
    case 'renameDepartment':
      return renameRequires('department', op);
    case 'renameTeam':
      return renameRequires('team', op);
    case 'renameEmployee':
      // A fired employee is rehired under the old id first, then renamed; the new id must be given up first.
      return renameRequires('employee', op);
    case 'updateUser':
      return [`user:${op.id}`, ...(op.changes.username !== undefined ? [`username:${usernameKey(op.changes.username.now)}` as const] : [])];
    case 'createEmployee':
    case 'rehireEmployee':
      return [`user:${op.userId}`];
    case 'updateEmployee':
    case 'fireEmployee':
      return [`employee:${op.id}`];
    case 'createDepartment':
      return [`department:${op.parentId}`, `placed:${op.parentId}`, ...owner(op.owner)];
    case 'updateDepartment':
      return [`department:${op.id}`, ...owner(op.changes.owner?.now)];
    case 'moveDepartment':
      // Moves follow the new tree top-down: once every new ancestor is in its place, the new parent
      // cannot be below the department being moved, so no move ever places a department below itself.
      return [`department:${op.id}`, `department:${op.parentId}`, ...desiredAncestors(desired, op.id).map((a): Ref => `placed:${a}`)];
    case 'deleteDepartment':
    case 'deleteTeam':
      return [];
    case 'createTeam':
      return [`department:${op.departmentId}`, `placed:${op.departmentId}`, ...owner(op.owner)];
    case 'updateTeam':
      return [`team:${op.id}`, ...owner(op.changes.owner?.now)];
    case 'moveTeam':
      return [`team:${op.id}`, `department:${op.departmentId}`, `placed:${op.departmentId}`];
    case 'addTeamMember':
      return [`team:${op.teamId}`, `employee:${op.employeeId}`];
    case 'removeTeamMember':
      return [`team:${op.teamId}`, `employee:${op.employeeId}`];
    case 'createDelegation':
      return [unitRef(op.unitKind, op.unitId), `employee:${op.employeeId}`];
    case 'deleteDelegation':
      // Its unit is addressed by the id it will have: wait for a rename to it.
      return [unitRef(op.unitKind, op.unitId)];
    case 'reportAbsence':
      // The service reports only employees who are in a team.
      return [`employee:${op.employeeId}`, `member:${op.employeeId}`];
    default:
      return assertNever(op);
  }
}

/**
 * Edges for removals, from what the service has now: whatever empties a unit or releases an employee
 * goes before the delete or the fire.
 */
function removalEdges(ops: Operation[], current: Organisation): Map<string, string[]> {
  const before = new Map<string, string[]>();
  const add = (key: string, dep: string) => {
    const list = before.get(key) ?? [];
    list.push(dep);
    before.set(key, list);
  };
  const byTeam = new Map<string, string[]>(); // ops that take something out of a team
  const byDepartment = new Map<string, string[]>();
  const byEmployee = new Map<string, string[]>(); // ops that release an employee
  const push = (map: Map<string, string[]>, id: string, key: string) => {
    const list = map.get(id) ?? [];
    list.push(key);
    map.set(id, list);
  };
  // Operations name entities by the ids they will have; the service's state still has the old ones.
  const renamed = { employee: new Map<string, string>(), department: new Map<string, string>(), team: new Map<string, string>() };
  const forward = { employee: new Map<string, string>(), department: new Map<string, string>(), team: new Map<string, string>() };
  const renameKind = (op: Operation) =>
    op.type === 'renameEmployee' ? 'employee' : op.type === 'renameDepartment' ? 'department' : op.type === 'renameTeam' ? 'team' : null;
  // A swap's temporary step is not a rename of its own: the entity goes from its id to the new one.
  const temporaryOf = new Map<string, string>();
  for (const op of ops) {
    const kind = renameKind(op);
    if (kind !== null && 'fromId' in op && isTemporaryId(op.id)) temporaryOf.set(`${kind}:${op.id}`, op.fromId);
  }
  for (const op of ops) {
    const kind = renameKind(op);
    if (kind === null || !('fromId' in op) || isTemporaryId(op.id)) continue;
    const from = temporaryOf.get(`${kind}:${op.fromId}`) ?? op.fromId;
    renamed[kind].set(op.id, from);
    forward[kind].set(from, op.id);
  }
  const was = (kind: keyof typeof renamed, id: string) => renamed[kind].get(id) ?? id;
  const will = (kind: keyof typeof renamed, id: string | null | undefined) => (id ? (forward[kind].get(id) ?? id) : null);
  const currentTeamOf = (employeeId: string) => will('team', current.employees.get(was('employee', employeeId))?.teamId);
  for (const op of ops) {
    switch (op.type) {
      case 'addTeamMember':
      case 'removeTeamMember':
      case 'fireEmployee': {
        const employeeId = op.type === 'fireEmployee' ? op.id : op.employeeId;
        const team = currentTeamOf(employeeId);
        if (team) push(byTeam, team, op.key);
        if (op.type === 'removeTeamMember') push(byEmployee, employeeId, op.key);
        break;
      }
      case 'deleteDelegation':
        push(op.unitKind === 'team' ? byTeam : byDepartment, op.unitId, op.key);
        push(byEmployee, op.employeeId, op.key);
        break;
      case 'moveTeam':
      case 'deleteTeam': {
        const department = will('department', current.teams.get(was('team', op.id))?.departmentId);
        if (department) push(byDepartment, department, op.key);
        break;
      }
      case 'moveDepartment':
      case 'deleteDepartment': {
        const parent = will('department', current.departments.get(was('department', op.id))?.parentId);
        if (parent) push(byDepartment, parent, op.key);
        break;
      }
      case 'updateDepartment':
      case 'updateTeam': {
        if (op.changes.owner === undefined) break;
        const unit = op.type === 'updateTeam' ? current.teams.get(was('team', op.id)) : current.departments.get(was('department', op.id));
        const owner = will('employee', unit?.responsible ?? unit?.owner);
        if (owner) push(byEmployee, owner, op.key);
        break;
      }
      default:
        break;
    }
  }
  for (const op of ops) {
    if (op.type === 'deleteTeam') for (const dep of byTeam.get(op.id) ?? []) add(op.key, dep);
    if (op.type === 'deleteDepartment') for (const dep of byDepartment.get(op.id) ?? []) add(op.key, dep);
    if (op.type === 'fireEmployee') for (const dep of byEmployee.get(op.id) ?? []) add(op.key, dep);
  }
  return before;
}

/**
 * Periods of one employee are reported oldest first, one at a time: where reporting a period takes two
 * requests (v2: sick, then fit), a later period sent in between would be merged into the open one.
 */
function absenceChains(ops: Operation[]): Map<string, string> {
  const byEmployee = new Map<string, Extract<Operation, { type: 'reportAbsence' }>[]>();
  for (const op of ops) {
    if (op.type !== 'reportAbsence') continue;
    const list = byEmployee.get(op.employeeId) ?? [];
    list.push(op);
    byEmployee.set(op.employeeId, list);
  }
  const previous = new Map<string, string>();
  for (const list of byEmployee.values()) {
    list.sort((a, b) => (a.startDate < b.startDate ? -1 : a.startDate > b.startDate ? 1 : 0));
    for (let i = 1; i < list.length; i++) previous.set(list[i]!.key, list[i - 1]!.key);
  }
  return previous;
}

export function buildGraph(ops: Operation[], desired: Organisation, current: Organisation): PlannedOperation[] {
  const providers = new Map<Ref, string[]>();
  for (const op of ops) {
    for (const ref of provides(op)) {
      const list = providers.get(ref) ?? [];
      list.push(op.key);
      providers.set(ref, list);
    }
  }
  const removal = removalEdges(ops, current);
  const earlierAbsence = absenceChains(ops);
  // One list gathers each operation's keys in turn (a set per operation was 300,000 sets of garbage).
  // Most operations wait for a few others, found again by a look along the list; the delete of a large
  // team waits for every member's removal, and gets a set.
  const deps: string[] = [];
  let seen: Set<string> | null = null;
  const add = (self: string, key: string) => {
    if (key === self) return;
    if (seen) {
      if (seen.has(key)) return;
      seen.add(key);
    } else if (deps.includes(key)) return;
    else if (deps.length >= 16) seen = new Set([...deps, key]);
    deps.push(key);
  };
  return ops.map((op) => {
    deps.length = 0;
    seen = null;
    const earlier = earlierAbsence.get(op.key);
    if (earlier) add(op.key, earlier);
    for (const ref of requires(op, desired)) for (const key of providers.get(ref) ?? []) add(op.key, key);
    for (const key of removal.get(op.key) ?? []) add(op.key, key);
    return { op, dependsOn: deps.length === 0 ? NO_DEPENDENCIES : deps.slice() };
  });
}

/** The dependencies of every operation that waits for none: one list, not one per operation. */
const NO_DEPENDENCIES: readonly string[] = Object.freeze([]);

/**
 * The planned operations in the order they will be carried out: by dependency level, then in plan order.
 * The after-state, the terminal plan and the org chart each ask; 300,000 operations take most of a
 * second, so the order is kept with the plan. Only the order is kept, not the levels by key: a map of
 * 300,000 keys is 15 MB held through the apply and its report, and nobody reads it after planning.
 */
export function inLevelOrder(planned: readonly PlannedOperation[]): readonly PlannedOperation[] {
  let known = ordered.get(planned);
  if (!known) {
    const level = levels(planned);
    ordered.set(planned, (known = [...planned].sort((a, b) => (level.get(a.op.key) ?? 0) - (level.get(b.op.key) ?? 0))));
  }
  return known;
}

const ordered = new WeakMap<readonly PlannedOperation[], readonly PlannedOperation[]>();

/** Dependency levels (0 = no dependencies), by operation key. */
export function levels(planned: readonly PlannedOperation[]): Map<string, number> {
  const byKey = new Map(planned.map((p) => [p.op.key, p]));
  const level = new Map<string, number>();
  const visiting = new Set<string>();
  const visit = (key: string): number => {
    const known = level.get(key);
    if (known !== undefined) return known;
    if (visiting.has(key)) throw new Error(`dependency cycle through ${key}`);
    visiting.add(key);
    const p = byKey.get(key);
    let value = 0;
    for (const dep of p?.dependsOn ?? []) value = Math.max(value, visit(dep) + 1);
    visiting.delete(key);
    level.set(key, value);
    return value;
  };
  for (const p of planned) visit(p.op.key);
  return level;
}
