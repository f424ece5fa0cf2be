/**
 * The export-against-last-time guard: a nightly export that lost rows, a department subtree or a column,
 * or whose column came out blank, is refused before anything is sent. Pure: the last successful run's
 * summary (`ExportBaseline`) and this run's desired state in, findings out. Reading and writing the
 * baseline is the history's (`src/history/baseline.ts`); the words are the view's.
 */
import { EMPLOYEE_FIELDS, EMPLOYEE_KEY_COLUMNS, UNIT_FIELDS, USER_FIELDS } from '../model/fields.js';
import type { Department, Employee, Organisation, Team, User } from '../model/organisation.js';
import type { Managed } from '../validate/types.js';

/** The limits of the configuration (`guardLimits`), each with its default. */
export interface GuardLimits {
  /** Most employees that may go missing, as a share of the last run's active employees (default 10). */
  maxEmployeeLossPercent?: number;
  /** ... but never fewer than this many (default 5); the same floor applies to cleared values. */
  minEmployeeLoss?: number;
  /** Most values of one column that may turn blank, as a share of those filled last time (default 10). */
  maxClearedPercent?: number;
}

export const DEFAULT_GUARD_LIMITS: Required<GuardLimits> = { maxEmployeeLossPercent: 10, minEmployeeLoss: 5, maxClearedPercent: 10 };

/**
 * What one sheet looked like last time: which optional columns it had and which of its rows had a value
 * in each, as one character per row of the sheet's ids ('1' filled, '0' not): a string per column, not a
 * list of ids, keeps the summary of 100,000 rows small and quick to read and write.
 */
interface SheetBaseline {
  columns: string[];
  /** Column → a flag per row of the sheet's ids (employees: `active`; organisation: `units`). */
  filled: Record<string, string>;
}

/**
 * A compact summary of the desired state of the last run that ended with exit 0, per kind the workbook
 * managed then (a kind a later run does not manage keeps its summary from before). No names, e-mails or
 * other personal data beyond ids.
 */
export interface ExportBaseline {
  version: 2;
  /** When and from which run it was taken. */
  runId: string;
  employees?: SheetBaseline & { active: string[] };
  organisation?: SheetBaseline & {
    /** `department:ID` and `team:ID`, the rows of the sheet's flags. */
    units: string[];
    /** Department id → parent id (null: the top department). */
    departments: Record<string, string | null>;
    /** Team id → its department. */
    teams: Record<string, string>;
  };
}

/** The first format (ids listed per filled column), as baselines written before version 2 hold it. */
interface SheetBaselineV1 {
  columns: string[];
  filled: Record<string, string[]>;
}
export interface ExportBaselineV1 {
  version: 1;
  runId: string;
  employees?: SheetBaselineV1 & { active: string[] };
  organisation?: SheetBaselineV1 & { departments: Record<string, string | null>; teams: Record<string, string> };
}

export type GuardFinding =
  | { kind: 'employees_missing'; before: number; now: number; missing: string[]; limit: number }
  | { kind: 'subtree_missing'; departmentId: string; units: string[] }
  | { kind: 'column_missing'; sheet: 'employees' | 'organisation'; column: string }
  | { kind: 'values_cleared'; sheet: 'employees' | 'organisation'; column: string; filledBefore: number; cleared: string[]; limit: number };

/**
 * A row of a sheet as the guard reads it: an employee with its person, or a unit. Resolved once per
 * sheet, so each column is a pass over an array, not two map lookups per row and column (a 100,000-row
 * export has six such columns, compared and summarised on every run).
 */
interface EmployeeRow {
  employee: Employee;
  user: User | undefined;
}
type UnitRow = Department | Team;
type Column<Row> = { name: string; valueOf: (row: Row) => unknown };

