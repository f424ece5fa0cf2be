/**
 * Users and employees (v3 rules; v2 builds on them in v2-people.ts). Ids are unique per kind; a fired
 * employee keeps its id, so creating another employee with it is refused and the fired one can be rehired.
 */
import { invalid, RESOURCE } from '../errors.js';
import type { Company } from './company.js';
import { EMPLOYEE_FIELDS, newValues, readFields, USER_FIELDS } from './fields.js';
import { given, type EmployeeRecord, type UserRecord } from './records.js';
import { FieldCheck, type Input } from './validation.js';

export function createUser(company: Company, input: Input): UserRecord {
  const check = new FieldCheck(input, RESOURCE.user);
  const id = check.text('id', true);
  const fields = readFields(check, USER_FIELDS, 'v3', true);
  if (id !== undefined && company.users.byId(id)) check.fail('id', 'has already been taken');
  if (fields.username !== undefined && usernameHolder(company, fields.username)) check.fail('username', 'has already been taken');
  check.done();
  return company.users.insert({ sid: company.users.allocateSid(), id: id!, ...newValues(USER_FIELDS, fields) });
}

export function updateUser(company: Company, user: UserRecord, input: Input): UserRecord {
  const check = new FieldCheck(input, RESOURCE.user);
  const id = check.text('id', false);
  const fields = readFields(check, USER_FIELDS, 'v3', false);
  if (id !== undefined && id !== user.id && company.users.byId(id)) check.fail('id', 'has already been taken');
  if (fields.username !== undefined) {
    const holder = usernameHolder(company, fields.username);
    if (holder && holder !== user) check.fail('username', 'has already been taken');
  }
  check.done();
  if (id !== undefined) company.users.changeId(user, id);
  return company.users.update(user, given(fields));
}

/** README users: refused while the user has active employees; permanent. Fired employees lose their user. */
export function deleteUser(company: Company, user: UserRecord): void {
  const employees = company.employeesOf(user);
  if (employees.some((employee) => employee.active)) {
    throw invalid(RESOURCE.user, 'base', 'cannot delete a user that has active employees');
  }
  for (const employee of employees) company.employees.update(employee, { userSid: null });
  company.users.delete(user);
}

export function usernameHolder(company: Company, username: string): UserRecord | undefined {
  return company.usernameHolder(username);
}

export function createEmployee(company: Company, user: UserRecord, input: Input): EmployeeRecord {
  const check = new FieldCheck(input, RESOURCE.employee);
  const id = check.text('id', true);
  const fields = readFields(check, EMPLOYEE_FIELDS, 'v3', true);
  if (id !== undefined && company.employees.byId(id)) check.fail('id', 'has already been taken');
  check.done();
  return company.employees.insert({
    sid: company.employees.allocateSid(),
    id: id!,
    userSid: user.sid,
    ...newValues(EMPLOYEE_FIELDS, fields),
    active: true,
    firedAt: null,
    teamSid: null,
  });
}

/** An update takes the id and the fields its table row accepts on update; the others are ignored. */
export function updateEmployee(company: Company, employee: EmployeeRecord, input: Input): EmployeeRecord {
  const check = new FieldCheck(input, RESOURCE.employee);
  const id = check.text('id', false);
  const fields = readFields(check, EMPLOYEE_FIELDS, 'v3', false);
  if (id !== undefined && id !== employee.id && company.employees.byId(id)) check.fail('id', 'has already been taken');
  check.done();
  if (id !== undefined) company.employees.changeId(employee, id);
  return company.employees.update(employee, given(fields));
}

/**
 * Soft delete. Refused for the owner of the top department. The fired employee leaves their team and loses
 * the leader roles and delegations they held, since a fired person can no longer act on them.
 */
export function fireEmployee(company: Company, employee: EmployeeRecord): void {
  if (company.root.ownerSid === employee.sid) {
    throw invalid(RESOURCE.employee, 'base', 'the owner of the top department cannot be deleted');
  }
  company.employees.update(employee, { active: false, firedAt: company.now().toISOString(), teamSid: null });
  for (const department of company.departmentsByOwner.of(employee.sid)) company.departments.update(department, { ownerSid: null });
  for (const team of company.teamsByOwner.of(employee.sid)) company.teams.update(team, { ownerSid: null });
  for (const delegation of company.delegationsByEmployee.of(employee.sid)) company.delegations.delete(delegation);
}

/** Makes the employee active again under `user` (which may be another user than before). */
export function rehireEmployee(company: Company, employee: EmployeeRecord, user: UserRecord): EmployeeRecord {
  return company.employees.update(employee, { active: true, firedAt: null, userSid: user.sid });
}
