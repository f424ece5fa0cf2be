/**
 * Ledgers: what the service confirmed but cannot show back, appended one JSON line per fact (per
 * service and company, in .orgsync/) so the next run knows it. A torn last line from a crash holds no
 * confirmation and is skipped.
 *
 * - The absence ledger: v3 publishes no way to read absences back, so every confirmed period is kept and
 *   the next run sends only new or changed periods.
 * - The fired ledger: v2 does not show deleted employees, and a deleted employee can be rehired only for
 *   14 days; knowing when the importer fired someone lets the plan say which will happen.
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { StateFileError } from './journal.js';

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
      appendFileSync(this.path, JSON.stringify(line) + '\n');
    } catch (error) {
      throw new StateFileError(this.path, 'write', error);
    }
  }
}

interface AbsenceLine {
  employee_id: string;
  start_date: string;
  end_date: string | null;
}

export class AbsenceLedger {
  private constructor(
    private readonly file: JsonLines<AbsenceLine>,
    /** `${employeeId}|${startDate}` → end date (null: open); the latest line wins. */
    readonly periods: Map<string, string | null>,
  ) {}

  get path(): string {
    return this.file.path;
  }

  static load(path: string): AbsenceLedger {
    const file = new JsonLines<AbsenceLine>(path);
    const periods = new Map<string, string | null>();
    for (const line of file.read()) periods.set(`${line.employee_id}|${line.start_date}`, line.end_date);
    return new AbsenceLedger(file, periods);
  }

  record(employeeId: string, startDate: string, endDate: string | null): void {
    this.file.append({ employee_id: employeeId, start_date: startDate, end_date: endDate });
    this.periods.set(`${employeeId}|${startDate}`, endDate);
  }
}

interface FiredLine {
  employee_id: string;
  /** YYYY-MM-DD; null: rehired since. */
  fired_on: string | null;
}

export class FiredLedger {
  private constructor(
    private readonly file: JsonLines<FiredLine>,
    /** Employee → the day the importer fired them (only those not rehired since). */
    readonly firedOn: Map<string, string>,
  ) {}

  static load(path: string): FiredLedger {
    const file = new JsonLines<FiredLine>(path);
    const firedOn = new Map<string, string>();
    for (const line of file.read()) {
      if (line.fired_on === null) firedOn.delete(line.employee_id);
      else firedOn.set(line.employee_id, line.fired_on);
    }
    return new FiredLedger(file, firedOn);
  }

  fired(employeeId: string, on: string): void {
    this.file.append({ employee_id: employeeId, fired_on: on });
    this.firedOn.set(employeeId, on);
  }

  active(employeeId: string): void {
    if (!this.firedOn.has(employeeId)) return;
    this.file.append({ employee_id: employeeId, fired_on: null });
    this.firedOn.delete(employeeId);
  }
}
