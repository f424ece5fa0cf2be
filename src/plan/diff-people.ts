/** The diff of people: renames, users, employees (create, update, fire, rehire). */
import type { Employee, Organisation, User } from '../model/organisation.js';
import type { Capabilities } from '../model/service-state.js';
import type { DiffNote, PruneKeeps } from './diff-common.js';
import { orderRenames, renameAll, renamedId, temporaryId, type RenameRequest, type RenameStep } from './renames.js';
import { operation, type EmployeeChanges, type EmployeeValues, type Operation, type UserFields } from '../model/operations.js';
import { EMPLOYEE_FIELDS, USER_FIELDS } from '../model/fields.js';
import { applyChanges, diffFields, fieldChangeList, shownAfterCreate } from '../model/field-changes.js';
import { breakUsernameCycles, usernameKey } from './usernames.js';
import type { FieldChange, HiddenValue, OperationReason, RenamedKind } from '../model/reasons.js';

/** Returns the service's employee ids that this plan renames, old → new. */
export function planEmployeeRenames(
  desired: Organisation,
  now: Organisation,
  fired: FiredInService,
  capabilities: Capabilities,
  ops: Operation[],
  notes: DiffNote[],
): Map<string, string> {
  const requests: RenameRequest[] = [];
  // Who a person is: the username, or the e-mail where the workbook has no username column.
  const byEmail = [...desired.users.values()].every((user) => user.username === undefined);
  const identityOf = (user: { username?: string; email: string } | undefined) => {
    const key = byEmail ? user?.email : user?.username;
    return key ? usernameKey(key) : null;
  };
  for (const employee of desired.employees.values()) {
    const previous = employee.previousId;
    if (previous === undefined || previous === employee.id) continue;
    const request = {
      to: employee.id,
      identity: identityOf(desired.users.get(employee.userId)),
      ...(employee.source ? { source: employee.source } : {}),
    };
    // An earlier run stopped half-way through a swap: the employee waits under its temporary id.
    if (now.employees.has(temporaryId(previous))) {
      requests.push({ from: temporaryId(previous), ...request });
      continue;
    }
    if (!now.employees.has(previous)) {
      if (now.employees.has(employee.id)) continue; // renamed before
      if (!fired.ids.has(previous)) continue; // never existed: created below
      const until = fired.rehireUntil?.get(previous);
      if (until !== undefined && until < fired.today) continue; // past the rehire window: created anew below
      // Fired under the old id: rehire it first, so the person's data comes along, never a new employee; then
      // the id changes. Where the API has a rehire window (v2), the create under the old id is the rehire.
      if (until === undefined) {
        ops.push(
          operation({
            type: 'rehireEmployee',
            id: previous,
            userId: employee.userId,
            reason: { code: 'rehire_under_previous_id', previous },
            source: employee.source,
          }),
        );
        now.employees.set(previous, rehiredRecord(fired, previous, employee.userId));
      } else {
        const person = desired.users.get(employee.userId);
        const values = employeeValues(employee, capabilities);
        ops.push(
          operation({
            type: 'createEmployee',
            id: previous,
            userId: employee.userId,
            user: person ? userFields(person, now.users.get(employee.userId)?.username) : { name: '', email: '', username: '' },
            ...values,
            reason: { code: 'rehired_by_create', until },
            source: employee.source,
          }),
        );
        now.employees.set(previous, {
          id: previous,
          userId: employee.userId,
          status: 'active',
          teamId: null,
          ...shownAfterCreate(EMPLOYEE_FIELDS, values),
        });
      }
    }
    requests.push({ from: previous, ...request });
  }
  const personOf = (id: string) => identityOf(now.users.get(now.employees.get(id)?.userId ?? ''));
  const { steps, mapping } = orderRenames(requests, (id) => now.employees.has(id), personOf, 'employee', notes);
  for (const step of steps) {
    ops.push(
      operation({
        type: 'renameEmployee',
        id: step.id,
        fromId: step.fromId,
        reason: renameReason(step, 'previous_employee_id', 'employee'),
        ...(step.source ? { source: step.source } : {}),
      }),
    );
  }
  if (mapping.size > 0) renameAll(now.employees, mapping);
  for (const unit of [...now.teams.values(), ...now.departments.values()]) {
    if (unit.responsible) unit.responsible = renamedId(mapping, unit.responsible);
    if (unit.owner) unit.owner = renamedId(mapping, unit.owner);
  }
  for (const d of now.delegations) d.employeeId = renamedId(mapping, d.employeeId);
  for (const a of now.absences) a.employeeId = renamedId(mapping, a.employeeId);
  return mapping;
}

