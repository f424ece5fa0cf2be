/**
 * The absence ledger: v3 publishes no way to read absences back, so every period the service confirmed
 * is appended here (per service and company) and the next run sends only new or changed periods.
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';

interface LedgerLine {
  employee_id: string;
  start_date: string;
  end_date: string | null;
}

export class AbsenceLedger {
  private constructor(
    readonly path: string,
    readonly periods: Map<string, string | null>,
  ) {}

  static load(path: string): AbsenceLedger {
    const periods = new Map<string, string | null>();
    if (existsSync(path)) {
      const text = readFileSync(path, 'utf8');
      // A torn last line must not swallow the next record.
      if (text.length > 0 && !text.endsWith('\n')) appendFileSync(path, '\n');
      for (const line of text.split('\n')) {
        if (!line.trim()) continue;
        try {
          const entry = JSON.parse(line) as LedgerLine;
          periods.set(`${entry.employee_id}|${entry.start_date}`, entry.end_date);
        } catch {
          // torn line from a crash: that period was not confirmed, so it is sent again (the service merges)
        }
      }
    }
    return new AbsenceLedger(path, periods);
  }

  record(employeeId: string, startDate: string, endDate: string | null): void {
    mkdirSync(dirname(this.path), { recursive: true });
    const line: LedgerLine = { employee_id: employeeId, start_date: startDate, end_date: endDate };
    appendFileSync(this.path, JSON.stringify(line) + '\n');
    this.periods.set(`${employeeId}|${startDate}`, endDate);
  }
}
