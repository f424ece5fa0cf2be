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
import type { OperationReason } from '../model/reasons.js';

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
  const byKey = new Map(reported.map((p) => [absenceKey(p.employeeId, p.startDate), p]));
  // Each employee's periods, in the order reported: looked up per absence, not searched for in all of them.
  const byEmployee = new Map<string, ReportedPeriod[]>();
  for (const p of reported) {
    const periods = byEmployee.get(p.employeeId);
    if (periods) periods.push(p);
    else byEmployee.set(p.employeeId, [p]);
  }
  const accounted = new Set<ReportedPeriod>();
  const report = (
    absence: Absence,
    fields: { startDate: string; endDate: string | null; keepsStart?: string },
    step: string | undefined,
    reason: OperationReason,
  ) => {
    ops.push(
      operation(
        {
          type: 'reportAbsence',
          employeeId: absence.employeeId,
          ...fields,
          reason,
          source: absence.source,
        },
        step,
      ),
    );
  };
  for (const absence of absences) {
    const wanted = { startDate: absence.startDate, endDate: absence.endDate };
    const same = byKey.get(absenceKey(absence.employeeId, absence.startDate));
    const touched = (byEmployee.get(absence.employeeId) ?? []).filter((p) => p === same || overlaps(p, absence));
    for (const p of touched) accounted.add(p);
    if (same && same.endDate === absence.endDate) continue;
    if (same) {
      report(absence, wanted, undefined, { code: 'end_date', was: same.endDate, now: absence.endDate });
      continue;
    }
    const held = touched[0];
    if (!options.merge || held === undefined) {
      report(
        absence,
        wanted,
        undefined,
        absence.endDate === null
          ? { code: 'sick_from', start: absence.startDate }
          : { code: 'sick', start: absence.startDate, end: absence.endDate },
      );
      continue;
    }
    if (touched.length > 1) {
      notes.push({
        reason: {
          code: 'overlaps_periods',
          employee: absence.employeeId,
          period: { start: absence.startDate, end: absence.endDate },
          held: touched.map((p) => ({ start: p.startDate, end: p.endDate })),
        },
        source: absence.source,
      });
      continue;
    }
    if (held.startDate > absence.startDate) {
      // An earlier start always moves; the end moves when one is sent.
      report(absence, wanted, undefined, {
        code: 'correct_earlier_start',
        held: { start: held.startDate, end: held.endDate },
        wanted: { start: absence.startDate, end: absence.endDate },
      });
      continue;
    }
    if (held.endDate !== null) {
      // The start moves later only when the same end date is sent: shorten first, then set the end.
      const extend = held.endDate !== absence.endDate;
      const heldPeriod = { start: held.startDate, end: held.endDate };
      report(absence, { startDate: absence.startDate, endDate: held.endDate }, extend ? 'shorten' : undefined, {
        code: 'correct_later_start',
        held: heldPeriod,
        start: absence.startDate,
      });
      if (extend) report(absence, wanted, undefined, { code: 'correct_then_end', held: heldPeriod, end: absence.endDate });
      continue;
    }
    if (absence.endDate === null) {
      notes.push({
        reason: { code: 'open_start_cannot_move_later', employee: absence.employeeId, from: held.startDate, start: absence.startDate },
        source: absence.source,
      });
      continue;
    }
    // An open period: send the end first (the start stays), then the same end again, which moves the start.
    report(absence, { ...wanted, keepsStart: held.startDate }, 'end', {
      code: 'correct_open_end_first',
      from: held.startDate,
      end: absence.endDate,
    });
    report(absence, wanted, undefined, { code: 'correct_open_start_again', from: held.startDate, start: absence.startDate });
  }
  for (const p of reported) {
    if (accounted.has(p)) continue;
    notes.push({
      reason: {
        code: 'absence_not_in_workbook',
        employee: p.employeeId,
        period: { start: p.startDate, end: p.endDate },
        ...(p.from ? { reportedFrom: p.from } : {}),
      },
    });
  }
}
