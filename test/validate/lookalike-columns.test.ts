/**
 * Issue 26 point 7: a header taken by an alias whose values are nearly all ones the column does not take
 * (a US State column read as status) is reported once, as probably another column, with the fix.
 */
import { describe, expect, it } from 'vitest';
import { errors, run } from './helpers.js';

const COLUMNS = ['employee_id', 'name', 'email', 'State=status'];
const person = (id: string, state: string) => [id, `Person ${id}`, `p${id}@firma.dk`, state];

describe('a column that only looks like one of ours', () => {
  it('is one error for the column, naming its header, examples and the fix, instead of one per row', async () => {
    const rows = ['MA', 'CT', 'MA', 'TX', 'MA', 'NY'].map((state, i) => person(String(100 + i), state));
    const result = await run([{ kind: 'employees', columns: COLUMNS, rows }]);
    expect(errors(result).map((e) => [e.code, e.row, e.column])).toEqual([['invalid_value', null, 'status']]);
    expect(errors(result)[0]!.message).toMatch(
      /^The column "State" is read as status, but 6 of its 6 values \(MA, CT, TX\) are not ones status takes: it is probably another column\. Map it to null in a --map profile \(\{"employees": \{"headers": \{"State": null\}\}\}\) or rename it/,
    );
  });

  it('a few bad values among good ones are still each reported at its row', async () => {
    const rows = [person('100', 'aktiv'), person('101', 'aktiv'), person('102', 'Stoppet'), person('103', 'aktiv')];
    const result = await run([{ kind: 'employees', columns: COLUMNS, rows }]);
    expect(errors(result).map((e) => [e.code, e.row, e.column])).toEqual([['invalid_value', 4, 'status']]);
  });
});

describe('units by name (issue 26 point 5)', () => {
  const organisation = {
    kind: 'organisation' as const,
    columns: ['id', 'name', 'parent_id'],
    rows: [
      ['root', 'Nordlys', ''],
      ['DRIFT', 'Drift', 'root'],
      ['SALG', 'Salg', 'root'],
      ['D-ADM', 'Administration', 'DRIFT'],
      ['S-ADM', 'Administration', 'SALG'],
      ['NET', 'Net Nord', 'DRIFT'],
    ],
  };
  const employees = (unit: string) => ({
    kind: 'employees' as const,
    columns: ['employee_id', 'name', 'email', 'Afdeling=unit_id'],
    rows: [['E1', 'Anna Berg', 'anna@firma.dk', unit]],
  });

  it("a unit column holding a unit's one name places the employee in that unit", async () => {
    const result = await run([organisation, employees('net nord')]);
    expect(errors(result)).toEqual([]);
    expect(result.desired.employees.get('E1')?.teamId).toBe('NET');
  });

  it('a name several units share is an error listing their paths and the fix', async () => {
    const result = await run([organisation, employees('Administration')]);
    expect(errors(result).map((e) => [e.code, e.row, e.column])).toEqual([['unknown_reference', 2, 'unit_id']]);
    expect(errors(result)[0]!.message).toBe(
      '"Administration" is the name of 2 units ("Nordlys > Drift > Administration", "Nordlys > Salg > Administration"), so which one is meant cannot be told. ' +
        'Write the unit\'s id instead, or the unit as a path (a unit_path column, e.g. "Nordlys > Drift > Administration").',
    );
  });
});
