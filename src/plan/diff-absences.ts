/**
 * The diff of absence periods against what the service holds (the ledger; on v2 also its sick list).
 * Where the service merges overlapping reports by its own rules (README "sickness absence": a report
 * overlapping a period updates it; its start moves later only when the same end date is sent), a
 * correction is planned as the requests those rules need. Periods the workbook no longer has are named:
 * the API cannot delete a period.
 */
import type { Absence } from '../model/organisation.js';
import type { DiffNote } from './diff-common.js';
import { absenceKey } from './diff-relations.js';
import { operation, type Operation } from '../model/operations.js';
import { planReasonWords } from '../words/plan-reasons.js';
import { planNoteWords } from '../words/plan-notes.js';

const OPEN = '9999-12-31';

export interface ReportedPeriod {
  employeeId: string;
  startDate: string;
  endDate: string | null;
  /** The workbook row that reported it ("Absence row 4"), when known. */
  from?: string;
}

export interface AbsencePlanOptions {
  /** The service's merge rules apply (v3): corrections take the requests those rules need. */
  merge: boolean;
}

const overlaps = (a: { startDate: string; endDate: string | null }, b: { startDate: string; endDate: string | null }) =>
  a.startDate <= (b.endDate ?? OPEN) && b.startDate <= (a.endDate ?? OPEN);

export function planAbsences(
  absences: readonly Absence[],
  reported: readonly ReportedPeriod[],
  ops: Operation[],
  notes: DiffNote[],
  options: AbsencePlanOptions,
): void {
  const w = planReasonWords();
  const notesWords = planNoteWords();
  const byKey = new Map(reported.map((p) => [absenceKey(p.employeeId, p.startDate), p]));
  // Each employee's periods, in the order reported: looked up per absence, not searched for in all of them.
  const byEmployee = new Map<string, ReportedPeriod[]>();
  for (const p of reported) {
    const periods = byEmployee.get(p.employeeId);
    if (periods) periods.push(p);
    else byEmployee.set(p.employeeId, [p]);
  }
  const accounted = new Set<ReportedPeriod>();
  const report = (absence: Absence, fields: { startDate: string; endDate: string | null; keepsStart?: string }, step: string | undefined, reason: string) => {
    ops.push(operation({
      type: 'reportAbsence',
      employeeId: absence.employeeId,
      ...fields,
      reason,
      source: absence.source,
    }, step));
  };
  for (const absence of absences) {
    const wanted = { startDate: absence.startDate, endDate: absence.endDate };
    const same = byKey.get(absenceKey(absence.employeeId, absence.startDate));
    const touched = (byEmployee.get(absence.employeeId) ?? []).filter((p) => p === same || overlaps(p, absence));
    for (const p of touched) accounted.add(p);
    if (same && same.endDate === absence.endDate) continue;
    if (same) {
      report(absence, wanted, undefined, w.endDate(same.endDate, absence.endDate));
      continue;
    }
    const held = touched[0];
    if (!options.merge || held === undefined) {
      report(absence, wanted, undefined, absence.endDate === null ? w.sickFrom(absence.startDate) : w.sick(absence.startDate, absence.endDate));
      continue;
    }
    if (touched.length > 1) {
      notes.push({
        message: notesWords.overlapsPeriods(
          absence.employeeId,
          notesWords.period(absence.startDate, absence.endDate),
          touched.map((p) => notesWords.period(p.startDate, p.endDate)),
        ),
        source: absence.source,
      });
      continue;
    }
    if (held.startDate > absence.startDate) {
      // An earlier start always moves; the end moves when one is sent.
      report(absence, wanted, undefined, w.correctEarlierStart({ start: held.startDate, end: held.endDate }, { start: absence.startDate, end: absence.endDate }));
      continue;
    }
    if (held.endDate !== null) {
      // The start moves later only when the same end date is sent: shorten first, then set the end.
      const extend = held.endDate !== absence.endDate;
      const heldPeriod = { start: held.startDate, end: held.endDate };
      report(absence, { startDate: absence.startDate, endDate: held.endDate }, extend ? 'shorten' : undefined, w.correctLaterStart(heldPeriod, absence.startDate));
      if (extend) report(absence, wanted, undefined, w.correctThenEnd(heldPeriod, absence.endDate));
      continue;
    }
    if (absence.endDate === null) {
      notes.push({
        message: notesWords.openStartCannotMoveLater(absence.employeeId, held.startDate, absence.startDate),
        source: absence.source,
      });
      continue;
    }
    // An open period: send the end first (the start stays), then the same end again, which moves the start.
    report(absence, { ...wanted, keepsStart: held.startDate }, 'end', w.correctOpenEndFirst(held.startDate, absence.endDate));
    report(absence, wanted, undefined, w.correctOpenStartAgain(held.startDate, absence.startDate));
  }
  for (const p of reported) {
    if (accounted.has(p)) continue;
    notes.push({
      message: notesWords.absenceNotInWorkbook(p.employeeId, notesWords.period(p.startDate, p.endDate), p.from),
    });
  }
}
