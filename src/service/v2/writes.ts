/**
 * Operation → the v2 request(s) that carry it out, under the locks of every entity the request reads
 * from memory or changes. v2 sends whole member lists and always the parent, so two operations on one
 * team or department run one after the other, never interleaved.
 */
import { assertNever } from '../../assert-never.js';
import type { Operation, OperationOf } from '../../model/operations.js';
import type { ExecuteResult } from '../adapter.js';
import { ServiceError } from '../errors.js';
import type { HttpClient, HttpMethod } from '../http/client.js';
import type { PageOptions } from '../http/pagination.js';
import { reportAbsence } from './absences.js';
import { refused } from './refusal.js';
import { applyEffect } from './effects.js';
import { EntityLocks, type Lockable } from './locks.js';
import type { DepartmentEntry, Mirror, TeamEntry } from './mirror.js';
import { V2 } from './paths.js';
import {
  departmentCreateBody,
  departmentUpdateBody,
  employeeCreateBody,
  employeeRenameBody,
  employmentBody,
  personBody,
  teamCreateBody,
  teamUpdateBody,
} from './requests.js';
import { departmentFromWire, teamFromWire, unwrap } from './wire.js';
import { serviceWords } from '../../words/service.js';

export class V2Writer {
  readonly locks = new EntityLocks();

  constructor(
    private readonly client: HttpClient,
    private readonly mirror: Mirror,
    private readonly pages: PageOptions = {},
  ) {}

  async execute(op: Operation): Promise<ExecuteResult> {
    const m = this.mirror;
    switch (op.type) {
      case 'createEmployee':
        // A second employee record of a person must match the person's fields exactly: a change of them in flight goes first.
        return this.locks.exclusive(
          () => m.employeesOfPerson(op.user),
          () => this.send(op, 'POST', V2.employees, employeeCreateBody(op)),
        );
      case 'updateUser': {
        // The synthetic user stands for one employee; its current id may differ after a rename.
        const employee = m.employeeOfUser(op.id);
        return this.locks.exclusive(
          () => [employee],
          () => this.send(op, 'PUT', V2.employee(employee.id), personBody(op.changes)),
        );
      }
      case 'updateEmployee': {
        const employee = m.employee(op.id);
        return this.locks.exclusive(
          () => [employee],
          () => this.send(op, 'PUT', V2.employee(op.id), employmentBody(op.changes)),
        );
      }
      case 'renameEmployee': {
        const employee = m.employee(op.fromId);
        // The team's member list names the employee: no list may be sent while the id changes.
        return this.locks.exclusive(
          () => [employee, m.teamOf(employee.id)],
          () => this.send(op, 'PUT', V2.employee(op.fromId), employeeRenameBody(op.id)),
        );
      }
      case 'fireEmployee': {
        const employee = m.employee(op.id);
        return this.locks.exclusive(
          () => [employee, m.teamOf(employee.id)],
          () => this.send(op, 'DELETE', V2.employee(op.id)),
        );
      }
      case 'rehireEmployee':
        throw refused(op, serviceWords().rehireOnlyByCreate(op.id));
      case 'createDepartment':
        return this.locks.exclusive(
          () => [m.department(op.parentId)],
          () => this.send(op, 'POST', V2.departments, departmentCreateBody(op)),
        );
      case 'updateDepartment':
      case 'renameDepartment': {
        const id = op.type === 'renameDepartment' ? op.fromId : op.id;
        const department = await this.loadDepartment(id);
        return this.locks.exclusive(
          () => [department, parentOf(m, department)],
          () => {
            const update = op.type === 'renameDepartment' ? { extId: op.id } : { changes: op.changes };
            return this.send(op, 'PUT', V2.department(id), departmentUpdateBody(parentToSend(op, department), update));
          },
        );
      }
      case 'moveDepartment': {
        const department = await this.loadDepartment(op.id);
        return this.locks.exclusive(
          () => [department, m.department(op.parentId)],
          () => this.send(op, 'PUT', V2.department(op.id), departmentUpdateBody(op.parentId)),
        );
      }
      case 'deleteDepartment':
        return this.locks.exclusive(
          () => [m.department(op.id)],
          () => this.send(op, 'DELETE', V2.department(op.id)),
        );
      case 'createTeam':
        return this.locks.exclusive(
          () => [m.department(op.departmentId)],
          () => this.send(op, 'POST', V2.teams, teamCreateBody(op)),
        );
      case 'updateTeam':
      case 'renameTeam': {
        const id = op.type === 'renameTeam' ? op.fromId : op.id;
        const team = await this.loadTeam(id);
        return this.locks.exclusive(
          () => [team, departmentOf(m, team)],
          () => {
            const update = op.type === 'renameTeam' ? { extId: op.id } : { changes: op.changes };
            return this.send(op, 'PUT', V2.team(id), teamUpdateBody(departmentToSend(op, team), update));
          },
        );
      }
      case 'moveTeam': {
        const team = await this.loadTeam(op.id);
        return this.locks.exclusive(
          () => [team, m.department(op.departmentId)],
          () => this.send(op, 'PUT', V2.team(op.id), teamUpdateBody(op.departmentId)),
        );
      }
      case 'deleteTeam':
        return this.locks.exclusive(
          () => [m.team(op.id)],
          () => this.send(op, 'DELETE', V2.team(op.id)),
        );
      case 'addTeamMember':
      case 'removeTeamMember':
        return this.changeMembers(op);
      case 'reportAbsence': {
        const employee = m.employee(op.employeeId);
        return this.locks.exclusive(
          () => [employee],
          () => reportAbsence(this.client, this.pages, m, op),
        );
      }
      case 'createUser':
        throw refused(op, serviceWords().noUsers);
      case 'createDelegation':
      case 'deleteDelegation':
        throw refused(op, serviceWords().noDelegations);
      default:
        return assertNever(op);
    }
  }

