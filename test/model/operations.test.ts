import { describe, expect, it } from 'vitest';
import { operation } from '../../src/model/operations.js';

describe('an operation made by operation()', () => {
  it('keys a change by its type and what it changes, as the journal of an earlier run knows it', () => {
    expect(
      operation({
        type: 'createEmployee',
        id: '101',
        userId: 'u1',
        user: { name: 'A', email: 'a@x', username: 'a' },
        reason: { code: 'as_saved' as const, text: 'new' },
      }).key,
    ).toBe('createEmployee:101');
    expect(operation({ type: 'renameTeam', id: 'T2', fromId: 'T1', reason: { code: 'as_saved' as const, text: 'previous_id' } }).key).toBe(
      'renameTeam:T1->T2',
    );
    expect(
      operation({ type: 'addTeamMember', teamId: 'T1', employeeId: '101', reason: { code: 'as_saved' as const, text: 'joins' } }).key,
    ).toBe('addTeamMember:101');
    expect(
      operation({
        type: 'createDelegation',
        unitKind: 'team',
        unitId: 'T1',
        responsibility: 'dialog_access_cv',
        employeeId: '101',
        reason: { code: 'as_saved' as const, text: 'gets' },
      }).key,
    ).toBe('createDelegation:team:T1|dialog_access_cv|101');
  });

  it('tells apart the steps of one change', () => {
    const period = {
      type: 'reportAbsence',
      employeeId: '101',
      startDate: '2026-01-05',
      endDate: '2026-01-09',
      reason: { code: 'as_saved' as const, text: 'sick' },
    } as const;
    expect(operation(period).key).toBe('reportAbsence:101|2026-01-05');
    expect(operation(period, 'end').key).toBe('reportAbsence:101|2026-01-05:end');
    expect(
      operation(
        { type: 'updateUser', id: 'u1', changes: { username: { now: 'tmp' } }, reason: { code: 'as_saved' as const, text: 'frees' } },
        'temporary-username',
      ).key,
    ).toBe('updateUser:u1:temporary-username');
  });
});
