/**
 * What a successful operation changes in the adapter's in-memory copy. Applied after a request
 * succeeded, and after `verify` found an operation's effect already in the service (an answer lost on
 * the way back), so the next full member list or parent sent is right either way.
 */
import { assertNever } from '../../assert-never.js';
import { sentValues } from '../../model/field-changes.js';
import type { Operation } from '../../model/operations.js';
import type { Mirror } from './mirror.js';

export function applyEffect(mirror: Mirror, op: Operation): void {
  switch (op.type) {
    case 'createEmployee':
      mirror.readEmployee(op.id, op.user);
      return;
    case 'rehireEmployee':
      mirror.readEmployee(op.id);
      return;
    case 'updateUser':
      mirror.notePerson(mirror.employeeOfUser(op.id), sentValues(op.changes));
      return;
    case 'renameEmployee':
      mirror.renameEmployee(op.fromId, op.id);
      return;
    case 'fireEmployee':
      mirror.fireEmployee(op.id);
      return;
    case 'createDepartment':
      mirror.putDepartment({ id: op.id, parentId: op.parentId, top: false });
      return;
    case 'moveDepartment': {
      const department = mirror.department(op.id);
      if (department) department.parentId = op.parentId;
      return;
    }
    case 'renameDepartment':
      mirror.renameDepartment(op.fromId, op.id);
      return;
    case 'deleteDepartment':
      mirror.deleteDepartment(op.id);
      return;
    case 'createTeam':
      mirror.putTeam({ id: op.id, departmentId: op.departmentId, members: [], anonymousMembers: 0 });
      return;
    case 'moveTeam': {
      const team = mirror.team(op.id);
      if (team) team.departmentId = op.departmentId;
      return;
    }
    case 'renameTeam':
      mirror.renameTeam(op.fromId, op.id);
      return;
    case 'deleteTeam':
      mirror.deleteTeam(op.id);
      return;
    case 'addTeamMember': {
      const team = mirror.team(op.teamId);
      if (team) mirror.placeInTeam(op.employeeId, team);
      else mirror.leaveTeams(op.employeeId);
      return;
    }
    case 'removeTeamMember': {
      const team = mirror.team(op.teamId);
      if (team) team.members = team.members.filter((member) => member !== op.employeeId);
      return;
    }
    case 'reportAbsence': {
      if (op.endDate === null) mirror.sick?.set(op.employeeId, op.startDate);
      else mirror.sick?.delete(op.employeeId);
      return;
    }
    case 'createUser':
    case 'updateEmployee':
    case 'updateDepartment':
    case 'updateTeam':
    case 'createDelegation':
    case 'deleteDelegation':
      return;
    default:
      assertNever(op);
  }
}