  /** A team in memory, or read from the service when the read did not see it. */
  async loadTeam(id: string): Promise<TeamEntry> {
    const known = this.mirror.team(id);
    if (known) return known;
    const { departmentId, members, anonymousMembers } = teamFromWire(unwrap((await this.client.get(V2.team(id))).body, 'team') ?? {});
    return this.mirror.putTeam({ id, departmentId, members, anonymousMembers });
  }

  async loadDepartment(id: string): Promise<DepartmentEntry> {
    const known = this.mirror.department(id);
    if (known) return known;
    const wire = departmentFromWire(unwrap((await this.client.get(V2.department(id))).body, 'department') ?? {});
    return this.mirror.putDepartment({ id, parentId: wire.parentId, top: wire.parentId === null });
  }

  /**
   * v2 has no "add member": the team is sent with its complete member list. The employee's previous
   * team is locked too, since the service takes the employee out of it.
   */
  private async changeMembers(op: OperationOf<'addTeamMember' | 'removeTeamMember'>): Promise<ExecuteResult> {
    const m = this.mirror;
    const team = await this.loadTeam(op.teamId);
    const employee = m.employee(op.employeeId);
    const locked = (): (Lockable | undefined)[] => [team, employee, m.teamOf(employee.id), departmentOf(m, team)];
    return this.locks.exclusive(locked, async () => {
      if (team.anonymousMembers > 0) {
        throw refused(op, serviceWords().membersWithoutExtId(team.id, team.anonymousMembers));
      }
      const others = team.members.filter((member) => member !== employee.id);
      const members = op.type === 'addTeamMember' ? [...others, employee.id] : others;
      try {
        return await this.send(op, 'PUT', V2.team(team.id), teamUpdateBody(departmentToSend(op, team), {}, members));
      } catch (error) {
        if (error instanceof ServiceError && error.kind === 'unknown_outcome') await this.resyncTeam(team);
        throw error;
      }
    });
  }

  /** After an answer was lost, the team's list is read back so the next list sent starts from the truth. */
  private async resyncTeam(team: TeamEntry): Promise<void> {
    try {
      const wire = teamFromWire(unwrap((await this.client.get(V2.team(team.id))).body, 'team') ?? {});
      for (const member of wire.members) this.mirror.leaveTeams(member);
      team.members = [...wire.members];
      team.anonymousMembers = wire.anonymousMembers;
    } catch {
      // Unreachable now: verify reads it again before anything is resent.
    }
  }

  private async send(op: Operation, method: HttpMethod, path: string, body?: unknown): Promise<ExecuteResult> {
    const response = await this.client.request(method, path, body === undefined ? { statusOnly: true } : { body, statusOnly: true });
    // Creates answer with a Location header; with client ids the path is known already, so it is not needed.
    applyEffect(this.mirror, op);
    return { status: response.status };
  }
}

function parentOf(mirror: Mirror, department: DepartmentEntry): DepartmentEntry | undefined {
  return department.parentId === null ? undefined : mirror.department(department.parentId);
}

function departmentOf(mirror: Mirror, team: TeamEntry): DepartmentEntry | undefined {
  return team.departmentId === null ? undefined : mirror.department(team.departmentId);
}

function parentToSend(op: Operation, department: DepartmentEntry): string | null {
  if (department.top) return null;
  if (department.parentId === null) {
    throw refused(op, serviceWords().belowUnnamedDepartment(department.id));
  }
  return department.parentId;
}

function departmentToSend(op: Operation, team: TeamEntry): string {
  if (team.departmentId === null) {
    throw refused(op, serviceWords().inUnnamedDepartment(team.id));
  }
  return team.departmentId;
}
