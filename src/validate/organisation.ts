/**
 * The organisation sheet: one row per department or team. Rows build the desired tree; once every sheet
 * is read, the tree is checked as a whole: parents and owners resolve, exactly one top department that
 * matches the service's, no loops.
 */
import { UNIT_FIELDS, type UnitFieldKey } from '../model/fields.js';
import type { Department, Organisation, Team } from '../model/organisation.js';
import type { IssueCollector, SheetMeta } from './collector.js';
import type { RowCursor } from './cursor.js';
import type { References } from './references.js';
import { checkDepartmentTree, describeLoop } from './tree.js';
import type { CurrentView } from './types.js';
import { parseUnitType } from './values.js';
import { fieldReads, readFields, type FieldRead, type FieldRule } from './value-readers.js';
import { validateUnitWords } from '../words/validate-units.js';

export interface OrganisationRowsState {
  api: 'v3' | 'v2';
  /** The value fields the sheet reads, worked out at its first row, and this row's values. */
  fields?: { meta: SheetMeta; reads: FieldRead[]; values: unknown[] };
  /** Departments without a parent, in row order: the top department and any extra ones. */
  parentless: Department[];
  /** previous_id → row, per kind, to keep renames unambiguous. */
  previousIds: { department: Map<string, number>; team: Map<string, number> };
  /** What is wrong with the top department was said already (an export's several units without a parent). */
  topReported?: boolean;
}

export function newOrganisationRowsState(api: 'v3' | 'v2'): OrganisationRowsState {
  return { api, parentless: [], previousIds: { department: new Map(), team: new Map() } };
}

const UNIT_RULES: { readonly [K in UnitFieldKey]?: FieldRule } = {
  name: { blank: () => validateUnitWords().unitNameEmpty },
};

/** The unit's value fields, as read from this row (undefined: no column). */
function readUnitFields(c: RowCursor, state: OrganisationRowsState): Pick<Department, UnitFieldKey> {
  if (state.fields?.meta !== c.meta) {
    state.fields = {
      meta: c.meta,
      reads: fieldReads(UNIT_FIELDS, c, state.api, UNIT_RULES),
      values: new Array<unknown>(UNIT_FIELDS.length).fill(undefined),
    };
  }
  readFields(c, state.fields.reads, state.fields.values);
  const fields: Record<string, unknown> = {};
  for (let i = 0; i < UNIT_FIELDS.length; i++) fields[UNIT_FIELDS[i]!.key] = state.fields.values[i];
  return fields as Pick<Department, UnitFieldKey>;
}

export function readOrganisationRow(c: RowCursor, org: Organisation, state: OrganisationRowsState): void {
  const typeText = c.required('type', validateUnitWords().typeEmpty);
  const kind = typeText === null ? undefined : parseUnitType(typeText);
  if (typeText !== null && kind === undefined) {
    c.error('type', 'invalid_value', validateUnitWords().unknownType(typeText));
  }
  const id = c.required('id', validateUnitWords().unitIdEmpty);
  const { name, ...values } = readUnitFields(c, state);
  const parentId = c.text('parent_id');
  const previousText = c.has('previous_id') ? c.text('previous_id') : null;
  if (kind === undefined || id === null) return;

  const existing: Map<string, Department | Team> = kind === 'department' ? org.departments : org.teams;
  if (existing.has(id)) {
    const first = existing.get(id)!.source?.row;
    c.error('id', 'duplicate_id', validateUnitWords().duplicateUnitId(kind, id, first));
    return;
  }
  let previousId: string | undefined;
  if (previousText !== null && previousText !== id) {
    const claimedBy = state.previousIds[kind].get(previousText);
    if (claimedBy === undefined) {
      state.previousIds[kind].set(previousText, c.row);
      previousId = previousText;
    } else {
      c.error('previous_id', 'duplicate_id', validateUnitWords().previousIdTaken(previousText, claimedBy));
    }
  }
  const source = c.source();
  if (kind === 'department') {
    const department: Department = { id, name: name ?? '', ...values, parentId, previousId, source };
    org.departments.set(id, department);
    if (parentId === null && c.has('parent_id')) state.parentless.push(department);
    return;
  }
  if (parentId === null && c.has('parent_id')) {
    c.error('parent_id', 'required', validateUnitWords().teamWithoutParent(id));
  }
  const team: Team = { id, name: name ?? '', ...values, departmentId: parentId ?? '', previousId, source };
  org.teams.set(id, team);
}

/** Whole-tree checks, once every sheet is read. `treeColumnsPresent`: false (type, id or parent_id missing) skips the tree checks. */
export function checkOrganisation(
  org: Organisation,
  state: OrganisationRowsState,
  refs: References,
  issues: IssueCollector,
  current: CurrentView | undefined,
  treeColumnsPresent: boolean,
): void {
  for (const unit of [...org.departments.values(), ...org.teams.values()]) {
    const meta = issues.sheetOf(unit.source!);
    const row = unit.source!.row;
    const isTeam = 'departmentId' in unit;
    const parent = isTeam ? unit.departmentId : unit.parentId;
    // A department that is its own parent is a loop of one, reported as a cycle below.
    if (parent !== null && parent !== '' && (isTeam || parent !== unit.id)) refs.department(meta, row, 'parent_id', parent);
    if (unit.owner) refs.activeEmployee(meta, row, 'owner', unit.owner, 'own');
  }
  if (!treeColumnsPresent) return;
  if (!state.topReported) checkTopDepartment(state, issues, current);
  for (const cycle of checkDepartmentTree(org.departments).cycles) {
    const loop = describeLoop(cycle.map((d) => d.id));
    for (const department of cycle) {
      const meta = issues.sheetOf(department.source!);
      issues.error(meta, department.source!.row, 'parent_id', 'cycle', validateUnitWords().cycle(loop), department.parentId);
    }
  }
}

function checkTopDepartment(state: OrganisationRowsState, issues: IssueCollector, current: CurrentView | undefined): void {
  const sheet = issues.firstSheetOf('organisation')!;
  if (state.parentless.length === 0) {
    issues.error(sheet, null, null, 'top_department', validateUnitWords().noTopDepartment(sheet.sheetName, current?.topDepartmentId), null);
    return;
  }
  // With a service, the department that matches the service's top is the top; the others are extra.
  const top = state.parentless.find((d) => d.id === current?.topDepartmentId) ?? state.parentless[0]!;
  for (const extra of state.parentless) {
    if (extra === top) continue;
    issues.error(
      issues.sheetOf(extra.source!),
      extra.source!.row,
      'parent_id',
      'top_department',
      validateUnitWords().secondTopDepartment(extra.id, top.id, top.source!.row),
      null,
    );
  }
  if (current && top.id !== current.topDepartmentId) {
    issues.error(
      issues.sheetOf(top.source!),
      top.source!.row,
      'id',
      'top_department',
      validateUnitWords().notServiceTopDepartment(top.id, current.topDepartmentId),
      top.id,
    );
  }
}
