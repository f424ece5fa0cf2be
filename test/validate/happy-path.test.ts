import { describe, expect, it } from 'vitest';
import { dateCell, run } from './helpers.js';

describe('a valid workbook', () => {
  it('becomes the desired organisation with every field and its source', async () => {
    const result = await run(
      [
        {
          kind: 'organisation',
          sheetName: 'Org',
          columns: ['type', 'id', 'name', 'parent_id', 'owner', 'previous_id'],
          rows: [
            ['department', 'D0', 'Firma A/S', '', 'E1', ''],
            ['afdeling', 'D1', 'Salg', 'D0', '', 'OLD-D1'],
            ['team', 'T1', 'Salg Nord', 'D1', 'E2', ''],
          ],
        },
        {
          kind: 'employees',
          columns: [
            'employee_id',
            'user_id',
            'name',
            'email',
            'username',
            'gender',
            'birthday',
            'employment',
            'system_language',
            'team_id',
            'status',
            'previous_employee_id',
          ],
          rows: [
            ['E1', '', 'Anna Berg', 'anna@firma.dk', '', 'kvinde', dateCell('1980-05-17'), 'CEO', 'en', 'T1', '', ''],
            ['E2', 'U2', 'Bo Holm', 'bo@firma.dk', 'boh', 'M', '', '', '', 'T1', 'aktiv', 'OLD-E2'],
            ['E3', 'U2', 'Bo Holm', 'bo@firma.dk', 'boh', 'm', '', 'Night shift', 'da', '', 'fratrådt', ''],
          ],
        },
        {
          kind: 'absence',
          columns: ['employee_id', 'start_date', 'end_date'],
          rows: [['E2', dateCell('2025-03-03'), dateCell('2025-03-07')]],
        },
        {
          kind: 'delegations',
          columns: ['unit_id', 'responsibility', 'employee_id'],
          rows: [['D1', 'department_task_report_siab', 'E2']],
        },
      ],
      { current: { employees: new Set(), departments: new Set(['D0']), teams: new Set(), topDepartmentId: 'D0', teamOf: new Map() } },
    );

    expect(result.issues).toEqual([]);
    const { desired } = result;
    const src = (sheet: string, sheetName: string, row: number) => ({ file: 'book.xlsx', sheet, sheetName, row });

    expect([...desired.users.values()]).toEqual([
      {
        id: 'E1',
        name: 'Anna Berg',
        email: 'anna@firma.dk',
        username: 'anna@firma.dk',
        gender: 'f',
        birthday: '1980-05-17',
        source: src('employees', 'Employees', 2),
      },
      {
        id: 'U2',
        name: 'Bo Holm',
        email: 'bo@firma.dk',
        username: 'boh',
        gender: 'm',
        birthday: null,
        source: src('employees', 'Employees', 3),
      },
    ]);
    expect([...desired.employees.values()]).toEqual([
      {
        id: 'E1',
        userId: 'E1',
        employment: 'CEO',
        systemLanguage: 'en',
        teamId: 'T1',
        status: 'active',
        previousId: undefined,
        source: src('employees', 'Employees', 2),
      },
      {
        id: 'E2',
        userId: 'U2',
        employment: null,
        systemLanguage: 'da',
        teamId: 'T1',
        status: 'active',
        previousId: 'OLD-E2',
        source: src('employees', 'Employees', 3),
      },
      {
        id: 'E3',
        userId: 'U2',
        employment: 'Night shift',
        systemLanguage: 'da',
        teamId: null,
        status: 'fired',
        previousId: undefined,
        source: src('employees', 'Employees', 4),
      },
    ]);
    expect([...desired.departments.values()]).toEqual([
      { id: 'D0', name: 'Firma A/S', parentId: null, owner: 'E1', previousId: undefined, source: src('organisation', 'Org', 2) },
      { id: 'D1', name: 'Salg', parentId: 'D0', owner: null, previousId: 'OLD-D1', source: src('organisation', 'Org', 3) },
    ]);
    expect([...desired.teams.values()]).toEqual([
      { id: 'T1', name: 'Salg Nord', departmentId: 'D1', owner: 'E2', previousId: undefined, source: src('organisation', 'Org', 4) },
    ]);
    expect(desired.absences).toEqual([
      { employeeId: 'E2', startDate: '2025-03-03', endDate: '2025-03-07', source: src('absence', 'Absence', 2) },
    ]);
    expect(desired.delegations).toEqual([
      {
        unitKind: 'department',
        unitId: 'D1',
        responsibility: 'department_task_report_siab',
        employeeId: 'E2',
        source: src('delegations', 'Delegations', 2),
      },
    ]);
    expect(result.managed).toEqual({ employees: true, organisation: true, absence: true, delegations: true });
    expect(result.sheetsSeen).toEqual([
      { kind: 'organisation', sheetName: 'Org', file: 'book.xlsx', rows: 3 },
      { kind: 'employees', sheetName: 'Employees', file: 'book.xlsx', rows: 3 },
      { kind: 'absence', sheetName: 'Absence', file: 'book.xlsx', rows: 1 },
      { kind: 'delegations', sheetName: 'Delegations', file: 'book.xlsx', rows: 1 },
    ]);
  });

  it('leaves fields of absent columns unmanaged and the tree unmanaged without an organisation sheet', async () => {
    const result = await run([{ kind: 'employees', columns: ['employee_id', 'name', 'email'], rows: [['E1', 'Anna', 'a@firma.dk']] }]);
    expect(result.issues).toEqual([]);
    const user = result.desired.users.get('E1')!;
    const employee = result.desired.employees.get('E1')!;
    expect([user.gender, user.birthday, employee.employment, employee.systemLanguage, employee.teamId]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    expect(employee.status).toBe('active');
    expect(result.managed.organisation).toBe(false);
    expect(result.desired.departments.size).toBe(0);
  });

  it("passes the readers' warnings through, in sheet and row order", async () => {
    const { reading } = await import('./helpers.js');
    const { validate } = await import('../../src/validate/index.js');
    const input = reading({
      kind: 'employees',
      columns: ['employee_id', 'name', 'email'],
      rows: [
        ['E1', 'Anna', 'bad'],
        ['E2', 'Bo', 'b@firma.dk'],
      ],
    });
    input.issues.push({
      severity: 'warning',
      code: 'trimmed_value',
      sheet: 'employees',
      sheetName: 'Employees',
      file: 'book.xlsx',
      row: 3,
      column: 'name',
      header: 'name',
      message: 'trimmed',
      value: 'Bo',
    });
    const result = await validate(input, { today: '2025-06-01' });
    expect(result.issues.map((i) => [i.code, i.row])).toEqual([
      ['invalid_email', 2],
      ['trimmed_value', 3],
    ]);
  });
});
