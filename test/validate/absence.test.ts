import { describe, expect, it } from 'vitest';
import { basicEmployees, basicOrganisation, dateCell, errors, onlyError, run, warnings, type SheetInput } from './helpers.js';

const ABSENCE_COLUMNS = ['employee_id', 'start_date', 'end_date'];

function absence(rows: (string | ReturnType<typeof dateCell>)[][]): SheetInput {
  return { kind: 'absence', columns: ABSENCE_COLUMNS, rows };
}

const CURRENT = {
  employees: new Set(['S1', 'S2']),
  departments: new Set(['D0']),
  teams: new Set(['ST']),
  topDepartmentId: 'D0',
  teamOf: new Map<string, string | null>([
    ['S1', 'ST'],
    ['S2', null],
  ]),
};

describe('absence sheet', () => {
  it('keeps valid periods with real date cells and open ends', async () => {
    const result = await run([
      basicOrganisation(),
      basicEmployees(),
      absence([
        ['E1', dateCell('2025-01-06'), dateCell('2025-01-10')],
        ['E2', '2025-02-01', ''],
      ]),
    ]);
    expect(result.issues).toEqual([]);
    expect(result.desired.absences.map(({ employeeId, startDate, endDate }) => [employeeId, startDate, endDate])).toEqual([
      ['E1', '2025-01-06', '2025-01-10'],
      ['E2', '2025-02-01', null],
    ]);
  });

  it('reports an end date before the start date', async () => {
    const result = await run([basicOrganisation(), basicEmployees(), absence([['E1', '2025-01-10', '2025-01-06']])]);
    const issue = onlyError(result, 'end_before_start');
    expect(issue).toMatchObject({ row: 2, column: 'end_date', value: '2025-01-06' });
    expect(issue.message).toContain('2025-01-06');
  });

  it('reports an empty start date as required', async () => {
    const result = await run([basicOrganisation(), basicEmployees(), absence([['E1', '', '2025-01-06']])]);
    expect(onlyError(result, 'required')).toMatchObject({ row: 2, column: 'start_date' });
  });

  it('reports overlapping periods of one employee at the later row', async () => {
    const result = await run([
      basicOrganisation(),
      basicEmployees(),
      absence([
        ['E1', '2025-01-06', '2025-01-10'],
        ['E2', '2025-01-01', ''],
        ['E1', '2025-01-08', '2025-01-20'],
      ]),
    ]);
    const issue = onlyError(result, 'overlapping_absence');
    expect(issue).toMatchObject({ row: 4, column: 'start_date', value: '2025-01-08' });
    expect(issue.message).toContain('row 2');
    expect(issue.message).toContain('"E1"');
  });

  it('blames the later row even when it holds the earlier period', async () => {
    const result = await run([
      basicOrganisation(),
      basicEmployees(),
      absence([
        ['E1', '2025-01-08', '2025-01-20'],
        ['E1', '2025-01-06', '2025-01-10'],
      ]),
    ]);
    expect(onlyError(result, 'overlapping_absence')).toMatchObject({ row: 3, column: 'end_date', value: '2025-01-10' });
  });

  it('merges back-to-back periods into one with a warning', async () => {
    const result = await run([
      basicOrganisation(),
      basicEmployees(),
      absence([
        ['E1', '2025-02-01', ''],
        ['E1', '2024-12-30', '2025-01-31'],
      ]),
    ]);
    expect(errors(result)).toEqual([]);
    const issue = onlyError(result, 'merged_absence');
    expect(issue).toMatchObject({ severity: 'warning', row: 2, column: 'start_date', value: '2025-02-01' });
    expect(issue.message).toContain('2024-12-30 to (still sick)');
    expect(result.desired.absences.map((a) => [a.startDate, a.endDate, a.source?.row])).toEqual([['2024-12-30', null, 3]]);
  });

  it('skips an absence of an employee who has left, with a warning', async () => {
    const result = await run([
      basicOrganisation(),
      {
        kind: 'employees',
        columns: ['employee_id', 'name', 'email', 'team_id', 'status'],
        rows: [['E1', 'Anna', 'a@firma.dk', 'T1', 'left']],
      },
      absence([['E1', '2025-01-06', '']]),
    ]);
    expect(errors(result)).toEqual([]);
    const issue = onlyError(result, 'skipped_absence');
    expect(issue).toMatchObject({ row: 2, column: 'employee_id', value: 'E1' });
    expect(issue.message).toContain('"E1"');
    expect(result.desired.absences).toEqual([]);
  });

  it('reports no_team for an employee whose team_id is blank in the sheet', async () => {
    const result = await run([
      basicOrganisation(),
      basicEmployees([['E3', 'Carl', 'c@firma.dk', '']]),
      absence([['E3', '2025-01-06', '']]),
    ]);
    const issue = onlyError(result, 'no_team');
    expect(issue).toMatchObject({ row: 2, column: 'employee_id', value: 'E3' });
    expect(issue.message).toContain('"E3"');
  });

  it('looks the team up in the service when the team_id column is absent', async () => {
    const employees = basicEmployees([], ['employee_id', 'name', 'email']);
    employees.rows = [
      ['S1', 'Anna', 'a@firma.dk'],
      ['S2', 'Bo', 'b@firma.dk'],
    ];
    const rows = absence([
      ['S1', '2025-01-06', ''],
      ['S2', '2025-01-06', ''],
    ]);
    const online = await run([employees, rows], { current: CURRENT });
    expect(onlyError(online, 'no_team')).toMatchObject({ row: 3, column: 'employee_id', value: 'S2' });
    const offline = await run([
      employees,
      absence([
        ['S1', '2025-01-06', ''],
        ['S2', '2025-01-06', ''],
      ]),
    ]);
    expect(offline.issues).toEqual([]);
  });

  it('imports absence alone, looking employees up in the service', async () => {
    const result = await run(
      [
        absence([
          ['S1', '2025-01-06', ''],
          ['S2', '2025-01-06', ''],
          ['NOPE', '2025-01-06', ''],
        ]),
      ],
      {
        current: CURRENT,
      },
    );
    expect(errors(result).map((i) => [i.code, i.row, i.column, i.value])).toEqual([
      ['no_team', 3, 'employee_id', 'S2'],
      ['unknown_reference', 4, 'employee_id', 'NOPE'],
    ]);
    expect(errors(result)[1]!.message).toContain('Employee "NOPE"');
    expect(result.managed).toEqual({ employees: false, organisation: false, absence: true, delegations: false });
    expect(result.desired.absences.map((a) => a.employeeId)).toEqual(['S1']);
  });

  it('does not report absence employees as unknown when the employees sheet has no employee_id column', async () => {
    const employees = { kind: 'employees' as const, columns: ['name', 'email'], rows: [['Anna', 'a@firma.dk']] };
    const result = await run([employees, absence([['E1', '2025-01-06', '']])], { current: CURRENT });
    expect(errors(result).map((i) => [i.code, i.column])).toEqual([['missing_column', 'employee_id']]);
  });

  it('only warns about an absence employee it cannot check offline', async () => {
    const result = await run([absence([['S1', '2025-01-06', '']])]);
    expect(errors(result)).toEqual([]);
    expect(warnings(result).map((i) => [i.code, i.row, i.column])).toEqual([['unresolved_reference', 2, 'employee_id']]);
  });
});

describe('required sheets', () => {
  it('reports a missing employees sheet when more than absence is imported', async () => {
    const result = await run([basicOrganisation()]);
    const issue = onlyError(result, 'missing_sheet');
    expect(issue).toMatchObject({ sheet: 'employees', row: null, column: null, file: 'book.xlsx' });
    expect(issue.message).toContain('Employees');
  });

  it('reports a missing employees sheet for an empty input', async () => {
    const result = await run([]);
    expect(onlyError(result, 'missing_sheet')).toMatchObject({ sheet: 'employees', file: null });
  });
});
