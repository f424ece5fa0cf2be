/**
 * The tree as a path (exports.md): level columns (`level_1`, `level_2`, …) or one path column
 * (`unit_path`), on employee rows or unit rows. Each row's path is read at its cells; the paths together
 * make a tree of units keyed by their names compared case- and whitespace-insensitively, so a name that
 * repeats under different parents ("Administration" ×9) is a unit per parent. Ids come from the id
 * columns when the export has them, otherwise they are derived from the path below the top department.
 * No two units get one id: a tree of paths has no parent ids, so it can never be a loop (a derived id that
 * would meet another unit's takes the hash; an id column that gives a unit another unit's id is an error).
 */
import { MAX_PATH_LEVELS } from '../sheets/columns.js';
import type { Source } from '../model/organisation.js';
import type { IssueCollector, SheetMeta } from './collector.js';
import type { RowCursor } from './cursor.js';
import { derivedIds, derivedTopId, nameKey } from './derived-ids.js';
import type { CurrentView } from './types.js';
import { validateUnitWords } from '../words/validate-units.js';

/** The separators a path column is split by, in the order they are tried (exports.md). */
export const PATH_SEPARATORS = [' > ', '/', '\\', '|'] as const;

/** One row's path: the names from the top down, the ids the row gives (and their columns), the cell that holds the top. */
export interface PathCells {
  names: string[];
  ids: (string | null)[];
  idColumns: (string | null)[];
  topColumn: string;
}

/** A unit of the tree, as the rest of validation places it. */
export interface UnitSpec {
  id: string;
  name: string;
  parentId: string | null;
  source: Source;
  /** The id comes from the path, not from an id column (a rename moves it: rename proposals). */
  derived: boolean;
  /** The path's key in the tree (names compared as the contract says), when the unit comes from a path. */
  key?: string;
}

/**
 * What reading a path needs of a row: the validator's cursor, or a lighter reader of raw rows (the
 * rehearsal sandbox looks for the workbook's top department before validation starts).
 */
export type PathRow = Pick<RowCursor, 'has' | 'text' | 'error'> & { readonly meta: Pick<SheetMeta, 'kind'> };

export function hasPathColumns(c: Pick<PathRow, 'has'>): boolean {
  return c.has('unit_path') || c.has('level_1');
}

/**
 * The row's path; null when its path cells are blank, undefined when the path is wrong (reported at the
 * cell). `separators` keeps the separator detected in a sheet: one sheet uses one.
 */
export function readPath(
  c: PathRow,
  separators: Map<object, string>,
  given: string | undefined,
  lastId: string | null,
): PathCells | null | undefined {
  if (c.has('unit_path')) return readPathColumn(c, separators, given, lastId);
  const names: (string | null)[] = [];
  const ids: (string | null)[] = [];
  const idColumns: (string | null)[] = [];
  const columns: string[] = [];
  for (let n = 1; n <= MAX_PATH_LEVELS; n++) {
    if (!c.has(`level_${n}`)) continue;
    columns.push(`level_${n}`);
    names.push(c.text(`level_${n}`)?.trim() || null);
    ids.push(c.has(`level_${n}_id`) ? c.text(`level_${n}_id`) : null);
    idColumns.push(c.has(`level_${n}_id`) ? `level_${n}_id` : null);
  }
  let last = names.length - 1;
  while (last >= 0 && names[last] === null) last--;
  if (last < 0) return null;
  for (let i = 0; i < last; i++) {
    if (names[i] !== null) continue;
    c.error(columns[i]!, 'invalid_path', validateUnitWords().levelGap(i + 1, names[last]), null);
    return undefined;
  }
  return {
    names: names.slice(0, last + 1) as string[],
    ids: ids.slice(0, last + 1),
    idColumns: idColumns.slice(0, last + 1),
    topColumn: columns[0]!,
  };
}

function readPathColumn(
  c: PathRow,
  separators: Map<object, string>,
  given: string | undefined,
  lastId: string | null,
): PathCells | null | undefined {
  const text = c.text('unit_path');
  if (text === null) return null;
  let separator = given ?? separators.get(c.meta);
  if (separator === undefined) {
    separator = PATH_SEPARATORS.find((candidate) => text.includes(candidate.trim()));
    if (separator !== undefined) separators.set(c.meta, separator);
  }
  const parts = separator === undefined ? [text] : text.split(separator.trim() || separator);
  const names = parts.map((part) => part.replace(/\u00a0/g, ' ').trim());
  while (names.length > 0 && names[names.length - 1] === '') names.pop();
  while (names.length > 0 && names[0] === '') names.shift();
  if (names.length === 0) return null;
  const gap = names.indexOf('');
  if (gap >= 0) {
    c.error('unit_path', 'invalid_path', validateUnitWords().pathGap(gap + 1, text, separator?.trim()));
    return undefined;
  }
  const ids: (string | null)[] = names.map(() => null);
  ids[ids.length - 1] = lastId;
  // The last level's id is the row's own: `id` on a unit row, `unit_id` on an employee row (export-shapes.ts).
  const idColumns: (string | null)[] = names.map(() => null);
  idColumns[idColumns.length - 1] = c.meta.kind === 'organisation' ? 'id' : 'unit_id';
  return { names, ids, idColumns, topColumn: 'unit_path' };
}

interface PathNode {
  key: string;
  names: string[];
  parentKey: string | null;
  explicitId: string | null;
  /** The cell the explicit id was read from. */
  idCell?: { source: Source; column: string };
  source: Source;
}

