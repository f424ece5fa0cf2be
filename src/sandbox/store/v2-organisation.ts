/**
 * v2 departments and teams: the parent and the team's department are body fields given on every create and
 * update, `employees` is the complete member list, `responsible_employee` is the owner. Ids in bodies are
 * resolved by the route layer's `V2Refs` (service id or ext_id).
 */
import { RESOURCE, type ResourceName } from '../errors.js';
import type { Company } from './company.js';
import { newValues, readFields, UNIT_FIELDS } from './fields.js';
import { given, type DepartmentRecord, type EmployeeRecord, type TeamRecord } from './records.js';
import { FieldCheck, has, type Input } from './validation.js';

export interface V2Refs {
  department(text: string): DepartmentRecord | undefined;
  /** Active employees only. */
  employee(text: string): EmployeeRecord | undefined;
}

function refText(check: FieldCheck, key: string): string | null | undefined {
  if (!has(check.input, key)) return undefined;
  const value = check.input[key];
  if (value === null) return null;
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'number' && Number.isInteger(value)) return String(value);
  check.fail(key, 'must be an id');
  return undefined;
}

function department(check: FieldCheck, refs: V2Refs, key: string, required: boolean): DepartmentRecord | null | undefined {
  const text = refText(check, key);
  if (text === undefined || text === null) {
    if (required) check.fail(key, "can't be blank");
    return text;
  }
  const found = refs.department(text);
  if (!found) check.fail(key, 'is not a known department');
  return found;
}

function owner(check: FieldCheck, refs: V2Refs): number | null | undefined {
  const text = refText(check, 'responsible_employee');
  if (text === undefined || text === null) return text;
  const found = refs.employee(text);
  if (!found) check.fail('responsible_employee', 'is not an active employee');
  return found?.sid;
}

function members(check: FieldCheck, refs: V2Refs): EmployeeRecord[] | undefined {
  if (!has(check.input, 'employees')) return undefined;
  const value = check.input.employees;
  if (!Array.isArray(value)) {
    check.fail('employees', 'must be a list of employee ids');
    return undefined;
  }
  const found: EmployeeRecord[] = [];
  for (const item of value) {
    const employee = typeof item === 'string' || typeof item === 'number' ? refs.employee(String(item)) : undefined;
    if (employee) found.push(employee);
    else check.fail('employees', `${String(item)} is not an active employee`);
  }
  return found;
}

function extId(
  company: Company,
  check: FieldCheck,
  table: 'departments' | 'teams',
  self: { id: string | null } | null,
): string | null | undefined {
  const text = check.nullableText('ext_id');
  const value = text === '' ? null : text;
  if (value && value !== self?.id && company[table].byId(value)) check.fail('ext_id', 'has already been taken');
  return value;
}

export function createV2Department(company: Company, input: Input, refs: V2Refs): DepartmentRecord {
  const check = new FieldCheck(input, RESOURCE.department);
  const parent = department(check, refs, 'parent_department', true);
  const ownerSid = owner(check, refs);
  const id = extId(company, check, 'departments', null);
  const fields = readFields(check, UNIT_FIELDS, 'v2', true);
  check.done();
  return company.departments.insert({
    sid: company.departments.allocateSid(),
    id: id ?? null,
    ...newValues(UNIT_FIELDS, fields),
    parentSid: parent!.sid,
    ownerSid: ownerSid ?? null,
  });
}

export function updateV2Department(company: Company, record: DepartmentRecord, input: Input, refs: V2Refs): DepartmentRecord {
  const check = new FieldCheck(input, RESOURCE.department);
  const isTop = record.sid === company.rootSid;
  const parent = department(check, refs, 'parent_department', !isTop);
  if (isTop && parent) check.fail('parent_department', 'the top department has no parent');
  if (!isTop && parent && company.isSelfOrDescendant(parent, record)) {
    check.fail('parent_department', 'cannot be the department itself or one of its descendants');
  }
  const ownerSid = owner(check, refs);
  const id = extId(company, check, 'departments', record);
  const fields = readFields(check, UNIT_FIELDS, 'v2', false);
  check.done();
  if (id !== undefined) company.departments.changeId(record, id);
  return company.departments.update(record, given({ parentSid: parent ? parent.sid : undefined, ownerSid, ...fields }));
}

function readTeam(company: Company, input: Input, refs: V2Refs, self: TeamRecord | null, resource: ResourceName) {
  const check = new FieldCheck(input, resource);
  const holder = department(check, refs, 'department', true);
  const ownerSid = owner(check, refs);
  const id = extId(company, check, 'teams', self);
  const values = readFields(check, UNIT_FIELDS, 'v2', self === null);
  const list = members(check, refs);
  check.done();
  return { holder: holder!, ownerSid, id, values, list };
}

export function createV2Team(company: Company, input: Input, refs: V2Refs): TeamRecord {
  const fields = readTeam(company, input, refs, null, RESOURCE.team);
  const team = company.teams.insert({
    sid: company.teams.allocateSid(),
    id: fields.id ?? null,
    ...newValues(UNIT_FIELDS, fields.values),
    departmentSid: fields.holder.sid,
    ownerSid: fields.ownerSid ?? null,
  });
  for (const employee of fields.list ?? []) company.setTeam(employee, team.sid);
  return team;
}

/** Changing `department` moves the team (its employees follow); `employees` replaces the member list. */
export function updateV2Team(company: Company, team: TeamRecord, input: Input, refs: V2Refs): TeamRecord {
  const fields = readTeam(company, input, refs, team, RESOURCE.team);
  company.teams.update(team, given({ departmentSid: fields.holder.sid, ownerSid: fields.ownerSid, ...fields.values }));
  if (fields.id !== undefined) company.teams.changeId(team, fields.id);
  if (fields.list) {
    const keep = new Set(fields.list.map((employee) => employee.sid));
    for (const member of company.membersOf(team.sid)) if (!keep.has(member.sid)) company.setTeam(member, null);
    for (const employee of fields.list) company.setTeam(employee, team.sid);
  }
  return team;
}
