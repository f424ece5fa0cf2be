/**
 * Departments and teams: the tree, owners and team members. Deletes are refused while the unit is in use.
 */
import { invalid, RESOURCE, type ResourceName } from '../errors.js';
import type { Company } from './company.js';
import { newValues, readFields, UNIT_FIELDS } from './fields.js';
import { given, type DepartmentRecord, type EmployeeRecord, type TeamRecord } from './records.js';
import { FieldCheck, has, type Input } from './validation.js';

/**
 * The owner input: `owner` (every example) or `responsible_employee_id` (the field tables); `owner` wins.
 * undefined: not sent; null: clear the owner; otherwise the owner's service id.
 */
export function readOwner(company: Company, check: FieldCheck): number | null | undefined {
  const key = has(check.input, 'owner') ? 'owner' : has(check.input, 'responsible_employee_id') ? 'responsible_employee_id' : null;
  if (key === null) return undefined;
  const value = check.input[key];
  if (value === null) return null;
  if (typeof value !== 'string' || value === '') {
    check.fail(key, 'must be an employee id');
    return undefined;
  }
  const employee = company.employees.byId(value);
  if (!employee?.active) {
    check.fail(key, 'is not an active employee');
    return undefined;
  }
  return employee.sid;
}

function checkNewId(
  company: Company,
  check: FieldCheck,
  table: 'departments' | 'teams',
  current: string | null,
  id: string | undefined,
): void {
  if (id !== undefined && id !== current && company[table].byId(id)) check.fail('id', 'has already been taken');
}

export function createDepartment(company: Company, parent: DepartmentRecord, input: Input): DepartmentRecord {
  const check = new FieldCheck(input, RESOURCE.department);
  const id = check.text('id', true);
  const fields = readFields(check, UNIT_FIELDS, 'v3', true);
  const owner = readOwner(company, check);
  checkNewId(company, check, 'departments', null, id);
  check.done();
  return company.departments.insert({
    sid: company.departments.allocateSid(),
    id: id!,
    ...newValues(UNIT_FIELDS, fields),
    parentSid: parent.sid,
    ownerSid: owner ?? null,
  });
}

export function updateDepartment(company: Company, department: DepartmentRecord, input: Input): DepartmentRecord {
  const check = new FieldCheck(input, RESOURCE.department);
  const id = check.text('id', false);
  const fields = readFields(check, UNIT_FIELDS, 'v3', false);
  const owner = readOwner(company, check);
  checkNewId(company, check, 'departments', department.id, id);
  check.done();
  if (id !== undefined) company.departments.changeId(department, id);
  return company.departments.update(department, given({ ...fields, ownerSid: owner }));
}

/** v3 "a department cannot be moved below itself", and not below its own descendant either (no cycles). */
export function moveDepartment(company: Company, department: DepartmentRecord, newParent: DepartmentRecord): DepartmentRecord {
  if (company.isSelfOrDescendant(newParent, department)) {
    throw invalid(RESOURCE.department, 'parent_id', 'cannot be the department itself or one of its descendants');
  }
  return company.departments.update(department, { parentSid: newParent.sid });
}

export function deleteDepartment(company: Company, department: DepartmentRecord): void {
  if (department.sid === company.rootSid) throw invalid(RESOURCE.department, 'base', 'the top department cannot be deleted');
  if (company.childDepartments(department).length > 0 || company.teamsIn(department).length > 0) {
    throw invalid(RESOURCE.department, 'base', 'cannot delete a department that has departments or teams attached');
  }
  for (const delegation of company.delegationsOn('department', department.sid)) company.delegations.delete(delegation);
  company.departments.delete(department);
}

export function createTeam(
  company: Company,
  department: DepartmentRecord,
  input: Input,
  resource: ResourceName = RESOURCE.team,
): TeamRecord {
  const check = new FieldCheck(input, resource);
  const id = check.text('id', true);
  const fields = readFields(check, UNIT_FIELDS, 'v3', true);
  const owner = readOwner(company, check);
  checkNewId(company, check, 'teams', null, id);
  check.done();
  return company.teams.insert({
    sid: company.teams.allocateSid(),
    id: id!,
    ...newValues(UNIT_FIELDS, fields),
    departmentSid: department.sid,
    ownerSid: owner ?? null,
  });
}

export function updateTeam(company: Company, team: TeamRecord, input: Input): TeamRecord {
  const check = new FieldCheck(input, RESOURCE.team);
  const id = check.text('id', false);
  const fields = readFields(check, UNIT_FIELDS, 'v3', false);
  const owner = readOwner(company, check);
  checkNewId(company, check, 'teams', team.id, id);
  check.done();
  if (id !== undefined) company.teams.changeId(team, id);
  return company.teams.update(team, given({ ...fields, ownerSid: owner }));
}

export function moveTeam(company: Company, team: TeamRecord, department: DepartmentRecord): TeamRecord {
  return company.teams.update(team, { departmentSid: department.sid });
}

/** README teams: a team can be deleted only when it has no employees. */
export function deleteTeam(company: Company, team: TeamRecord): void {
  if (company.membersOf(team.sid).length > 0) {
    throw invalid(RESOURCE.team, 'base', 'cannot delete a team that has employees');
  }
  for (const delegation of company.delegationsOn('team', team.sid)) company.delegations.delete(delegation);
  company.teams.delete(team);
}

/** README teams: one team at a time — joining a team leaves the previous one. */
export function addMember(company: Company, team: TeamRecord, employee: EmployeeRecord): TeamRecord {
  company.setTeam(employee, team.sid);
  return team;
}

export function removeMember(company: Company, team: TeamRecord, employee: EmployeeRecord): TeamRecord {
  if (employee.teamSid !== team.sid) {
    throw invalid(RESOURCE.team, 'employees', `employee ${employee.id ?? ''} is not a member of this team`);
  }
  company.setTeam(employee, null);
  return team;
}
