/**
 * Ledgers: what the service confirmed but cannot show back, appended one JSON line per fact (per
 * service and company, in .orgsync/) so the next run knows it. A torn last line from a crash holds no
 * confirmation and is skipped.
 *
 * - The absence ledger: v3 publishes no way to read absences back, so every period the service answered
 *   it holds is kept (with the workbook row that reported it), and the next run sends only new or changed
 *   periods, and warns about periods the workbook no longer has. Renames of employees are followed.
 * - The fired ledger: v2 does not show deleted employees, and a deleted employee can be rehired only for
 *   14 days; knowing when the importer fired someone lets the plan say which will happen. Neither version
 *   shows a fired employee's fields, so their updatable value fields when fired (model/fields.ts) are kept
 *   too: a rehire is then followed by an update only of what really changes.
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { StateFileError } from '../errors.js';
import { hiddenWhileFired } from '../model/fields.js';
import type { EmployeeValues, Operation } from '../model/operations.js';
import type { Employee } from '../model/organisation.js';
import { succeeded, type OperationOutcome } from './outcome.js';

class JsonLines<Line> {
  constructor(readonly path: string) {}

  read(): Line[] {
    if (!existsSync(this.path)) return [];
    const text = readFileSync(this.path, 'utf8');
    // A torn last line must not swallow the next record.
    if (text.length > 0 && !text.endsWith('\n')) appendFileSync(this.path, '\n');
    const lines: Line[] = [];
    for (const line of text.split('\n')) {
      if (!line.trim()) continue;
      try {
        lines.push(JSON.parse(line) as Line);
      } catch {
        // torn line: that fact was not confirmed
      }
    }
    return lines;
  }

  /** Throws StateFileError when the line cannot be written (the disk is full): the caller stops the run. */
  append(line: Line): void {
    try {
      mkdirSync(dirname(this.path), { recursive: true });
      appendFileSync(this.path, `${JSON.stringify(line)}\n`);
    } catch (error) {
      throw new StateFileError(this.path, 'write', error);
    }
  }
}

/** A period the service answered it holds; it replaces every period of the employee it overlaps. */
interface AbsencePeriodLine {
  employee_id: string;
  start_date: string;
  end_date: string | null;
  /** Where it came from: "Absence row 4" (the sheet and row of the workbook that reported it). */
  from?: string;
}

/** The employee's id changed: their periods follow. */
interface AbsenceRenameLine {
  employee_id: string;
  renamed_to: string;
}

type AbsenceLine = AbsencePeriodLine | AbsenceRenameLine;

export interface LedgerPeriod {
  employeeId: string;
  startDate: string;
  endDate: string | null;
  from?: string;
}

const OPEN = '9999-12-31';

function overlapping(a: { startDate: string; endDate: string | null }, b: { startDate: string; endDate: string | null }): boolean {
  return a.startDate <= (b.endDate ?? OPEN) && b.startDate <= (a.endDate ?? OPEN);
}

export class AbsenceLedger {
  /** Per employee, the periods the service holds as far as this importer knows. */
  private readonly byEmployee = new Map<string, LedgerPeriod[]>();

  private constructor(private readonly file: JsonLines<AbsenceLine>) {}

  get path(): string {
    return this.file.path;
  }

  /** `${employeeId}|${startDate}` → end date (null: open). */
  get periods(): Map<string, string | null> {
    const map = new Map<string, string | null>();
    for (const p of this.all()) map.set(`${p.employeeId}|${p.startDate}`, p.endDate);
    return map;
  }

  all(): LedgerPeriod[] {
    return [...this.byEmployee.values()].flat();
  }

  static load(path: string): AbsenceLedger {
    const file = new JsonLines<AbsenceLine>(path);
    const ledger = new AbsenceLedger(file);
    for (const line of file.read()) ledger.apply(line);
    return ledger;
  }

  /** Records the period the service answered it holds: the service merged whatever it overlapped into it. */
  record(employeeId: string, startDate: string, endDate: string | null, from?: string): void {
    const line: AbsencePeriodLine = { employee_id: employeeId, start_date: startDate, end_date: endDate, ...(from ? { from } : {}) };
    this.file.append(line);
    this.apply(line);
  }

  renamed(fromId: string, toId: string): void {
    if (!this.byEmployee.has(fromId)) return;
    const line: AbsenceRenameLine = { employee_id: fromId, renamed_to: toId };
    this.file.append(line);
    this.apply(line);
  }

  private apply(line: AbsenceLine): void {
    if (typeof line !== 'object' || line === null || typeof line.employee_id !== 'string') return;
    if ('renamed_to' in line) {
      const moving = this.byEmployee.get(line.employee_id) ?? [];
      this.byEmployee.delete(line.employee_id);
      this.byEmployee.set(
        line.renamed_to,
        moving.map((p) => ({ ...p, employeeId: line.renamed_to })),
      );
      return;
    }
    const period: LedgerPeriod = { employeeId: line.employee_id, startDate: line.start_date, endDate: line.end_date ?? null };
    if (line.from) period.from = line.from;
    const kept = (this.byEmployee.get(line.employee_id) ?? []).filter((p) => !overlapping(p, period));
    this.byEmployee.set(line.employee_id, [...kept, period]);
  }
}

/** One line: the employee, the day, and their value fields when fired under their model keys. */
type FiredLine = {
  employee_id: string;
  /** YYYY-MM-DD; null: rehired since. */
  fired_on: string | null;
} & EmployeeValues;

