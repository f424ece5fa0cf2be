import { describe, expect, it } from 'vitest';
import { basicEmployees, basicOrganisation, errors, onlyError, run, type SheetInput } from './helpers.js';

function delegations(rows: string[][]): SheetInput {
  return { kind: 'delegations', columns: ['unit_id', 'responsibility', 'employee_id'], rows };
}

const CURRENT = {
  employees: new Set(['S1']),
  departments: new Set(['D0', 'SD']),
  teams: new Set(['ST']),
  topDepartmentId: 'D0',
  teamOf: new Map<string, string | null>(),
};

describe('delegations sheet', () => {
  it('takes the unit kind from the workbook, then from the service', async () => {
    const result = await run(
      [
        basicOrganisation(),
        basicEmployees(),
        delegations([
          ['D1', 'configuration', 'E1'],
          ['T1', 'Dialog_Access_CV', 'E2'],
          ['ST', 'dialog_access_siab', 'S1'],
          ['SD', 'manage_organisation_department', 'E1'],
        ]),
      ],
      { current: CURRENT },
    );
    expect(result.issues).toEqual([]);
    expect(result.desired.delegations.map((d) => [d.unitKind, d.unitId, d.responsibility, d.employeeId])).toEqual([
      ['department', 'D1', 'configuration', 'E1'],
      ['team', 'T1', 'dialog_access_cv', 'E2'],
      ['team', 'ST', 'dialog_access_siab', 'S1'],
      ['department', 'SD', 'manage_organisation_department', 'E1'],
    ]);
  });

  it("reports a responsibility from the other kind's table as invalid_value", async () => {
    const result = await run([basicOrganisation(), basicEmployees(), delegations([['T1', 'configuration', 'E1']])]);
    const issue = onlyError(result, 'invalid_value');
    expect(issue).toMatchObject({ row: 2, column: 'responsibility', value: 'configuration' });
    expect(issue.message).toContain('"configuration"');
    expect(issue.message).toContain('"T1" is a team');
  });

  it('reports an unknown responsibility as invalid_value', async () => {
    const result = await run([basicOrganisation(), basicEmployees(), delegations([['T1', 'boss', 'E1']])]);
    expect(onlyError(result, 'invalid_value')).toMatchObject({ row: 2, column: 'responsibility', value: 'boss' });
  });

  it('reports a delegation on an unknown unit only at unit_id', async () => {
    const result = await run([basicOrganisation(), basicEmployees(), delegations([['NOPE', 'boss', 'NOBODY']])], { current: CURRENT });
    const issue = onlyError(result, 'unknown_reference');
    expect(issue).toMatchObject({ row: 2, column: 'unit_id', value: 'NOPE' });
    expect(issue.message).toContain('"NOPE"');
    expect(errors(result)).toHaveLength(1);
  });

  it('reports an unknown employee at employee_id', async () => {
    const result = await run([basicOrganisation(), basicEmployees(), delegations([['T1', 'dialog_access_cv', 'NOBODY']])], {
      current: CURRENT,
    });
    expect(onlyError(result, 'unknown_reference')).toMatchObject({ row: 2, column: 'employee_id', value: 'NOBODY' });
  });

  it('offline, takes the kind of an unresolved unit from its responsibility', async () => {
    const result = await run([basicOrganisation(), basicEmployees(), delegations([['ELSEWHERE', 'configuration', 'E1']])]);
    expect(errors(result)).toEqual([]);
    expect(onlyError(result, 'unresolved_reference')).toMatchObject({ column: 'unit_id', value: 'ELSEWHERE' });
    expect(result.desired.delegations[0]).toMatchObject({ unitKind: 'department', unitId: 'ELSEWHERE' });
  });

  it('sends a repeated delegation once, with a warning', async () => {
    const result = await run([
      basicOrganisation(),
      basicEmployees(),
      delegations([
        ['T1', 'dialog_access_cv', 'E1'],
        ['T1', 'dialog_access_cv', 'E1'],
      ]),
    ]);
    expect(onlyError(result, 'duplicate_delegation')).toMatchObject({ severity: 'warning', row: 3 });
    expect(result.desired.delegations).toHaveLength(1);
  });

  it('reports every delegation row as not_supported on API version 2', async () => {
    const result = await run(
      [
        basicOrganisation(),
        basicEmployees(),
        delegations([
          ['T1', 'dialog_access_cv', 'E1'],
          ['NOPE', '', ''],
        ]),
      ],
      { api: 'v2' },
    );
    const found = errors(result);
    expect(found.map((i) => [i.code, i.row, i.column])).toEqual([
      ['not_supported', 2, null],
      ['not_supported', 3, null],
    ]);
    expect(found[0]!.message).toContain('--api v3');
    expect(result.desired.delegations).toEqual([]);
  });
});
