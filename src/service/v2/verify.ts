/**
 * Is an operation's effect already in the service? Asked after a write whose answer was lost, and after
 * a rejection that may only mean "done before". Every read carries key_field=ext_id. v2 shows a unit's
 * explicit manager, so a cleared owner can be seen (unlike v3).
 */
import { assertNever } from '../../assert-never.js';
import { sentValues } from '../../model/field-changes.js';
import { EMPLOYEE_FIELDS, UNIT_FIELDS, USER_FIELDS } from '../../model/fields.js';
import type { Operation } from '../../model/operations.js';
import { showsValues } from '../field-wire.js';
import type { HttpClient } from '../http/client.js';
import { findResource, type Wire } from '../lookup.js';
import type { PageOptions } from '../http/pagination.js';
import { readSickList } from './absences.js';
import type { Mirror } from './mirror.js';
import { V2 } from './paths.js';
import { refOf, teamFromWire, unwrap } from './wire.js';

export class V2Verifier {
  constructor(
    private readonly client: HttpClient,
    private readonly mirror: Mirror,
    private readonly pages: PageOptions,
  ) {}

  /** The resource, or null when the service answers 404. */
  find(path: string, name: string): Promise<Wire | null> {
    return findResource(this.client, path, (body) => unwrap(body, name));
  }

  private exists = async (path: string, name: string): Promise<boolean> => (await this.find(path, name)) !== null;

  async verify(op: Operation): Promise<boolean> {
    switch (op.type) {
      case 'createEmployee':
      case 'rehireEmployee':
        return this.exists(V2.employee(op.id), 'employee');
      case 'updateUser': {
        const wire = await this.find(V2.employee(this.mirror.employeeOfUser(op.id).id), 'employee');
        if (wire === null) return false;
        return showsValues(USER_FIELDS, 'v2', wire, sentValues(op.changes));
      }
      case 'updateEmployee': {
        const wire = await this.find(V2.employee(op.id), 'employee');
        return wire !== null && showsValues(EMPLOYEE_FIELDS, 'v2', wire, sentValues(op.changes));
      }
      case 'renameEmployee':
        return this.renamed(V2.employee(op.id), V2.employee(op.fromId), 'employee');
      case 'fireEmployee':
        return !(await this.exists(V2.employee(op.id), 'employee'));
      case 'createDepartment':
        return this.exists(V2.department(op.id), 'department');
      case 'updateDepartment': {
        const wire = await this.find(V2.department(op.id), 'department');
        return wire !== null && showsValues(UNIT_FIELDS, 'v2', wire, sentValues(op.changes));
      }
      case 'moveDepartment': {
        const wire = await this.find(V2.department(op.id), 'department');
        return wire !== null && refOf(wire.parent_department) === op.parentId;
      }
      case 'renameDepartment':
        return this.renamed(V2.department(op.id), V2.department(op.fromId), 'department');
      case 'deleteDepartment':
        return !(await this.exists(V2.department(op.id), 'department'));
      case 'createTeam':
        return this.exists(V2.team(op.id), 'team');
      case 'updateTeam': {
        const wire = await this.find(V2.team(op.id), 'team');
        return wire !== null && showsValues(UNIT_FIELDS, 'v2', wire, sentValues(op.changes));
      }
      case 'moveTeam': {
        const wire = await this.find(V2.team(op.id), 'team');
        return wire !== null && refOf(wire.department) === op.departmentId;
      }
      case 'renameTeam':
        return this.renamed(V2.team(op.id), V2.team(op.fromId), 'team');
      case 'deleteTeam':
        return !(await this.exists(V2.team(op.id), 'team'));
      case 'addTeamMember':
      case 'removeTeamMember': {
        const wire = await this.find(V2.team(op.teamId), 'team');
        const listed = wire !== null && teamFromWire(wire).members.includes(op.employeeId);
        return op.type === 'addTeamMember' ? listed : !listed;
      }
      case 'reportAbsence': {
        this.mirror.sick = await readSickList(this.client, this.pages);
        // An open period shows on the sick list; a closed one leaves no trace v2 can show, so it is resent.
        return op.endDate === null && this.mirror.sick.get(op.employeeId) === op.startDate;
      }
      case 'createUser':
      case 'createDelegation':
      case 'deleteDelegation':
        // Never sent on v2.
        return false;
      default:
        return assertNever(op);
    }
  }

  private async renamed(newPath: string, oldPath: string, name: string): Promise<boolean> {
    return (await this.exists(newPath, name)) && !(await this.exists(oldPath, name));
  }
}
