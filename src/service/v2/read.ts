/**
 * Reading the whole organisation from v2: employees, departments, teams and the sick list, all with
 * key_field=ext_id. v2 has no users: each employee becomes an Employee plus one synthetic User holding
 * the person's fields, so the planner compares them per employee. v2 shows the explicit manager of a
 * unit (`owner`), and lists only active employees: deleted ones, and their 14-day rehire window, are
 * not visible, so `firedEmployees` stays empty (a create within the window rehires by itself).
 */
import { emptyOrganisation, type Department, type Organisation } from '../../model/organisation.js';
import type { CurrentState, UnmatchedEntities } from '../../model/service-state.js';
import type { ReadProgress } from '../adapter.js';
import type { HttpClient } from '../http/client.js';
import { listAll, type PageOptions } from '../http/pagination.js';
import { type Mirror, syntheticUserId } from './mirror.js';
import { V2 } from './paths.js';
import { departmentFromWire, dialogFromWire, employeeFromWire, records, teamFromWire, type WireDepartment, type WireTeam } from './wire.js';
import { serviceWords } from '../../words/service.js';

/** Stands for a parent or department the importer cannot name (it has no client id). */
export const UNNAMED = '';

export async function readV2State(client: HttpClient, pages: PageOptions, mirror: Mirror, progress?: ReadProgress): Promise<CurrentState> {
  const list = (path: string, what: string) =>
    listAll(client, path, { ...pages, onPage: (read, total) => progress?.(read, total, what) }).then(records);
  const [employees, departments, teams, dialogs] = await Promise.all([
    list(V2.employees, 'employees'),
    list(V2.departments, 'departments'),
    list(V2.teams, 'teams'),
    list(V2.dialogs, 'sick list'),
  ]);

  mirror.clear();
  const org = emptyOrganisation();
  const unmatched: UnmatchedEntities = { employees: 0, departments: 0, teams: 0, teamMembers: 0, absences: 0, notes: [] };

  for (const wire of employees.map(employeeFromWire)) {
    if (wire.id === null) {
      unmatched.employees++;
      continue;
    }
    const userId = syntheticUserId(wire.id);
    org.users.set(userId, { id: userId, ...wire.person });
    org.employees.set(wire.id, {
      id: wire.id,
      userId,
      ...wire.values,
      teamId: null,
      status: 'active',
    });
    mirror.readEmployee(wire.id, wire.person);
  }

  readDepartments(departments.map(departmentFromWire), org, mirror, unmatched);
  readTeams(teams.map(teamFromWire), org, mirror, unmatched);

  const sick = new Map<string, string>();
  const undated: { employeeId: string; answered: string }[] = [];
  for (const dialog of dialogs.map(dialogFromWire)) {
    if (dialog.employeeId === null) {
      unmatched.absences++;
      continue;
    }
    // A dialog of an employee no longer listed (deleted) cannot be compared with the workbook's rows.
    if (!org.employees.has(dialog.employeeId)) continue;
    if (dialog.date === null) {
      // Sick since the service does not say when: not compared, but known as sick, so the workbook's
      // date is set on that dialog rather than reported a second time (which the service refuses).
      sick.set(dialog.employeeId, '');
      undated.push({ employeeId: dialog.employeeId, answered: dialog.unreadableDate ?? 'null' });
      continue;
    }
    sick.set(dialog.employeeId, dialog.date);
    org.absences.push({ employeeId: dialog.employeeId, startDate: dialog.date, endDate: null });
  }
  mirror.sick = sick;
  if (undated.length > 0) unmatched.notes.push(() => serviceWords().sickWithoutDate(undated.slice(0, 5), undated.length));

  describeUnmatched(unmatched);
  return { org, firedEmployees: new Set(), unmatched };
}

/**
 * The top department is the one without a parent. With key_field=ext_id a department below one without
 * a client id shows no parent either; then the first such department listed (the service lists in
 * creation order, and the top comes with the company) is taken as the top, and the others get a parent
 * the importer cannot name, so the plan moves them where the workbook says.
 */
function readDepartments(wires: WireDepartment[], org: Organisation, mirror: Mirror, unmatched: UnmatchedEntities): void {
  const orphans: string[] = [];
  let topSeen = false;
  for (const wire of wires) {
    if (wire.id === null) {
      unmatched.departments++;
      continue;
    }
    let parentId = wire.parentId;
    if (parentId === null) {
      if (topSeen) {
        parentId = UNNAMED;
        orphans.push(wire.id);
      }
      topSeen = true;
    }
    const department: Department = { id: wire.id, ...wire.values, parentId };
    org.departments.set(department.id, department);
    mirror.putDepartment({ id: wire.id, parentId: parentId === UNNAMED ? null : parentId, top: parentId === null });
  }
  if (!topSeen && unmatched.departments > 0) {
    unmatched.notes.push(() => serviceWords().topWithoutExtId);
  }
  if (orphans.length > 0) {
    unmatched.notes.push(() => serviceWords().withoutParent(orphans.slice(0, 5), orphans.length));
  }
}

function readTeams(wires: WireTeam[], org: Organisation, mirror: Mirror, unmatched: UnmatchedEntities): void {
  const withAnonymousMembers: string[] = [];
  for (const wire of wires) {
    unmatched.teamMembers += wire.anonymousMembers;
    if (wire.id === null) {
      unmatched.teams++;
      continue;
    }
    if (wire.anonymousMembers > 0) withAnonymousMembers.push(wire.id);
    org.teams.set(wire.id, { id: wire.id, ...wire.values, departmentId: wire.departmentId ?? UNNAMED });
    for (const memberId of wire.members) {
      const employee = org.employees.get(memberId);
      if (employee) employee.teamId = wire.id;
    }
    mirror.putTeam({ id: wire.id, departmentId: wire.departmentId, members: wire.members, anonymousMembers: wire.anonymousMembers });
  }
  if (withAnonymousMembers.length > 0) {
    unmatched.notes.push(() => serviceWords().teamsWithAnonymousMembers(withAnonymousMembers.slice(0, 5), withAnonymousMembers.length));
  }
}

function describeUnmatched(unmatched: UnmatchedEntities): void {
  if (unmatched.employees + unmatched.departments + unmatched.teams > 0) {
    const { employees, departments, teams } = unmatched;
    unmatched.notes.unshift(() => serviceWords().unmatched(employees, departments, teams));
  }
  if (unmatched.absences > 0) {
    const absences = unmatched.absences;
    unmatched.notes.push(() => serviceWords().sickWithoutExtId(absences));
  }
}
