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
