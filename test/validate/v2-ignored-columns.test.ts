/**
 * A column of a value field that API version 2 lacks is ignored on v2, and said, whichever table the field
 * is in: the field table (src/model/fields.ts) is replaced by a copy with a field added to each table on
 * v3's wire alone (test/helpers/added-fields.ts), as a field only v3 has would be added.
 */
import { describe, expect, it, vi } from 'vitest';
import { readInput } from '../../src/sheets/read.js';
import { validate } from '../../src/validate/index.js';
import { chooseLanguage } from '../../src/words/language.js';
import { ADDED } from '../helpers/added-fields.js';
import { writeWorkbook } from '../sheets/fixtures.js';

vi.mock('../../src/model/fields.js', async (importOriginal) => {
  const { withAddedFields } = await import('../helpers/added-fields.js');
  return withAddedFields(await importOriginal(), ['v3']);
});

async function warnings(api: 'v3' | 'v2') {
  const file = writeWorkbook({
    Employees: [
      ['Employee ID', 'Name', 'Email', 'System language', ADDED.user, ADDED.employee],
      ['E1', 'Ann Berg', 'ann@example.com', 'en', 'B-1', 'G-1'],
    ],
    Organisation: [
      ['Type', 'ID', 'Name', 'Parent ID', ADDED.unit],
      ['department', 'D1', 'Company', '', 'CC-1'],
    ],
  });
  const result = await validate(await readInput([file], {}), { api, today: '2025-06-01' });
  return result.issues
    .filter((issue) => issue.severity === 'warning')
    .map(({ sheet, column, code, message }) => ({ sheet, column, code, message }));
}

describe('a column API version 2 has no field for', () => {
  it('is an ignored_column warning on v2, for the person’s, the employee’s and the unit’s table alike', async () => {
    expect(await warnings('v3')).toEqual([]);
    const ignored = (sheet: string, column: string, message: string) => ({ sheet, column, code: 'ignored_column', message });
    expect(await warnings('v2')).toEqual([
      ignored('employees', 'system_language', 'API version 2 has no system language, so the system language column is ignored.'),
      ignored('employees', ADDED.user, `API version 2 has no field for the ${ADDED.user} column, so the column is ignored.`),
      ignored('employees', ADDED.employee, `API version 2 has no field for the ${ADDED.employee} column, so the column is ignored.`),
      ignored('organisation', ADDED.unit, `API version 2 has no field for the ${ADDED.unit} column, so the column is ignored.`),
    ]);
  });

  it('is said in Danish when Danish is chosen', async () => {
    chooseLanguage('da');
    try {
      const [unit] = (await warnings('v2')).filter((warning) => warning.sheet === 'organisation');
      expect(unit?.message).toBe(`API version 2 har intet felt til kolonnen ${ADDED.unit}, så kolonnen ignoreres.`);
    } finally {
      chooseLanguage('en');
    }
  });
});