/** Where a row's path starts: checked against the top department once the service is known. */
interface PathStart {
  topKey: string;
  source: Source;
  column: string;
  name: string;
}

/** Every path of the input, merged into one tree. */
export class PathTree {
  private readonly nodes = new Map<string, PathNode>();
  private readonly starts: PathStart[] = [];

  get size(): number {
    return this.nodes.size;
  }

  /** The key of each path already added without ids, by its names as written: most rows repeat a path. */
  private readonly seen = new Map<string, string>();

  /** Adds the row's path; answers the key of the unit the row names (its last level). */
  add(path: PathCells, source: Source): string {
    const written = path.ids.every((id) => id === null) ? path.names.join('\u0000') : undefined;
    const known = written === undefined ? undefined : this.seen.get(written);
    if (known !== undefined) {
      this.starts.push({ topKey: known.split('\u0000', 1)[0]!, source, column: path.topColumn, name: path.names[0]! });
      return known;
    }
    let parentKey: string | null = null;
    let key = '';
    for (const [i, name] of path.names.entries()) {
      key = i === 0 ? nameKey(name) : `${key}\u0000${nameKey(name)}`;
      let node = this.nodes.get(key);
      if (!node) {
        node = { key, names: path.names.slice(0, i + 1), parentKey, explicitId: null, source };
        this.nodes.set(key, node);
      }
      const id = path.ids[i];
      if (id && node.explicitId === null) {
        node.explicitId = id;
        node.idCell = { source, column: path.idColumns[i] ?? path.topColumn };
      }
      parentKey = key;
    }
    this.starts.push({ topKey: nameKey(path.names[0]!), source, column: path.topColumn, name: path.names[0]! });
    if (written !== undefined) this.seen.set(written, key);
    return key;
  }

  /**
   * The units, each with its id, or an `invalid_path` at every row whose first level is not the top
   * department (the service's, by id or name; offline the first row's). Answers the unit id of each key.
   */
  units(current: CurrentView | undefined, issues: IssueCollector): { units: UnitSpec[]; idOf: Map<string, string> } {
    const topKey = this.chooseTop(current);
    for (const start of this.starts) {
      if (start.topKey === topKey) continue;
      const top = current
        ? (current.departmentNames?.get(current.topDepartmentId) ?? current.topDepartmentId)
        : this.nodes.get(topKey!)?.names[0];
      issues.error(
        issues.sheetOf(start.source),
        start.source.row,
        start.column,
        'invalid_path',
        validateUnitWords().wrongPathStart(start.name, top, current !== undefined),
        start.name,
      );
    }
    const idOf = new Map<string, string>();
    if (topKey === null) return { units: [], idOf };
    const top = this.nodes.get(topKey)!;
    const topId = current?.topDepartmentId || top.explicitId || derivedTopId(top.names[0]!);
    idOf.set(topKey, topId);
    const given = this.givenIds(topKey, topId, issues);
    const below = new Map<string, string[]>();
    for (const node of this.nodes.values()) {
      if (node.parentKey !== null && isBelow(node.key, topKey) && !given.has(node.key)) below.set(node.key, node.names.slice(1));
    }
    const derived = derivedIds(below, new Set([topId, ...given.values()]));
    const units: UnitSpec[] = [];
    for (const node of this.nodes.values()) {
      if (node.key !== topKey && !isBelow(node.key, topKey)) continue;
      const id = idOf.get(node.key) ?? given.get(node.key) ?? derived.get(node.key)!;
      idOf.set(node.key, id);
      units.push({
        id,
        name: node.names[node.names.length - 1]!,
        parentId: node.parentKey === null ? null : idOf.get(node.parentKey)!,
        source: node.source,
        derived: !given.has(node.key) && node.key !== topKey,
        key: node.key,
      });
    }
    return { units, idOf };
  }

  /**
   * The ids the export's id columns give the units below the top, by key. An id the top department or an
   * earlier unit (in row order) already has is `duplicate_id` at its cell, and that unit's id is derived
   * instead, so the tree read stays a tree.
   */
  private givenIds(topKey: string, topId: string, issues: IssueCollector): Map<string, string> {
    const given = new Map<string, string>();
    const holders = new Map<string, PathNode>([[topId, this.nodes.get(topKey)!]]);
    for (const node of this.nodes.values()) {
      if (node.explicitId === null || !isBelow(node.key, topKey)) continue;
      const holder = holders.get(node.explicitId);
      if (holder !== undefined) {
        const cell = node.idCell!;
        const holderPath = holder.names.join(' > ');
        issues.error(
          issues.sheetOf(cell.source),
          cell.source.row,
          cell.column,
          'duplicate_id',
          validateUnitWords().pathIdTaken(node.explicitId, holderPath),
          node.explicitId,
        );
        continue;
      }
      holders.set(node.explicitId, node);
      given.set(node.key, node.explicitId);
    }
    return given;
  }

  private chooseTop(current: CurrentView | undefined): string | null {
    const tops = [...new Set(this.starts.map((s) => s.topKey))];
    if (!current) return tops[0] ?? null;
    const topName = current.departmentNames?.get(current.topDepartmentId);
    for (const key of tops) {
      const node = this.nodes.get(key)!;
      if (node.explicitId === current.topDepartmentId) return key;
      if (node.explicitId === null && topName !== undefined && nameKey(topName) === key) return key;
    }
    return null;
  }
}

function isBelow(key: string, topKey: string): boolean {
  return key.startsWith(`${topKey}\u0000`);
}
