import { describe, expect, it } from 'vitest';
import {
  EMPLOYEE_COLUMNS,
  basicEmployees,
  basicOrganisation,
  dateCell,
  errorCell,
  errors,
  numberCell,
  onlyError,
  run,
  warnings,
} from './helpers.js';

const CURRENT = {
  employees: new Set<string>(),
  departments: new Set(['D0']),
  teams: new Set<string>(),
  topDepartmentId: 'D0',
  teamOf: new Map<string, string | null>(),
};

describe('employees sheet', () => {
  it('accepts a valid sheet without any issue', async () => {
    const result = await run([basicOrganisation(), basicEmployees()]);
    expect(result.issues).toEqual([]);
  });

  it('reports a missing required column once and no per-row required for it', async () => {
    const result = await run([
      basicOrganisation(),
      {
        kind: 'employees',
        columns: ['employee_id', 'name'],
        rows: [
          ['E1', 'Anna'],
          ['E2', 'Bo'],
        ],
      },
    ]);
    const issue = onlyError(result, 'missing_column');
    expect(issue).toMatchObject({ row: null, column: 'email', sheet: 'employees', sheetName: 'Employees' });
    expect(issue.message).toContain('Email');
    expect(errors(result)).toHaveLength(1);
  });

  it('warns once per column about spaces removed around values, naming the first row', async () => {
    const padded = (text: string) => ({ text, type: 'text' as const, trimmed: true });
    const result = await run([
      basicOrganisation(),
      basicEmployees([
        ['E3', padded('Carl'), 'c@firma.dk', 'T1'],
        ['E4', padded('Dorte'), 'd@firma.dk', 'T1'],
      ]),
    ]);
    expect(errors(result)).toEqual([]);
    const trimmed = warnings(result).filter((w) => w.code === 'trimmed_value');
    expect(trimmed).toHaveLength(1);
    expect(trimmed[0]).toMatchObject({ row: 4, column: 'name', value: 'Carl' });
    expect(trimmed[0]!.message).toContain('2 cells');
  });

  it('refuses a name holding an invisible control character, naming the character', async () => {
    const result = await run([basicOrganisation(), basicEmployees([['E3', 'Carl\u0007Berg', 'c@firma.dk', 'T1']])]);
    const issue = onlyError(result, 'invalid_value');
    expect(issue).toMatchObject({ row: 4, column: 'name' });
    expect(issue.message).toContain('U+0007');
  });

  it('reports an empty required cell as required at that cell', async () => {
    const result = await run([basicOrganisation(), basicEmployees([['E3', '', 'c@firma.dk', 'T1']])]);
    expect(onlyError(result, 'required')).toMatchObject({ row: 4, column: 'name', value: null });
  });

  it('reports an invalid e-mail address and names it', async () => {
    const result = await run([basicOrganisation(), basicEmployees([['E3', 'Carl', 'anna@@firma', 'T1']])]);
    const issue = onlyError(result, 'invalid_email');
    expect(issue).toMatchObject({ row: 4, column: 'email', value: 'anna@@firma', header: 'email' });
    expect(issue.message).toBe('The e-mail address "anna@@firma" is not valid. Type it as name@example.com.');
  });

  it('carries the header as the sheet wrote it', async () => {
    const result = await run([
      basicOrganisation(),
      { kind: 'employees', columns: ['Medarb.nr.=employee_id', 'Navn=name', 'E-mail=email'], rows: [['E1', 'Anna', 'nope']] },
    ]);
    expect(onlyError(result, 'invalid_email')).toMatchObject({ column: 'email', header: 'E-mail' });
  });

  it.each([
    ['gender', 'x', 'The gender "x"'],
    ['system_language', 'svensk', 'The system language "svensk"'],
    ['status', 'gone', 'The status "gone"'],
  ])('reports an unknown %s spelling as invalid_value', async (column, value, start) => {
    const result = await run([
      basicOrganisation(),
      { kind: 'employees', columns: ['employee_id', 'name', 'email', column], rows: [['E1', 'Anna', 'a@firma.dk', value]] },
    ]);
    const issue = onlyError(result, 'invalid_value');
    expect(issue).toMatchObject({ row: 2, column, value });
    expect(issue.message.startsWith(start)).toBe(true);
  });

  it('reads every documented spelling of gender, language and status', async () => {
    const columns = ['employee_id', 'name', 'email', 'gender', 'system_language', 'status'];
    const spellings = [
      ['F', 'en', 'active', 'f', 'en', 'active'],
      ['female', 'English', 'aktiv', 'f', 'en', 'active'],
      ['woman', 'engelsk', '', 'f', 'en', 'active'],
      ['kvinde', 'DA', 'left', 'f', 'da', 'fired'],
      ['K', 'Danish', 'fratrådt', 'f', 'da', 'fired'],
      ['M', 'dansk', 'Left', 'm', 'da', 'fired'],
      ['male', '', '', 'm', 'da', 'active'],
      ['man', 'da', '', 'm', 'da', 'active'],
      ['mand', 'da', '', 'm', 'da', 'active'],
      ['', 'da', '', null, 'da', 'active'],
    ];
    const rows = spellings.map(([g, l, s], i) => [`E${i}`, `Person ${i}`, `p${i}@firma.dk`, g!, l!, s!]);
    const result = await run([{ kind: 'employees', columns, rows }]);
    expect(result.issues).toEqual([]);
    spellings.forEach(([, , , gender, language, status], i) => {
      expect(result.desired.users.get(`E${i}`)?.gender).toBe(gender);
      expect(result.desired.employees.get(`E${i}`)).toMatchObject({ systemLanguage: language, status });
    });
  });

  it('reports a birthday in the future', async () => {
    const result = await run([
      {
        kind: 'employees',
        columns: ['employee_id', 'name', 'email', 'birthday'],
        rows: [['E1', 'Anna', 'a@firma.dk', dateCell('2030-01-01')]],
      },
    ]);
    const issue = onlyError(result, 'future_date');
    expect(issue).toMatchObject({ row: 2, column: 'birthday', value: '2030-01-01' });
    expect(issue.message).toContain('2030-01-01');
  });

  it('reports a birthday that is not a date, and a bare number in a date column', async () => {
    const result = await run([
      {
        kind: 'employees',
        columns: ['employee_id', 'name', 'email', 'birthday'],
        rows: [
          ['E1', 'Anna', 'a@firma.dk', 'last spring'],
          ['E2', 'Bo', 'b@firma.dk', numberCell('45000')],
        ],
      },
    ]);
    const found = errors(result);
    expect(found.map((i) => [i.code, i.row, i.column, i.value])).toEqual([
      ['invalid_date', 2, 'birthday', 'last spring'],
      ['invalid_date', 3, 'birthday', '45000'],
    ]);
    expect(found[0]!.message).toContain('"last spring"');
    expect(found[1]!.message).toContain('"45000"');
  });

  it('reports a slash date without a date order as ambiguous, and reads it with one', async () => {
    const input = {
      kind: 'employees' as const,
      columns: ['employee_id', 'name', 'email', 'birthday'],
      rows: [['E1', 'Anna', 'a@firma.dk', '03/04/1990']],
    };
    const issue = onlyError(await run([input]), 'ambiguous_date');
    expect(issue).toMatchObject({ row: 2, column: 'birthday', value: '03/04/1990' });
    expect(issue.message).toContain('"03/04/1990"');
    const withOrder = await run([input], { dateOrder: 'dmy' });
    expect(withOrder.issues).toEqual([]);
    expect(withOrder.desired.users.get('E1')?.birthday).toBe('1990-04-03');
  });

  it('reports a spreadsheet error cell as invalid_value and nothing else for that cell', async () => {
    const result = await run([basicOrganisation(), basicEmployees([['E3', errorCell('#N/A'), 'c@firma.dk', 'T1']])]);
    const issue = onlyError(result, 'invalid_value');
    expect(issue).toMatchObject({ row: 4, column: 'name', value: '#N/A' });
    expect(issue.message).toContain('"#N/A"');
    expect(errors(result)).toHaveLength(1);
  });

  it('reports a repeated employee_id at the later row', async () => {
    const result = await run([basicOrganisation(), basicEmployees([['E1', 'Anna Berg', 'anna@firma.dk', 'T1']])]);
    const issue = onlyError(result, 'duplicate_id');
    expect(issue).toMatchObject({ row: 4, column: 'employee_id', value: 'E1' });
    expect(issue.message).toContain('"E1"');
    expect(issue.message).toContain('row 2');
  });

  it('reports two people sharing an e-mail at the later row, column email', async () => {
    const result = await run([basicOrganisation(), basicEmployees([['E3', 'Carl', 'Anna@Firma.dk', 'T1']])]);
    const issue = onlyError(result, 'duplicate_username');
    expect(issue).toMatchObject({ row: 4, column: 'email', value: 'Anna@Firma.dk' });
    expect(issue.message).toContain('"Anna@Firma.dk"');
  });

  it('reports two people whose usernames differ only in how Unicode writes the same letter', async () => {
    const result = await run([
      {
        kind: 'employees',
        columns: ['employee_id', 'name', 'email', 'username'],
        rows: [
          ['E1', 'José', 'jose1@firma.dk', 'jos\u00e9'],
          ['E2', 'José', 'jose2@firma.dk', 'JOSE\u0301'],
        ],
      },
    ]);
    expect(onlyError(result, 'duplicate_username')).toMatchObject({ row: 3, column: 'username' });
  });

  it('reports two people sharing a username at the later row, column username', async () => {
    const result = await run([
      {
        kind: 'employees',
        columns: ['employee_id', 'name', 'email', 'username'],
        rows: [
          ['E1', 'Anna', 'anna@firma.dk', 'anna'],
          ['E2', 'Bo', 'bo@firma.dk', 'ANNA'],
        ],
      },
    ]);
    const issue = onlyError(result, 'duplicate_username');
    expect(issue).toMatchObject({ row: 3, column: 'username', value: 'ANNA' });
    expect(issue.message).toContain('"ANNA"');
  });

  it('builds one user for a person with several employments', async () => {
    const result = await run([
      {
        kind: 'employees',
        columns: ['employee_id', 'user_id', 'name', 'email', 'employment'],
        rows: [
          ['E1', 'U1', 'Anna', 'anna@firma.dk', 'Nurse'],
          ['E2', 'U1', 'Anna', 'anna@firma.dk', 'Teacher'],
        ],
      },
    ]);
    expect(result.issues).toEqual([]);
    expect([...result.desired.users.keys()]).toEqual(['U1']);
    expect(result.desired.employees.get('E2')).toMatchObject({ userId: 'U1', employment: 'Teacher' });
  });

  it.each([
    ['name', ['E2', 'U1', 'Anne', 'anna@firma.dk', 'f'], 'Anne'],
    ['email', ['E2', 'U1', 'Anna', 'anne@firma.dk', 'f'], 'anne@firma.dk'],
    ['gender', ['E2', 'U1', 'Anna', 'anna@firma.dk', 'm'], 'm'],
  ])('reports a person whose rows disagree on %s against the first row', async (column, laterRow, value) => {
    const result = await run([
      {
        kind: 'employees',
        columns: ['employee_id', 'user_id', 'name', 'email', 'gender'],
        rows: [['E1', 'U1', 'Anna', 'anna@firma.dk', 'f'], laterRow, ['E3', 'U1', 'Anna', 'anna@firma.dk', 'f']],
      },
    ]);
    const issue = onlyError(result, 'conflicting_user');
    expect(issue).toMatchObject({ row: 3, column, value });
    expect(issue.message).toContain(`"${value}"`);
    expect(issue.message).toContain('row 2');
  });

  it('reports a repeated previous_employee_id at the later row', async () => {
    const result = await run([
      {
        kind: 'employees',
        columns: ['employee_id', 'name', 'email', 'previous_employee_id'],
        rows: [
          ['E1', 'Anna', 'anna@firma.dk', 'OLD'],
          ['E2', 'Bo', 'bo@firma.dk', 'OLD'],
        ],
      },
    ]);
    expect(onlyError(result, 'duplicate_id')).toMatchObject({ row: 3, column: 'previous_employee_id', value: 'OLD' });
  });

  it('gives one cell at most one error', async () => {
    // Carl's address is both invalid and Anna's (letter case aside): only the first error stays.
    const result = await run([
      {
        kind: 'employees',
        columns: EMPLOYEE_COLUMNS.slice(0, 3),
        rows: [
          ['E1', 'Anna', 'anna@@firma'],
          ['E2', 'Carl', 'ANNA@@firma'],
        ],
      },
    ]);
    const onCarlsEmail = result.issues.filter((i) => i.row === 3 && i.column === 'email');
    expect(onCarlsEmail.map((i) => i.code)).toEqual(['invalid_email']);
  });
});

