/**
 * Validation: reads every sheet's rows once, as they stream in, builds the desired organisation and
 * collects every problem (sheets.md "Errors"). Checks that need more than one row keep only compact
 * indexes (ids, e-mails, usernames) besides the entities themselves; cross-sheet references are checked
 * after the last sheet, because sheets may come in any order.
 */
import type { ProposedRename } from '../model/organisation.js';
import type { Issue } from '../model/issue.js';
import type { SheetKind } from '../model/sheet-kind.js';
import { emptyOrganisation, type Employee, type Organisation } from '../model/organisation.js';
import { SHEETS, missingRequired } from '../sheets/columns.js';
import type { InputReading, RawRow, RawSheet } from '../sheets/types.js';
import { isTemplateExample } from './template-example.js';
import { checkAbsences, readAbsenceRow, type AbsenceRows } from './absence.js';
import { IssueCollector, type SheetMeta } from './collector.js';
import { RowCursor } from './cursor.js';
import { TrimmedCells } from './trimmed.js';
import { LookalikeColumns } from './lookalike-columns.js';
import { checkDelegations, readDelegationRow, type DelegationRow } from './delegations.js';
import { newEmployeeRowsState, readEmployeeRow } from './employees.js';
import { checkOrganisation, newOrganisationRowsState, readOrganisationRow } from './organisation.js';
import { newExportShapesState, readExportUnitRow, resolveExportShapes } from './export-shapes.js';
import { joinPlacements, newPlacementRows, readPlacementRow } from './placements.js';
import { References } from './references.js';
import { resolveUnitNames } from './units-by-name.js';
import { checkServiceRules } from './service-rules.js';
import type { Managed, ValidateOptions, ValidationResult } from './types.js';
import { localToday } from './values.js';
import { VALUE_READERS, type FieldValueKind } from './value-readers.js';
import { EMPLOYEE_FIELDS, UNIT_FIELDS, USER_FIELDS } from '../model/fields.js';
import { assertNever } from '../assert-never.js';
import { validateSheetWords } from '../words/validate-sheets.js';

export type { CurrentView, Managed, SheetSeen, ValidateOptions, ValidationResult } from './types.js';
export { checkDepartmentTree, topologicalOrder, type TreeNode } from './tree.js';
export type { Issue, ErrorCode, WarningCode } from '../model/issue.js';
export { hasErrors } from '../model/issue.js';

