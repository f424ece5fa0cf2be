/** The diff of people: renames, users, employees (create, update, fire, rehire). */
import type { Employee, Organisation, User } from '../model/organisation.js';
import type { Capabilities } from '../service/adapter.js';
import { PRUNE_REASON, renameKey, type DiffNote, type PruneKeeps } from './diff-common.js';
import type { Operation, UserFields } from './operations.js';
import { breakUsernameCycles } from './usernames.js';

export function planEmployeeRenames(
  desired: Organisation,
  now: Organisation,
  fired: FiredInService,
  ops: Operation[],
  notes: DiffNote[],
): void {
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
    if (!now.employees.has(from)) {
      // Fired under the old id: rehire it first, so the person's data comes along, never a new employee.
      if (!fired.ids.has(from) || fired.rehireUntil?.has(from)) continue; // never existed: created below
      ops.push({
        type: 'rehireEmployee',
        key: `rehireEmployee:${from}`,
        id: from,
        userId: employee.userId,
        reason: `fired in the service under its previous id ${from}: rehire it, then change the id`,
        source: employee.source,
      });
      now.employees.set(from, { id: from, userId: employee.userId, status: 'active', teamId: null });
    }
    ops.push({
      type: 'renameEmployee',
      key: `renameEmployee:${from}->${employee.id}`,
      id: employee.id,
      fromId: from,
      reason: `previous_employee_id ${from}: change the id, keep the employee's data`,
      source: employee.source,
    });
    renameKey(now.employees, from, employee.id);
    for (const unit of [...now.teams.values(), ...now.departments.values()]) {
      if (unit.responsible === from) unit.responsible = employee.id;
      if (unit.owner === from) unit.owner = employee.id;
    }
    for (const d of now.delegations) if (d.employeeId === from) d.employeeId = employee.id;
  }
}

function userFields(user: User): UserFields {
  // No username column: a new person gets the e-mail (the documents' default); see planUserUpdate.
  const fields: UserFields = { name: user.name, email: user.email, username: user.username ?? user.email };
  if (user.gender !== undefined) fields.gender = user.gender;
  if (user.birthday !== undefined) fields.birthday = user.birthday;
  return fields;
}

/**
 * The service's user for each person of the workbook whose user id the service does not know but whose
 * employment it does (user_id left blank, so the employee id stood in, and the employee was renamed; or
 * a service whose user ids are not the employee ids): that person is the service's user of the
 * employment — updated, never created a second time.
 */
export function serviceUserIds(desired: Organisation, now: Organisation, notes: DiffNote[]): Map<string, string> {
  const alias = new Map<string, string>();
  for (const employee of desired.employees.values()) {
    const inService = now.employees.get(employee.id);
    if (!inService || inService.userId === employee.userId || alias.has(employee.userId)) continue;
    if (now.users.has(employee.userId)) {
      notes.push({
        message: `Employee ${employee.id} belongs to user ${inService.userId} in the service, the workbook says user ${employee.userId}: the API cannot move an employment to another person, so it stays with ${inService.userId}.`,
        source: employee.source,
      });
      continue;
    }
    alias.set(employee.userId, inService.userId);
  }
  return alias;
}

export function planUsers(
  desired: Organisation,
  now: Organisation,
  capabilities: Capabilities,
  alias: ReadonlyMap<string, string>,
  ops: Operation[],
): void {
  if (!capabilities.separateUsers) {
    planPersonFieldsPerEmployee(desired, now, ops);
    return;
  }
  const usersWithActiveEmployment = new Set<string>();
  for (const e of desired.employees.values()) if (e.status === 'active') usersWithActiveEmployment.add(e.userId);
  for (const user of desired.users.values()) {
    const serviceId = alias.get(user.id) ?? user.id;
    const existing = now.users.get(serviceId);
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
    planUserUpdate(user, existing, serviceId, ops, true);
  }
  breakUsernameCycles(ops);
}

/**
 * `ordersUsernames`: a v3 user is the one holder of its username, so the graph can order who takes whose
 * (see usernames.ts). v2 keeps a person's fields on each of their employees, several holders of one name.
 */
