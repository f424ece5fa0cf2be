/**
 * v3 "Users" and "Employees". A fired employee is hidden from reads and updates (404) but keeps its id.
 */
import type { FastifyInstance } from 'fastify';
import { notFound, RESOURCE } from '../errors.js';
import { listAnswer, params, type RouteKit } from '../http/kit.js';
import { createEmployee, createUser, deleteUser, fireEmployee, rehireEmployee, updateEmployee, updateUser } from '../store/people.js';
import { wrapped } from '../store/validation.js';
import { v3Employee, v3User } from './serialize.js';

export function registerV3People(app: FastifyInstance, kit: RouteKit): void {
  const company = kit.company;
  const employeeBody = (employee: Parameters<typeof v3Employee>[1]) => v3Employee(company, employee);

  app.get(
    '/v3/core/users',
    kit.read((request) => listAnswer(request, company.users.values(), v3User)),
  );
  app.get(
    '/v3/core/users/:user_id',
    kit.read((request) => ({ status: 200, body: v3User(company.userById(params(request).user_id!)) })),
  );
  app.post(
    '/v3/core/users',
    kit.write((request) => {
      const user = createUser(company, wrapped(request.body, 'user'));
      return { status: 201, body: v3User(user), created: { kind: 'user', clientId: user.id! } };
    }),
  );
  app.patch(
    '/v3/core/users/:user_id',
    kit.write((request) => {
      const user = company.userById(params(request).user_id!);
      return { status: 200, body: v3User(updateUser(company, user, wrapped(request.body, 'user'))) };
    }),
  );
  app.delete(
    '/v3/core/users/:user_id',
    kit.write((request) => {
      const user = company.userById(params(request).user_id!);
      const body = v3User(user);
      deleteUser(company, user);
      return { status: 200, body };
    }),
  );

  // The document answers 200 (not 201) for creating an employee.
  app.post(
    '/v3/core/users/:user_id/employees',
    kit.write((request) => {
      const user = company.userById(params(request).user_id!);
      const employee = createEmployee(company, user, wrapped(request.body, 'employee'));
      return { status: 200, body: employeeBody(employee), created: { kind: 'employee', clientId: employee.id! } };
    }),
  );
  app.patch(
    '/v3/core/users/:user_id/employees/:employee_id',
    kit.write((request) => {
      const { user_id: userId, employee_id: employeeId } = params(request);
      const user = company.userById(userId!);
      const employee = company.employees.byId(employeeId!);
      if (!employee) throw notFound(RESOURCE.employee, employeeId!);
      return { status: 200, body: employeeBody(rehireEmployee(company, employee, user)) };
    }),
  );

  app.get(
    '/v3/core/employees',
    kit.read((request) => listAnswer(request, company.activeEmployees(), employeeBody)),
  );
  app.get(
    '/v3/core/employees/:employee_id',
    kit.read((request) => ({ status: 200, body: employeeBody(company.activeEmployeeById(params(request).employee_id!)) })),
  );
  app.patch(
    '/v3/core/employees/:employee_id',
    kit.write((request) => {
      const employee = company.activeEmployeeById(params(request).employee_id!);
      return { status: 200, body: employeeBody(updateEmployee(company, employee, wrapped(request.body, 'employee'))) };
    }),
  );
  app.delete(
    '/v3/core/employees/:employee_id',
    kit.write((request) => {
      const employee = company.activeEmployeeById(params(request).employee_id!);
      fireEmployee(company, employee);
      return { status: 200, body: employeeBody(employee) };
    }),
  );
}
