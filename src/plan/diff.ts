/**
 * The diff: a pure function of the desired organisation (the workbook) and the current one (the
 * service), producing the operations that make the service look like the workbook. No I/O here.
 */
import type {
  Absence,
  Delegation,
  Department,
  Employee,
  Organisation,
  Team,
  User,
} from '../model/organisation.js';
import type { Capabilities, CurrentState } from '../service/adapter.js';
import type { Operation, UserFields } from './operations.js';
import { effectiveResponsible } from './responsible.js';

/** Which parts of the organisation the workbook manages (its sheet is present). */
export interface Managed {
  employees: boolean;
  organisation: boolean;
  absence: boolean;
  delegations: boolean;
}

export interface DiffInput {
  desired: Organisation;
  managed: Managed;
  current: CurrentState;
  capabilities: Capabilities;
  /** Absence periods the service already has: `${employeeId}|${startDate}` → end date (null: open). */
  reportedAbsences: Map<string, string | null>;
  prune: boolean;
}

export interface DiffNote {
  message: string;
  source?: Operation['source'];
}

export interface Diff {
  operations: Operation[];
  /** Things the plan cannot do and says plainly (a field the API cannot update, say). */
  notes: DiffNote[];
}

const PRUNE_REASON = 'not in the workbook (--prune)';

export function absenceKey(employeeId: string, startDate: string): string {
  return `${employeeId}|${startDate}`;
}

