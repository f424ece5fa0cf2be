/** Every v3 path the adapter uses, in one place. Ids are client ids, escaped as path segments. */
import type { UnitKind } from '../../model/organisation.js';

const seg = (id: string): string => encodeURIComponent(id);
const unitCollection = (kind: UnitKind): string => (kind === 'department' ? 'departments' : 'teams');

export const V3 = {
  users: '/v3/core/users',
  user: (id: string) => `/v3/core/users/${seg(id)}`,
  employees: '/v3/core/employees',
  employee: (id: string) => `/v3/core/employees/${seg(id)}`,
  userEmployees: (userId: string) => `/v3/core/users/${seg(userId)}/employees`,
  /** PATCH here rehires a fired employee (and may attach it to another user). */
  userEmployee: (userId: string, id: string) => `/v3/core/users/${seg(userId)}/employees/${seg(id)}`,
  departments: '/v3/core/departments',
  department: (id: string) => `/v3/core/departments/${seg(id)}`,
  /** POST creates a department below `parentId`; PATCH …/{id} moves department `id` there. */
  childDepartments: (parentId: string) => `/v3/core/departments/${seg(parentId)}/departments`,
  childDepartment: (parentId: string, id: string) => `/v3/core/departments/${seg(parentId)}/departments/${seg(id)}`,
  teams: '/v3/core/teams',
  team: (id: string) => `/v3/core/teams/${seg(id)}`,
  departmentTeams: (departmentId: string) => `/v3/core/departments/${seg(departmentId)}/teams`,
  departmentTeam: (departmentId: string, id: string) => `/v3/core/departments/${seg(departmentId)}/teams/${seg(id)}`,
  teamMember: (teamId: string, employeeId: string) => `/v3/core/teams/${seg(teamId)}/employees/${seg(employeeId)}`,
  delegations: (kind: UnitKind, unitId: string) => `/v3/core/${unitCollection(kind)}/${seg(unitId)}/delegations`,
  delegation: (kind: UnitKind, unitId: string, serviceId: string) =>
    `/v3/core/${unitCollection(kind)}/${seg(unitId)}/delegations/${seg(serviceId)}`,
  absences: '/v3/siab/dialogs',
} as const;
