/**
 * A plain unit tree (exports.md): units without a department-or-team column, from an organisation sheet
 * without `type` or from paths. A unit with child units, or already a department in the service, is a
 * department; any other unit a team. Employees of a department work in its own team: a team with the
 * department's id, name and owner, placed in it, made only when some employee needs it, or when a team
 * of the service gains children (it becomes a department and moves into it: no team is deleted); kept
 * while its department is in the file, whether or not anyone works in it.
 */
import type { Department, Organisation, OwnerFrom, Team } from '../model/organisation.js';
import type { IssueCollector } from './collector.js';
import type { OrganisationRowsState } from './organisation.js';
import type { UnitSpec } from './units-from-paths.js';
import type { CurrentView } from './types.js';
import { validateUnitWords } from '../words/validate-units.js';

export interface PlacedUnit extends UnitSpec {
  /** undefined: owners are not managed; null: no owner of its own (it inherits). */
  owner?: string | null;
  /** The owner was derived from the reporting line (exports.md "Who reports to whom"). */
  ownerFrom?: OwnerFrom;
  previousId?: string;
}

/** Which units are departments: the top, those with children, those the service has as departments. */
export function departmentIds(units: readonly PlacedUnit[], current: CurrentView | undefined): Set<string> {
  const parents = new Set(units.map((u) => u.parentId).filter((id): id is string => id !== null));
  return new Set(units.filter((u) => u.parentId === null || parents.has(u.id) || current?.departments.has(u.id)).map((u) => u.id));
}

/**
 * Writes the units into the organisation as departments and teams, with the own teams `workedIn` (the
 * unit ids employees work in) needs. The parentless department is handed to the top-department check.
 */
export function placeUnits(
  units: readonly PlacedUnit[],
  workedIn: ReadonlySet<string>,
  org: Organisation,
  rowsState: OrganisationRowsState,
  current: CurrentView | undefined,
  issues: IssueCollector,
): void {
  const departments = departmentIds(units, current);
  for (const unit of units) {
    const { id, name, parentId, owner, ownerFrom, previousId, source } = unit;
    if (departments.has(id)) {
      const department: Department = { id, name, parentId, owner, previousId, source, ...(ownerFrom && { ownerFrom }) };
      org.departments.set(id, department);
      if (parentId === null) rowsState.parentless.push(department);
    } else {
      const team: Team = { id, name, departmentId: parentId ?? '', owner, previousId, source, ...(ownerFrom && { ownerFrom }) };
      org.teams.set(id, team);
    }
  }
  for (const id of departments) {
    const department = org.departments.get(id)!;
    const formerTeam = current?.teams.has(id) === true && !current.departments.has(id);
    // An own team the service has stays while its department is in the file, people or not: made anew
    // next month, its dialog data would be gone (exports.md).
    const ownTeamInService = current?.teams.has(id) === true && current.departments.has(id);
    // A renamed department's own team follows it: renamed with it, never left empty under the old id.
    const renamedFrom = department.previousId;
    const ownTeamRenamed =
      renamedFrom !== undefined &&
      current?.teams.has(renamedFrom) === true &&
      current.departments.has(renamedFrom) &&
      !current.teams.has(id);
    if (!workedIn.has(id) && !formerTeam && !ownTeamInService && !ownTeamRenamed) continue;
    const ownTeam: Team = {
      id,
      name: department.name,
      departmentId: id,
      owner: department.owner,
      source: department.source!,
      ...(department.ownerFrom && { ownerFrom: department.ownerFrom }),
      ...(ownTeamRenamed && { previousId: renamedFrom }),
    };
    org.teams.set(id, ownTeam);
    if (!current || ownTeamRenamed || (current.teams.has(id) && !formerTeam)) continue;
    const why = formerTeam
      ? validateUnitWords().teamBecomesDepartment(department.name, id)
      : validateUnitWords().ownTeam(department.name, id);
    issues.warning(issues.sheetOf(department.source!), department.source!.row, null, 'own_team', why, id);
  }
  if (current) placeInServiceDepartments(workedIn, org, current, issues);
}

/**
 * People placed in a department this export's unit list leaves out but the service has work from its own
 * team too (exports.md: the own-team rule holds for a department only the service knows), made under it
 * with the service's name for it when the service has no such team.
 */
function placeInServiceDepartments(workedIn: ReadonlySet<string>, org: Organisation, current: CurrentView, issues: IssueCollector): void {
  for (const id of workedIn) {
    if (org.teams.has(id) || org.departments.has(id) || !current.departments.has(id)) continue;
    const source = [...org.employees.values()].find((employee) => employee.teamId === id)?.source;
    if (!source) continue;
    const name = current.departmentNames?.get(id) ?? id;
    org.teams.set(id, { id, name, departmentId: id, source });
    if (current.teams.has(id)) continue;
    issues.warning(issues.sheetOf(source), source.row, null, 'own_team', validateUnitWords().ownTeamOfServiceDepartment(name, id), id);
  }
}
