/** What validation checks the workbook's references against: the service's ids, as a view of its state. */
import { topDepartment } from '../model/organisation.js';
import type { CurrentState } from '../model/service-state.js';
import type { CurrentView } from './types.js';

export function currentView(state: CurrentState): CurrentView {
  // One person per username: v3 users are unique by it; v2 shows a person once per employee.
  const personOf = new Map<string, string>();
  const byUsername = new Map<string, string>();
  const users = new Map<string, { name: string; email: string; username: string }>();
  for (const u of state.org.users.values()) {
    const username = u.username ?? '';
    // Exactly as the service compares them: "Bob@…" and "bob@…" can be two people.
    const key = username === '' ? `\u0000${u.id}` : username;
    const person = byUsername.get(key) ?? u.id;
    byUsername.set(key, person);
    personOf.set(u.id, person);
    if (!users.has(person)) users.set(person, { name: u.name, email: u.email, username, ...(u.birthday ? { birthday: u.birthday } : {}) });
  }
  const teamOf = new Map<string, string | null>();
  const userOf = new Map<string, string>();
  for (const e of state.org.employees.values()) {
    teamOf.set(e.id, e.teamId ?? null);
    if (e.userId !== '') userOf.set(e.id, personOf.get(e.userId) ?? e.userId);
  }
  const names = (units: Iterable<{ id: string; name: string }>) => new Map([...units].map((u) => [u.id, u.name]));
  const top = topDepartment(state.org);
  return {
    employees: new Set(state.org.employees.keys()),
    departments: new Set(state.org.departments.keys()),
    teams: new Set(state.org.teams.keys()),
    topDepartmentId: top?.id ?? '',
    teamOf,
    userOf,
    users,
    departmentNames: names(state.org.departments.values()),
    teamNames: names(state.org.teams.values()),
    // v2 shows the explicit owner, v3 the responsible employee, which for the top department is its owner.
    topDepartmentOwner: top ? (top.owner ?? top.responsible ?? null) : null,
    departmentParents: new Map([...state.org.departments.values()].map((d) => [d.id, d.parentId])),
    teamDepartments: new Map([...state.org.teams.values()].map((t) => [t.id, t.departmentId])),
  };
}
