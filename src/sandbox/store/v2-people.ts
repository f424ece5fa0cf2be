/**
 * v2 employees: one v2 employee is a v3 employee plus its user's fields (fields.ts, the rows with a v2 name).
 * v2 adds the 14-day rule: a deleted employee can be rehired by creating it again with exactly the same
 * name, e-mail, username and ext_id, and its username stays reserved; after 14 days both end.
 */
import { RESOURCE } from '../errors.js';
import type { Company } from './company.js';
import { rehireEmployee, usernameHolder } from './people.js';
import { EMPLOYEE_FIELDS, identifyingFields, newValues, readFields, USER_FIELDS, type GivenValues, type SandboxField } from './fields.js';
import { given, type EmployeeRecord, type UserRecord } from './records.js';
import { FieldCheck, type Input } from './validation.js';

export const REHIRE_WINDOW_MS = 14 * 24 * 60 * 60 * 1000;

export interface V2CreateResult {
  employee: EmployeeRecord;
  outcome: 'created' | 'rehired' | 'second_employment';
}

function withinWindow(company: Company, employee: EmployeeRecord): boolean {
  if (employee.active || employee.firedAt === null) return false;
  return company.now().getTime() - Date.parse(employee.firedAt) <= REHIRE_WINDOW_MS;
}

function employeesOf(company: Company, user: UserRecord): EmployeeRecord[] {
  return company.employeesOf(user);
}

/** A user keeps its username unless every one of its employees was deleted more than 14 days ago. */
function holdsUsername(company: Company, user: UserRecord): boolean {
  const employees = employeesOf(company, user);
  return employees.length === 0 || employees.some((e) => e.active || withinWindow(company, e));
}

/** An ext_id is free, or held by an employee deleted more than 14 days ago (released), or taken. */
function extIdState(company: Company, extId: string, self: EmployeeRecord | null): { taken: boolean; releasedFrom?: EmployeeRecord } {
  const holder = company.employees.byId(extId);
  if (!holder || holder === self) return { taken: false };
  if (holder.active || withinWindow(company, holder)) return { taken: true };
  return { taken: false, releasedFrom: holder };
}

/** The released username's old user goes away for good; its long-deleted employees keep no user. */
function releaseUser(company: Company, user: UserRecord): void {
  for (const employee of employeesOf(company, user)) company.employees.update(employee, { userSid: null });
  company.users.delete(user);
}

/** The user's fields, the ext_id, the employee's fields: the order of the answer's `errors`. */
function readPersonFields(check: FieldCheck, creating: boolean) {
  const user = readFields(check, USER_FIELDS, 'v2', creating);
  const extIdText = check.nullableText('ext_id');
  const extId = extIdText === '' ? null : extIdText;
  const employee = readFields(check, EMPLOYEE_FIELDS, 'v2', creating);
  return { user, extId, employee };
}

/** The fields that name the person: a rehire or a second employee of the person gives the same values. */
const IDENTIFYING = identifyingFields(USER_FIELDS, true);
/** The person's other fields: a rehire or a second employee of the person may change them. */
const NOT_IDENTIFYING = identifyingFields(USER_FIELDS, false);

function pick(values: Record<string, unknown>, fields: readonly SandboxField[]): Record<string, unknown> {
  return Object.fromEntries(fields.map((field) => [field.key, values[field.key]]));
}

/** A second employee of one person must give the fields the v2 table requires for one. */
function checkSecondEmployment(check: FieldCheck, given: GivenValues<typeof EMPLOYEE_FIELDS>): void {
  for (const field of EMPLOYEE_FIELDS as readonly SandboxField[]) {
    const error = field.v2?.secondEmployment;
    if (error !== undefined && (given as Record<string, unknown>)[field.key] == null) check.fail(field.v2!.name, error);
  }
}

export function createV2Employee(company: Company, input: Input): V2CreateResult {
  const check = new FieldCheck(input, RESOURCE.employee);
  const fields = readPersonFields(check, true);
  check.done();
  const username = fields.user.username!;
  const extId = fields.extId ?? null;
  const samePerson = (user: UserRecord | undefined) =>
    user !== undefined &&
    IDENTIFYING.every((field) => user[field.key as keyof UserRecord] === fields.user[field.key as keyof typeof fields.user]);

  // Usernames are unique, so the one user that can be the same person is the username's holder.
  const holderOfUsername = usernameHolder(company, username);
  const existingUser = samePerson(holderOfUsername) ? holderOfUsername : undefined;
  const rehirable = existingUser
    ? employeesOf(company, existingUser)
        .filter((e) => !e.active && e.id === extId && withinWindow(company, e))
        .pop()
    : undefined;
  if (rehirable) {
    rehireEmployee(company, rehirable, company.userOf(rehirable)!);
    company.employees.update(rehirable, given(fields.employee));
    applyOptionalUserFields(company, company.userOf(rehirable)!, fields.user);
    return { employee: rehirable, outcome: 'rehired' };
  }

  const ext = extId === null ? { taken: false } : extIdState(company, extId, null);
  if (ext.taken) check.fail('ext_id', 'has already been taken');
  let releasedUser: UserRecord | undefined;
  if (existingUser) {
    const employed = employeesOf(company, existingUser).some((e) => e.active || withinWindow(company, e));
    if (employed) checkSecondEmployment(check, fields.employee);
  } else {
    const holder = usernameHolder(company, username);
    if (holder && holdsUsername(company, holder)) check.fail('username', 'has already been taken');
    else releasedUser = holder;
  }
  check.done();

  if (ext.releasedFrom) company.employees.changeId(ext.releasedFrom, null);
  if (releasedUser) releaseUser(company, releasedUser);
  const user =
    existingUser ??
    company.users.insert({
      sid: company.users.allocateSid(),
      id: extId !== null && !company.users.byId(extId) ? extId : null,
      ...newValues(USER_FIELDS, fields.user),
    });
  if (existingUser) applyOptionalUserFields(company, existingUser, fields.user);
  const employee = company.employees.insert({
    sid: company.employees.allocateSid(),
    id: extId,
    userSid: user.sid,
    ...newValues(EMPLOYEE_FIELDS, fields.employee),
    active: true,
    firedAt: null,
    teamSid: null,
  });
  return { employee, outcome: existingUser ? 'second_employment' : 'created' };
}

function applyOptionalUserFields(company: Company, user: UserRecord, fields: GivenValues<typeof USER_FIELDS>): void {
  company.users.update(user, given(pick(fields, NOT_IDENTIFYING)));
}

/** PUT: any fields; the person's fields live on the user and so change for all of its employments. */
export function updateV2Employee(company: Company, employee: EmployeeRecord, input: Input): EmployeeRecord {
  const check = new FieldCheck(input, RESOURCE.employee);
  const fields = readPersonFields(check, false);
  const user = company.userOf(employee)!;
  const ext = fields.extId ? extIdState(company, fields.extId, employee) : { taken: false };
  if (ext.taken) check.fail('ext_id', 'has already been taken');
  let releasedUser: UserRecord | undefined;
  const username = fields.user.username;
  if (username !== undefined && username !== user.username) {
    const holder = usernameHolder(company, username);
    if (holder && holdsUsername(company, holder)) check.fail('username', 'has already been taken');
    else releasedUser = holder;
  }
  check.done();
  if (ext.releasedFrom) company.employees.changeId(ext.releasedFrom, null);
  if (releasedUser) releaseUser(company, releasedUser);
  if (fields.extId !== undefined) company.employees.changeId(employee, fields.extId);
  company.employees.update(employee, given(fields.employee));
  company.users.update(user, given(fields.user));
  return employee;
}
