/**
 * Resolves ids the way sheets.md says: in the workbook first, then in the service. With a service an id
 * that points at nothing is an unknown_reference error; offline it is an unresolved_reference warning
 * (once per sheet, column and id, so a sheet full of one missing team warns once). An id of the wrong
 * kind (a team where a department belongs) is an error either way: the workbook itself shows the mistake.
 */
import { nameMatchKey } from '../sheets/columns.js';
import type { Employee, Organisation, UnitKind } from '../model/organisation.js';
import type { IssueCollector, SheetMeta } from './collector.js';
import type { CurrentView } from './types.js';
import { validateReferenceWords, type ActiveRole } from '../words/validate-references.js';

export type Resolution = 'found' | 'unresolved' | 'unknown';

type Target = 'department' | 'team' | 'employee';

/**
 * A sheet that lacks its id column yields no entities; references into it would all fail for that one
 * reason, already reported as missing_column, so they are not reported again.
 */
export interface Incomplete {
  employees: boolean;
  organisation: boolean;
}

export class References {
  private readonly warned = new Set<string>();
  /** Ids the workbook renames (previous ids): a reference must use the new id. */
  private readonly renamedTo = {
    employee: new Map<string, string>(),
    department: new Map<string, string>(),
    team: new Map<string, string>(),
  };

  constructor(
    private readonly org: Organisation,
    private readonly current: CurrentView | undefined,
    private readonly issues: IssueCollector,
    private readonly incomplete: Incomplete = { employees: false, organisation: false },
    /** The employees that have a previous id, when the caller knows them (every one is looked at otherwise). */
    renamedEmployees: Iterable<Employee> = org.employees.values(),
  ) {
    const note = (map: Map<string, string>, entities: Iterable<{ id: string; previousId?: string }>, current: Map<string, unknown>) => {
      for (const e of entities) if (e.previousId && !current.has(e.previousId)) map.set(e.previousId, e.id);
    };
    note(this.renamedTo.employee, renamedEmployees, org.employees);
    note(this.renamedTo.department, org.departments.values(), org.departments);
    note(this.renamedTo.team, org.teams.values(), org.teams);
  }

  /** A reference to an id this workbook renames: it would point at nothing once the rename is done. */
  private renamed(meta: SheetMeta, row: number, column: string, id: string, target: Target): boolean {
    const to = this.renamedTo[target].get(id);
    if (to === undefined) return false;
    this.issues.error(meta, row, column, 'unknown_reference', validateReferenceWords().renamedReference(id, target, to), id);
    return true;
  }

  isDepartment(id: string): boolean {
    return this.org.departments.has(id) || this.current?.departments.has(id) === true;
  }

  isTeam(id: string): boolean {
    return this.org.teams.has(id) || this.current?.teams.has(id) === true;
  }

  isEmployee(id: string): boolean {
    return this.org.employees.has(id) || this.current?.employees.has(id) === true;
  }

  /** A team id that `team` finds with nothing to say: it need not work out the row's sheet for it. */
  isTeamAsWritten(id: string): boolean {
    return this.isTeam(id) && !this.renamedTo.team.has(id);
  }

  department(meta: SheetMeta, row: number, column: string, id: string): Resolution {
    if (this.renamed(meta, row, column, id, 'department')) return 'unknown';
    if (this.isDepartment(id)) return 'found';
    if (this.isTeam(id)) {
      this.issues.error(meta, row, column, 'unknown_reference', validateReferenceWords().teamNotDepartment(id), id);
      return 'unknown';
    }
    return this.missing(meta, row, column, id, 'department');
  }

  team(meta: SheetMeta, row: number, column: string, id: string): Resolution {
    if (this.renamed(meta, row, column, id, 'team')) return 'unknown';
    if (this.isTeam(id)) return 'found';
    if (this.isDepartment(id)) {
      this.issues.error(meta, row, column, 'unknown_reference', validateReferenceWords().departmentNotTeam(id), id);
      return 'unknown';
    }
    return this.missing(meta, row, column, id, 'team');
  }

  employee(meta: SheetMeta, row: number, column: string, id: string): Resolution {
    if (this.renamed(meta, row, column, id, 'employee')) return 'unknown';
    if (this.isEmployee(id)) return 'found';
    return this.missing(meta, row, column, id, 'employee');
  }

  /** An employee who must be active: an owner or a delegation holder cannot be someone who has left. */
  activeEmployee(meta: SheetMeta, row: number, column: string, id: string, role: ActiveRole): Resolution {
    const employee = this.org.employees.get(id);
    if (employee?.status === 'fired') {
      this.issues.error(
        meta,
        row,
        column,
        'unknown_reference',
        validateReferenceWords().leaverCannot(id, employee.source?.row ?? '?', role),
        id,
      );
      return 'unknown';
    }
    return this.employee(meta, row, column, id);
  }