describe('team references', () => {
  it('reports a team that is in neither the sheet nor the service', async () => {
    const result = await run([basicOrganisation(), basicEmployees([['E3', 'Carl', 'c@firma.dk', 'T9']])], { current: CURRENT });
    const issue = onlyError(result, 'unknown_reference');
    expect(issue).toMatchObject({ row: 4, column: 'team_id', value: 'T9' });
    expect(issue.message).toBe(
      'Team "T9" is not in the Organisation sheet and not in the service. Correct the id, or add the team to the Organisation sheet.',
    );
  });

  it('accepts a team that only the service has', async () => {
    const current = { ...CURRENT, teams: new Set(['T9']) };
    const result = await run([basicOrganisation(), basicEmployees([['E3', 'Carl', 'c@firma.dk', 'T9']])], { current });
    expect(result.issues).toEqual([]);
  });

  it('reports a department given as a team as unknown_reference', async () => {
    const result = await run([basicOrganisation(), basicEmployees([['E3', 'Carl', 'c@firma.dk', 'D1']])]);
    const issue = onlyError(result, 'unknown_reference');
    expect(issue).toMatchObject({ row: 4, column: 'team_id', value: 'D1' });
    expect(issue.message).toContain('"D1" is a department');
  });

  it('only warns, once per team, about a team it cannot check offline', async () => {
    const result = await run([
      basicOrganisation(),
      basicEmployees([
        ['E3', 'Carl', 'c@firma.dk', 'T9'],
        ['E4', 'Dan', 'd@firma.dk', 'T9'],
      ]),
    ]);
    expect(errors(result)).toEqual([]);
    const issue = onlyError(result, 'unresolved_reference');
    expect(issue).toMatchObject({ severity: 'warning', row: 4, column: 'team_id', value: 'T9' });
    expect(issue.message).toContain('"T9"');
  });
});

describe('API version 2', () => {
  it('ignores a system_language column with one warning', async () => {
    const result = await run(
      [
        {
          kind: 'employees',
          columns: ['employee_id', 'name', 'email', 'system_language'],
          rows: [
            ['E1', 'Anna', 'a@firma.dk', 'en'],
            ['E2', 'Bo', 'b@firma.dk', 'nonsense'],
          ],
        },
      ],
      { api: 'v2' },
    );
    expect(errors(result)).toEqual([]);
    expect(warnings(result).map((i) => [i.code, i.column, i.row])).toEqual([['ignored_column', 'system_language', null]]);
    expect(result.desired.employees.get('E1')?.systemLanguage).toBeUndefined();
  });
});
