/**
 * Resolves ids the way sheets.md says: in the workbook first, then in the service. With a service an id
 * that points at nothing is an unknown_reference error; offline it is an unresolved_reference warning
 * (once per sheet, column and id, so a sheet full of one missing team warns once). An id of the wrong
 * kind (a team where a department belongs) is an error either way: the workbook itself shows the mistake.
 */
import type { Organisation, UnitKind } from '../model/organisation.js';
import type { IssueCollector, SheetMeta } from './collector.js';
import type { CurrentView } from './types.js';

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
  ) {
    const note = (map: Map<string, string>, entities: Iterable<{ id: string; previousId?: string }>, current: Map<string, unknown>) => {
      for (const e of entities) if (e.previousId && !current.has(e.previousId)) map.set(e.previousId, e.id);
    };
    note(this.renamedTo.employee, org.employees.values(), org.employees);
    note(this.renamedTo.department, org.departments.values(), org.departments);
    note(this.renamedTo.team, org.teams.values(), org.teams);
  }

  /** A reference to an id this workbook renames: it would point at nothing once the rename is done. */
  private renamed(meta: SheetMeta, row: number, column: string, id: string, target: Target): boolean {
    const to = this.renamedTo[target].get(id);
    if (to === undefined) return false;
    this.issues.error(
      meta,
      row,
      column,
      'unknown_reference',
      `"${id}" is the old id of ${target} "${to}", which this workbook renames. Use the new id "${to}".`,
      id,
    );
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

  department(meta: SheetMeta, row: number, column: string, id: string): Resolution {
    if (this.renamed(meta, row, column, id, 'department')) return 'unknown';
    if (this.isDepartment(id)) return 'found';
    if (this.isTeam(id)) {
      this.issues.error(
        meta,
        row,
        column,
        'unknown_reference',
        `"${id}" is a team, not a department. A parent must be a department: give the id of a department.`,
        id,
      );
      return 'unknown';
    }
    return this.missing(meta, row, column, id, 'department');
  }

  team(meta: SheetMeta, row: number, column: string, id: string): Resolution {
    if (this.renamed(meta, row, column, id, 'team')) return 'unknown';
    if (this.isTeam(id)) return 'found';
    if (this.isDepartment(id)) {
      this.issues.error(
        meta,
        row,
        column,
        'unknown_reference',
        `"${id}" is a department, not a team. Employees work from teams: give the id of one of its teams.`,
        id,
      );
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
  activeEmployee(meta: SheetMeta, row: number, column: string, id: string, role: string): Resolution {
    const employee = this.org.employees.get(id);
    if (employee?.status === 'fired') {
      this.issues.error(
        meta,
        row,
        column,
        'unknown_reference',
        `Employee "${id}" has left (status left in row ${employee.source?.row ?? '?'}) and cannot ${role}. Choose someone who stays, or leave it empty.`,
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
    const what = describe(target, id);
    const sheet = this.sheetName(target);
    if (this.current) {
      this.issues.error(
        meta,
        row,
        column,
        'unknown_reference',
        `${what} is not in the ${sheet} sheet and not in the service. Correct the id, or add the ${noun(target)} to the ${sheet} sheet.`,
        id,
      );
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
        `${what} is not in the ${sheet} sheet, and no service is configured to look it up. It must already exist in the service, or the import will fail there.`,
        id,
      );
    }
    return 'unresolved';
  }

  private sheetName(target: Target | 'unit'): string {
    const kind = target === 'employee' ? 'employees' : 'organisation';
    return this.issues.firstSheetOf(kind)?.sheetName ?? (kind === 'employees' ? 'Employees' : 'Organisation');
  }
}

function noun(target: Target | 'unit'): string {
  return target === 'unit' ? 'department or team' : target;
}

function describe(target: Target | 'unit', id: string): string {
  switch (target) {
    case 'department':
      return `Department "${id}"`;
    case 'team':
      return `Team "${id}"`;
    case 'employee':
      return `Employee "${id}"`;
    case 'unit':
      return `Unit "${id}" (a department or team)`;
  }
}
