/**
 * The adapter's in-memory copy of what v2 makes a client send back whole: every team's member list and
 * department (a team update needs its department, a membership change the complete list), every
 * department's parent (a department update needs it), the synthetic user of each employee, and the sick
 * list. Filled by readCurrentState, loaded lazily for an entity the read did not see, and kept current as
 * operations succeed. Entries are objects that outlive id changes, so a lock on one survives a rename.
 */
import type { UserFields } from '../../model/operations.js';
import type { Lockable } from './locks.js';

export interface EmployeeEntry extends Lockable {
  id: string;
}

export interface TeamEntry extends Lockable {
  id: string;
  /** null: the department has no client id (made on the site), so it cannot be named back. */
  departmentId: string | null;
  members: string[];
  /** Members without a client id: a member list sent back cannot name them. */
  anonymousMembers: number;
}

export interface DepartmentEntry extends Lockable {
  id: string;
  parentId: string | null;
  /** The top department has no parent to send. */
  top: boolean;
}

const SYNTHETIC_USER_PREFIX = 'v2:';

/** v2 has no users: each employee stands for its own person under this id in the current state. */
export function syntheticUserId(employeeId: string): string {
  return `${SYNTHETIC_USER_PREFIX}${employeeId}`;
}

export class Mirror {
  private nextSeq = 1;
  private readonly employees = new Map<string, EmployeeEntry>();
  /** Synthetic user id → the employee it was read from, still found after that employee is renamed. */
  private readonly users = new Map<string, EmployeeEntry>();
  private readonly teams = new Map<string, TeamEntry>();
  private readonly departments = new Map<string, DepartmentEntry>();
  /** `u:username` and `e:email` (as read, and as changed since) → the employees of that person. */
  private readonly persons = new Map<string, Set<EmployeeEntry>>();
  /**
   * Employee id → the date they were reported sick ('' when the service's answer held no readable date:
   * sick since it cannot be told when); null until the sick list was read.
   */
  sick: Map<string, string> | null = null;

  private seq(): number {
    return this.nextSeq++;
  }

  /** Forgets everything: a fresh read replaces the whole copy. */
  clear(): void {
    this.employees.clear();
    this.users.clear();
    this.teams.clear();
    this.departments.clear();
    this.persons.clear();
    this.sick = null;
  }

  employee(id: string): EmployeeEntry {
    let entry = this.employees.get(id);
    if (!entry) {
      entry = { seq: this.seq(), id };
      this.employees.set(id, entry);
    }
    return entry;
  }

  /** The employee behind a synthetic user id (its current id, after any rename). */
  employeeOfUser(userId: string): EmployeeEntry {
    const known = this.users.get(userId);
    if (known) return known;
    const id = userId.startsWith(SYNTHETIC_USER_PREFIX) ? userId.slice(SYNTHETIC_USER_PREFIX.length) : userId;
    const entry = this.employee(id);
    this.users.set(userId, entry);
    return entry;
  }

  /** Records an employee as read or created: its synthetic user id now leads to it. */
  readEmployee(id: string, person?: Partial<UserFields>): void {
    const entry = this.employee(id);
    this.users.set(syntheticUserId(id), entry);
    if (person) this.notePerson(entry, person);
  }

  /** Remembers the person's username and e-mail, so another employee record of the same person is found. */
  notePerson(entry: EmployeeEntry, person: Partial<UserFields>): void {
    for (const key of personKeys(person)) {
      let set = this.persons.get(key);
      if (!set) {
        set = new Set();
        this.persons.set(key, set);
      }
      set.add(entry);
    }
  }

  /** Employees that share the person's username or e-mail, as read or as changed since. */
  employeesOfPerson(person: Partial<UserFields>): EmployeeEntry[] {
    const found = new Set<EmployeeEntry>();
    for (const key of personKeys(person)) for (const entry of this.persons.get(key) ?? []) found.add(entry);
    return [...found];
  }

  team(id: string): TeamEntry | undefined {
    return this.teams.get(id);
  }

  putTeam(team: Omit<TeamEntry, 'seq'>): TeamEntry {
    const existing = this.teams.get(team.id);
    if (existing) return Object.assign(existing, team);
    const entry = { seq: this.seq(), ...team, members: [...team.members] };
    this.teams.set(team.id, entry);
    return entry;
  }

  department(id: string): DepartmentEntry | undefined {
    return this.departments.get(id);
  }

  putDepartment(department: Omit<DepartmentEntry, 'seq'>): DepartmentEntry {
    const existing = this.departments.get(department.id);
    if (existing) return Object.assign(existing, department);
    const entry = { seq: this.seq(), ...department };
    this.departments.set(department.id, entry);
    return entry;
  }

  /** The team the employee is a member of, as far as this copy knows. */
  teamOf(employeeId: string): TeamEntry | undefined {
    for (const team of this.teams.values()) if (team.members.includes(employeeId)) return team;
    return undefined;
  }

  // Effects of operations that succeeded.

  /** An employee is in one team at a time: placing them in a team takes them out of any other. */
  placeInTeam(employeeId: string, team: TeamEntry): void {
    this.leaveTeams(employeeId);
    team.members.push(employeeId);
  }

  leaveTeams(employeeId: string): void {
    for (const team of this.teams.values()) team.members = team.members.filter((member) => member !== employeeId);
  }

  renameEmployee(fromId: string, toId: string): void {
    const entry = this.employee(fromId);
    this.employees.delete(fromId);
    entry.id = toId;
    this.employees.set(toId, entry);
    for (const team of this.teams.values()) team.members = team.members.map((member) => (member === fromId ? toId : member));
    const sickSince = this.sick?.get(fromId);
    if (sickSince !== undefined) {
      this.sick!.delete(fromId);
      this.sick!.set(toId, sickSince);
    }
  }

  fireEmployee(id: string): void {
    this.leaveTeams(id);
    this.employees.delete(id);
    this.sick?.delete(id);
  }

  renameTeam(fromId: string, toId: string): void {
    const entry = this.teams.get(fromId);
    if (!entry) return;
    this.teams.delete(fromId);
    entry.id = toId;
    this.teams.set(toId, entry);
  }

  deleteTeam(id: string): void {
    this.teams.delete(id);
  }

  renameDepartment(fromId: string, toId: string): void {
    const entry = this.departments.get(fromId);
    if (entry) {
      this.departments.delete(fromId);
      entry.id = toId;
      this.departments.set(toId, entry);
    }
    for (const child of this.departments.values()) if (child.parentId === fromId) child.parentId = toId;
    for (const team of this.teams.values()) if (team.departmentId === fromId) team.departmentId = toId;
  }

  deleteDepartment(id: string): void {
    this.departments.delete(id);
  }
}

function personKeys(person: Partial<UserFields>): string[] {
  const keys: string[] = [];
  if (person.username) keys.push(`u:${person.username.toLowerCase()}`);
  if (person.email) keys.push(`e:${person.email.toLowerCase()}`);
  return keys;
}
