/**
 * Is an operation's effect already in the service? Asked after a write whose outcome was unknown, and
 * after a rejection that may only mean "done before". When the service cannot tell (an owner cleared:
 * v3 shows only the effective responsible employee), the answer is false: resending an update is safe.
 */
import type { UnitKind } from '../../model/organisation.js';
import { assertNever } from '../../assert-never.js';
import { sentValues } from '../../model/field-changes.js';
import { EMPLOYEE_FIELDS, UNIT_FIELDS, USER_FIELDS } from '../../model/fields.js';
import type { Operation, UnitChanges } from '../../model/operations.js';
import { showsValues } from '../field-wire.js';
import type { HttpClient } from '../http/client.js';
import { findResource, type Wire } from '../lookup.js';
import { listAll, type PageOptions } from '../http/pagination.js';
import { V3 } from './paths.js';
import { delegationFromWire, idOf, nestedId, records, text, unwrap } from './wire.js';

export class V3Verifier {
  constructor(
    private readonly client: HttpClient,
    private readonly pages: PageOptions,
  ) {}

  /** The resource, or null when the service answers 404. */
  find(path: string, name: string): Promise<Wire | null> {
    return findResource(this.client, path, (body) => unwrap(body, name));
  }

  private exists = async (path: string, name: string): Promise<boolean> => (await this.find(path, name)) !== null;

  async verify(op: Operation): Promise<boolean> {
    switch (op.type) {
      case 'createUser':
        return this.exists(V3.user(op.id), 'user');
      case 'updateUser': {
        const user = await this.find(V3.user(op.id), 'user');
        return user !== null && showsValues(USER_FIELDS, 'v3', user, sentValues(op.changes));
      }
      case 'createEmployee':
      case 'rehireEmployee':
        return this.exists(V3.employee(op.id), 'employee');
      case 'updateEmployee': {
        const employee = await this.find(V3.employee(op.id), 'employee');
        return employee !== null && showsValues(EMPLOYEE_FIELDS, 'v3', employee, sentValues(op.changes));
      }
      case 'renameEmployee':
        return this.renamed(V3.employee(op.id), V3.employee(op.fromId), 'employee');
      case 'fireEmployee':
        return !(await this.exists(V3.employee(op.id), 'employee'));
      case 'createDepartment':
        return this.exists(V3.department(op.id), 'department');
      case 'updateDepartment':
        return unitShows(await this.find(V3.department(op.id), 'department'), op.changes);
      case 'moveDepartment': {
        const department = await this.find(V3.department(op.id), 'department');
        return department !== null && text(department.parent_id) === op.parentId;
      }
      case 'renameDepartment':
        return this.renamed(V3.department(op.id), V3.department(op.fromId), 'department');
      case 'deleteDepartment':
        return !(await this.exists(V3.department(op.id), 'department'));
      case 'createTeam':
        return this.exists(V3.team(op.id), 'team');
      case 'updateTeam':
        return unitShows(await this.find(V3.team(op.id), 'team'), op.changes);
      case 'moveTeam': {
        const team = await this.find(V3.team(op.id), 'team');
        return team !== null && nestedId(team, 'department') === op.departmentId;
      }
      case 'renameTeam':
        return this.renamed(V3.team(op.id), V3.team(op.fromId), 'team');
      case 'deleteTeam':
        return !(await this.exists(V3.team(op.id), 'team'));
      case 'addTeamMember':
      case 'removeTeamMember': {
        const team = await this.find(V3.team(op.teamId), 'team');
        const members = team !== null && Array.isArray(team.employees) ? team.employees.map(idOf) : [];
        const listed = members.includes(op.employeeId);
        return op.type === 'addTeamMember' ? listed : !listed;
      }
      case 'createDelegation': {
        const listed = await this.delegations(op.unitKind, op.unitId);
        return listed?.some((d) => d.responsibility === op.responsibility && d.employeeId === op.employeeId) ?? false;
      }
      case 'deleteDelegation': {
        const listed = await this.delegations(op.unitKind, op.unitId);
        return listed !== null && !listed.some((d) => d.serviceId === op.serviceId);
      }
      case 'reportAbsence':
        // v3 cannot list absences; resending is safe because the service merges overlapping periods.
        return false;
      default:
        return assertNever(op);
    }
  }

  private async renamed(newPath: string, oldPath: string, name: string): Promise<boolean> {
    return (await this.exists(newPath, name)) && !(await this.exists(oldPath, name));
  }

  /**
   * A unit's delegations; null when the unit cannot be found under that id (not yet renamed to it, say):
   * then nothing can be told, and "already gone" would be a guess.
   */
  private async delegations(kind: UnitKind, unitId: string) {
    const unitPath = kind === 'department' ? V3.department(unitId) : V3.team(unitId);
    if (!(await this.exists(unitPath, kind))) return null;
    const items = await listAll(this.client, V3.delegations(kind, unitId), { ...this.pages, concurrency: 1 });
    return records(items).flatMap((wire) => delegationFromWire(wire, kind, unitId) ?? []);
  }
}

/** Only the effective responsible employee is visible: a set owner shows there, a cleared one cannot be seen. */
function unitShows(unit: Wire | null, changes: UnitChanges): boolean {
  return unit !== null && showsValues(UNIT_FIELDS, 'v3', unit, sentValues(changes));
}
