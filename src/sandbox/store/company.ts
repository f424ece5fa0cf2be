/**
 * The one company store behind both API versions: the tables, the indexes that keep lookups cheap, the tree
 * walks (responsible employee, descendants) and the serialisable state. Operations live beside it, one file
 * per area; each validates everything before it changes anything, so a refused request leaves no trace.
 */
import { randomUUID } from 'node:crypto';
import { notFound, RESOURCE } from '../errors.js';
import {
  Table,
  type AbsenceRecord,
  type DelegationRecord,
  type DepartmentRecord,
  type EmployeeRecord,
  type TeamRecord,
  type UserRecord,
} from './records.js';

export const STATE_FORMAT = 'orgsync-sandbox-state';

export interface CompanyState {
  format: typeof STATE_FORMAT;
  version: 1;
  rootSid: number;
  /**
   * Made when the state is created: a client keys its journal and ledgers by it, so a sandbox started
   * over from nothing is not mistaken for the one its ledgers describe. Absent in older state files.
   */
  instanceId?: string;
  next: Record<'users' | 'employees' | 'departments' | 'teams' | 'delegations' | 'absences', number>;
  users: UserRecord[];
  employees: EmployeeRecord[];
  departments: DepartmentRecord[];
  teams: TeamRecord[];
  delegations: DelegationRecord[];
  absences: AbsenceRecord[];
}

export function initialState(rootId: string, rootName: string): CompanyState {
  return {
    format: STATE_FORMAT,
    version: 1,
    rootSid: 1,
    instanceId: randomUUID(),
    next: { users: 1, employees: 1, departments: 2, teams: 1, delegations: 1, absences: 1 },
    users: [],
    employees: [],
    departments: [{ sid: 1, id: rootId, name: rootName, parentSid: null, ownerSid: null }],
    teams: [],
    delegations: [],
    absences: [],
  };
}

export class Company {
  readonly users: Table<UserRecord>;
  readonly employees: Table<EmployeeRecord>;
  readonly departments: Table<DepartmentRecord>;
  readonly teams: Table<TeamRecord>;
  readonly delegations: Table<DelegationRecord>;
  readonly absences: Table<AbsenceRecord>;
  readonly rootSid: number;
  readonly instanceId: string | undefined;
  private readonly members = new Map<number, Set<number>>();

  constructor(
    state: CompanyState,
    readonly now: () => Date,
  ) {
    this.users = new Table(state.users, state.next.users);
    this.employees = new Table(state.employees, state.next.employees);
    this.departments = new Table(state.departments, state.next.departments);
    this.teams = new Table(state.teams, state.next.teams);
    this.delegations = new Table(state.delegations, state.next.delegations);
    this.absences = new Table(state.absences, state.next.absences);
    this.rootSid = state.rootSid;
    this.instanceId = state.instanceId;
    for (const employee of this.employees.values()) {
      if (employee.teamSid !== null) this.memberSet(employee.teamSid).add(employee.sid);
    }
  }

  toState(): CompanyState {
    return {
      format: STATE_FORMAT,
      version: 1,
      rootSid: this.rootSid,
      ...(this.instanceId !== undefined ? { instanceId: this.instanceId } : {}),
      next: {
        users: this.users.sidCounter,
        employees: this.employees.sidCounter,
        departments: this.departments.sidCounter,
        teams: this.teams.sidCounter,
        delegations: this.delegations.sidCounter,
        absences: this.absences.sidCounter,
      },
      users: this.users.values(),
      employees: this.employees.values(),
      departments: this.departments.values(),
      teams: this.teams.values(),
      delegations: this.delegations.values(),
      absences: this.absences.values(),
    };
  }

  get root(): DepartmentRecord {
    const root = this.departments.get(this.rootSid);
    if (!root) throw new Error('the sandbox state has no top department');
    return root;
  }

  // Lookups by v3 client id; a fired employee is hidden from v3 reads and writes (404).

  userById(id: string): UserRecord {
    const user = this.users.byId(id);
    if (!user) throw notFound(RESOURCE.user, id);
    return user;
  }

  activeEmployeeById(id: string): EmployeeRecord {
    const employee = this.employees.byId(id);
    if (!employee || !employee.active) throw notFound(RESOURCE.employee, id);
    return employee;
  }

  departmentById(id: string): DepartmentRecord {
    const department = this.departments.byId(id);
    if (!department) throw notFound(RESOURCE.department, id);
    return department;
  }

  teamById(id: string): TeamRecord {
    const team = this.teams.byId(id);
    if (!team) throw notFound(RESOURCE.team, id);
    return team;
  }

  activeEmployees(): EmployeeRecord[] {
    return this.employees.values().filter((employee) => employee.active);
  }

  userOf(employee: EmployeeRecord): UserRecord | undefined {
    return this.users.get(employee.userSid);
  }

  // Team membership: stored on the employee (so one team at a time holds by construction), indexed per team.

  private memberSet(teamSid: number): Set<number> {
    let set = this.members.get(teamSid);
    if (!set) {
      set = new Set();
      this.members.set(teamSid, set);
    }
    return set;
  }

  setTeam(employee: EmployeeRecord, teamSid: number | null): void {
    if (employee.teamSid !== null) this.members.get(employee.teamSid)?.delete(employee.sid);
    employee.teamSid = teamSid;
    if (teamSid !== null) this.memberSet(teamSid).add(employee.sid);
  }

  membersOf(teamSid: number): EmployeeRecord[] {
    const sids = [...(this.members.get(teamSid) ?? [])].sort((a, b) => a - b);
    return sids.map((sid) => this.employees.get(sid)).filter((e): e is EmployeeRecord => e !== undefined);
  }

  // The tree.

  /** True when `candidate` is `department` itself or lies anywhere below it. */
  isSelfOrDescendant(candidate: DepartmentRecord, department: DepartmentRecord): boolean {
    for (let current: DepartmentRecord | undefined = candidate; current; current = this.departments.get(current.parentSid)) {
      if (current.sid === department.sid) return true;
    }
    return false;
  }

  /** The explicit owner, else the closest owner going up the tree (v3 "Owner and responsible employee" 3). */
  responsibleForDepartment(department: DepartmentRecord): EmployeeRecord | null {
    for (let current: DepartmentRecord | undefined = department; current; current = this.departments.get(current.parentSid)) {
      const owner = this.employees.get(current.ownerSid);
      if (owner) return owner;
    }
    return null;
  }

  responsibleForTeam(team: TeamRecord): EmployeeRecord | null {
    const owner = this.employees.get(team.ownerSid);
    if (owner) return owner;
    const department = this.departments.get(team.departmentSid);
    return department ? this.responsibleForDepartment(department) : null;
  }

  childDepartments(department: DepartmentRecord): DepartmentRecord[] {
    return this.departments.values().filter((child) => child.parentSid === department.sid);
  }

  teamsIn(department: DepartmentRecord): TeamRecord[] {
    return this.teams.values().filter((team) => team.departmentSid === department.sid);
  }

  delegationsOn(unitKind: 'department' | 'team', unitSid: number): DelegationRecord[] {
    return this.delegations.values().filter((d) => d.unitKind === unitKind && d.unitSid === unitSid);
  }

  absencesOf(employee: EmployeeRecord): AbsenceRecord[] {
    return this.absences.values().filter((absence) => absence.employeeSid === employee.sid);
  }
}
