/** Builds RawSheets and readings in memory, the way the readers hand them over. */
import type { SheetKind } from '../../src/model/sheet-kind.js';
import type { InputReading, RawCell, RawRow, RawSheet } from '../../src/sheets/types.js';
import type { Issue } from '../../src/model/issue.js';
import { validate, type ValidateOptions, type ValidationResult } from '../../src/validate/index.js';

/** A cell: plain text, '' for blank, or a RawCell for a typed cell. */
export type CellInput = string | RawCell;

export interface SheetInput {
  kind: SheetKind;
  /** Canonical names; `Header as written=canonical` to give the header a different text. */
  columns: string[];
  rows: CellInput[][];
  sheetName?: string;
  file?: string;
  headerRow?: number;
}

export function dateCell(date: string): RawCell {
  return { text: date, type: 'date', date };
}

export function numberCell(text: string): RawCell {
  return { text, type: 'number' };
}

export function errorCell(text: string): RawCell {
  return { text, type: 'error' };
}

const DEFAULT_NAMES: Record<SheetKind, string> = {
  employees: 'Employees',
  organisation: 'Organisation',
  absence: 'Absence',
  delegations: 'Delegations',
  placements: 'Placements',
};

export function sheet(input: SheetInput): RawSheet {
  const columns = input.columns.map((spec, i) => {
    const [header, canonical] = spec.includes('=') ? (spec.split('=') as [string, string]) : [spec, spec];
    return { index: i + 1, header, canonical };
  });
  const headerRow = input.headerRow ?? 1;
  const rows: RawRow[] = input.rows.map((values, i) => {
    const cells = new Map<string, RawCell>();
    values.forEach((value, j) => {
      const column = columns[j];
      if (!column || value === '') return;
      cells.set(column.canonical, typeof value === 'string' ? { text: value, type: 'text' } : value);
    });
    return { row: headerRow + 1 + i, cells };
  });
  async function* stream(): AsyncGenerator<RawRow> {
    yield* rows;
  }
  return {
    file: input.file ?? 'book.xlsx',
    sheetName: input.sheetName ?? DEFAULT_NAMES[input.kind],
    kind: input.kind,
    headerRow,
    columns,
    rows: stream(),
  };
}

export function reading(...inputs: SheetInput[]): InputReading {
  async function* sheets(): AsyncGenerator<RawSheet> {
    for (const input of inputs) yield sheet(input);
  }
  return { sheets: sheets(), issues: [] };
}

export function run(inputs: SheetInput[], options: ValidateOptions = {}): Promise<ValidationResult> {
  return validate(reading(...inputs), { today: '2025-06-01', ...options });
}

export function errors(result: ValidationResult): Issue[] {
  return result.issues.filter((i) => i.severity === 'error');
}

export function warnings(result: ValidationResult): Issue[] {
  return result.issues.filter((i) => i.severity === 'warning');
}

/** The one error with this code; fails the test when there is not exactly one. */
export function onlyError(result: ValidationResult, code: string): Issue {
  const found = result.issues.filter((i) => i.code === code);
  if (found.length !== 1) {
    throw new Error(`expected one ${code}, got ${found.length}: ${JSON.stringify(result.issues, null, 1)}`);
  }
  return found[0]!;
}

export const EMPLOYEE_COLUMNS = ['employee_id', 'name', 'email', 'team_id'];
export const ORG_COLUMNS = ['type', 'id', 'name', 'parent_id'];

/** A valid organisation: top D0, department D1 below it, team T1 in D1. */
export function basicOrganisation(extraRows: CellInput[][] = []): SheetInput {
  return {
    kind: 'organisation',
    columns: ORG_COLUMNS,
    rows: [['department', 'D0', 'Company', ''], ['department', 'D1', 'Sales', 'D0'], ['team', 'T1', 'Sales team', 'D1'], ...extraRows],
  };
}

/** Employees E1 (Anna) and E2 (Bo), both in T1. */
export function basicEmployees(extraRows: CellInput[][] = [], columns = EMPLOYEE_COLUMNS): SheetInput {
  return {
    kind: 'employees',
    columns,
    rows: [['E1', 'Anna Berg', 'anna@firma.dk', 'T1'], ['E2', 'Bo Holm', 'bo@firma.dk', 'T1'], ...extraRows],
  };
}
