/**
 * People columns that exports use (exports.md): first + last name for `name`, a leaving date instead of a
 * status, a hiring date. "Today" is the run's date (`--today` for a rehearsal).
 */
import type { EmployeeStatus } from '../model/organisation.js';
import type { RowCursor } from './cursor.js';
import { parseStatus } from './values.js';
import { validateRowWords } from '../words/validate-rows.js';

/** The person's name: the `name` column, or without it first + " " + last, trimmed. */
export function readName(c: RowCursor): string | null {
  if (c.has('name') || !(c.has('first_name') || c.has('last_name'))) {
    return c.required('name', validateRowWords().nameEmpty);
  }
  const name = [c.text('first_name'), c.text('last_name')]
    .map((part) => part?.trim() ?? '')
    .filter((part) => part !== '')
    .join(' ');
  if (name !== '') return name;
  const column = c.has('first_name') ? 'first_name' : 'last_name';
  c.error(column, 'required', validateRowWords().firstAndLastNameEmpty, null);
  return null;
}

export interface Employment {
  status: EmployeeStatus;
  /** A hiring date after today: the row is not created yet. */
  notYetHired: boolean;
}

/**
 * The status from `status` and `leaving_date`: a leaving date on or before today is `left`, a later one
 * active (noted); both columns filled in and disagreeing is `conflicting_status`. A hiring date after
 * today keeps the row back, with a warning naming the date.
 */
export function readEmployment(c: RowCursor, today: string): Employment {
  const statusText = c.has('status') ? c.text('status') : null;
  let status: EmployeeStatus | undefined = statusText === null ? undefined : parseStatus(statusText);
  if (statusText !== null && status === undefined) {
    c.error('status', 'invalid_value', validateRowWords().unknownStatus(statusText));
    status = 'active';
  }
  const leaving = c.has('leaving_date') ? c.date('leaving_date') : null;
  if (leaving) {
    const fromDate: EmployeeStatus = leaving <= today ? 'fired' : 'active';
    if (status !== undefined && status !== fromDate) {
      c.error(
        'leaving_date',
        'conflicting_status',
        validateRowWords().conflictingStatus(leaving, fromDate === 'fired', today, statusText ?? ''),
      );
    } else if (fromDate === 'active') {
      c.warning('leaving_date', 'coming_leave', validateRowWords().comingLeave(leaving));
    }
    status ??= fromDate;
  }
  const hiring = c.has('hiring_date') ? c.date('hiring_date') : null;
  const notYetHired = hiring !== null && hiring !== undefined && hiring > today;
  if (notYetHired) {
    c.warning('hiring_date', 'not_yet_hired', validateRowWords().notYetHired(hiring, today));
  }
  return { status: status ?? 'active', notYetHired };
}
