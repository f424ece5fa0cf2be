/**
 * v3 "Departments" and "Teams", team members included. Creating under a department and moving use the
 * parent department's id in the path.
 */
import type { FastifyInstance } from 'fastify';
import { listAnswer, params, type RouteKit } from '../http/kit.js';
import {
  addMember,
  createDepartment,
  createTeam,
  deleteDepartment,
  deleteTeam,
  moveDepartment,
  moveTeam,
  removeMember,
  updateDepartment,
  updateTeam,
} from '../store/organisation.js';
import type { DepartmentRecord, TeamRecord } from '../store/records.js';
import { wrapped } from '../store/validation.js';
import { v3Department, v3Team } from './serialize.js';

export function registerV3Organisation(app: FastifyInstance, kit: RouteKit): void {
  const company = kit.company;
  const departmentBody = (department: DepartmentRecord) => v3Department(company, department);
  const teamBody = (team: TeamRecord) => v3Team(company, team);

  app.get(
    '/v3/core/departments',
    kit.read((request) => listAnswer(request, company.departments.values(), departmentBody)),
  );
  app.get(
    '/v3/core/departments/:department_id',
    kit.read((request) => ({ status: 200, body: departmentBody(company.departmentById(params(request).department_id!)) })),
  );
  app.post(
    '/v3/core/departments/:department_id/departments',
    kit.write((request) => {
      const parent = company.departmentById(params(request).department_id!);
      const department = createDepartment(company, parent, wrapped(request.body, 'department'));
      return { status: 201, body: departmentBody(department), created: { kind: 'department', clientId: department.id! } };
    }),
  );
  app.patch(
    '/v3/core/departments/:department_id',
    kit.write((request) => {
      const department = company.departmentById(params(request).department_id!);
      return { status: 200, body: departmentBody(updateDepartment(company, department, wrapped(request.body, 'department'))) };
    }),
  );
  app.patch(
    '/v3/core/departments/:department_id/departments/:id',
    kit.write((request) => {
      const { department_id: parentId, id } = params(request);
      const newParent = company.departmentById(parentId!);
      const department = company.departmentById(id!);
      return { status: 200, body: departmentBody(moveDepartment(company, department, newParent)) };
    }),
  );
  app.delete(
    '/v3/core/departments/:department_id',
    kit.write((request) => {
      const department = company.departmentById(params(request).department_id!);
      const body = departmentBody(department);
      deleteDepartment(company, department);
      return { status: 200, body };
    }),
  );

  app.get(
    '/v3/core/teams',
    kit.read((request) => listAnswer(request, company.teams.values(), teamBody)),
  );
  app.get(
    '/v3/core/teams/:team_id',
    kit.read((request) => ({ status: 200, body: teamBody(company.teamById(params(request).team_id!)) })),
  );
  app.post(
    '/v3/core/departments/:department_id/teams',
    kit.write((request) => {
      const department = company.departmentById(params(request).department_id!);
      const team = createTeam(company, department, wrapped(request.body, 'team'));
      return { status: 201, body: teamBody(team), created: { kind: 'team', clientId: team.id! } };
    }),
  );
  app.patch(
    '/v3/core/teams/:team_id',
    kit.write((request) => {
      const team = company.teamById(params(request).team_id!);
      return { status: 200, body: teamBody(updateTeam(company, team, wrapped(request.body, 'team'))) };
    }),
  );
  app.patch(
    '/v3/core/departments/:department_id/teams/:team_id',
    kit.write((request) => {
      const { department_id: departmentId, team_id: teamId } = params(request);
      const department = company.departmentById(departmentId!);
      return { status: 200, body: teamBody(moveTeam(company, company.teamById(teamId!), department)) };
    }),
  );
  app.delete(
    '/v3/core/teams/:team_id',
    kit.write((request) => {
      const team = company.teamById(params(request).team_id!);
      const body = teamBody(team);
      deleteTeam(company, team);
      return { status: 200, body };
    }),
  );
  app.post(
    '/v3/core/teams/:team_id/employees/:employee_id',
    kit.write((request) => {
      const { team_id: teamId, employee_id: employeeId } = params(request);
      const team = company.teamById(teamId!);
      return { status: 200, body: teamBody(addMember(company, team, company.activeEmployeeById(employeeId!))) };
    }),
  );
  app.delete(
    '/v3/core/teams/:team_id/employees/:employee_id',
    kit.write((request) => {
      const { team_id: teamId, employee_id: employeeId } = params(request);
      const team = company.teamById(teamId!);
      return { status: 200, body: teamBody(removeMember(company, team, company.activeEmployeeById(employeeId!))) };
    }),
  );
}