function planUserUpdate(user: User, existing: User, serviceUserId: string, ops: Operation[], ordersUsernames: boolean): void {
  const changes: Partial<UserFields> = {};
  const wanted = userFields(user);
  for (const field of ['name', 'email', 'username', 'gender', 'birthday'] as const) {
    const value = wanted[field];
    if (value === undefined) continue;
    // No username column: the username is not managed, the service's stays.
    if (field === 'username' && user.username === undefined) continue;
    // A field the service does not show (undefined) cannot be compared: sending it every run would never settle.
    if (existing[field] === undefined) continue;
    if ((existing[field] ?? null) !== value) (changes as Record<string, unknown>)[field] = value;
  }
  const changed = Object.keys(changes);
  if (changed.length === 0) return;
  ops.push({
    type: 'updateUser',
    key: `updateUser:${serviceUserId}`,
    id: serviceUserId,
    changes,
    ...(ordersUsernames && changes.username !== undefined && existing.username ? { releasesUsername: existing.username } : {}),
    reason: `changed: ${changed.join(', ')}`,
    source: user.source,
  });
}

/**
 * Without separate users (v2) every employee carries the person's fields: the service's state has one
 * user per employee, and each is compared with the workbook's person.
 */
function planPersonFieldsPerEmployee(desired: Organisation, now: Organisation, ops: Operation[]): void {
  for (const employee of desired.employees.values()) {
    if (employee.status !== 'active') continue;
    const existing = now.employees.get(employee.id);
    const person = desired.users.get(employee.userId);
    const serviceUser = existing ? now.users.get(existing.userId) : undefined;
    if (!person || !serviceUser) continue;
    planUserUpdate({ ...person, source: employee.source ?? person.source }, serviceUser, serviceUser.id, ops, false);
  }
}

export interface FiredInService {
  ids: Set<string>;
  /** Last day a rehire is possible, where the API has such a window (v2). */
  rehireUntil?: Map<string, string>;
  today: string;
}

export function planEmployees(
  desired: Organisation,
  now: Organisation,
  fired: FiredInService,
  capabilities: Capabilities,
  alias: ReadonlyMap<string, string>,
  ops: Operation[],
  notes: DiffNote[],
  prune: PruneKeeps | null,
): void {
  for (const employee of desired.employees.values()) {
    const userId = alias.get(employee.userId) ?? employee.userId;
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
      const window = fired.rehireUntil?.get(employee.id);
      if (fired.ids.has(employee.id) && window === undefined) {
        ops.push({
          type: 'rehireEmployee',
          key: `rehireEmployee:${employee.id}`,
          id: employee.id,
          userId,
          reason: 'active in the workbook, fired in the service: rehire (the earlier data returns)',
          source: employee.source,
        });
        now.employees.set(employee.id, { id: employee.id, userId, status: 'active', teamId: null });
        planEmploymentUpdate(employee, now.employees.get(employee.id)!, ops);
        continue;
      }
      const person = desired.users.get(employee.userId);
      const create: Operation = {
        type: 'createEmployee',
        key: `createEmployee:${employee.id}`,
        id: employee.id,
        userId,
        user: person ? userFields(person) : { name: '', email: '', username: '' },
        reason: createReason(window, fired.today),
        source: employee.source,
      };
      if (employee.employment !== undefined) create.employment = employee.employment;
      if (employee.systemLanguage !== undefined && capabilities.systemLanguage) create.systemLanguage = employee.systemLanguage;
      ops.push(create);
      now.employees.set(employee.id, {
        id: employee.id,
        userId,
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
    const why = prune.employees.get(employee.id);
    if (why !== undefined) {
      notes.push({ message: `Employee ${employee.id} is not in the employees sheet but is kept: ${why}.` });
      continue;
    }
    ops.push({ type: 'fireEmployee', key: `fireEmployee:${employee.id}`, id: employee.id, reason: PRUNE_REASON, pruned: true });
    now.employees.delete(employee.id);
  }
}

function createReason(rehireUntil: string | undefined, today: string): string {
  if (rehireUntil === undefined) return 'new employment in the workbook';
  if (today <= rehireUntil) return `deleted in the service, rehired by this create (possible until ${rehireUntil}); the earlier data returns`;
  return `deleted in the service and past the rehire window (ended ${rehireUntil}): a NEW employee is created; the earlier data stays with the old one`;
}

function planEmploymentUpdate(employee: Employee, existing: Employee, ops: Operation[]): void {
  if (employee.employment === undefined) return;
  // undefined: the service's value is unknown (just rehired, the old title may have survived): send it.
  if (existing.employment !== undefined && (existing.employment ?? null) === employee.employment) return;
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

