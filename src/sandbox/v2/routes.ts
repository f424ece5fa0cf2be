/**
 * v2 "Employees", "Teams" and "Departments": service ids plus optional ext_id, PUT updates, full member
 * lists, the 14-day rehire window. Creates answer 201 with a Location header.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { RESOURCE } from '../errors.js';
import { listAnswer, params, type Answer, type RouteKit } from '../http/kit.js';
import { deleteDepartment, deleteTeam } from '../store/organisation.js';
import { fireEmployee } from '../store/people.js';
import type { DepartmentRecord, EmployeeRecord, TeamRecord } from '../store/records.js';
import { createV2Department, createV2Team, updateV2Department, updateV2Team } from '../store/v2-organisation.js';
import { createV2Employee, updateV2Employee } from '../store/v2-people.js';
import { wrapped } from '../store/validation.js';
import type { CreateKind } from '../types.js';
import { keyMode, mustFind, refsFor } from './refs.js';
import { ref, v2Department, v2Employee, v2Team, type KeyMode } from './serialize.js';

function createdAnswer(
  request: FastifyRequest,
  collection: string,
  record: { sid: number; id: string | null },
  kind: CreateKind,
  body: unknown,
): Answer {
  const mode = keyMode(request);
  const id = ref(record, mode) ?? String(record.sid);
  const suffix = mode === 'ext' && record.id !== null ? '?key_field=ext_id' : '';
  return {
    status: 201,
    body,
    headers: { Location: `/v2/core/${collection}/${encodeURIComponent(id)}${suffix}` },
    created: { kind, clientId: record.id ?? `#${record.sid}` },
  };
}

export function registerV2Routes(app: FastifyInstance, kit: RouteKit): void {
  const company = kit.company;
  const employeeBody = (mode: KeyMode) => (employee: EmployeeRecord) => v2Employee(company, employee, mode);
  const teamBody = (mode: KeyMode) => (team: TeamRecord) => v2Team(company, team, mode);
  const departmentBody = (mode: KeyMode) => (department: DepartmentRecord) => v2Department(company, department, mode);
  const employeeAt = (request: FastifyRequest) =>
    mustFind(company.employees, params(request).id!, keyMode(request), RESOURCE.employee, (employee) => employee.active);
  const teamAt = (request: FastifyRequest) => mustFind(company.teams, params(request).id!, keyMode(request), RESOURCE.team);
  const departmentAt = (request: FastifyRequest) =>
    mustFind(company.departments, params(request).id!, keyMode(request), RESOURCE.department);

  app.get(
    '/v2/core/employees',
    kit.read((r) => listAnswer(r, company.activeEmployees(), employeeBody(keyMode(r)))),
  );
  app.get(
    '/v2/core/employees/:id',
    kit.read((r) => ({ status: 200, body: employeeBody(keyMode(r))(employeeAt(r)) })),
  );
  app.post(
    '/v2/core/employees',
    kit.write((r) => {
      const { employee } = createV2Employee(company, wrapped(r.body, 'employee'));
      return createdAnswer(r, 'employees', employee, 'employee', employeeBody(keyMode(r))(employee));
    }),
  );
  app.put(
    '/v2/core/employees/:id',
    kit.write((r) => {
      const employee = updateV2Employee(company, employeeAt(r), wrapped(r.body, 'employee'));
      return { status: 200, body: employeeBody(keyMode(r))(employee) };
    }),
  );
  app.delete(
    '/v2/core/employees/:id',
    kit.write((r) => {
      const employee = employeeAt(r);
      fireEmployee(company, employee);
      return { status: 200, body: employeeBody(keyMode(r))(employee) };
    }),
  );

  app.get(
    '/v2/core/teams',
    kit.read((r) => listAnswer(r, company.teams.values(), teamBody(keyMode(r)))),
  );
  app.get(
    '/v2/core/teams/:id',
    kit.read((r) => ({ status: 200, body: teamBody(keyMode(r))(teamAt(r)) })),
  );
  app.post(
    '/v2/core/teams',
    kit.write((r) => {
      const team = createV2Team(company, wrapped(r.body, 'team'), refsFor(company, keyMode(r)));
      return createdAnswer(r, 'teams', team, 'team', teamBody(keyMode(r))(team));
    }),
  );
  app.put(
    '/v2/core/teams/:id',
    kit.write((r) => {
      const team = updateV2Team(company, teamAt(r), wrapped(r.body, 'team'), refsFor(company, keyMode(r)));
      return { status: 200, body: teamBody(keyMode(r))(team) };
    }),
  );
  app.delete(
    '/v2/core/teams/:id',
    kit.write((r) => {
      const team = teamAt(r);
      const body = teamBody(keyMode(r))(team);
      deleteTeam(company, team);
      return { status: 200, body };
    }),
  );

  app.get(
    '/v2/core/departments',
    kit.read((r) => listAnswer(r, company.departments.values(), departmentBody(keyMode(r)))),
  );
  app.get(
    '/v2/core/departments/:id',
    kit.read((r) => ({ status: 200, body: departmentBody(keyMode(r))(departmentAt(r)) })),
  );
  app.post(
    '/v2/core/departments',
    kit.write((r) => {
      const department = createV2Department(company, wrapped(r.body, 'department'), refsFor(company, keyMode(r)));
      return createdAnswer(r, 'departments', department, 'department', departmentBody(keyMode(r))(department));
    }),
  );
  app.put(
    '/v2/core/departments/:id',
    kit.write((r) => {
      const department = updateV2Department(company, departmentAt(r), wrapped(r.body, 'department'), refsFor(company, keyMode(r)));
      return { status: 200, body: departmentBody(keyMode(r))(department) };
    }),
  );
  app.delete(
    '/v2/core/departments/:id',
    kit.write((r) => {
      const department = departmentAt(r);
      const body = departmentBody(keyMode(r))(department);
      deleteDepartment(company, department);
      return { status: 200, body };
    }),
  );
}
