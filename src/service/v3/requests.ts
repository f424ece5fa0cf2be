/**
 * Operation → the one v3 request that carries it out. Bodies wrap fields in an object named after the
 * resource (absence is flat); creates leave out empty optional fields, updates send null to clear.
 */
import { assertNever } from '../../assert-never.js';
import { EMPLOYEE_FIELDS, UNIT_FIELDS, USER_FIELDS } from '../../model/fields.js';
import type { Operation } from '../../model/operations.js';
import { writeChanges, writeFields } from '../field-wire.js';
import type { HttpMethod } from '../http/client.js';
import { V3 } from './paths.js';

export interface V3Request {
  method: HttpMethod;
  path: string;
  body?: unknown;
}

export function v3Request(op: Operation): V3Request {
  switch (op.type) {
    case 'createUser':
      return { method: 'POST', path: V3.users, body: { user: { id: op.id, ...writeFields(USER_FIELDS, 'v3', op.fields, 'create') } } };
    case 'updateUser':
      return { method: 'PATCH', path: V3.user(op.id), body: { user: writeChanges(USER_FIELDS, 'v3', op.changes) } };
    case 'createEmployee':
      return {
        method: 'POST',
        path: V3.userEmployees(op.userId),
        body: {
          employee: { id: op.id, ...writeFields(EMPLOYEE_FIELDS, 'v3', op, 'create') },
        },
      };
    case 'updateEmployee':
      return { method: 'PATCH', path: V3.employee(op.id), body: { employee: writeChanges(EMPLOYEE_FIELDS, 'v3', op.changes) } };
    case 'renameEmployee':
      return { method: 'PATCH', path: V3.employee(op.fromId), body: { employee: { id: op.id } } };
    case 'fireEmployee':
      return { method: 'DELETE', path: V3.employee(op.id) };
    case 'rehireEmployee':
      return { method: 'PATCH', path: V3.userEmployee(op.userId, op.id) };
    case 'createDepartment':
      return {
        method: 'POST',
        path: V3.childDepartments(op.parentId),
        body: { department: { id: op.id, ...writeFields(UNIT_FIELDS, 'v3', op, 'create') } },
      };
    case 'updateDepartment':
      return { method: 'PATCH', path: V3.department(op.id), body: { department: writeChanges(UNIT_FIELDS, 'v3', op.changes) } };
    case 'moveDepartment':
      return { method: 'PATCH', path: V3.childDepartment(op.parentId, op.id) };
    case 'renameDepartment':
      return { method: 'PATCH', path: V3.department(op.fromId), body: { department: { id: op.id } } };
    case 'deleteDepartment':
      return { method: 'DELETE', path: V3.department(op.id) };
    case 'createTeam':
      return {
        method: 'POST',
        path: V3.departmentTeams(op.departmentId),
        body: { team: { id: op.id, ...writeFields(UNIT_FIELDS, 'v3', op, 'create') } },
      };
    case 'updateTeam':
      return { method: 'PATCH', path: V3.team(op.id), body: { team: writeChanges(UNIT_FIELDS, 'v3', op.changes) } };
    case 'moveTeam':
      return { method: 'PATCH', path: V3.departmentTeam(op.departmentId, op.id) };
    case 'renameTeam':
      return { method: 'PATCH', path: V3.team(op.fromId), body: { team: { id: op.id } } };
    case 'deleteTeam':
      return { method: 'DELETE', path: V3.team(op.id) };
    case 'addTeamMember':
      return { method: 'POST', path: V3.teamMember(op.teamId, op.employeeId) };
    case 'removeTeamMember':
      return { method: 'DELETE', path: V3.teamMember(op.teamId, op.employeeId) };
    case 'createDelegation':
      return {
        method: 'POST',
        path: V3.delegations(op.unitKind, op.unitId),
        body: { delegation: { responsibility: op.responsibility, employee_id: op.employeeId } },
      };
    case 'deleteDelegation':
      return { method: 'DELETE', path: V3.delegation(op.unitKind, op.unitId, op.serviceId) };
    case 'reportAbsence':
      return {
        method: 'POST',
        path: V3.absences,
        body: withoutEmpty({ employee_id: op.employeeId, start_date: op.startDate, end_date: op.endDate }),
      };
    default:
      return assertNever(op);
  }
}

/** Drops undefined and null: on create, "no value" is simply not sent. */
function withoutEmpty<T extends object>(fields: T): Partial<T> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined && value !== null)) as Partial<T>;
}