export function renameReason(step: RenameStep, column: string, kind: RenamedKind): OperationReason {
  if (step.temporary === 'first') return { code: 'rename_via_temporary_first', from: step.fromId };
  if (step.temporary === 'last') return { code: 'rename_via_temporary_last', column, id: step.id, kind };
  return { code: 'rename', column, from: step.fromId, kind };
}

function userFields(user: User, serviceUsername?: string): UserFields {
  // No username column: the username the service has for the person stays (v2 sends it with each new
  // employee); a new person gets the e-mail, the documents' default. See planUserUpdate.
  const wanted: User = { ...user, username: user.username ?? serviceUsername ?? user.email };
  const fields: Record<string, unknown> = {};
  for (const field of USER_FIELDS) if (wanted[field.key] !== undefined) fields[field.key] = wanted[field.key];
  return fields as UserFields;
}

/**
 * The service's user for each person of the workbook whose user id the service does not know but whose
 * employee it does (user_id left blank, so the employee id stood in, and the employee was renamed; or
 * a service whose user ids are not the employee ids): that person is the service's user of the
 * employee — updated, never created a second time.
 */
export function serviceUserIds(desired: Organisation, now: Organisation, notes: DiffNote[]): Map<string, string> {
  const candidates = new Map<string, { serviceUserId: string; employee: Employee }>();
  for (const employee of desired.employees.values()) {
    const inService = now.employees.get(employee.id);
    if (!inService || inService.userId === employee.userId || candidates.has(employee.userId)) continue;
    candidates.set(employee.userId, { serviceUserId: inService.userId, employee });
  }
  // Users whose employments changed hands in an exchange of employee ids: each person's user follows them.
  const claimed = new Set([...candidates.values()].map((c) => c.serviceUserId));
  const alias = new Map<string, string>();
  for (const [userId, { serviceUserId, employee }] of candidates) {
    if (now.users.has(userId) && !claimed.has(userId)) {
      notes.push({
        reason: { code: 'employment_stays_with_user', employee: employee.id, serviceUser: serviceUserId, user: userId },
        source: employee.source,
      });
      continue;
    }
    alias.set(userId, serviceUserId);
  }
  return alias;
}

/**
 * A person the service has no user for, whose username or e-mail a service user already has: a user
 * with no active employee and no row of its own in the workbook is adopted (an earlier run created it
 * and stopped before the employee, and the id has been corrected since), so the person is not blocked by
 * "username is already taken". A user who is someone's active employee is named in a note instead.
 */
