/** The --map profile as data: both forms, the checks that name the key, dates in a profile's format. */
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/errors.js';
import { parseDateInFormat } from '../../src/sheets/profile/cells.js';
import { checkProfile } from '../../src/sheets/profile/check.js';
import { withProfileRules } from '../../src/sheets/profile/cells.js';
import type { RawCell } from '../../src/sheets/types.js';
import { valueRules } from '../../src/validate/value-maps.js';

const check = (profile: unknown) => checkProfile(profile, 'p.json', valueRules);
const refusal = (profile: unknown): string => {
  try {
    check(profile);
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error('the profile was accepted');
};

describe('a profile', () => {
  it('in the old flat form maps headers, targets written as any alias', () => {
    expect(check({ employees: { 'Medarb.nr.': 'Medarbejder_id', Mail: 'E-mail' } }).headers).toEqual({
      employees: { 'Medarb.nr.': 'employee_id', Mail: 'email' },
    });
  });

  it('in the grown form carries value maps (compared trimmed, without case), date formats and the path separator', () => {
    const profile = check({
      medarbejdere: { headers: { Køn: 'køn' }, values: { Køn: { ' HERRE ': 'm' } }, dates: { Fødselsdato: 'D.M.YYYY' } },
      path_separator: ' > ',
      _about: 'a note, never read',
    });
    expect(profile.headers).toEqual({ employees: { Køn: 'gender' } });
    expect(profile.sheets.employees?.values.get('gender')?.get('herre')).toBe('m');
    expect(profile.sheets.employees?.dates.get('birthday')).toEqual(['D.M.YYYY']);
    expect(profile.pathSeparator).toBe(' > ');
  });

  it.each([
    [[1, 2], /expected an object of sheets/],
    [{ employes: {} }, /"employes" is no sheet/],
    [{ employees: { headers: { A: 42 } } }, /"employees\.headers\.A"/],
    [{ employees: { 'Medarb.nr.': [] } }, /"employees\.Medarb\.nr\.": must map headers to columns/],
    [{ employees: { values: { name: { a: 'b' } } } }, /"employees\.values\.name" maps values, but name takes no fixed set/],
    [
      { absence: { values: { start_date: { a: 'b' } } } },
      /"absence\.values\.start_date": "a" is mapped to "b", but a word in a date column \(start_date\) can only mean no date: map it to ""/,
    ],
    [
      { organisation: { values: { type: { Afd: 'division' } } } },
      /"organisation\.values\.type": "Afd" is mapped to "division", which type does not take/,
    ],
    [{ delegations: { values: { responsibility: { Leder: 'boss' } } } }, /which responsibility does not take/],
    [{ absence: { dates: { start_date: 'YYYY.MM' } } }, /"absence\.dates\.start_date" "YYYY\.MM" is no date format/],
    [{ path_separator: 3 }, /"path_separator"/],
    [{ employees: { headers: { A: 'email' }, format: { birthday: 'DD.MM.YYYY' } } }, /"employees": Unrecognized key: "format"/],
  ])('%j is refused, naming the key', (profile, message) => {
    expect(refusal(profile)).toMatch(/^--map p\.json: /);
    expect(refusal(profile)).toMatch(message);
  });
});

describe('a row read through the profile', () => {
  const profile = check({
    employees: { values: { status: { Stoppet: 'left' } }, dates: { birthday: 'DD.MM.YYYY' } },
  }).sheets.employees;
  const cells = (row: Record<string, RawCell>) => withProfileRules(new Map(Object.entries(row)), profile);

  it("gets the column's value for the export's spelling, and the day for a date in the format", () => {
    const row = cells({ status: { text: 'stoppet', type: 'text' }, birthday: { text: '31.12.1980', type: 'text' } });
    expect(row.get('status')).toMatchObject({ text: 'left' });
    expect(row.get('birthday')).toMatchObject({ type: 'date', date: '1980-12-31' });
  });

  it('keeps a value the map does not name, a real date cell, and a text date not in the format (marked with it)', () => {
    const dateCell: RawCell = { text: '1980-12-31', type: 'date', date: '1980-12-31' };
    const row = cells({ status: { text: 'aktiv', type: 'text' }, birthday: dateCell });
    expect(row.get('status')).toMatchObject({ text: 'aktiv' });
    expect(row.get('birthday')).toBe(dateCell);
    expect(cells({ birthday: { text: '12/31/1980', type: 'text' } }).get('birthday')).toMatchObject({
      type: 'text',
      dateFormats: ['DD.MM.YYYY'],
    });
  });
});

describe('a row read through a profile with a list of date formats and its own word for no date', () => {
  const profile = check({
    employees: { values: { leaving_date: { Ukendt: '' } }, dates: { leaving_date: ['M/D/YYYY', 'MM/DD/YY'] } },
  }).sheets.employees;
  const leaving = (text: string) =>
    withProfileRules(new Map([['leaving_date', { text, type: 'text' as const }]]), profile).get('leaving_date');

  it('reads each date by the first format that reads it; a two-digit year is left for the validator, marked with the formats', () => {
    expect(leaving('9/25/2013')).toMatchObject({ type: 'date', date: '2013-09-25' });
    expect(leaving('04/15/15')).toMatchObject({ type: 'text', dateFormats: ['M/D/YYYY', 'MM/DD/YY'] });
  });

  it("reads the profile's word for no date as a blank cell", () => {
    expect(leaving('ukendt')).toMatchObject({ text: '' });
  });
});

describe("a date in a profile's format", () => {
  it.each([
    ['31.12.1980', 'DD.MM.YYYY', '1980-12-31'],
    ['1.2.2024', 'D.M.YYYY', '2024-02-01'],
    ['01.02.2024', 'D.M.YYYY', '2024-02-01'],
    ['12/31/1980', 'MM/DD/YYYY', '1980-12-31'],
    ['1980-12-31', 'YYYY-MM-DD', '1980-12-31'],
    ['29 02 2024', 'DD MM YYYY', '2024-02-29'],
    ['1.2.2024', 'DD.MM.YYYY', null],
    ['31.02.2024', 'DD.MM.YYYY', null],
    ['12/31/1980', 'DD/MM/YYYY', null],
    ['31.12.1980 00:00', 'DD.MM.YYYY', null],
  ])('%s as %s is %s', (text, format, day) => {
    expect(parseDateInFormat(text, format)).toBe(day);
  });

  it.each([
    ['07/10/83', 'MM/DD/YY', true, '1983-07-10'],
    ['28.02.04', 'DD.MM.YY', true, '2004-02-28'],
    ['30.06.60', 'DD.MM.YY', true, '1960-06-30'],
    ['1/20/13', 'M/D/YY', false, '2013-01-20'],
    ['1/20/2013', 'M/D/YY', false, null],
  ])('%s as %s (birthday: %s) is %s by the century rule', (text, format, birthday, day) => {
    expect(parseDateInFormat(text, format, { today: '2025-06-01', past: birthday })).toBe(day);
    // Without today and the column, a two-digit year is left for the validator.
    expect(parseDateInFormat(text, format)).toBe(null);
  });
});

describe('one header, two targets (issue 26)', () => {
  it('a header may be read as several columns; each target is checked like one', () => {
    expect(check({ employees: { headers: { Mail: ['email', 'Brugernavn'] } } }).headers).toEqual({
      employees: { Mail: ['email', 'username'] },
    });
    expect(refusal({ employees: { headers: { Mail: ['email', 'mobile'] } } })).toMatch(
      /"employees\.headers": "Mail" is mapped to "mobile", which is no column/,
    );
  });
});
