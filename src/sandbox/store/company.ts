/**
 * The one company store behind both API versions: the tables, the indexes that keep lookups cheap, the tree
 * walks (responsible employee, descendants) and the serialisable state. Operations live beside it, one file
 * per area; each validates everything before it changes anything, so a refused request leaves no trace.
 */
import { randomUUID } from 'node:crypto';
import { notFound, RESOURCE } from '../errors.js';
import { newValues, UNIT_FIELDS } from './fields.js';
import {
  OPEN_END,
  Table,
  type Grouping,
  type AbsenceRecord,
  type DelegationRecord,
  type DepartmentRecord,
  type EmployeeRecord,
  type TeamRecord,
  type TableChanges,
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
  /** The last line of the change log (persistence.ts) this state includes; absent before any log. */
  logSequence?: number;
}

export type TableName = 'users' | 'employees' | 'departments' | 'teams' | 'delegations' | 'absences';

export function initialState(rootId: string, rootName: string): CompanyState {
  return {
    format: STATE_FORMAT,
    version: 1,
    rootSid: 1,
    instanceId: randomUUID(),
    next: { users: 1, employees: 1, departments: 2, teams: 1, delegations: 1, absences: 1 },
    users: [],
    employees: [],
    departments: [{ sid: 1, id: rootId, ...newValues(UNIT_FIELDS, { name: rootName }), parentSid: null, ownerSid: null }],
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
  /** Sequence number of the last change log line the loaded state includes (see persistence.ts). */
  logSequence: number;
  // The groupings that keep every lookup of a record's relations at the cost of the answer.
  readonly userByUsername: Grouping<UserRecord, string>;
  readonly employeesOfUser: Grouping<EmployeeRecord, number>;
  readonly employeesInTeam: Grouping<EmployeeRecord, number>;
  readonly departmentsByParent: Grouping<DepartmentRecord, number>;
  readonly departmentsByOwner: Grouping<DepartmentRecord, number>;
  readonly teamsByDepartment: Grouping<TeamRecord, number>;
  readonly teamsByOwner: Grouping<TeamRecord, number>;
  readonly delegationsByUnit: Grouping<DelegationRecord, string>;
  readonly delegationsByEmployee: Grouping<DelegationRecord, number>;
  readonly absencesByEmployee: Grouping<AbsenceRecord, number>;
  private readonly active = new DerivedList(() => this.employees.values().filter((employee) => employee.active));
  private readonly open = new DerivedList(() => this.absences.values().filter((absence) => absence.endDate === OPEN_END));

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
    this.logSequence = state.logSequence ?? 0;
    this.userByUsername = this.users.groupBy((user) => user.username);
    this.employeesOfUser = this.employees.groupBy((employee) => employee.userSid);
    this.employeesInTeam = this.employees.groupBy((employee) => employee.teamSid);
    this.departmentsByParent = this.departments.groupBy((department) => department.parentSid);
    this.departmentsByOwner = this.departments.groupBy((department) => department.ownerSid);
    this.teamsByDepartment = this.teams.groupBy((team) => team.departmentSid);
    this.teamsByOwner = this.teams.groupBy((team) => team.ownerSid);
    this.delegationsByUnit = this.delegations.groupBy((delegation) => unitKey(delegation.unitKind, delegation.unitSid));
    this.delegationsByEmployee = this.delegations.groupBy((delegation) => delegation.employeeSid);
    this.absencesByEmployee = this.absences.groupBy((absence) => absence.employeeSid);
  }

  /** The changes of every table since the last call, for the state file's log. */
  takeChanges(): Pick<CompanyState, 'next'> & { tables: Record<TableName, TableChanges<unknown>> } {
    return {
      next: this.counters(),
      tables: {
        users: this.users.takeChanges(),
        employees: this.employees.takeChanges(),
        departments: this.departments.takeChanges(),
        teams: this.teams.takeChanges(),
        delegations: this.delegations.takeChanges(),
        absences: this.absences.takeChanges(),
      },
    };
  }

  private counters(): CompanyState['next'] {
    return {
      users: this.users.sidCounter,
      employees: this.employees.sidCounter,
      departments: this.departments.sidCounter,
      teams: this.teams.sidCounter,
      delegations: this.delegations.sidCounter,
      absences: this.absences.sidCounter,
    };
  }

  toState(): CompanyState {
    return {
      format: STATE_FORMAT,
      version: 1,
      rootSid: this.rootSid,
      ...(this.instanceId !== undefined ? { instanceId: this.instanceId } : {}),
      ...(this.logSequence > 0 ? { logSequence: this.logSequence } : {}),
      next: this.counters(),
      users: [...this.users.values()],
      employees: [...this.employees.values()],
      departments: [...this.departments.values()],
      teams: [...this.teams.values()],
      delegations: [...this.delegations.values()],
      absences: [...this.absences.values()],
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
    if (!employee?.active) throw notFound(RESOURCE.employee, id);
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

  /** Computed again only after a change to an employee: a list read page by page costs one pass, not one per page. */
  activeEmployees(): readonly EmployeeRecord[] {
    return this.active.at(this.employees.generation);
  }

  /** v2: the sickness dialogs, the periods without an end. */
  openAbsences(): readonly AbsenceRecord[] {
    return this.open.at(this.absences.generation);
  }

  userOf(employee: EmployeeRecord): UserRecord | undefined {
    return this.users.get(employee.userSid);
  }

  // Team membership: stored on the employee, so one team at a time holds by construction.

  setTeam(employee: EmployeeRecord, teamSid: number | null): void {
    this.employees.update(employee, { teamSid });
  }

  membersOf(teamSid: number): EmployeeRecord[] {
    return this.employeesInTeam.of(teamSid);
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
    return this.departmentsByParent.of(department.sid);
  }

  teamsIn(department: DepartmentRecord): TeamRecord[] {
    return this.teamsByDepartment.of(department.sid);
  }

  delegationsOn(unitKind: 'department' | 'team', unitSid: number): DelegationRecord[] {
    return this.delegationsByUnit.of(unitKey(unitKind, unitSid));
  }

  absencesOf(employee: EmployeeRecord): AbsenceRecord[] {
    return this.absencesByEmployee.of(employee.sid);
  }

  employeesOf(user: UserRecord): EmployeeRecord[] {
    return this.employeesOfUser.of(user.sid);
  }

  /** Usernames are unique among users (every rule that sets one refuses a taken one). */
  usernameHolder(username: string): UserRecord | undefined {
    return this.userByUsername.first(username);
  }
}

/** A list computed from a table, kept until the table changes. */
class DerivedList<T> {
  private generation = -1;
  private list: readonly T[] = [];

  constructor(private readonly compute: () => readonly T[]) {}

  at(generation: number): readonly T[] {
    if (generation !== this.generation) {
      this.list = this.compute();
      this.generation = generation;
    }
    return this.list;
  }
}

function unitKey(kind: 'department' | 'team', sid: number): string {
  return `${kind}:${sid}`;
}
