/**
 * The absence sheet: one row per sickness absence period. A row alone can be checked for its dates; the
 * employee, their team and the other periods of the same employee are checked once every sheet is read.
 */
import type { Absence, Organisation, Source } from '../model/organisation.js';
import type { IssueCollector } from './collector.js';
import type { RowCursor } from './cursor.js';
import type { References } from './references.js';
import type { CurrentView } from './types.js';
import { nextDay } from './values.js';
import { validateRowWords } from '../words/validate-rows.js';

/** Absence rows read: periods with usable dates, and rows whose dates are not (their employee is still checked). */
export interface AbsenceRows {
  periods: Absence[];
  undated: { employeeId: string; source: Source }[];
}

export function readAbsenceRow(c: RowCursor, rows: AbsenceRows): void {
  const employeeId = c.required('employee_id', validateRowWords().absenceEmployeeEmpty);
  const startDate = c.date('start_date');
  if (startDate === null && c.has('start_date')) {
    c.error('start_date', 'required', validateRowWords().startDateEmpty, null);
  }
  const endDate = c.has('end_date') ? c.date('end_date') : null;
  if (employeeId === null) return;
  if (!startDate || endDate === undefined) {
    rows.undated.push({ employeeId, source: c.source() });
    return;
  }
  if (endDate !== null && endDate < startDate) {
    c.error('end_date', 'end_before_start', validateRowWords().endBeforeStart(endDate, startDate));
    rows.undated.push({ employeeId, source: c.source() });
    return;
  }
  rows.periods.push({ employeeId, startDate, endDate, source: c.source() });
}

/** Checks every period read and returns the ones to send: merged where back to back, skipped where the employee has left. */
export function checkAbsences(
  rows: AbsenceRows,
  org: Organisation,
  refs: References,
  issues: IssueCollector,
  current: CurrentView | undefined,
): Absence[] {
  // Every problem of a row is reported: a row with a bad date still has its employee checked.
  for (const row of rows.undated) checkEmployee(row, org, refs, issues, current);
  const byEmployee = new Map<string, { periods: Absence[]; reportable: boolean }>();
  for (const period of rows.periods) {
    const verdict = checkEmployee(period, org, refs, issues, current);
    if (verdict === 'skipped') continue;
    let entry = byEmployee.get(period.employeeId);
    if (!entry) byEmployee.set(period.employeeId, (entry = { periods: [], reportable: true }));
    entry.periods.push(period);
    entry.reportable &&= verdict === 'reportable';
  }
  const kept: Absence[] = [];
  for (const { periods, reportable } of byEmployee.values()) {
    // Overlaps are checked for every employee, also one in no team; only a reportable one's periods are sent.
    const merged: Absence[] = [];
    mergeEmployeePeriods(periods, issues, merged);
    if (reportable) kept.push(...merged);
  }
  return kept;
}

/** skipped: the employee has left (a warning); refused: an error on the row's employee_id. */
function checkEmployee(
  period: { employeeId: string; source?: Source },
  org: Organisation,
  refs: References,
  issues: IssueCollector,
  current: CurrentView | undefined,
): 'reportable' | 'refused' | 'skipped' {
  const meta = issues.sheetOf(period.source!);
  const row = period.source!.row;
  const id = period.employeeId;
  const employee = org.employees.get(id);
  let inNoTeam: boolean;
  if (employee) {
    if (employee.status === 'fired') {
      issues.warning(meta, row, 'employee_id', 'skipped_absence', validateRowWords().absenceOfLeaver(id, employee.source!.sheetName), id);
      return 'skipped';
    }
    inNoTeam = employee.teamId === null || (employee.teamId === undefined && current !== undefined && !current.teamOf.get(id));
  } else {
    const resolution = refs.employee(meta, row, 'employee_id', id);
    if (resolution === 'unknown') return 'refused';
    inNoTeam = resolution === 'found' && !current?.teamOf.get(id);
  }
  if (inNoTeam) {
    issues.error(meta, row, 'employee_id', 'no_team', validateRowWords().absenceInNoTeam(id), id);
    return 'refused';
  }
  return 'reportable';
}

function describe(period: Absence): string {
  return validateRowWords().period(period.startDate, period.endDate);
}

/** One employee's periods in date order: overlaps are errors (on the later row), back-to-back periods merge. */
function mergeEmployeePeriods(list: Absence[], issues: IssueCollector, kept: Absence[]): void {
  list.sort((a, b) => (a.startDate < b.startDate ? -1 : a.startDate > b.startDate ? 1 : a.source!.row - b.source!.row));
  let merged: Absence | undefined;
  // The row whose end date is the merged period's end: the period a later one collides with.
  let lastPiece: Absence | undefined;
  for (const period of list) {
    if (!merged || !lastPiece) {
      merged = { ...period };
      lastPiece = period;
      kept.push(merged);
      continue;
    }
    if (merged.endDate === null || period.startDate <= merged.endDate) {
      reportOverlap(period, lastPiece, issues);
      continue;
    }
    if (period.startDate === nextDay(merged.endDate)) {
      merged.endDate = period.endDate;
      issues.warning(
        issues.sheetOf(period.source!),
        period.source!.row,
        'start_date',
        'merged_absence',
        validateRowWords().mergedAbsence(lastPiece.source!.row, describe(merged)),
        period.startDate,
      );
      lastPiece = period;
      continue;
    }
    merged = { ...period };
    lastPiece = period;
    kept.push(merged);
  }
}

function reportOverlap(period: Absence, other: Absence, issues: IssueCollector): void {
  const [later, earlier] = period.source!.row >= other.source!.row ? [period, other] : [other, period];
  const meta = issues.sheetOf(later.source!);
  const startsInside = later.startDate >= earlier.startDate;
  const column = startsInside || !meta.headers.has('end_date') ? 'start_date' : 'end_date';
  issues.error(
    meta,
    later.source!.row,
    column,
    'overlapping_absence',
    validateRowWords().overlappingAbsence(later.employeeId, describe(later), earlier.source!.row, describe(earlier)),
    column === 'start_date' ? later.startDate : later.endDate,
  );
}
