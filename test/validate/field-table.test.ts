/**
 * Issue 24: the sheets are read from the field table (src/model/fields.ts). Every value field of every
 * table (the person, the employee, the unit), whatever it is, is read from a workbook another program wrote
 * (SheetJS), and every person's field must agree on the rows of one person: a field added to a table is
 * read and compared without a line written for it in the reader.
 */
import { describe, expect, it } from 'vitest';
import { EMPLOYEE_FIELDS, UNIT_FIELDS, USER_FIELDS, type ColumnDef } from '../../src/model/fields.js';
import { readInput } from '../../src/sheets/read.js';
import { validate } from '../../src/validate/index.js';
import { writeWorkbook } from '../sheets/fixtures.js';

type Field = ColumnDef & { key: string };

/** Two values of each kind, both accepted, each read as itself; the first is the template's example. */
function valuesOf(field: Field): [string, string] {
  const example = field.example.en;
  const first = typeof example === 'string' ? example : example.date;
  const other: Record<string, string> = {
    text: `${first} II`,
    id: `${first}-2`,
    email: `other.${first}`,
    date: '1990-02-03',
  };
  const second = field.dropdown?.en.find((value) => value !== first) ?? other[field.value];
  if (second === undefined) throw new Error(`no second value for the kind ${field.value}`);
  return [first, second];
}

const FIELDS: readonly Field[] = [...USER_FIELDS, ...EMPLOYEE_FIELDS];

const header = ['Employee ID', 'User ID', ...FIELDS.map((field) => field.header.en)];
const personRow = (id: string, second: boolean, differs?: Field) => [
  `E${id}`,
  'U1',
  ...FIELDS.map((field) => valuesOf(field)[second && field === differs ? 1 : 0]),
];

/** One person (U1) with two employees, E1 and E2, alike in every field but `differs`. */
async function validatePerson(differs?: Field) {
  const file = writeWorkbook({ Employees: [header, personRow('1', false), personRow('2', true, differs)] });
  return validate(await readInput([file], {}), { today: '2025-06-01' });
}

describe('the field table drives the employees sheet reader', () => {
  it('reads every value field of the person and the employee from its column', async () => {
    const result = await validatePerson();
    expect(result.issues.filter((issue) => issue.severity === 'error')).toEqual([]);
    const user = result.desired.users.get('U1') as unknown as Record<string, unknown>;
    for (const field of USER_FIELDS) expect([field.key, user[field.key]]).toEqual([field.key, valuesOf(field)[0]]);
    for (const id of ['E1', 'E2']) {
      const employee = result.desired.employees.get(id) as unknown as Record<string, unknown>;
      for (const field of EMPLOYEE_FIELDS) expect([field.key, employee[field.key]]).toEqual([field.key, valuesOf(field)[0]]);
    }
  });

  it.each(USER_FIELDS.map((field) => [field.column, field] as const))(
    'refuses two rows of one person with different %s',
    async (column, field) => {
      const result = await validatePerson(field);
      const [first, second] = valuesOf(field);
      expect(result.issues.filter((issue) => issue.severity === 'error')).toEqual([
        expect.objectContaining({
          code: 'conflicting_user',
          row: 3,
          column,
          value: second,
          message: expect.stringContaining(`"${first}" in row 2`),
        }),
      ]);
    },
  );
});

describe('the field table drives the organisation sheet reader', () => {
  it('reads every value field of a department and a team from its column', async () => {
    const units = [
      ['Type', 'ID', 'Parent ID', ...UNIT_FIELDS.map((field) => field.header.en)],
      ['department', 'D1', '', ...UNIT_FIELDS.map((field) => valuesOf(field)[0])],
      ['team', 'T1', 'D1', ...UNIT_FIELDS.map((field) => valuesOf(field)[1])],
    ];
    const file = writeWorkbook({ Employees: [header, personRow('1', false)], Organisation: units });
    const result = await validate(await readInput([file], {}), { today: '2025-06-01' });
    expect(result.issues.filter((issue) => issue.severity === 'error')).toEqual([]);
    const department = result.desired.departments.get('D1') as unknown as Record<string, unknown>;
    const team = result.desired.teams.get('T1') as unknown as Record<string, unknown>;
    for (const field of UNIT_FIELDS) {
      expect([field.key, department[field.key]]).toEqual([field.key, valuesOf(field)[0]]);
      expect([field.key, team[field.key]]).toEqual([field.key, valuesOf(field)[1]]);
    }
  });
});
