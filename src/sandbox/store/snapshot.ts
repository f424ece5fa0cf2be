/**
 * The company as v3 client ids see it, for tests and benchmarks to compare. An entity without a client id
 * (a v2 create without ext_id) is shown as `#<service id>`.
 */
import type { SandboxSnapshot } from '../types.js';
import type { Company } from './company.js';
import { EMPLOYEE_FIELDS, UNIT_FIELDS, USER_FIELDS, valuesOf } from './fields.js';

function label(record: { sid: number; id: string | null } | undefined): string | null {
  if (!record) return null;
  return record.id ?? `#${record.sid}`;
}

function byId<T extends { id: string }>(items: T[]): T[] {
  return items.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

export function snapshotOf(company: Company): SandboxSnapshot {
  const { users, employees, departments, teams } = company;
  return {
    users: byId(users.values().map((u) => ({ id: label(u)!, ...valuesOf(USER_FIELDS, u) }))),
    employees: byId(
      employees.values().map((e) => ({
        id: label(e)!,
        userId: label(users.get(e.userSid)) ?? '',
        ...valuesOf(EMPLOYEE_FIELDS, e),
        active: e.active,
        teamId: label(teams.get(e.teamSid)),
      })),
    ),
    departments: byId(
      departments.values().map((d) => ({
        id: label(d)!,
        ...valuesOf(UNIT_FIELDS, d),
        parentId: label(departments.get(d.parentSid)),
        owner: label(employees.get(d.ownerSid)),
      })),
    ),
    teams: byId(
      teams.values().map((t) => ({
        id: label(t)!,
        ...valuesOf(UNIT_FIELDS, t),
        departmentId: label(departments.get(t.departmentSid))!,
        owner: label(employees.get(t.ownerSid)),
        members: company
          .membersOf(t.sid)
          .map((m) => label(m)!)
          .sort(),
      })),
    ),
    delegations: byId(
      company.delegations.values().map((d) => ({
        id: String(d.sid),
        unitKind: d.unitKind,
        unitId: label(d.unitKind === 'team' ? teams.get(d.unitSid) : departments.get(d.unitSid)) ?? '',
        responsibility: d.responsibility,
        employeeId: label(employees.get(d.employeeSid)) ?? '',
      })),
    ),
    absences: byId(
      company.absences.values().map((a) => ({
        id: String(a.sid),
        employeeId: label(employees.get(a.employeeSid)) ?? '',
        startDate: a.startDate,
        endDate: a.endDate,
      })),
    ),
  };
}
