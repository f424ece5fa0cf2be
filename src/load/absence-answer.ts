/** An absence report's answer compared with what was asked: the service's merge rules may keep another period. */
import type { OperationOf } from '../model/operations.js';
import { loadWords } from '../words/load.js';

export function absenceMismatch(op: OperationOf<'reportAbsence'>, answered: { startDate: string; endDate: string | null }): string | null {
  const expectedStart = op.keepsStart ?? op.startDate;
  if (answered.startDate === expectedStart && answered.endDate === op.endDate) return null;
  return loadWords().absenceAnswerDiffers(
    op.employeeId,
    { start: answered.startDate, end: answered.endDate },
    { start: expectedStart, end: op.endDate },
  );
}