const activeEmployees = (org: Organisation) => {
  const ids: string[] = [];
  for (const e of org.employees.values()) if (e.status === 'active') ids.push(e.id);
  return ids;
};
const employeeRow = (org: Organisation, id: string): EmployeeRow | undefined => {
  const employee = org.employees.get(id);
  return employee ? { employee, user: org.users.get(employee.userId) } : undefined;
};

/** The optional value fields of the field table: the columns a sheet may have or not. */
const optional = <F extends { required: boolean | 'except_top' }>(fields: readonly F[]) =>
  fields.filter((field) => field.required === false);

/** The optional columns whose presence the desired state shows (`undefined` = column absent), in sheets.md's names; their rows are the active employees. */
const EMPLOYEE_COLUMNS: Column<EmployeeRow>[] = [
  ...optional(USER_FIELDS).map(({ column, key }) => ({ name: column, valueOf: (r: EmployeeRow) => r.user?.[key] })),
  ...optional(EMPLOYEE_FIELDS).map(({ column, key }) => ({ name: column, valueOf: (r: EmployeeRow) => r.employee[key] })),
  { name: EMPLOYEE_KEY_COLUMNS.team_id.column, valueOf: (r) => r.employee.teamId },
];

const unitKey = (kind: 'department' | 'team', id: string) => `${kind}:${id}`;
const unitsOf = (org: Organisation) => [
  ...[...org.departments.keys()].map((id) => unitKey('department', id)),
  ...[...org.teams.keys()].map((id) => unitKey('team', id)),
];
const unitRows = (org: Organisation): UnitRow[] => [...org.departments.values(), ...org.teams.values()];
/** The organisation sheet's columns; their rows are `unitsOf`. */
const ORGANISATION_COLUMNS: Column<UnitRow>[] = optional(UNIT_FIELDS).map(({ column, key }) => ({
  name: column,
  valueOf: (unit: UnitRow) => unit[key],
}));

const FILLED = '1';
const isFilled = (value: unknown) => value !== undefined && value !== null && value !== '';

function sheetBaseline<Row>(rows: readonly Row[], columns: Column<Row>[]): SheetBaseline {
  const result: SheetBaseline = { columns: [], filled: {} };
  for (const column of columns) {
    const flags = new Array<string>(rows.length);
    let present = false;
    for (let i = 0; i < rows.length; i++) {
      const value = column.valueOf(rows[i]!);
      if (value !== undefined) present = true;
      flags[i] = isFilled(value) ? FILLED : '0';
    }
    if (!present) continue;
    result.columns.push(column.name);
    result.filled[column.name] = flags.join('');
  }
  return result;
}

/** The summary of this run's desired state to keep as the next run's baseline. */
export function baselineOf(desired: Organisation, managed: Managed, runId: string, previous: ExportBaseline | null): ExportBaseline {
  const baseline: ExportBaseline = { version: 2, runId };
  let employees = previous?.employees;
  if (managed.employees) {
    const active = activeEmployees(desired);
    const rows = active.map((id) => employeeRow(desired, id)!);
    employees = { ...sheetBaseline(rows, EMPLOYEE_COLUMNS), active };
  }
  if (employees) baseline.employees = employees;
  let organisation = previous?.organisation;
  if (managed.organisation) {
    organisation = {
      ...sheetBaseline(unitRows(desired), ORGANISATION_COLUMNS),
      units: unitsOf(desired),
      departments: Object.fromEntries([...desired.departments.values()].map((d) => [d.id, d.parentId])),
      teams: Object.fromEntries([...desired.teams.values()].map((t) => [t.id, t.departmentId])),
    };
  }
  if (organisation) baseline.organisation = organisation;
  return baseline;
}

