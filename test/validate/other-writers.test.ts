/**
 * Issue 10's validation points on workbooks written by other programs than the reader's exceljs: SheetJS
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
      expect.objectContaining({ code: 'ignored_sheet', sheetName: 'Fratrådte 2024', message: expect.stringMatching(/hidden.*Employees sheet.*unhide/i) }),
    ]);
  });
});

describe('two visible sheets of one kind (SheetJS)', () => {
  it('are an error naming both, and neither sheet\'s rows are counted twice', async () => {
    const { result, errors } = await validateFixture('two-employee-sheets.xlsx');
    expect(errors).toEqual([
      expect.objectContaining({ code: 'duplicate_sheet', sheetName: 'Ark1', row: null, message: expect.stringMatching(/"Medarbejdere" and "Ark1" are Employees sheets/) }),
    ]);
    expect(result.issues.map((i) => i.code)).not.toContain('duplicate_id');
  });
});

describe('an export that matches no sheet (SheetJS)', () => {
  it('says per kind which headers it recognised and which required ones are missing, and points at --map', async () => {
    const { errors, warnings } = await validateFixture('unmatched-export.xlsx');
    const ignored = warnings.find((w) => w.code === 'ignored_sheet')!;
    expect(ignored.sheetName).toBe('Eksport');
    expect(ignored.message).toMatch(/As Employees sheet \(headers in row 2\) it has "Navn" \(name\), "Mail" \(email\) but lacks employee_id \("Employee ID" or "Medarbejder_id"\)/);
    expect(ignored.message).toMatch(/As Organisation sheet .* lacks type \("Type"\), id/);
    expect(ignored.message).toMatch(/No header of Absence or Delegations sheet/);
    expect(ignored.message).toMatch(/--map mapping\.json/);
    expect(errors).toEqual([expect.objectContaining({ code: 'missing_sheet', message: expect.stringMatching(/--map/) })]);
  });
});
