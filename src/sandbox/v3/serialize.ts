/**
 * v3 response bodies. Every id is the client id; `responsible_employee` is the explicit owner or the closest
 * one up the tree; nested objects are abbreviated.
 */
import type { Company } from '../store/company.js';
import { answerFields, EMPLOYEE_FIELDS, UNIT_FIELDS, USER_FIELDS } from '../store/fields.js';
import type { AbsenceRecord, DelegationRecord, DepartmentRecord, EmployeeRecord, TeamRecord, UserRecord } from '../store/records.js';

export function v3User(user: UserRecord) {
  return { id: user.id, ...answerFields(USER_FIELDS, 'v3', user) };
}

export function v3Employee(company: Company, employee: EmployeeRecord) {
  const user = company.userOf(employee);
  return { id: employee.id, ...answerFields(EMPLOYEE_FIELDS, 'v3', employee), user: user ? v3User(user) : null };
}

function maybeEmployee(company: Company, employee: EmployeeRecord | null) {
  return employee ? v3Employee(company, employee) : null;
}

function departmentBrief(company: Company, department: DepartmentRecord | undefined) {
  if (!department) return null;
  return {
    id: department.id,
    ...answerFields(UNIT_FIELDS, 'v3', department),
    parent_id: company.departments.get(department.parentSid)?.id ?? null,
  };
}

export function v3Department(company: Company, department: DepartmentRecord) {
  return {
    ...departmentBrief(company, department)!,
    responsible_employee: maybeEmployee(company, company.responsibleForDepartment(department)),
  };
}

export function v3Team(company: Company, team: TeamRecord) {
  return {
    id: team.id,
    ...answerFields(UNIT_FIELDS, 'v3', team),
    responsible_employee: maybeEmployee(company, company.responsibleForTeam(team)),
    employees: company.membersOf(team.sid).map((member) => v3Employee(company, member)),
    department: departmentBrief(company, company.departments.get(team.departmentSid)),
  };
}

export function v3Delegation(company: Company, delegation: DelegationRecord) {
  const unit =
    delegation.unitKind === 'team'
      ? (() => {
          const team = company.teams.get(delegation.unitSid);
          return team ? { id: team.id, ...answerFields(UNIT_FIELDS, 'v3', team) } : null;
        })()
      : departmentBrief(company, company.departments.get(delegation.unitSid));
  return {
    id: String(delegation.sid),
    responsibility: delegation.responsibility,
    employee: maybeEmployee(company, company.employees.get(delegation.employeeSid) ?? null),
    [delegation.unitKind]: unit,
  };
}

export function v3Absence(company: Company, absence: AbsenceRecord) {
  return {
    id: String(absence.sid),
    start_date: absence.startDate,
    end_date: absence.endDate,
    employee: maybeEmployee(company, company.employees.get(absence.employeeSid) ?? null),
  };
}
