/**
 * v2 response bodies. By default `id` is the service id and `ext_id` the client id; with `key_field=ext_id`
 * the `ext_id` property goes and `id` and every relation id carry the client id (null when there is none).
 */
import type { Company } from '../store/company.js';
import { answerFields, EMPLOYEE_FIELDS, UNIT_FIELDS, USER_FIELDS } from '../store/fields.js';
import type { AbsenceRecord, DepartmentRecord, EmployeeRecord, TeamRecord } from '../store/records.js';

export type KeyMode = 'service' | 'ext';

export function ref(record: { sid: number; id: string | null } | undefined, mode: KeyMode): string | null {
  if (!record) return null;
  return mode === 'ext' ? record.id : String(record.sid);
}

function withIds(record: { sid: number; id: string | null }, mode: KeyMode) {
  return mode === 'ext' ? { id: record.id } : { id: String(record.sid), ext_id: record.id };
}

export function v2Employee(company: Company, employee: EmployeeRecord, mode: KeyMode) {
  // A fired employee whose user was deleted since shows null for the person's fields.
  return {
    ...withIds(employee, mode),
    ...answerFields(USER_FIELDS, 'v2', company.userOf(employee)),
    ...answerFields(EMPLOYEE_FIELDS, 'v2', employee),
  };
}

export function v2Team(company: Company, team: TeamRecord, mode: KeyMode) {
  return {
    ...withIds(team, mode),
    ...answerFields(UNIT_FIELDS, 'v2', team),
    department: ref(company.departments.get(team.departmentSid), mode),
    employees: company.membersOf(team.sid).map((member) => ref(member, mode)),
    responsible_employee: ref(company.employees.get(team.ownerSid), mode),
  };
}

export function v2Department(company: Company, department: DepartmentRecord, mode: KeyMode) {
  return {
    ...withIds(department, mode),
    ...answerFields(UNIT_FIELDS, 'v2', department),
    parent_department: ref(company.departments.get(department.parentSid), mode),
    responsible_employee: ref(company.employees.get(department.ownerSid), mode),
  };
}

export function v2Dialog(company: Company, absence: AbsenceRecord, mode: KeyMode) {
  const employee = company.employees.get(absence.employeeSid);
  return {
    id: ref(employee, mode),
    name: (employee && company.userOf(employee)?.name) ?? null,
    date: absence.startDate,
  };
}
