/**
 * Sickness absence periods, with the rules of the service's public documentation (README "sickness
 * absence"): the employee must be in a team; a period overlapping one existing period updates it; a period
 * starting the day after a reported-fit period extends it; a period overlapping two is an error.
 */
import { ApiError, invalid, RESOURCE, type ResourceName } from '../errors.js';
import type { Company } from './company.js';
import { given, OPEN_END, type AbsenceRecord, type EmployeeRecord } from './records.js';

export interface AbsenceReport {
  absence: AbsenceRecord;
  /** true: a new period (201); false: an existing one was updated (200). */
  created: boolean;
}

export interface AbsenceFieldNames {
  resource: ResourceName;
  employee: string;
  start: string;
  end: string;
}
export const V3_ABSENCE_FIELDS: AbsenceFieldNames = {
  resource: RESOURCE.absence,
  employee: 'employee_id',
  start: 'start_date',
  end: 'end_date',
};
export const V2_DIALOG_FIELDS: AbsenceFieldNames = { resource: RESOURCE.dialog, employee: 'employee', start: 'date', end: 'date' };

export function dayAfter(date: string): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

function overlaps(a: { startDate: string; endDate: string }, startDate: string, endDate: string): boolean {
  return a.startDate <= endDate && startDate <= a.endDate;
}

export function reportAbsence(
  company: Company,
  employee: EmployeeRecord,
  startDate: string,
  endDate: string | undefined,
  names: AbsenceFieldNames = V3_ABSENCE_FIELDS,
): AbsenceReport {
  const { resource } = names;
  if (employee.teamSid === null) {
    throw new ApiError(422, 'Validation failed: the employee must be in a team to be reported sick', [
      { resource, field: names.employee, error: 'must be in a team to be reported sick' },
    ]);
  }
  if (endDate !== undefined && endDate < startDate) throw invalid(resource, names.end, 'must not be before the start date');
  const newEnd = endDate ?? OPEN_END;
  const touched = company
    .absencesOf(employee)
    .filter((period) => overlaps(period, startDate, newEnd) || (period.endDate !== OPEN_END && dayAfter(period.endDate) === startDate));
  if (touched.length > 1) throw invalid(resource, names.start, 'the period overlaps two existing absence periods');
  const existing = touched[0];
  if (!existing) {
    const absence = company.absences.insert({
      sid: company.absences.allocateSid(),
      id: null,
      employeeSid: employee.sid,
      startDate,
      endDate: newEnd,
    });
    return { absence, created: true };
  }
  if (!overlaps(existing, startDate, newEnd)) {
    // starts the day after the reported-fit day: the same sickness goes on
    return { absence: company.absences.update(existing, { endDate: newEnd }), created: false };
  }
  const sameEnd = endDate !== undefined && endDate === existing.endDate;
  const moveStart = startDate < existing.startDate || sameEnd;
  company.absences.update(existing, given({ endDate, startDate: moveStart ? startDate : undefined }));
  return { absence: existing, created: false };
}

/**
 * v2 refuses a sick report dated inside a period the employee was already reported sick and fit for, as
 * the real service does ("overlaps an earlier sickness absence"); v3 updates such a period instead.
 */
export function refuseReportInsideClosedPeriod(company: Company, employee: EmployeeRecord, date: string): void {
  const earlier = company.absencesOf(employee).find((p) => p.endDate !== OPEN_END && p.startDate <= date && date <= p.endDate);
  if (!earlier) return;
  throw new ApiError(422, 'Validation failed: date overlaps an earlier sickness absence', [
    {
      resource: RESOURCE.dialog,
      field: 'date',
      error: `overlaps an earlier sickness absence (${earlier.startDate} to ${earlier.endDate})`,
    },
  ]);
}

/** v2: the employee's current sickness dialog is the period without an end. */
export function openAbsence(company: Company, employee: EmployeeRecord): AbsenceRecord | undefined {
  return company.absencesOf(employee).find((period) => period.endDate === OPEN_END);
}

export function moveOpenAbsenceStart(company: Company, absence: AbsenceRecord, startDate: string): AbsenceRecord {
  const clash = company.absencesByEmployee
    .of(absence.employeeSid)
    .some((other) => other !== absence && overlaps(other, startDate, absence.endDate));
  if (clash) throw invalid(RESOURCE.dialog, 'date', 'the period would overlap another absence period');
  return company.absences.update(absence, { startDate });
}

export function endAbsence(company: Company, absence: AbsenceRecord, lastSickDay: string): AbsenceRecord {
  if (lastSickDay < absence.startDate) throw invalid(RESOURCE.dialog, 'date', 'must not be before the date the employee was reported sick');
  return company.absences.update(absence, { endDate: lastSickDay });
}