/** A baseline of the first format in the current one: the same rows, columns and filled values. */
export function fromVersion1(old: ExportBaselineV1): ExportBaseline {
  const flagsOver = (ids: readonly string[], filled: Record<string, string[]>) =>
    Object.fromEntries(
      Object.entries(filled).map(([column, list]) => {
        const had = new Set(list);
        return [column, ids.map((id) => (had.has(id) ? FILLED : '0')).join('')];
      }),
    );
  const baseline: ExportBaseline = { version: 2, runId: old.runId };
  if (old.employees) baseline.employees = { ...old.employees, filled: flagsOver(old.employees.active, old.employees.filled) };
  if (old.organisation) {
    const { departments, teams } = old.organisation;
    const units = [
      ...Object.keys(departments).map((id) => unitKey('department', id)),
      ...Object.keys(teams).map((id) => unitKey('team', id)),
    ];
    // A unit with a value the records do not hold keeps its place, so nothing filled is lost.
    const known = new Set(units);
    for (const list of Object.values(old.organisation.filled))
      for (const key of list) {
        if (known.has(key)) continue;
        known.add(key);
        units.push(key);
      }
    baseline.organisation = { ...old.organisation, units, filled: flagsOver(units, old.organisation.filled) };
  }
  return baseline;
}

/** Old id → id now, through the export's previous ids (a renamed row is not missing). */
function idsNow(iterable: Iterable<{ id: string; previousId?: string }>): Map<string, string> {
  const entities = [...iterable];
  const now = new Map<string, string>();
  for (const e of entities) now.set(e.id, e.id);
  for (const e of entities) if (e.previousId !== undefined && !now.has(e.previousId)) now.set(e.previousId, e.id);
  return now;
}

function limitOf(total: number, percent: number, floor: number): number {
  return Math.max(floor, Math.floor((total * percent) / 100));
}

/**
 * Compares the export with the last successful run's. Only a sheet present in both is compared: an
 * export without the organisation sheet changes no unit, so it loses none.
 */
export function checkExport(
  baseline: ExportBaseline | null,
  desired: Organisation,
  managed: Managed,
  limits: GuardLimits = {},
): GuardFinding[] {
  if (!baseline) return [];
  const l = { ...DEFAULT_GUARD_LIMITS, ...definedOnly(limits) };
  const findings: GuardFinding[] = [];
  if (baseline.employees && managed.employees) {
    const before = baseline.employees.active;
    const active = activeEmployees(desired);
    // An export lists its people in the same order night after night: an id at its place of last time is
    // this row, with no lookup. Only the others are looked up, through the ids and previous ids of now.
    const samePlace = (i: number) => before[i] === active[i];
    let ids: Map<string, string> | undefined;
    const now = () => (ids ??= idsNow(desired.employees.values()));
    const missing = before.filter((id, i) => !samePlace(i) && !now().has(id));
    const limit = limitOf(before.length, l.maxEmployeeLossPercent, l.minEmployeeLoss);
    if (missing.length > limit) {
      findings.push({ kind: 'employees_missing', before: before.length, now: active.length, missing, limit });
    }
    const rowsNow = active.map((id) => employeeRow(desired, id)!);
    const beforeRowsNow = before.map((id, i) => {
      if (samePlace(i)) return rowsNow[i];
      const idNow = now().get(id);
      return idNow === undefined ? undefined : employeeRow(desired, idNow);
    });
    findings.push(...columnFindings('employees', baseline.employees, before, rowsNow, beforeRowsNow, EMPLOYEE_COLUMNS, l));
  }
  if (baseline.organisation && managed.organisation) {
    findings.push(...subtreeFindings(baseline.organisation, desired));
    const departments = idsNow(desired.departments.values());
    const teams = idsNow(desired.teams.values());
    const unitNow = (key: string): UnitRow | undefined => {
      const [kind, ...rest] = key.split(':');
      const id = (kind === 'department' ? departments : teams).get(rest.join(':'));
      if (id === undefined) return undefined;
      return kind === 'department' ? desired.departments.get(id) : desired.teams.get(id);
    };
    const units = baseline.organisation.units;
    findings.push(
      ...columnFindings('organisation', baseline.organisation, units, unitRows(desired), units.map(unitNow), ORGANISATION_COLUMNS, l),
    );
  }
  return findings;
}