export async function validate(reading: InputReading, options: ValidateOptions = {}): Promise<ValidationResult> {
  const api = options.api ?? 'v3';
  const issues = new IssueCollector();
  const org = emptyOrganisation();
  const shapes = newExportShapesState(options.pathSeparator);
  const employeeState = newEmployeeRowsState(api, options.today ?? localToday(), shapes);
  const organisationState = newOrganisationRowsState(api);
  const absenceRows: AbsenceRows = { periods: [], undated: [] };
  const delegationRows: DelegationRow[] = [];
  const placementRows = newPlacementRows();
  const incomplete = { employees: false, organisation: false };
  let treeColumnsPresent = true;

  for await (const sheet of reading.sheets) {
    const first = issues.firstSheetOf(sheet.kind);
    if (first) {
      await refuseSecondSheet(first, sheet, issues);
      continue;
    }
    const meta = issues.addSheet(sheet);
    checkColumns(meta, issues, api, reading.issues);
    const has = (column: string) => meta.headers.has(column);
    if (meta.kind === 'employees' && !has('employee_id')) incomplete.employees = true;
    // exports.md: without `type` a plain unit tree (id, parent_id), or units named by their paths.
    const path = has('unit_path') || has('level_1');
    if (meta.kind === 'organisation' && !path && !has('id')) incomplete.organisation = true;
    if (meta.kind === 'organisation' && !path && !(has('id') && has('parent_id'))) treeColumnsPresent = false;
    if (meta.kind === 'employees' && !has('user_id') && options.current) {
      // Without a user_id column an existing employee keeps the person the service has: the rows need
      // the service's employees before they can be read (only then; otherwise they stream meanwhile).
      employeeState.serviceUserOf = (await options.current).userOf;
    }
    const cursor = new RowCursor(meta, issues, options.dateOrder, options.today ?? localToday());
    let rows = 0;
    const trimmed = new TrimmedCells();
    const lookalikes = new LookalikeColumns(meta);
    let example: RawRow | undefined;
    const readRow = (row: RawRow) => {
      cursor.at(row);
      trimmed.note(row);
      lookalikes.note(row);
      switch (meta.kind) {
        case 'employees':
          readEmployeeRow(cursor, org, employeeState);
          break;
        case 'organisation':
          if (meta.headers.has('type')) readOrganisationRow(cursor, org, organisationState);
          else readExportUnitRow(cursor, shapes);
          break;
        case 'absence':
          readAbsenceRow(cursor, absenceRows);
          break;
        case 'delegations':
          readDelegationRow(cursor, delegationRows, api);
          break;
        case 'placements':
          readPlacementRow(cursor, placementRows);
          break;
        default:
          assertNever(meta.kind);
      }
    };
    for await (const row of sheet.rows) {
      rows++;
      // The template's example row waits: it is imported only when it is the sheet's one row (a fresh template).
      if (example === undefined && isTemplateExample(meta.kind, row)) example = row;
      else readRow(row);
    }
    if (example) reportExample(example, rows, meta, issues, readRow);
    meta.rows = rows;
    trimmed.report(meta, issues);
    lookalikes.report(issues);
  }

  const managed = managedKinds(issues.sheets);
  checkRequiredSheets(
    issues,
    managed,
    reading.issues.some((i) => i.code === 'ignored_sheet'),
  );
  // The service's state is needed only from here on: a caller may still be reading it while rows stream.
  const current = await options.current;
  const proposedRenames: ProposedRename[] = [];
  // exports.md: people placed through another file get their units and leader roles from it.
  joinPlacements(org, placementRows, shapes, employeeState.unitsWritten, issues);
  const unitNamesResolved = resolveUnitNames(org, shapes.plainUnits, current, issues, employeeState.unitsWritten);
  // Employees placed by their units' paths, or whose unit was a name, are in units their rows did not write.
  const unitsAsWritten = !unitNamesResolved && shapes.employeePaths.size === 0 ? employeeState.unitsWritten : undefined;
  if (resolveExportShapes(org, shapes, organisationState, current, issues, options.acceptRenames ?? false, proposedRenames, options.root))
    managed.organisation = true;
  // Only a row with a previous_employee_id renames an employee: without one, the 100,000 are not gone through for renames.
  const renamedEmployees =
    employeeState.previousIds.size === 0 ? [] : [...org.employees.values()].filter((e) => e.previousId !== undefined);
  const refs = new References(org, current, issues, incomplete, renamedEmployees);
  if (managed.organisation) {
    checkOrganisation(org, organisationState, refs, issues, current, treeColumnsPresent);
  }
  checkEmployeeTeams(org, refs, issues, unitsAsWritten);
  checkRenamesDoNotCollide(org, issues, renamedEmployees);
  checkServiceRules(org, current, issues);
  org.absences = checkAbsences(absenceRows, org, refs, issues, current);
  org.delegations = checkDelegations(delegationRows, refs, issues);

  return {
    desired: org,
    issues: issues.sorted(reading.issues),
    sheetsSeen: issues.sheets.map(({ kind, sheetName, file, rows }) => ({ kind, sheetName, file, rows })),
    managed,
    proposedRenames,
  };
}

/**
 * A second sheet of a kind already read: which of the two is meant cannot be guessed, so neither is
 * imported (an error) and the second one's rows are not read into the organisation.
 */
async function refuseSecondSheet(first: SheetMeta, sheet: RawSheet, issues: IssueCollector): Promise<void> {
  const second = issues.addSheet(sheet);
  const where = (meta: SheetMeta) => (meta.file === second.file ? `"${meta.sheetName}"` : `"${meta.sheetName}" (${meta.file})`);
  issues.error(
    second,
    null,
    null,
    'duplicate_sheet',
    validateSheetWords().duplicateSheet(where(first), where(second), SHEETS[sheet.kind]),
    null,
  );
  let rows = 0;
  for await (const row of sheet.rows) if (row) rows++;
  second.rows = rows;
}

function reportExample(row: RawRow, rows: number, meta: SheetMeta, issues: IssueCollector, readRow: (row: RawRow) => void): void {
  if (rows > 1) {
    issues.error(meta, row.row, null, 'template_example', validateSheetWords().exampleAboveOwnRows(row.row), null);
    return;
  }
  readRow(row);
  issues.warning(meta, row.row, null, 'template_example', validateSheetWords().exampleAlone(row.row), null);
}

/**
 * parent_id is required on every row but the top department's, so a sheet without the column cannot work
 * (unless its units are named by their paths, exports.md).
 */
function missingColumns(meta: SheetMeta): string[] {
  const known = new Set(meta.headers.keys());
  const missing = missingRequired(meta.kind, known);
  const path = known.has('unit_path') || known.has('level_1');
  if (meta.kind === 'organisation' && known.has('type'))
    missing.unshift(...['type', 'id', 'name'].filter((c) => !known.has(c) && !missing.includes(c)));
  if (meta.kind === 'organisation' && !path && !known.has('parent_id')) missing.push('parent_id');
  return missing;
}

