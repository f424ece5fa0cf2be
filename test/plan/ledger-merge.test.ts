import { describe, expect, it } from 'vitest';
import { withLedgers } from '../../src/plan/ledger-merge.js';
import { asCurrent, org } from '../helpers/org.js';

const service = () => {
  const state = asCurrent(org({ departments: [['root', null]], employees: [['e1', 'u1', null]] }));
  state.org.absences.push({ employeeId: 'e1', startDate: '2026-02-02', endDate: null });
  return state;
};
const periods = [{ employeeId: 'e1', startDate: '2026-01-05', endDate: '2026-01-09', from: 'Absence row 2' }];

describe('the ledgers merged into the service state before planning', () => {
  it('counts the periods the ledger holds and those the service lists as reported, with the row behind each', () => {
    const merged = withLedgers(service(), { firedOn: new Map(), periods, rehireWindowDays: null, resendAbsences: false });
    expect([...merged.reported]).toEqual([
      ['e1|2026-01-05', '2026-01-09'],
      ['e1|2026-02-02', null],
    ]);
    expect(merged.reportedFrom.get('e1|2026-01-05')).toBe('Absence row 2');
  });

  it('with --resend-absences forgets the ledger but not what the service itself lists', () => {
    const merged = withLedgers(service(), { firedOn: new Map(), periods, rehireWindowDays: null, resendAbsences: true });
    expect([...merged.reported.keys()]).toEqual(['e1|2026-02-02']);
  });

  it('adds the employees the importer fired and the service no longer shows, with the last day of their rehire window', () => {
    const firedOn = new Map([
      ['e9', '2026-03-01'],
      ['e1', '2026-01-01'],
    ]);
    const v3 = withLedgers(service(), { firedOn, periods: [], rehireWindowDays: null, resendAbsences: false });
    expect([...v3.current.firedEmployees]).toEqual(['e9']);
    expect(v3.current.rehireUntil).toBeUndefined();
    const v2 = withLedgers(service(), { firedOn, periods: [], rehireWindowDays: 14, resendAbsences: false });
    expect([...(v2.current.rehireUntil ?? [])]).toEqual([['e9', '2026-03-15']]);
  });
});
