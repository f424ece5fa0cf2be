/**
 * A small company as an HR system exports it every night (CSV sheets written here, by hand, not by the
 * reader), with the knobs the export guard's and undo's tests turn: rows left out, a subtree left out,
 * a column left out or blanked, owners, delegations, units closed.
 */
import { writeCsvSet } from './cli.js';

export interface ExportShape {
  /** How many employees (ids 101…), default 20. */
  employees?: number;
  /** Leave out department D2 with D21 and team T3 (their people move to T1). */
  withoutSubtree?: boolean;
  /** Leave out this column of the employees sheet. */
  withoutColumn?: string;
  /** Write this column of the employees sheet blank in every row. */
  blankColumn?: string;
  /** Numbered rows left out (by the id they were made with): leavers, fired by a run with --prune. */
  leavers?: string[];
  /** Rows to change after they are made: employee id → column → value. */
  edits?: Record<string, Record<string, string>>;
  /** Employees to add after the numbered ones: column → value. */
  extraEmployees?: Record<string, string>[];
  /**
   * Units to change (unit id → column → value) or add (type, id, name, parent_id). A new `id` adds a
   * `previous_id` column (the unit's own id, or `previous_id` when an earlier night renamed it already);
   * the renamed unit's members and the units below it follow it to the new id.
   */
  unitEdits?: Record<string, { id?: string; previous_id?: string; name?: string; parent_id?: string }>;
  extraUnits?: string[][];
  /** Rows of an absence sheet (employee_id, start_date, end_date). */
  absences?: string[][];
  /** An `owner` column on the organisation sheet: unit id → employee id (a unit not named: blank, it inherits). */
  owners?: Record<string, string>;
  /** Rows of a delegations sheet (unit_id, responsibility, employee_id). */
  delegations?: string[][];
  /** Units left out of the organisation sheet (a department closed, say). */
  withoutUnits?: string[];
}

const TEAMS = ['T1', 'T2', 'T3'];

export function nightlyExport(shape: ExportShape = {}, dir?: string): string {
  const unitId = (id: string) => shape.unitEdits?.[id]?.id ?? id;
  const organisation = [
    ['type', 'id', 'name', 'parent_id'],
    ['department', 'root', 'Company', ''],
    ['department', 'D1', 'Sales', 'root'],
    ['team', 'T1', 'Sales North', 'D1'],
    ['team', 'T2', 'Sales South', 'D1'],
    ...(shape.withoutSubtree
      ? []
      : [
          ['department', 'D2', 'Production', 'root'],
          ['department', 'D21', 'Assembly', 'D2'],
          ['team', 'T3', 'Assembly line', 'D21'],
        ]),
    ...(shape.extraUnits ?? []),
  ]
    .filter(([, id]) => !shape.withoutUnits?.includes(id!))
    .map(([type, id, name, parent], i) =>
      i === 0
        ? [type!, id!, name!, parent!]
        : [type!, id!, shape.unitEdits?.[id!]?.name ?? name!, shape.unitEdits?.[id!]?.parent_id ?? parent!],
    )
    .map((row, i) => (shape.owners ? [...row, i === 0 ? 'owner' : (shape.owners[row[1]!] ?? '')] : row))
    .map((row, i) => {
      if (!Object.values(shape.unitEdits ?? {}).some((edit) => edit.id !== undefined)) return row;
      if (i === 0) return [...row, 'previous_id'];
      const edit = shape.unitEdits?.[row[1]!];
      const parent = row[3] === '' ? '' : unitId(row[3]!);
      if (edit?.id === undefined) return [row[0]!, row[1]!, row[2]!, parent, ...row.slice(4), ''];
      return [row[0]!, edit.id, row[2]!, parent, ...row.slice(4), edit.previous_id ?? row[1]!];
    });
  const header = ['employee_id', 'previous_employee_id', 'name', 'email', 'gender', 'birthday', 'employment', 'team_id'];
  const rows: string[][] = [];
  for (let n = 0; n < (shape.employees ?? 20); n++) {
    const id = String(101 + n);
    if (shape.leavers?.includes(id)) continue;
    let team = TEAMS[n % TEAMS.length]!;
    if (shape.withoutSubtree && team === 'T3') team = 'T1';
    const row: Record<string, string> = {
      employee_id: id,
      name: `Person ${id}`,
      email: `p${id}@firma.dk`,
      gender: n % 2 === 0 ? 'f' : 'm',
      birthday: `19${70 + (n % 30)}-0${1 + (n % 9)}-1${n % 10}`,
      employment: `Job ${n % 4}`,
      team_id: team,
      ...shape.edits?.[id],
    };
    if (row.team_id) row.team_id = unitId(row.team_id);
    if (shape.blankColumn) row[shape.blankColumn] = '';
    rows.push(header.filter((c) => c !== shape.withoutColumn).map((c) => row[c] ?? ''));
  }
  for (const extra of shape.extraEmployees ?? []) rows.push(header.filter((c) => c !== shape.withoutColumn).map((c) => extra[c] ?? ''));
  const employees = [header.filter((c) => c !== shape.withoutColumn), ...rows];
  const sheets: Record<string, string[][]> = { employees, organisation };
  if (shape.absences) sheets.absence = [['employee_id', 'start_date', 'end_date'], ...shape.absences];
  if (shape.delegations) {
    sheets.delegations = [
      ['unit_id', 'responsibility', 'employee_id'],
      ...shape.delegations.map(([unit, ...rest]) => [unitId(unit!), ...rest]),
    ];
  }
  return writeCsvSet(sheets, dir);
}
