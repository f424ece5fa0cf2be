/** The ledgers hold what the service answered and follow renames, across runs (a fresh load each time). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AbsenceLedger, FiredLedger } from '../../src/load/ledger.js';
import { tempDir } from '../helpers/cli.js';

describe('the absence ledger', () => {
  it('keeps one period where the service merged overlapping reports, with the row that reported it', () => {
    const path = join(tempDir(), 'absences.jsonl');
    const ledger = AbsenceLedger.load(path);
    ledger.record('E1', '2026-01-06', '2026-01-10', 'Absence row 2');
    // The correction's two answers: shortened with the same end, then extended.
    ledger.record('E1', '2026-01-08', '2026-01-10', 'Absence row 2');
    ledger.record('E1', '2026-01-08', '2026-01-12', 'Absence row 2');
    ledger.record('E2', '2026-01-08', null);
    const next = AbsenceLedger.load(path);
    expect(Object.fromEntries(next.periods)).toEqual({ 'E1|2026-01-08': '2026-01-12', 'E2|2026-01-08': null });
    expect(next.all().find((p) => p.employeeId === 'E1')?.from).toBe('Absence row 2');
  });

  it("moves an employee's periods to their new id, also through an exchange of ids", () => {
    const path = join(tempDir(), 'absences.jsonl');
    const ledger = AbsenceLedger.load(path);
    ledger.record('A', '2026-02-02', '2026-02-03');
    ledger.record('B', '2026-03-02', '2026-03-03');
    ledger.renamed('A', 'orgsync-moving-A');
    ledger.renamed('B', 'A');
    ledger.renamed('orgsync-moving-A', 'B');
    expect(Object.fromEntries(AbsenceLedger.load(path).periods)).toEqual({ 'B|2026-02-02': '2026-02-03', 'A|2026-03-02': '2026-03-03' });
  });
});

describe('the fired ledger', () => {
  it('follows a rename', () => {
    const path = join(tempDir(), 'fired.jsonl');
    const ledger = FiredLedger.load(path);
    ledger.fired('E1', '2026-11-01');
    ledger.renamed('E1', 'E100');
    expect(Object.fromEntries(FiredLedger.load(path).firedOn)).toEqual({ E100: '2026-11-01' });
    expect(readFileSync(path, 'utf8').trim().split('\n')).toHaveLength(3);
  });

  it('keeps the employment title a fired employee had, through a rename, until they are rehired', () => {
    const path = join(tempDir(), 'fired.jsonl');
    const ledger = FiredLedger.load(path).knowing(
      new Map([['E1', { id: 'E1', userId: 'U1', status: 'active' as const, employment: 'Nurse' }]]),
    );
    ledger.fired('E1', '2026-11-01');
    ledger.renamed('E1', 'E100');
    expect(Object.fromEntries(FiredLedger.load(path).fieldsOf)).toEqual({ E100: { employment: 'Nurse' } });
    expect(readFileSync(path, 'utf8')).toContain('"employee_id":"E100","fired_on":"2026-11-01","employment":"Nurse"');
    ledger.active('E100');
    expect(FiredLedger.load(path).fieldsOf.size).toBe(0);
  });
});
