/**
 * Issue 33, the decision on ids shown with leading zeros (sheets.md "Cell values"): in an id column a
 * number whose format pads it (00000, "M"0000, \M0000) is read as the text Excel shows, as the workbook's
 * own CSV export writes it; every other column keeps the number's digits. Workbooks written by LibreOffice
 * and openpyxl (test/fixtures/reader-round2/), and cells as the reader hands them over.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readInput } from '../../src/sheets/read.js';
import type { RawCell } from '../../src/sheets/types.js';
import { validate } from '../../src/validate/index.js';
import { basicOrganisation, errors, run } from './helpers.js';

const fixture = (path: string) => fileURLToPath(new URL(`../fixtures/reader-round2/${path}`, import.meta.url));

async function validateFixture(path: string) {
  return validate(await readInput([fixture(path)], {}), { today: '2025-06-01' });
}

const padded = (digits: string, shown: string): RawCell => ({ text: digits, type: 'number', shown });

describe('ids shown with leading zeros or letters', () => {
  it('LibreOffice (\\M0000, 00000): employee ids M0042 and M0043, user ids 00107 and 12345', async () => {
    const result = await validateFixture('libreoffice/id-formats.xlsx');
    expect([...result.desired.employees.keys()]).toEqual(['M0042', 'M0043']);
    expect([...result.desired.employees.values()].map((employee) => employee.userId)).toEqual(['00107', '12345']);
  });

  it('openpyxl (00000, "M"0000): employee ids 00107 and 12345, user ids M0042 and M0007', async () => {
    const result = await validateFixture('openpyxl/id-formats.xlsx');
    expect([...result.desired.employees.keys()]).toEqual(['00107', '12345']);
    expect([...result.desired.employees.values()].map((employee) => employee.userId)).toEqual(['M0042', 'M0007']);
  });

  it('units, parents, owners and teams are read as shown too; a title under the same format keeps its digits', async () => {
    const organisation = basicOrganisation([
      ['department', padded('7', '007'), 'Drift', 'D0', padded('107', '00107')],
      ['team', padded('8', '008'), 'Drift team', padded('7', '007')],
    ]);
    const result = await run([
      { ...organisation, columns: [...organisation.columns, 'owner'] },
      {
        kind: 'employees',
        columns: ['employee_id', 'name', 'email', 'team_id', 'employment'],
        rows: [[padded('107', '00107'), 'Ann Holm', 'ann@firma.dk', padded('8', '008'), padded('42', '00042')]],
      },
    ]);
    expect(errors(result)).toEqual([]);
    expect(result.desired.departments.get('007')).toMatchObject({ parentId: 'D0', owner: '00107' });
    expect(result.desired.teams.get('008')).toMatchObject({ departmentId: '007' });
    expect(result.desired.employees.get('00107')).toMatchObject({ teamId: '008', employment: '42' });
  });

  it('an error about an id names it as shown', async () => {
    const result = await run([
      {
        kind: 'employees',
        columns: ['employee_id', 'name', 'email'],
        rows: [
          [padded('107', '00107'), 'Ann Holm', 'ann@firma.dk'],
          [padded('107', '00107'), 'Bo Kragh', 'bo@firma.dk'],
        ],
      },
    ]);
    expect(errors(result)).toEqual([expect.objectContaining({ code: 'duplicate_id', row: 3, column: 'employee_id', value: '00107' })]);
    expect(errors(result)[0]?.message).toContain('00107');
  });
});