function definedOnly(limits: GuardLimits): GuardLimits {
  return Object.fromEntries(Object.entries(limits).filter(([, v]) => v !== undefined)) as GuardLimits;
}

/**
 * before: the sheet last time, `beforeIds` the ids its flags are over and `beforeRowsNow` the row each
 * of them is now (undefined: gone); `rowsNow`: this export's rows of the sheet.
 */
function columnFindings<Row>(
  sheet: 'employees' | 'organisation',
  before: SheetBaseline,
  beforeIds: readonly string[],
  rowsNow: readonly Row[],
  beforeRowsNow: readonly (Row | undefined)[],
  columns: Column<Row>[],
  l: Required<GuardLimits>,
): GuardFinding[] {
  const findings: GuardFinding[] = [];
  for (const column of columns) {
    if (!before.columns.includes(column.name)) continue;
    if (!rowsNow.some((row) => column.valueOf(row) !== undefined)) {
      // An export without rows has no column to see; its missing rows are the finding.
      if (rowsNow.length > 0) findings.push({ kind: 'column_missing', sheet, column: column.name });
      continue;
    }
    const flags = before.filled[column.name] ?? '';
    let filledBefore = 0;
    const cleared: string[] = [];
    for (let i = 0; i < beforeIds.length; i++) {
      if (flags[i] !== FILLED) continue;
      filledBefore++;
      const row = beforeRowsNow[i];
      if (row !== undefined && column.valueOf(row) === null) cleared.push(beforeIds[i]!);
    }
    const limit = limitOf(filledBefore, l.maxClearedPercent, l.minEmployeeLoss);
    if (cleared.length > limit) {
      findings.push({ kind: 'values_cleared', sheet, column: column.name, filledBefore, cleared: cleared.map(plainId), limit });
    }
  }
  return findings;
}

/** `department:D1` → `D1` for people to read. */
function plainId(key: string): string {
  const colon = key.indexOf(':');
  return key.startsWith('department:') || key.startsWith('team:') ? key.slice(colon + 1) : key;
}

/** A department gone from the export with everything below it (at least one other unit): the highest such. */
function subtreeFindings(before: NonNullable<ExportBaseline['organisation']>, desired: Organisation): GuardFinding[] {
  const departmentsNow = idsNow(desired.departments.values());
  const teamsNow = idsNow(desired.teams.values());
  const children = new Map<string, string[]>();
  const teamsOf = new Map<string, string[]>();
  for (const [id, parent] of Object.entries(before.departments))
    if (parent !== null) children.set(parent, [...(children.get(parent) ?? []), id]);
  for (const [id, department] of Object.entries(before.teams)) teamsOf.set(department, [...(teamsOf.get(department) ?? []), id]);
  const lost = (id: string) => !departmentsNow.has(id);
  /** The units of the subtree, or null when any of them is still in the export. */
  const wholeSubtreeLost = (id: string): string[] | null => {
    if (!lost(id)) return null;
    const units = [id];
    for (const team of teamsOf.get(id) ?? []) {
      if (teamsNow.has(team)) return null;
      units.push(team);
    }
    for (const child of children.get(id) ?? []) {
      const below = wholeSubtreeLost(child);
      if (below === null) return null;
      units.push(...below);
    }
    return units;
  };
  const findings: GuardFinding[] = [];
  for (const [id, parent] of Object.entries(before.departments)) {
    const units = wholeSubtreeLost(id);
    // Named once, at the highest department whose whole subtree is gone.
    if (units !== null && parent !== null && parent in before.departments && wholeSubtreeLost(parent) !== null) continue;
    if (units !== null && units.length > 1) findings.push({ kind: 'subtree_missing', departmentId: id, units: units.slice(1) });
  }
  return findings;
}
