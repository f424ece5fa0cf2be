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
const period = (start: string, end: string | null) => `${start} to ${end ?? 'open'}`;

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
      report(absence, wanted, undefined, `end date ${same.endDate ?? 'open'} → ${absence.endDate ?? 'open'}`);
      continue;
    }
    const held = touched[0];
    if (!options.merge || held === undefined) {
      report(absence, wanted, undefined, absence.endDate === null ? `sick from ${absence.startDate}, no end yet` : `sick ${absence.startDate} to ${absence.endDate}`);
      continue;
    }
    if (touched.length > 1) {
      notes.push({
        message: `Employee ${absence.employeeId}: the period ${period(absence.startDate, absence.endDate)} overlaps ${touched.length} periods the service holds (${touched.map((p) => period(p.startDate, p.endDate)).join(', ')}); the service refuses a report that overlaps two periods, so it is not sent. Correct the periods on the site.`,
        source: absence.source,
      });
      continue;
    }
    const correction = `corrects ${period(held.startDate, held.endDate)}`;
    if (held.startDate > absence.startDate) {
      // An earlier start always moves; the end moves when one is sent.
      report(absence, wanted, undefined, `${correction}: start ${held.startDate} → ${absence.startDate}, end ${held.endDate ?? 'open'} → ${absence.endDate ?? 'open'}`);
      continue;
    }
    if (held.endDate !== null) {
      // The start moves later only when the same end date is sent: shorten first, then set the end.
      const extend = held.endDate !== absence.endDate;
      report(absence, { startDate: absence.startDate, endDate: held.endDate }, extend ? 'shorten' : undefined, `${correction}: start ${held.startDate} → ${absence.startDate}, sent with the same end date ${held.endDate}, which is how the service moves a start later`);
      if (extend) report(absence, wanted, undefined, `${correction}: then end ${held.endDate} → ${absence.endDate ?? 'open'}`);
      continue;
    }
    if (absence.endDate === null) {
      notes.push({
        message: `Employee ${absence.employeeId}: the open period from ${held.startDate} cannot be moved to start later (${absence.startDate}) without an end date: the service moves a start later only when the same end date is sent. It stays as it is; correct it on the site, or give the row its end date.`,
        source: absence.source,
      });
      continue;
    }
    // An open period: send the end first (the start stays), then the same end again, which moves the start.
    report(absence, { ...wanted, keepsStart: held.startDate }, 'end', `${correction}: end open → ${absence.endDate} first (the service keeps the start ${held.startDate})`);
    report(absence, wanted, undefined, `${correction}: start ${held.startDate} → ${absence.startDate}, sent again with the same end date, which is how the service moves a start later`);
  }
  for (const p of reported) {
    if (accounted.has(p)) continue;
    notes.push({
      message: `The absence of employee ${p.employeeId} ${period(p.startDate, p.endDate)}${p.from ? ` (reported from ${p.from})` : ''} is no longer in the workbook, but the service still holds it: the API cannot delete an absence period. Remove it on the site if it was a mistake.`,
    });
  }
}
