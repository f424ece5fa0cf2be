/**
 * Issue 10's validation points on workbooks written by other programs than the importer: SheetJS
 * and LibreOffice (test/fixtures/validate/generate.mjs made them; they are committed).
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readInput } from '../../src/sheets/read.js';
import { validate, type ValidateOptions } from '../../src/validate/index.js';

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/validate/${name}`, import.meta.url));

async function validateFixture(name: string, options: ValidateOptions = {}) {
  const reading = await readInput([fixture(name)], {});
  const result = await validate(reading, { today: '2025-06-01', ...options });
  const errors = result.issues.filter((i) => i.severity === 'error');
  const warnings = result.issues.filter((i) => i.severity === 'warning');
  return { result, errors, warnings };
}

describe('a hidden sheet (SheetJS)', () => {
  it('is not imported: its leavers never become employees, and a warning names it', async () => {
    const { result, errors, warnings } = await validateFixture('hidden-archive.xlsx');
    expect(errors).toEqual([]);
    expect([...result.desired.employees.keys()]).toEqual(['201']);
    expect(result.sheetsSeen.map((s) => s.sheetName)).toEqual(['Medarbejdere', 'Organisation']);
    expect(warnings).toEqual([
      expect.objectContaining({
        code: 'ignored_sheet',
        sheetName: 'Fratrådte 2024',
        message: expect.stringMatching(/hidden.*Employees sheet.*unhide/i),
      }),
    ]);
  });
});

describe('two visible sheets of one kind (SheetJS)', () => {
  it("are an error naming both, and neither sheet's rows are counted twice", async () => {
    const { result, errors } = await validateFixture('two-employee-sheets.xlsx');
    expect(errors).toEqual([
      expect.objectContaining({
        code: 'duplicate_sheet',
        sheetName: 'Ark1',
        row: null,
        message: expect.stringMatching(/"Medarbejdere" and "Ark1" are Employees sheets/),
      }),
    ]);
    expect(result.issues.map((i) => i.code)).not.toContain('duplicate_id');
  });
});

describe('an export that matches no sheet (SheetJS)', () => {
  it('says per kind which headers it recognised and which required ones are missing, and points at --map', async () => {
    const { errors, warnings } = await validateFixture('unmatched-export.xlsx');
    const ignored = warnings.find((w) => w.code === 'ignored_sheet')!;
    expect(ignored.sheetName).toBe('Eksport');
    expect(ignored.message).toMatch(
      /As Employees sheet \(headers in row 2\) it has "Navn" \(name\), "Mail" \(email\) but lacks employee_id \("Employee ID" or "Medarbejder_id"\)/,
    );
    // exports.md: an organisation sheet needs no type column (a plain unit tree), but an id or a path.
    expect(ignored.message).toMatch(/As Organisation sheet .* lacks id \("ID" or "Enhed_id"\)/);
    expect(ignored.message).toMatch(/No header of Absence or Delegations sheet/);
    expect(ignored.message).toMatch(/--map mapping\.json/);
    expect(errors).toEqual([expect.objectContaining({ code: 'missing_sheet', message: expect.stringMatching(/--map/) })]);
  });
});

describe('the template with its example rows left in place (SheetJS) and as LibreOffice saves it', () => {
  it("names each example row above the user's rows as the example, with no advice about parents", async () => {
    const { result, errors } = await validateFixture('template-example-left.xlsx');
    expect(errors.map((e) => [e.code, e.sheetName, e.row])).toEqual([
      ['template_example', 'Medarbejdere', 2],
      ['template_example', 'Organisation', 2],
    ]);
    expect(errors[0]!.message).toMatch(/Row 2 is the template's example row.*Delete it/);
    expect(result.desired.employees.has('1001')).toBe(false);
    expect(result.desired.departments.has('D-1')).toBe(false);
    expect(result.issues.map((i) => i.code)).not.toContain('top_department');
  });

  it("does not report the template's own Instructions sheet (Danish and English) as ignored", async () => {
    for (const name of ['template-example-left.xlsx', 'template-libreoffice.xlsx']) {
      const { result } = await validateFixture(name);
      expect(result.issues.filter((i) => i.code === 'ignored_sheet')).toEqual([]);
    }
  });
});

describe('names where ids belong (SheetJS)', () => {
  it("a unit named by its one name is that unit (issue 26); a person's name where an id belongs gets the id suggested", async () => {
    const { warnings, errors } = await validateFixture('names-for-ids.xlsx');
    expect([...warnings, ...errors].filter((i) => i.sheetName === 'Medarbejdere' && i.column === 'team_id')).toEqual([]);
    expect(warnings).toContainEqual(
      expect.objectContaining({
        sheetName: 'Organisation',
        row: 2,
        column: 'owner',
        message: '"Anna Holm" is the name of a person, not an id. Write the employee_id instead: "201".',
      }),
    );
  });

  it('suggest the id the service has for that name', async () => {
    const current = {
      employees: new Set(['201', '900']),
      departments: new Set(['root']),
      teams: new Set(['T-10', 'T-77']),
      topDepartmentId: 'root',
      teamOf: new Map([['900', 'T-77']]),
      userOf: new Map([['900', 'U900']]),
      users: new Map([['U900', { name: 'Carl Berg', email: 'carl@firma.dk', username: 'carl@firma.dk' }]]),
      teamNames: new Map([['T-77', 'Lager']]),
      departmentNames: new Map([['root', 'Firma A/S']]),
    };
    const reading = await readInput([fixture('names-for-ids.xlsx')], {});
    const result = await validate(reading, { today: '2025-06-01', current });
    // "Bogholderi" is the one workbook team of that name (issue 26: read as it); "Anna Holm" a workbook person: an error, with the id.
    expect(result.issues.filter((i) => i.column === 'team_id')).toEqual([]);
    expect(result.desired.employees.get('202')?.teamId).toBe('T-10');
    expect(result.issues).toContainEqual(
      expect.objectContaining({ severity: 'error', code: 'unknown_reference', column: 'owner', message: expect.stringContaining('"201"') }),
    );
  });
});

describe('every problem of an absence row (SheetJS)', () => {
  it('a bad date and an employee in no team are both reported; overlaps are checked for an employee in no team', async () => {
    const { errors } = await validateFixture('names-for-ids.xlsx');
    const absence = errors.filter((e) => e.sheetName === 'Fravær').map((e) => [e.row, e.column, e.code]);
    expect(absence).toEqual([
      [2, 'employee_id', 'no_team'],
      [2, 'start_date', 'invalid_date'],
      [3, 'employee_id', 'no_team'],
      [4, 'employee_id', 'no_team'],
      [4, 'start_date', 'overlapping_absence'],
    ]);
  });
});

describe('a name only the service knows', () => {
  it("is the service's unit of that name (issue 26)", async () => {
    const { run } = await import('./helpers.js');
    const result = await run(
      [{ kind: 'employees', columns: ['employee_id', 'name', 'email', 'team_id'], rows: [['E1', 'Anna Berg', 'anna@firma.dk', 'lager']] }],
      {
        current: {
          employees: new Set(),
          departments: new Set(['D0']),
          teams: new Set(['T-77']),
          topDepartmentId: 'D0',
          teamOf: new Map(),
          teamNames: new Map([['T-77', 'Lager']]),
        },
      },
    );
    expect(result.issues).toEqual([]);
    expect(result.desired.employees.get('E1')?.teamId).toBe('T-77');
  });
});
