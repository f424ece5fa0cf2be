/**
 * The workbook's top department, found by a quick pass before the workbook is validated: a rehearsal
 * sandbox must exist (with the workbook's own top) before validation reads the service. The pass reads
 * the units as validation reads them: the organisation sheet's department without a parent, or the first
 * level of the first path (on unit or employee rows).
 */
import type { SheetKind } from '../model/sheet-kind.js';
import type { InputReading, RawRow, SheetColumn } from '../sheets/types.js';
import { derivedTopId, nameKey } from './derived-ids.js';
import { hasPathColumns, readPath, type PathRow } from './units-from-paths.js';
import { parseUnitType } from './values.js';

export interface UnitName {
  id: string;
  name: string;
}

/**
 * The top department of the workbook being read, or null when it has none, several, or names none: the
 * validation that follows says what is wrong, against the default top. An organisation sheet with parent
 * ids gives its one department without a parent. Paths give the first level of the first path
 * (validation takes that one as the top when no service says otherwise): its name, and the id a row
 * gives that level (a level-1 id column; for a path column, the row's id on a path of one level), else
 * the id derived from its name as exports.md says. `pathSeparator`: --path-separator or the profile's.
 */
export async function topDepartment(reading: InputReading, pathSeparator: string | undefined): Promise<UnitName | null> {
  const paths = new PathTop(pathSeparator);
  for await (const sheet of reading.sheets) {
    const has = (column: string) => sheet.columns.some((c) => c.canonical === column);
    const organisationTree = sheet.kind === 'organisation' && has('parent_id') && !hasPathColumns({ has });
    const pathSheet = (sheet.kind === 'organisation' || sheet.kind === 'employees') && hasPathColumns({ has });
    // Awaited inside the loop: leaving it first would close the workbook (and stop the reading thread of a
    // large one) under the rows still being read, a promise that never settles.
    if (organisationTree && !paths.found) return await parentlessDepartment(sheet.columns, sheet.rows);
    // One object per sheet, as the validator's: a path column's separator is detected once per sheet.
    const meta = { kind: sheet.kind };
    for await (const row of sheet.rows) {
      if (pathSheet) paths.read(row, meta, has);
      if (paths.settled) return paths.top();
    } // each sheet's rows are read before the next sheet
  }
  return paths.top();
}

async function parentlessDepartment(columns: readonly SheetColumn[], rows: AsyncIterable<RawRow>): Promise<UnitName | null> {
  const plainTree = !columns.some((column) => column.canonical === 'type');
  const tops: UnitName[] = [];
  const ids = new Set<string>();
  const parents = new Set<string>();
  for await (const row of rows) {
    const type = row.cells.get('type')?.text;
    const id = row.cells.get('id')?.text;
    const parent = row.cells.get('parent_id')?.text;
    if (id) ids.add(id);
    if (parent) parents.add(parent);
    // Without a type column the sheet is a plain unit tree (exports.md): its one unit without a parent is the top.
    const department = plainTree || (type !== undefined && parseUnitType(type) === 'department');
    if (!id || !department || parent) continue;
    tops.push({ id, name: row.cells.get('name')?.text || id });
  }
  if (tops.length === 1) return tops[0]!;
  // exports.md: a plain tree that leaves the company out names it as the one parent no row defines.
  const undefinedParents = [...parents].filter((parent) => !ids.has(parent));
  return plainTree && tops.length === 0 && undefinedParents.length === 1 ? { id: undefinedParents[0]!, name: undefinedParents[0]! } : null;
}

/**
 * The first path's first level, and the first id a row gives it, as the validator's path tree keeps them
 * (units-from-paths.ts): rows are read until that id is found, or at once when no column can give one.
 */
class PathTop {
  private name: string | null = null;
  private id: string | null = null;
  private canGiveId = false;
  private readonly separators = new Map<object, string>();

  constructor(private readonly separator: string | undefined) {}

  get found(): boolean {
    return this.name !== null;
  }

  get settled(): boolean {
    return this.name !== null && (this.id !== null || !this.canGiveId);
  }

  read(raw: RawRow, meta: { kind: SheetKind }, has: (column: string) => boolean): void {
    const lastIdColumn = meta.kind === 'organisation' ? 'id' : 'unit_id';
    this.canGiveId ||= has('level_1_id') || (has('unit_path') && has(lastIdColumn));
    const row: PathRow = { meta, has, text: (column) => cellText(raw, column), error: () => {} };
    const path = readPath(row, this.separators, this.separator, has(lastIdColumn) ? cellText(raw, lastIdColumn) : null);
    if (!path) return;
    this.name ??= path.names[0]!;
    if (nameKey(path.names[0]!) === nameKey(this.name)) this.id ??= path.ids[0] ?? null;
  }

  top(): UnitName | null {
    if (this.name === null) return null;
    return { id: this.id ?? derivedTopId(this.name), name: this.name };
  }
}

/** A cell's text as the validator's cursor reads it: blank and spreadsheet errors are no text. */
function cellText(row: RawRow, column: string): string | null {
  const cell = row.cells.get(column);
  return cell === undefined || cell.text === '' || cell.type === 'error' ? null : cell.text;
}
