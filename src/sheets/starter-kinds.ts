/**
 * `map --init`: which kind each sheet of an export is, and its header row (exports.md "A starter profile
 * that guesses right"). The headers name the kind; the values decide between a people list and a unit
 * list (e-mail addresses, first and last names, hiring dates are people's); a file whose headers name no
 * column is still read, its first non-blank row taken as the header row, and said so.
 */
import { basename, extname } from 'node:path';
import { ALL_SHEET_KINDS, type SheetKind } from '../model/sheet-kind.js';
import { canonicalColumn, SHEETS, sheetKindFromName } from './columns.js';
import { READABLE_SHARE, type ValueChecks } from './column-values.js';
import type { SheetHead } from './read.js';
import type { PhysicalRow } from './sheet-source.js';

export interface Reading {
  kind: SheetKind;
  sheetName: string;
  /** Index of the header row among the head's rows. */
  header: number;
  score: number;
  /** No row names a column the importer knows: the first non-blank row is taken as the header row. */
  firstRow: boolean;
}

/**
 * The sheet's kind and header row: the row and kind whose headers name the most columns (a known header
 * counts twice a guess); a sheet's own name decides the kind when it names one, else a people list by its
 * values is the employees sheet. Null for an empty sheet.
 */
export function readHead(head: SheetHead, checks: ValueChecks, guesses: (kind: SheetKind, header: string) => boolean): Reading | null {
  if (head.rows.length === 0) return null;
  const named = sheetKindFromName(head.sheetName);
  let best: Reading | null = null;
  for (const [index, row] of head.rows.slice(0, 10).entries()) {
    for (const kind of named ? [named] : ALL_SHEET_KINDS) {
      let score = 0;
      for (const cell of row.cells) {
        if (!cell || cell.text === '') continue;
        if (canonicalColumn(kind, cell.text) !== null) score += 2;
        else if (guesses(kind, cell.text)) score += 1;
      }
      if (best === null || score > best.score) best = { kind, sheetName: head.sheetName, header: index, score, firstRow: false };
    }
  }
  // exports.md: any file with a header row is read; without a header the importer knows, its first row.
  if (best === null || best.score === 0)
    best = { kind: named ?? 'employees', sheetName: head.sheetName, header: 0, score: 0, firstRow: true };
  // The values tell a people list from a unit list; an absence or delegation list is told by its headers.
  if (named || (best.kind !== 'employees' && best.kind !== 'organisation')) return best;
  const byValues = kindByValues(head.rows[best.header]!, head.rows.slice(best.header + 1), checks);
  return byValues === null ? best : { ...best, kind: byValues };
}

/** Headers of a unit list's leader: e-mail addresses under them are the leaders', not the rows' own. */
const LEADER_COLUMNS = new Set(['owner', 'owner_email', 'owner_name']);
/** Columns only a people list has. */
const PEOPLE_COLUMNS = new Set(['first_name', 'last_name', 'birthday', 'hiring_date', 'leaving_date', 'employee_id']);
/** Columns only a unit list has. */
const UNIT_COLUMNS = new Set(['type', 'parent_id', 'unit_path', 'owner_email', 'owner_name']);

/**
 * A people list or a unit list, told by its values (exports.md): a column of e-mail addresses no leader
 * header names, or columns only people have (first and last name, birthday, hiring date), make a people
 * list; a unit list's own columns (a parent, a type, a path), with no such column, a unit list; null when
 * the values say nothing (the headers decide).
 */
export function kindByValues(headerRow: PhysicalRow, rows: readonly PhysicalRow[], checks: ValueChecks): SheetKind | null {
  let people = false;
  let units = false;
  for (const [index, cell] of headerRow.cells.entries()) {
    if (!cell || cell.text === '') continue;
    const asPerson = canonicalColumn('employees', cell.text);
    const asUnit = canonicalColumn('organisation', cell.text);
    if (asPerson !== null && PEOPLE_COLUMNS.has(asPerson) && asUnit === null) people = true;
    if (asUnit !== null && UNIT_COLUMNS.has(asUnit) && asPerson === null) units = true;
    if (asUnit !== null && LEADER_COLUMNS.has(asUnit)) continue;
    const texts = rows.map((row) => row.cells[index]?.text ?? '').filter((text) => text !== '');
    if (texts.length > 0 && texts.filter(checks.email).length >= texts.length * READABLE_SHARE) people = true;
  }
  if (people) return 'employees';
  return units ? 'organisation' : null;
}

/**
 * A sheet is placed as its kind when its name names the kind, or its headers (by name or by their words)
 * name a column the kind requires or stands in for one (first and last name for a person's name; a parent or a path on a unit
 * list): a lookup list of codes is none of the sheets.
 */
export function placeable(reading: Reading, head: SheetHead, guess: (kind: SheetKind, header: string) => string | undefined): boolean {
  if (sheetKindFromName(head.sheetName) === reading.kind) return true;
  const known = new Set<string>();
  for (const cell of head.rows[reading.header]?.cells ?? []) {
    const column = cell ? (canonicalColumn(reading.kind, cell.text) ?? guess(reading.kind, cell.text)) : undefined;
    if (column !== undefined) known.add(column);
  }
  const required = SHEETS[reading.kind].columns.filter((c) => c.required).map((c) => c.name);
  if (reading.kind !== 'placements' && required.some((column) => known.has(column))) return true;
  // A placements file by its headers: a person, a unit and a date (an absence list has no unit).
  if (reading.kind === 'placements')
    return known.has('employee_id') && known.has('unit_id') && (known.has('start_date') || known.has('end_date'));
  if (reading.kind === 'employees') return known.has('first_name') && known.has('last_name');
  return reading.kind === 'organisation' && ['unit_path', 'level_1', 'parent_id'].some((column) => known.has(column));
}

/**
 * The `file` a section names: a CSV file's name, a workbook sheet's name; a run of four or more digits
 * (a date, a number the export system counts up) becomes `*`, so next month's export is read too.
 */
export function fileRuleOf(head: SheetHead): string {
  const workbook = ['.xlsx', '.xlsm'].includes(extname(head.file).toLowerCase());
  const name = workbook ? head.sheetName : basename(head.file);
  return name.replace(/\d{4,}/g, '*').replace(/[[\]{}()!?]/g, '*');
}