export class FiredLedger {
  /** The employees as the service showed them before this run: what a firing records of them. */
  private shownBefore: ReadonlyMap<string, Employee> = new Map();

  private constructor(
    private readonly file: JsonLines<FiredLine>,
    /** Employee → the day the importer fired them (only those not rehired since). */
    readonly firedOn: Map<string, string>,
    /** Employee → their value fields when the importer fired them, where they were known. */
    readonly fieldsOf: Map<string, EmployeeValues>,
  ) {}

  static load(path: string): FiredLedger {
    const file = new JsonLines<FiredLine>(path);
    const firedOn = new Map<string, string>();
    const fieldsOf = new Map<string, EmployeeValues>();
    for (const line of file.read()) {
      fieldsOf.delete(line.employee_id);
      if (line.fired_on === null) {
        firedOn.delete(line.employee_id);
        continue;
      }
      firedOn.set(line.employee_id, line.fired_on);
      const fields = hiddenWhileFired(line);
      if (Object.keys(fields).length > 0) fieldsOf.set(line.employee_id, fields);
    }
    return new FiredLedger(file, firedOn, fieldsOf);
  }

  /** The service's employees as read before the run (their fields are recorded when they are fired). */
  knowing(employees: ReadonlyMap<string, Employee>): this {
    this.shownBefore = employees;
    return this;
  }

  /** `was`: the employee as last shown, when the service shows them no more (their fields are kept from it). */
  fired(employeeId: string, on: string, was?: Employee): void {
    this.append({ employee_id: employeeId, fired_on: on, ...hiddenWhileFired(was ?? this.shownBefore.get(employeeId)) });
  }

  renamed(fromId: string, toId: string): void {
    const on = this.firedOn.get(fromId);
    if (on === undefined) return;
    const fields = this.fieldsOf.get(fromId);
    this.append({ employee_id: fromId, fired_on: null });
    this.append({ employee_id: toId, fired_on: on, ...fields });
  }

  active(employeeId: string): void {
    if (!this.firedOn.has(employeeId)) return;
    this.append({ employee_id: employeeId, fired_on: null });
  }

  private append(line: FiredLine): void {
    this.file.append(line);
    this.fieldsOf.delete(line.employee_id);
    if (line.fired_on === null) {
      this.firedOn.delete(line.employee_id);
      return;
    }
    this.firedOn.set(line.employee_id, line.fired_on);
    const fields = hiddenWhileFired(line);
    if (Object.keys(fields).length > 0) this.fieldsOf.set(line.employee_id, fields);
  }
}

/**
 * The outcome hook that keeps the ledgers: what the service now holds and cannot show back. An absence is
 * recorded as the service answered it, even when that differs from what was sent.
 */
export function recordInLedgers(
  ledgers: { absences: AbsenceLedger; fired: FiredLedger },
  today: () => string,
): (outcome: OperationOutcome) => void {
  return (outcome) => record(outcome, ledgers, today);
}

function record(outcome: OperationOutcome, ledgers: { absences: AbsenceLedger; fired: FiredLedger }, today: () => string): void {
  const op = outcome.op;
  if (op.type === 'reportAbsence') {
    const held = outcome.answered ?? (succeeded(outcome) ? { startDate: op.keepsStart ?? op.startDate, endDate: op.endDate } : null);
    // Kept in one format whatever the run's language (a record, read back by later runs); words/plan-notes.ts says it in Danish.
    const from = op.source ? `${op.source.sheetName} row ${op.source.row}` : undefined;
    if (held) ledgers.absences.record(op.employeeId, held.startDate, held.endDate, from);
    return;
  }
  if (!succeeded(outcome)) return;
  if (op.type === 'fireEmployee') ledgers.fired.fired(op.id, today());
  else if (op.type === 'createEmployee' || op.type === 'rehireEmployee') ledgers.fired.active(op.id);
  else if (op.type === 'renameEmployee') {
    ledgers.absences.renamed(op.fromId, op.id);
    ledgers.fired.renamed(op.fromId, op.id);
  }
}

/** An operation a killed run sent without reading the answer: the day it was sent, and its employee as shown before it. */
export interface UnansweredOperation {
  op: Operation;
  on: string;
  before?: Employee;
}

/**
 * What killed runs sent without reading the answer, kept in the ledgers as its answer would have kept it,
 * where the service shows now that it was carried out: a fire (the employee is no longer shown active), a
 * rename (the new id is shown, the old one is not), a create or rehire (shown active). Read before the plan
 * is made, so that a later rehire of someone fired that way is a rehire, never a second employee.
 */
export function settleUnanswered(
  ledgers: { absences: AbsenceLedger; fired: FiredLedger },
  unanswered: readonly UnansweredOperation[],
  shown: ReadonlyMap<string, Employee>,
): void {
  const active = (id: string) => shown.get(id)?.status === 'active';
  for (const { op, on, before } of unanswered) {
    if (op.type === 'fireEmployee' && !active(op.id) && !ledgers.fired.firedOn.has(op.id)) ledgers.fired.fired(op.id, on, before);
    else if (op.type === 'renameEmployee' && shown.has(op.id) && !shown.has(op.fromId)) {
      ledgers.absences.renamed(op.fromId, op.id);
      ledgers.fired.renamed(op.fromId, op.id);
    } else if ((op.type === 'createEmployee' || op.type === 'rehireEmployee') && active(op.id)) ledgers.fired.active(op.id);
  }
}
