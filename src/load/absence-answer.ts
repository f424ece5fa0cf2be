/** An absence report's answer compared with what was asked: the service's merge rules may keep another period. */
import type { OperationOf } from '../model/operations.js';

export function absenceMismatch(
  op: OperationOf<'reportAbsence'>,
  answered: { startDate: string; endDate: string | null },
): string | null {
  const expectedStart = op.keepsStart ?? op.startDate;
  if (answered.startDate === expectedStart && answered.endDate === op.endDate) return null;
  const period = (start: string, end: string | null) => `${start} to ${end ?? 'open'}`;
  return (
    `the service answered that it holds ${period(answered.startDate, answered.endDate)} for employee ${op.employeeId}, ` +
    `not ${period(expectedStart, op.endDate)} as expected: its rules for overlapping periods kept the other dates. ` +
    'The answer is recorded; the next run plans the requests that correct it, or the period must be corrected on the site'
  );
}