export function diffOrganisations(input: DiffInput): Diff {
  const { desired, managed, current, capabilities } = input;
  const ops: Operation[] = [];
  const notes: DiffNote[] = [];
  // A working copy of the current state with planned renames applied, so later comparisons see new ids.
  const now = cloneOrganisation(current.org);

  if (managed.employees) {
    planEmployeeRenames(desired, now, ops, notes);
    planUsers(desired, now, ops);
    planEmployees(desired, now, current.firedEmployees, capabilities, ops, notes, input.prune);
  }
  if (managed.organisation) {
    planUnitRenames(desired, now, ops, notes);
    planDepartments(desired, now, ops, input.prune);
    planTeams(desired, now, ops, input.prune);
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

function renameKey<T extends { id: string }>(map: Map<string, T>, fromId: string, toId: string): void {
  const entity = map.get(fromId);
  if (!entity) return;
  map.delete(fromId);
  map.set(toId, { ...entity, id: toId });
}

function planEmployeeRenames(desired: Organisation, now: Organisation, ops: Operation[], notes: DiffNote[]): void {
  for (const employee of desired.employees.values()) {
    const from = employee.previousId;
    if (from === undefined || from === employee.id) continue;
    if (now.employees.has(employee.id)) {
      if (now.employees.has(from)) {
        notes.push({
          message: `Employee ${employee.id} already exists, so ${from} is not renamed to it; ${from} is left as it is.`,
          source: employee.source,
        });
      }
      continue;
    }
    if (!now.employees.has(from)) continue; // already renamed, or never existed: created below
    ops.push({
      type: 'renameEmployee',
      key: `renameEmployee:${from}->${employee.id}`,
      id: employee.id,
      fromId: from,
      reason: `previous_employee_id ${from}: change the id, keep the employee's data`,
      source: employee.source,
    });
    renameKey(now.employees, from, employee.id);
    for (const team of now.teams.values()) if (team.responsible === from) team.responsible = employee.id;
    for (const dept of now.departments.values()) if (dept.responsible === from) dept.responsible = employee.id;
    for (const d of now.delegations) if (d.employeeId === from) d.employeeId = employee.id;
  }
}

function userFields(user: User): UserFields {
  const fields: UserFields = { name: user.name, email: user.email, username: user.username };
  if (user.gender !== undefined) fields.gender = user.gender;
  if (user.birthday !== undefined) fields.birthday = user.birthday;
  return fields;
}

function planUsers(desired: Organisation, now: Organisation, ops: Operation[]): void {
  const usersWithActiveEmployment = new Set<string>();
  for (const e of desired.employees.values()) if (e.status === 'active') usersWithActiveEmployment.add(e.userId);
  for (const user of desired.users.values()) {
    const existing = now.users.get(user.id);
    if (!existing) {
      // A person who only has left employments is not created just to be fired.
      if (!usersWithActiveEmployment.has(user.id)) continue;
      ops.push({
        type: 'createUser',
        key: `createUser:${user.id}`,
        id: user.id,
        fields: userFields(user),
        reason: 'new person in the workbook',
        source: user.source,
      });
      continue;
    }
    const changes: Partial<UserFields> = {};
    const wanted = userFields(user);
    for (const field of ['name', 'email', 'username', 'gender', 'birthday'] as const) {
      const value = wanted[field];
      if (value === undefined) continue;
      if ((existing[field] ?? null) !== value) (changes as Record<string, unknown>)[field] = value;
    }
    const changed = Object.keys(changes);
    if (changed.length > 0) {
      ops.push({
        type: 'updateUser',
        key: `updateUser:${user.id}`,
        id: user.id,
        changes,
        reason: `changed: ${changed.join(', ')}`,
        source: user.source,
      });
    }
  }
}

function planEmployees(
  desired: Organisation,
  now: Organisation,
  fired: Set<string>,
  capabilities: Capabilities,
  ops: Operation[],
  notes: DiffNote[],
  prune: boolean,
): void {
  for (const employee of desired.employees.values()) {
    const existing = now.employees.get(employee.id);
    if (employee.status === 'fired') {
      if (existing) {
        ops.push({
          type: 'fireEmployee',
          key: `fireEmployee:${employee.id}`,
          id: employee.id,
          reason: 'status is left: fire (the data is kept and the person can come back)',
          source: employee.source,
        });
        now.employees.delete(employee.id);
      }
      continue;
    }
    if (!existing) {
      if (fired.has(employee.id)) {
        ops.push({
          type: 'rehireEmployee',
          key: `rehireEmployee:${employee.id}`,
          id: employee.id,
          userId: employee.userId,
          reason: 'active in the workbook, fired in the service: rehire (the earlier data returns)',
          source: employee.source,
        });
        now.employees.set(employee.id, { id: employee.id, userId: employee.userId, status: 'active', teamId: null, employment: null });
        planEmploymentUpdate(employee, now.employees.get(employee.id)!, ops);
        continue;
      }
      const create: Operation = {
        type: 'createEmployee',
        key: `createEmployee:${employee.id}`,
        id: employee.id,
        userId: employee.userId,
        reason: 'new employment in the workbook',
        source: employee.source,
      };
      if (employee.employment !== undefined) create.employment = employee.employment;
      if (employee.systemLanguage !== undefined && capabilities.systemLanguage) create.systemLanguage = employee.systemLanguage;
      ops.push(create);
      now.employees.set(employee.id, {
        id: employee.id,
        userId: employee.userId,
        status: 'active',
        teamId: null,
        employment: employee.employment ?? null,
      });
      continue;
    }
    planEmploymentUpdate(employee, existing, ops);
    if (
      capabilities.systemLanguage &&
      employee.systemLanguage !== undefined &&
      existing.systemLanguage !== undefined &&
      existing.systemLanguage !== employee.systemLanguage
    ) {
      notes.push({
        message: `Employee ${employee.id}: system_language cannot be changed through the API once the employee exists (it stays ${existing.systemLanguage}).`,
        source: employee.source,
      });
    }
  }
  if (!prune) return;
  for (const employee of [...now.employees.values()]) {
    if (desired.employees.has(employee.id)) continue;
    ops.push({ type: 'fireEmployee', key: `fireEmployee:${employee.id}`, id: employee.id, reason: PRUNE_REASON, pruned: true });
    now.employees.delete(employee.id);
  }
}

function planEmploymentUpdate(employee: Employee, existing: Employee, ops: Operation[]): void {
  if (employee.employment === undefined) return;
  if ((existing.employment ?? null) === employee.employment) return;
  ops.push({
    type: 'updateEmployee',
    key: `updateEmployee:${employee.id}`,
    id: employee.id,
    changes: { employment: employee.employment },
    reason: `employment: ${JSON.stringify(existing.employment ?? '')} → ${JSON.stringify(employee.employment ?? '')}`,
    source: employee.source,
  });
  existing.employment = employee.employment;
}

function planUnitRenames(desired: Organisation, now: Organisation, ops: Operation[], notes: DiffNote[]): void {
  const kinds = [
    { units: desired.departments, current: now.departments, type: 'renameDepartment', label: 'Department' },
    { units: desired.teams, current: now.teams, type: 'renameTeam', label: 'Team' },
  ] as const;
  for (const { units, current, type, label } of kinds) {
    for (const unit of units.values()) {
      const from = unit.previousId;
      if (from === undefined || from === unit.id || !current.has(from)) continue;
      if (current.has(unit.id)) {
        notes.push({ message: `${label} ${unit.id} already exists, so ${from} is not renamed to it.`, source: unit.source });
        continue;
      }
      ops.push({
        type,
        key: `${type}:${from}->${unit.id}`,
        id: unit.id,
        fromId: from,
        reason: `previous_id ${from}: change the id, keep the unit's data`,
        source: unit.source,
      });
      if (type === 'renameDepartment') {
        renameKey(now.departments, from, unit.id);
        for (const d of now.departments.values()) if (d.parentId === from) d.parentId = unit.id;
        for (const t of now.teams.values()) if (t.departmentId === from) t.departmentId = unit.id;
      } else {
        renameKey(now.teams, from, unit.id);
        for (const e of now.employees.values()) if (e.teamId === from) e.teamId = unit.id;
      }
      for (const d of now.delegations) if (d.unitId === from) d.unitId = unit.id;
    }
  }
}

/** Desired departments in top-down order (parents before children); unknown parents last. */
function topDown(departments: Map<string, Department>): Department[] {
  const children = new Map<string | null, Department[]>();
  for (const d of departments.values()) {
    const parent = d.parentId !== null && departments.has(d.parentId) ? d.parentId : null;
    const list = children.get(parent) ?? [];
    list.push(d);
    children.set(parent, list);
  }
  const ordered: Department[] = [];
  const queue = [...(children.get(null) ?? [])];
  const seen = new Set<string>();
  while (queue.length > 0) {
    const d = queue.shift()!;
    if (seen.has(d.id)) continue;
    seen.add(d.id);
    ordered.push(d);
    queue.push(...(children.get(d.id) ?? []));
  }
  for (const d of departments.values()) if (!seen.has(d.id)) ordered.push(d);
  return ordered;
}

function ownerChange(
  unit: Department | Team,
  existing: Department | Team,
  desiredEffective: string | null,
  ancestorOwnerChanges: boolean,
): { owner: string | null } | null {
  if (unit.owner === undefined) return null;
  const currentResponsible = existing.responsible ?? existing.owner ?? null;
  if (existing.owner !== undefined) {
    // The API exposes the explicit owner (v2): compare it directly.
    return (existing.owner ?? null) === unit.owner ? null : { owner: unit.owner };
  }
  if (unit.owner !== null) {
    // v3 shows only the effective responsible employee: an equal value may be inherited, and stops being
    // right when an ancestor's owner changes, so it is then set explicitly.
    if (currentResponsible !== unit.owner || ancestorOwnerChanges) return { owner: unit.owner };
    return null;
  }
  return currentResponsible === desiredEffective ? null : { owner: null };
}

function planDepartments(desired: Organisation, now: Organisation, ops: Operation[], prune: boolean): void {
  const responsible = effectiveResponsible(desired);
  const ownerChanged = new Set<string>();
  for (const dept of topDown(desired.departments)) {
    const existing = now.departments.get(dept.id);
    if (!existing) {
      if (dept.parentId === null) continue; // the top department always exists; the validator checks its id
      const create: Operation = {
        type: 'createDepartment',
        key: `createDepartment:${dept.id}`,
        id: dept.id,
        name: dept.name,
        parentId: dept.parentId,
        reason: 'new department in the workbook',
        source: dept.source,
      };
      if (dept.owner) create.owner = dept.owner;
      ops.push(create);
      ownerChanged.add(dept.id);
      now.departments.set(dept.id, { ...dept });
      continue;
    }
    const changes: { name?: string; owner?: string | null } = {};
    if (existing.name !== dept.name) changes.name = dept.name;
    const ancestorChanged = dept.parentId !== null && ownerChanged.has(dept.parentId);
    const owner = ownerChange(dept, existing, responsible.get(dept.id) ?? null, ancestorChanged);
    if (owner) {
      changes.owner = owner.owner;
      ownerChanged.add(dept.id);
    } else if (ancestorChanged) ownerChanged.add(dept.id);
    if (Object.keys(changes).length > 0) {
      ops.push({
        type: 'updateDepartment',
        key: `updateDepartment:${dept.id}`,
        id: dept.id,
        changes,
        reason: describeChanges(existing, changes),
        source: dept.source,
      });
    }
    if (dept.parentId !== null && existing.parentId !== dept.parentId) {
      ops.push({
        type: 'moveDepartment',
        key: `moveDepartment:${dept.id}`,
        id: dept.id,
        parentId: dept.parentId,
        fromParentId: existing.parentId,
        reason: `parent ${existing.parentId ?? '(none)'} → ${dept.parentId}`,
        source: dept.source,
      });
    }
  }
  if (!prune) return;
  // Removals bottom-up: children before parents.
  const doomed = [...now.departments.values()].filter((d) => d.parentId !== null && !desired.departments.has(d.id));
  for (const dept of doomed.reverse()) {
    ops.push({ type: 'deleteDepartment', key: `deleteDepartment:${dept.id}`, id: dept.id, reason: PRUNE_REASON, pruned: true });
  }
}

function describeChanges(existing: { name: string }, changes: { name?: string; owner?: string | null }): string {
  const parts: string[] = [];
  if (changes.name !== undefined) parts.push(`name ${JSON.stringify(existing.name)} → ${JSON.stringify(changes.name)}`);
  if (changes.owner !== undefined) parts.push(changes.owner === null ? 'owner cleared (inherits)' : `owner → ${changes.owner}`);
  return parts.join(', ');
}

function planTeams(desired: Organisation, now: Organisation, ops: Operation[], prune: boolean): void {
  const responsible = effectiveResponsible(desired);
  for (const team of desired.teams.values()) {
    const existing = now.teams.get(team.id);
    if (!existing) {
      const create: Operation = {
        type: 'createTeam',
        key: `createTeam:${team.id}`,
        id: team.id,
        name: team.name,
        departmentId: team.departmentId,
        reason: 'new team in the workbook',
        source: team.source,
      };
      if (team.owner) create.owner = team.owner;
      ops.push(create);
      now.teams.set(team.id, { ...team });
      continue;
    }
    const changes: { name?: string; owner?: string | null } = {};
    if (existing.name !== team.name) changes.name = team.name;
    const owner = ownerChange(team, existing, responsible.get(`team:${team.id}`) ?? null, false);
    if (owner) changes.owner = owner.owner;
    if (Object.keys(changes).length > 0) {
      ops.push({
        type: 'updateTeam',
        key: `updateTeam:${team.id}`,
        id: team.id,
        changes,
        reason: describeChanges(existing, changes),
        source: team.source,
      });
    }
    if (existing.departmentId !== team.departmentId) {
      ops.push({
        type: 'moveTeam',
        key: `moveTeam:${team.id}`,
        id: team.id,
        departmentId: team.departmentId,
        fromDepartmentId: existing.departmentId,
        reason: `department ${existing.departmentId} → ${team.departmentId}`,
        source: team.source,
      });
    }
  }
  if (!prune) return;
  for (const team of now.teams.values()) {
    if (desired.teams.has(team.id)) continue;
    ops.push({ type: 'deleteTeam', key: `deleteTeam:${team.id}`, id: team.id, reason: PRUNE_REASON, pruned: true });
  }
}

function planMemberships(desired: Organisation, now: Organisation, ops: Operation[]): void {
  for (const employee of desired.employees.values()) {
    if (employee.status !== 'active' || employee.teamId === undefined) continue;
    const existing = now.employees.get(employee.id);
    const currentTeam = existing?.teamId ?? null;
    if (currentTeam === employee.teamId) continue;
    if (employee.teamId !== null) {
      ops.push({
        type: 'addTeamMember',
        key: `addTeamMember:${employee.id}`,
        teamId: employee.teamId,
        employeeId: employee.id,
        reason: currentTeam ? `team ${currentTeam} → ${employee.teamId}` : `joins team ${employee.teamId}`,
        source: employee.source,
      });
    } else if (currentTeam !== null) {
      ops.push({
        type: 'removeTeamMember',
        key: `removeTeamMember:${employee.id}`,
        teamId: currentTeam,
        employeeId: employee.id,
        reason: `team_id is blank: leaves team ${currentTeam}`,
        source: employee.source,
      });
    }
  }
}

function delegationKey(d: Delegation): string {
  return `${d.unitKind}:${d.unitId}|${d.responsibility}|${d.employeeId}`;
}

function planDelegations(desired: Organisation, now: Organisation, ops: Operation[], prune: boolean): void {
  const existing = new Map(now.delegations.map((d) => [delegationKey(d), d]));
  const wanted = new Set<string>();
  for (const d of desired.delegations) {
    const key = delegationKey(d);
    if (wanted.has(key)) continue;
    wanted.add(key);
    if (existing.has(key)) continue;
    ops.push({
      type: 'createDelegation',
      key: `createDelegation:${key}`,
      unitKind: d.unitKind,
      unitId: d.unitId,
      responsibility: d.responsibility,
      employeeId: d.employeeId,
      reason: `${d.employeeId} gets ${d.responsibility} on ${d.unitKind} ${d.unitId}`,
      source: d.source,
    });
  }
  if (!prune) return;
  for (const [key, d] of existing) {
    if (wanted.has(key) || d.serviceId === undefined) continue;
    ops.push({
      type: 'deleteDelegation',
      key: `deleteDelegation:${key}`,
      unitKind: d.unitKind,
      unitId: d.unitId,
      responsibility: d.responsibility,
      employeeId: d.employeeId,
      serviceId: d.serviceId,
      reason: PRUNE_REASON, pruned: true,
    });
  }
}

function planAbsences(absences: Absence[], reported: Map<string, string | null>, ops: Operation[]): void {
  for (const absence of absences) {
    const key = absenceKey(absence.employeeId, absence.startDate);
    if (reported.has(key) && reported.get(key) === absence.endDate) continue;
    const known = reported.has(key);
    ops.push({
      type: 'reportAbsence',
      key: `reportAbsence:${key}`,
      employeeId: absence.employeeId,
      startDate: absence.startDate,
      endDate: absence.endDate,
      reason: known
        ? `end date ${reported.get(key) ?? 'open'} → ${absence.endDate ?? 'open'}`
        : absence.endDate === null
          ? `sick from ${absence.startDate}, no end yet`
          : `sick ${absence.startDate} to ${absence.endDate}`,
      source: absence.source,
    });
  }
}