function checkColumns(meta: SheetMeta, issues: IssueCollector, api: 'v3' | 'v2', readerIssues: readonly Issue[]): void {
  // A column the profile names under a header the sheet lacks was reported by the reader, with the header.
  const reported = (column: string) =>
    readerIssues.some((i) => i.code === 'missing_column' && i.column === column && i.sheetName === meta.sheetName && i.file === meta.file);
  for (const column of missingColumns(meta).filter((c) => !reported(c))) {
    const spec = SHEETS[meta.kind].columns.find((c) => c.name === column);
    issues.error(
      meta,
      null,
      column,
      'missing_column',
      validateSheetWords().missingColumn(meta.sheetName, { english: spec?.english ?? column, danish: spec?.danish ?? column }, column),
      null,
    );
  }
  if (api === 'v2') {
    for (const field of VALUE_FIELDS_OF[meta.kind]) {
      if ('v2' in field.wire || !meta.headers.has(field.column)) continue;
      const ignored = VALUE_READERS[field.value].ignoredOnV2?.() ?? validateSheetWords().v2HasNoField(field.column);
      issues.warning(meta, null, field.column, 'ignored_column', ignored, null);
    }
  }
}

/** The value fields each sheet reads, by table: a column of one that API version 2 lacks is ignored there, and said. */
const VALUE_FIELDS_OF: Record<SheetKind, readonly { column: string; value: FieldValueKind; wire: object }[]> = {
  employees: [...USER_FIELDS, ...EMPLOYEE_FIELDS],
  organisation: UNIT_FIELDS,
  absence: [],
  delegations: [],
  placements: [],
};

function managedKinds(sheets: readonly SheetMeta[]): Managed {
  const seen = new Set(sheets.map((s) => s.kind));
  return {
    employees: seen.has('employees'),
    organisation: seen.has('organisation'),
    absence: seen.has('absence'),
    delegations: seen.has('delegations'),
  };
}

/**
 * The employees sheet is required unless only absence is imported: the input's recognised sheets are
 * absence sheets and nothing else. Then the employees are looked up in the service.
 */
function checkRequiredSheets(issues: IssueCollector, managed: Managed, sheetsIgnored: boolean): void {
  const onlyAbsence = managed.absence && !managed.organisation && !managed.delegations;
  if (managed.employees || onlyAbsence) return;
  const files = new Set(issues.sheets.map((s) => s.file));
  const file = files.size === 1 ? [...files][0]! : null;
  issues.inputError('employees', 'missing_sheet', validateSheetWords().noEmployeesSheet(sheetsIgnored), file);
}

/** `unitsAsWritten`: every employee's team is one of these, when known; all of them teams, the employees are not gone through. */
function checkEmployeeTeams(
  org: Organisation,
  refs: References,
  issues: IssueCollector,
  unitsAsWritten: ReadonlySet<string> | undefined,
): void {
  if (unitsAsWritten && [...unitsAsWritten].every((id) => refs.isTeamAsWritten(id))) return;
  for (const employee of org.employees.values()) {
    if (!employee.teamId || refs.isTeamAsWritten(employee.teamId)) continue;
    refs.team(issues.sheetOf(employee.source!), employee.source!.row, 'team_id', employee.teamId);
  }
}

/** A previous id that is also a current id in the same sheet would rename one entity onto another, unless that one is renamed too. */
function checkRenamesDoNotCollide(org: Organisation, issues: IssueCollector, renamedEmployees: readonly Employee[]): void {
  const groups = [
    { entities: org.employees, renamed: renamedEmployees, column: 'previous_employee_id', what: 'employee' },
    { entities: org.departments, renamed: org.departments.values(), column: 'previous_id', what: 'department' },
    { entities: org.teams, renamed: org.teams.values(), column: 'previous_id', what: 'team' },
  ] as const;
  for (const { entities, renamed, column, what } of groups) {
    for (const entity of renamed) {
      const holder = entity.previousId === undefined ? undefined : entities.get(entity.previousId);
      // A holder that is renamed too gives the id up: ids exchanged or passed round (the plan orders them).
      if (!holder || (holder.previousId !== undefined && holder.previousId !== holder.id)) continue;
      issues.error(
        issues.sheetOf(entity.source!),
        entity.source!.row,
        column,
        'duplicate_id',
        validateSheetWords().renameCollides(entity.previousId!, what, holder.source!.row),
        entity.previousId!,
      );
    }
  }
}