  /** The kinds of unit the id names (workbook first, then service), or the resolution failure. */
  unit(meta: SheetMeta, row: number, column: string, id: string): UnitKind[] | Exclude<Resolution, 'found'> {
    const inWorkbook = this.kindsIn(id, this.org.departments, this.org.teams);
    if (inWorkbook.length > 0) return inWorkbook;
    const inService = this.current ? this.kindsIn(id, this.current.departments, this.current.teams) : [];
    if (inService.length > 0) return inService;
    return this.missing(meta, row, column, id, 'unit');
  }

  private kindsIn(id: string, departments: { has(id: string): boolean }, teams: { has(id: string): boolean }): UnitKind[] {
    const kinds: UnitKind[] = [];
    if (departments.has(id)) kinds.push('department');
    if (teams.has(id)) kinds.push('team');
    return kinds;
  }

  private missing(meta: SheetMeta, row: number, column: string, id: string, target: Target | 'unit'): 'unresolved' | 'unknown' {
    if (target === 'employee' ? this.incomplete.employees : this.incomplete.organisation) return 'unresolved';
    const sheet = this.sheetName(target);
    const named = this.named(target, id);
    if (this.current) {
      this.issues.error(meta, row, column, 'unknown_reference', named ?? validateReferenceWords().notFound(target, id, sheet), id);
      return 'unknown';
    }
    const key = `${meta.index}\u0000${column}\u0000${id}`;
    if (!this.warned.has(key)) {
      this.warned.add(key);
      this.issues.warning(
        meta,
        row,
        column,
        'unresolved_reference',
        named ?? validateReferenceWords().notFoundOffline(target, id, sheet),
        id,
      );
    }
    return 'unresolved';
  }

  private nameIndex: Record<Target, Map<string, Set<string>>> | undefined;

  /**
   * A name typed where an id belongs ("Bogholderi" for team T-10, "Anna Holm" for employee 1001): the
   * sentence that says so and gives the id, from the workbook or the service; undefined when no unit or
   * person has that name.
   */
  private named(target: Target | 'unit', text: string): string | undefined {
    this.nameIndex ??= this.buildNameIndex();
    const key = nameMatchKey(text);
    const kinds: Target[] = target === 'unit' ? ['department', 'team'] : [target];
    for (const kind of kinds) {
      const ids = [...(this.nameIndex[kind].get(key) ?? [])];
      if (ids.length === 0) continue;
      const column = kind === 'employee' ? 'employee_id' : 'id';
      if (ids.length === 1) return validateReferenceWords().nameNotId(text, kind, column, ids[0]!);
      const listed = ids
        .slice(0, 5)
        .map((id) => `"${id}"`)
        .join(', ');
      return validateReferenceWords().nameOfMany(text, kind, column, ids.length, `${listed}${ids.length > 5 ? ', …' : ''}`);
    }
    return undefined;
  }

  private buildNameIndex(): Record<Target, Map<string, Set<string>>> {
    const index: Record<Target, Map<string, Set<string>>> = { department: new Map(), team: new Map(), employee: new Map() };
    const add = (kind: Target, name: string | undefined, id: string) => {
      if (!name) return;
      const key = nameMatchKey(name);
      const ids = index[kind].get(key) ?? new Set<string>();
      ids.add(id);
      index[kind].set(key, ids);
    };
    for (const d of this.org.departments.values()) add('department', d.name, d.id);
    for (const t of this.org.teams.values()) add('team', t.name, t.id);
    for (const e of this.org.employees.values()) if (e.status === 'active') add('employee', this.org.users.get(e.userId)?.name, e.id);
    const current = this.current;
    if (current) {
      for (const [id, name] of current.departmentNames ?? []) if (!this.org.departments.has(id)) add('department', name, id);
      for (const [id, name] of current.teamNames ?? []) if (!this.org.teams.has(id)) add('team', name, id);
      for (const [id, userId] of current.userOf ?? []) {
        if (!this.org.employees.has(id)) add('employee', current.users?.get(userId)?.name, id);
      }
    }
    return index;
  }

  private sheetName(target: Target | 'unit'): string {
    const kind = target === 'employee' ? 'employees' : 'organisation';
    return this.issues.firstSheetOf(kind)?.sheetName ?? validateReferenceWords().fallbackSheet(kind);
  }
}
