/**
 * Issue 26 point 6: two-digit years under --date-order and in a profile's format, by the century rule of
 * exports.md (a birthday never in the future, other dates within 50 years of today); a slash date
 * readable one way only is never ambiguous.
 */
import { describe, expect, it } from 'vitest';
import { errors, run } from './helpers.js';

const COLUMNS = ['employee_id', 'name', 'email', 'birthday', 'hiring_date'];

describe('two-digit years', () => {
  it('under --date-order: a birthday takes the latest century not after today, a hiring date the one within 50 years', async () => {
    const result = await run(
      [
        {
          kind: 'employees',
          columns: COLUMNS,
          rows: [
            ['E1', 'Anna Berg', 'anna@firma.dk', '6/30/60', '1/20/13'],
            ['E2', 'Bo Holm', 'bo@firma.dk', '6/1/25', '1/20/76'],
            ['E3', 'Carl Dahl', 'carl@firma.dk', '', '1/20/74'],
          ],
        },
      ],
      { dateOrder: 'mdy', today: '2025-06-01' },
    );
    expect(errors(result)).toEqual([]);
    const users = [...result.desired.users.values()].map((u) => [u.name, u.birthday]);
    expect(users).toEqual([
      ['Anna Berg', '1960-06-30'],
      ['Bo Holm', '2025-06-01'],
    ]);
    // 1/20/74 is 2074 (within 50 years of today, 1974 is not): Carl is not hired yet.
    expect(result.issues).toContainEqual(
      expect.objectContaining({ code: 'not_yet_hired', row: 4, message: expect.stringContaining('2074-01-20') }),
    );
  });

  it('without --date-order a two-digit year is not read, and a slash date readable one way is read that way', async () => {
    const result = await run(
      [
        {
          kind: 'employees',
          columns: ['employee_id', 'name', 'email', 'birthday'],
          rows: [
            ['E1', 'Anna Berg', 'anna@firma.dk', '6/30/60'],
            ['E2', 'Bo Holm', 'bo@firma.dk', '1/20/1980'],
            ['E3', 'Carl Dahl', 'carl@firma.dk', '05/03/1980'],
          ],
        },
      ],
      { today: '2025-06-01' },
    );
    expect(errors(result).map((e) => [e.row, e.code])).toEqual([
      [2, 'invalid_date'],
      [4, 'ambiguous_date'],
    ]);
    expect([...result.desired.users.values()].find((u) => u.name === 'Bo Holm')?.birthday).toBe('1980-01-20');
  });
});