export function adoptOrphanUsers(desired: Organisation, now: Organisation, alias: Map<string, string>, notes: DiffNote[]): void {
  // Built on the first user the service lacks: a run that creates no user (the nightly run) needs none.
  let lookups:
    | { employed: Set<string>; taken: Set<string>; byUsername: Map<string, User>; byEmail: Map<string, User>; active: Set<string> }
    | undefined;
  const lookup = () => {
    if (lookups) return lookups;
    const employed = new Set<string>();
    for (const e of now.employees.values()) employed.add(e.userId);
    const taken = new Set([...alias.values(), ...desired.users.keys()]);
    const byUsername = new Map<string, User>();
    const byEmail = new Map<string, User>();
    for (const u of now.users.values()) {
      if (u.username) byUsername.set(usernameKey(u.username), u);
      if (u.email) byEmail.set(u.email.toLowerCase(), u);
    }
    const active = new Set<string>();
    for (const e of desired.employees.values()) if (e.status === 'active') active.add(e.userId);
    return (lookups = { employed, taken, byUsername, byEmail, active });
  };
  for (const user of desired.users.values()) {
    if (now.users.has(user.id) || alias.has(user.id)) continue;
    const { employed, taken, byUsername, byEmail, active } = lookup();
    if (!active.has(user.id)) continue;
    const holder = byUsername.get(usernameKey(user.username ?? user.email)) ?? byEmail.get(user.email.toLowerCase());
    if (!holder || holder.id === user.id) continue;
    if (employed.has(holder.id)) {
      const employments = [...now.employees.values()].filter((e) => e.userId === holder.id).map((e) => e.id);
      notes.push({
        reason: {
          code: 'username_taken',
          holder: { id: holder.id, username: holder.username, email: holder.email },
          employments: [...employments],
          user: user.id,
        },
        ...(user.source ? { source: user.source } : {}),
      });
      continue;
    }
    if (taken.has(holder.id)) continue;
    taken.add(holder.id);
    alias.set(user.id, holder.id);
    notes.push({
      reason: { code: 'orphan_user_used', holder: { id: holder.id, username: holder.username }, user: user.id },
      ...(user.source ? { source: user.source } : {}),
    });
  }
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
  // Built on the first person the service lacks: the nightly run has none.
  let usersWithActiveEmployment: Set<string> | undefined;
  const hasActiveEmployment = (userId: string) => {
    if (!usersWithActiveEmployment) {
      usersWithActiveEmployment = new Set<string>();
      for (const e of desired.employees.values()) if (e.status === 'active') usersWithActiveEmployment.add(e.userId);
    }
    return usersWithActiveEmployment.has(userId);
  };
  for (const user of desired.users.values()) {
    const serviceId = alias.get(user.id) ?? user.id;
    const existing = now.users.get(serviceId);
    if (!existing) {
      // A person who only has left employments is not created just to be fired.
      if (!hasActiveEmployment(user.id)) continue;
      ops.push(
        operation({
          type: 'createUser',
          id: user.id,
          fields: userFields(user),
          reason: { code: 'new_person' },
          source: user.source,
        }),
      );
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
  // No username column: user.username is undefined, the username is not managed and the service's stays.
  const { changes } = diffFields(USER_FIELDS, user, existing);
  if (Object.keys(changes).length === 0) return;
  ops.push(
    operation({
      type: 'updateUser',
      id: serviceUserId,
      changes,
      ...(ordersUsernames && changes.username !== undefined && existing.username ? { releasesUsername: existing.username } : {}),
      reason: { code: 'fields_changed', changes: fieldChangeList(changes) },
      source: user.source,
    }),
  );
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
  /** A fired employee's value fields when fired, where the importer saw them (the service hides them). */
  fields?: ReadonlyMap<string, EmployeeValues>;
  today: string;
}

/** A fired employee once rehired, as far as the plan can know them: their fields survive the firing. */
function rehiredRecord(fired: FiredInService, id: string, userId: string): Employee {
  return { id, userId, status: 'active', teamId: null, ...fired.fields?.get(id) };
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
        ops.push(
          operation({
            type: 'fireEmployee',
            id: employee.id,
            reason: { code: 'fire_left' },
            source: employee.source,
          }),
        );
        now.employees.delete(employee.id);
      }
      continue;
    }
    if (!existing) {
      const window = fired.rehireUntil?.get(employee.id);
      if (fired.ids.has(employee.id) && window === undefined) {
        ops.push(
          operation({
            type: 'rehireEmployee',
            id: employee.id,
            userId,
            reason: { code: 'rehire_active' },
            source: employee.source,
          }),
        );
        now.employees.set(employee.id, rehiredRecord(fired, employee.id, userId));
        planEmploymentUpdate(employee, now, ops, notes, capabilities);
        continue;
      }
      const person = desired.users.get(employee.userId);
      const values = employeeValues(employee, capabilities);
      ops.push(
        operation({
          type: 'createEmployee',
          id: employee.id,
          userId,
          user: person ? userFields(person, now.users.get(userId)?.username) : { name: '', email: '', username: '' },
          ...values,
          reason: createReason(window, fired.today),
          source: employee.source,
        }),
      );
      now.employees.set(employee.id, {
        id: employee.id,
        userId,
        status: 'active',
        teamId: null,
        ...shownAfterCreate(EMPLOYEE_FIELDS, values),
      });
      continue;
    }
    planEmploymentUpdate(employee, now, ops, notes, capabilities);
  }
  if (!prune) return;
  for (const employee of [...now.employees.values()]) {
    if (desired.employees.has(employee.id)) continue;
    const why = prune.employees.get(employee.id);
    if (why !== undefined) {
      notes.push({ reason: { code: 'kept', kind: 'employee', id: employee.id, why } });
      continue;
    }
    ops.push(operation({ type: 'fireEmployee', id: employee.id, reason: { code: 'pruned' }, pruned: true }));
    now.employees.delete(employee.id);
  }
}

