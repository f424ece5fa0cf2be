/**
 * v2 employees: one v2 employee is a v3 employee plus its user's name, e-mail, username, gender and birthday.
 * v2 adds the 14-day rule: a deleted employee can be rehired by creating it again with exactly the same
 * name, e-mail, username and ext_id, and its username stays reserved; after 14 days both end.
 */
import { RESOURCE } from '../errors.js';
import type { Company } from './company.js';
import { rehireEmployee, usernameHolder } from './people.js';
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

function readPersonFields(check: FieldCheck, creating: boolean) {
  const name = check.text('name', creating);
  const email = check.email('email', creating);
  // The field table says required, the description says it defaults to the e-mail: default it.
  const username = check.text('username', false) ?? (creating ? email : undefined);
  const gender = check.gender('gender');
  const birthday = check.nullableDate('birthday');
  const extIdText = check.nullableText('ext_id');
  const extId = extIdText === '' ? null : extIdText;
  const employment = check.nullableText('employment');
  return { name, email, username, gender, birthday, extId, employment };
}

export function createV2Employee(company: Company, input: Input): V2CreateResult {
  const check = new FieldCheck(input, RESOURCE.employee);
  const fields = readPersonFields(check, true);
  check.done();
  const name = fields.name!;
  const email = fields.email!;
  const username = fields.username!;
  const extId = fields.extId ?? null;
  const samePerson = (user: UserRecord | undefined) =>
    user !== undefined && user.name === name && user.email === email && user.username === username;

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
    company.employees.update(rehirable, given({ employment: fields.employment }));
    applyOptionalUserFields(company, company.userOf(rehirable)!, fields);
    return { employee: rehirable, outcome: 'rehired' };
  }

  const ext = extId === null ? { taken: false } : extIdState(company, extId, null);
  if (ext.taken) check.fail('ext_id', 'has already been taken');
  let releasedUser: UserRecord | undefined;
  if (existingUser) {
    const employed = employeesOf(company, existingUser).some((e) => e.active || withinWindow(company, e));
    if (employed && (fields.employment === undefined || fields.employment === null)) {
      check.fail('employment', 'is required when adding a second employment');
    }
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
      name,
      email,
      username,
      gender: fields.gender ?? null,
      birthday: fields.birthday ?? null,
    });
  if (existingUser) applyOptionalUserFields(company, existingUser, fields);
  const employee = company.employees.insert({
    sid: company.employees.allocateSid(),
    id: extId,
    userSid: user.sid,
    employment: fields.employment ?? null,
    systemLanguage: 'da',
    active: true,
    firedAt: null,
    teamSid: null,
  });
  return { employee, outcome: existingUser ? 'second_employment' : 'created' };
}

function applyOptionalUserFields(company: Company, user: UserRecord, fields: { gender?: 'f' | 'm' | null; birthday?: string | null }): void {
  company.users.update(user, given({ gender: fields.gender, birthday: fields.birthday }));
}

/** PUT: any fields; the person's fields live on the user and so change for all of its employments. */
export function updateV2Employee(company: Company, employee: EmployeeRecord, input: Input): EmployeeRecord {
  const check = new FieldCheck(input, RESOURCE.employee);
  const fields = readPersonFields(check, false);
  const user = company.userOf(employee)!;
  const ext = fields.extId ? extIdState(company, fields.extId, employee) : { taken: false };
  if (ext.taken) check.fail('ext_id', 'has already been taken');
  let releasedUser: UserRecord | undefined;
  if (fields.username !== undefined && fields.username !== user.username) {
    const holder = usernameHolder(company, fields.username);
    if (holder && holdsUsername(company, holder)) check.fail('username', 'has already been taken');
    else releasedUser = holder;
  }
  check.done();
  if (ext.releasedFrom) company.employees.changeId(ext.releasedFrom, null);
  if (releasedUser) releaseUser(company, releasedUser);
  if (fields.extId !== undefined) company.employees.changeId(employee, fields.extId);
  company.employees.update(employee, given({ employment: fields.employment }));
  company.users.update(user, given({ name: fields.name, email: fields.email, username: fields.username }));
  applyOptionalUserFields(company, user, fields);
  return employee;
}
