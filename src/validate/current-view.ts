/** What validation checks the workbook's references against: the service's ids, as a view of its state. */
import { topDepartment } from '../model/organisation.js';
import type { CurrentState } from '../model/service-state.js';
import type { CurrentView, ServicePerson } from './types.js';
import type { User } from '../model/organisation.js';

export function currentView(state: CurrentState): CurrentView {
  // One person per username: v3 users are unique by it; v2 shows a person once per employee.
  // A user is their own person unless an earlier user has their username: only those are mapped.
  const personOf = new Map<string, string>();
  const byUsername = new Map<string, string>();
  const users = new Map<string, ServicePerson>();
  for (const u of state.org.users.values()) {
    const username = u.username ?? '';
    // Exactly as the service compares them: "Bob@…" and "bob@…" can be two people.
    const key = username === '' ? `\u0000${u.id}` : username;
    const known = byUsername.get(key);
    if (known === undefined) {
      byUsername.set(key, u.id);
      users.set(u.id, servicePerson(u, username));
    } else {
      personOf.set(u.id, known);
    }
  }
  const employees = new Set<string>();
  const teamOf = new Map<string, string | null>();
  const userOf = new Map<string, string>();
  for (const e of state.org.employees.values()) {
    employees.add(e.id);
    teamOf.set(e.id, e.teamId ?? null);
    if (e.userId !== '') userOf.set(e.id, personOf.get(e.userId) ?? e.userId);
  }
  const departments = new Set<string>();
  const departmentNames = new Map<string, string>();
  const departmentParents = new Map<string, string | null>();
  for (const d of state.org.departments.values()) {
    departments.add(d.id);
    departmentNames.set(d.id, d.name);
    departmentParents.set(d.id, d.parentId);
  }
  const teams = new Set<string>();
  const teamNames = new Map<string, string>();
  const teamDepartments = new Map<string, string>();
  for (const t of state.org.teams.values()) {
    teams.add(t.id);
    teamNames.set(t.id, t.name);
    teamDepartments.set(t.id, t.departmentId);
  }
  const top = topDepartment(state.org);
  return {
    employees,
    departments,
    teams,
    topDepartmentId: top?.id ?? '',
    teamOf,
    userOf,
    users,
    departmentNames,
    teamNames,
    // v2 shows the explicit owner, v3 the responsible employee, which for the top department is its owner.
    topDepartmentOwner: top ? (top.owner ?? top.responsible ?? null) : null,
    departmentParents,
    teamDepartments,
  };
}

function servicePerson(user: User, username: string): ServicePerson {
  const person: ServicePerson = { name: user.name, email: user.email, username };
  if (user.birthday) person.birthday = user.birthday;
  return person;
}