function createReason(rehireUntil: string | undefined, today: string): OperationReason {
  if (rehireUntil === undefined) return { code: 'new_employment' };
  if (today <= rehireUntil) return { code: 'rehired_by_create', until: rehireUntil };
  return { code: 'past_rehire_window', ended: rehireUntil };
}

/**
 * The employee's value fields a create sends. A create-only field goes only to a service that takes it
 * (`capabilities.systemLanguage`: v3; the one create-only field is the system language).
 */
function employeeValues(employee: Employee, capabilities: Capabilities): EmployeeValues {
  const values: Record<string, unknown> = {};
  for (const field of EMPLOYEE_FIELDS) {
    const value = employee[field.key];
    if (value !== undefined && (field.update === 'updatable' || capabilities.systemLanguage)) values[field.key] = value;
  }
  return values as EmployeeValues;
}

/** Why an employee's update is sent: the fields it changes, or the fields the service hid while the employee was fired. */
function updateReason(changes: EmployeeChanges, list: FieldChange[]): OperationReason {
  const hidden: HiddenValue[] = Object.entries(changes).flatMap(([field, change]) =>
    change !== undefined && change.was === undefined ? [{ field, now: (change.now ?? null) as string | null }] : [],
  );
  const [first, ...more] = hidden;
  if (first === undefined) return { code: 'fields_changed', changes: list };
  return { code: 'employment_not_shown', ...first, ...(more.length > 0 && { more }) };
}

/**
 * The employee's value fields that differ from the service's. A value the service does not show on a
 * known employee is compared with nothing and sent (a rehired employee's title may have survived); a
 * create-only one that differs stays, and a note says so.
 */
function planEmploymentUpdate(
  employee: Employee,
  now: Organisation,
  ops: Operation[],
  notes: DiffNote[],
  capabilities: Capabilities,
): void {
  const existing = now.employees.get(employee.id)!;
  const { changes, fixed } = diffFields(EMPLOYEE_FIELDS, employee, existing, 'send');
  if (capabilities.systemLanguage) {
    for (const { stays } of fixed)
      notes.push({ reason: { code: 'system_language_fixed', employee: employee.id, stays: String(stays) }, source: employee.source });
  }
  const list = fieldChangeList(changes);
  if (list.length === 0) return;
  ops.push(
    operation({
      type: 'updateEmployee',
      id: employee.id,
      changes,
      reason: updateReason(changes, list),
      source: employee.source,
    }),
  );
  // The working copy's employee is the service's own record (diff.ts workingCopy): changed as a copy.
  const changed = { ...existing };
  applyChanges(changed, changes);
  now.employees.set(employee.id, changed);
}
