/**
 * Issue 26 point 1: `map --init` never maps a header to a column whose values the importer cannot read.
 * Random export sheets (headers that are aliases, everyday spellings and look-alikes such as `GenderID`,
 * `State` or `ManagerName`; each column's values of one random kind) go through the starter profile, and
 * every header it maps is read back with the validator's own rules (values.ts, value-maps.ts, dates.ts).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { starterProfile } from '../../src/sheets/starter.js';
import { READABLE_SHARE } from '../../src/sheets/column-values.js';
import { parseDateText } from '../../src/sheets/dates.js';
import { parseDateInFormat } from '../../src/sheets/profile/cells.js';
import type { PhysicalRow } from '../../src/sheets/sheet-source.js';
import type { RawCell } from '../../src/sheets/types.js';
import { valueRules } from '../../src/validate/value-maps.js';
import { isValidEmail } from '../../src/validate/values.js';
import { propertyRuns } from '../helpers/property-runs.js';

const TODAY = '2025-06-01';
const CHECKS = { fixed: valueRules, email: isValidEmail, today: TODAY };

const HEADERS = [
  'EmpID',
  'Employee_Name',
  'Medarb.nr.',
  'Navn',
  'Email',
  'Mail',
  'E-mail',
  'Sex',
  'GenderID',
  'Køn',
  'DOB',
  'Fødselsdato',
  'DateofHire',
  'Date of Termination',
  'Position',
  'PositionID',
  'Stilling',
  'Status',
  'State',
  'EmploymentStatus',
  'MaritalStatusID',
  'Leder',
  'ManagerName',
  'ManagerID',
  'Sprog',
  'Language',
  'Team',
  'Afdeling',
  'Enhed',
  'Sti',
  'Fornavn',
  'Efternavn',
  'Salary',
  'Zip',
  'Hold',
  'Birthday',
  'Start date',
  'Termd',
];

const pad = (n: number) => String(n).padStart(2, '0');
const day = fc.record({ y: fc.integer({ min: 1950, max: 2030 }), m: fc.integer({ min: 1, max: 12 }), d: fc.integer({ min: 1, max: 28 }) });
const word = fc.constantFrom('Production', 'Sales', 'Revisor', 'Bogholder', 'Aktiv', 'Stoppet', 'Orlov', 'Technician II');
const person = fc.tuple(fc.constantFrom('Karen', 'Mads', 'Wilson', 'Ida'), fc.constantFrom('Holm', 'Berg', 'Adinolfi', 'Kjær'));

/** One column's values, all of one kind, some cells blank. */
const VALUES: fc.Arbitrary<string>[] = [
  fc.integer({ min: 0, max: 3 }).map(String),
  fc.integer({ min: 1, max: 40 }).map(String),
  fc.integer({ min: 10_000, max: 99_999 }).map(String),
  person.map(([first, last]) => `${first} ${last}`),
  person.map(([first, last]) => `${last}, ${first}`),
  person.map(([first, last]) => `${first.toLowerCase()}.${last.toLowerCase()}@example.dk`),
  day.map(({ y, m, d }) => `${y}-${pad(m)}-${pad(d)}`),
  day.map(({ y, m, d }) => `${pad(d)}.${pad(m)}.${y}`),
  day.map(({ y, m, d }) => `${m}/${d}/${y}`),
  day.map(({ y, m, d }) => `${d}/${m}/${y}`),
  day.map(({ y, m, d }) => `${pad(m)}/${pad(d)}/${String(y).slice(2)}`),
  day.map(({ y, m, d }) => `${pad(d)}.${pad(m)}.${String(y).slice(2)}`),
  fc.constantFrom('MA', 'CT', 'TX', 'NY'),
  fc.constantFrom('ja', 'nej', 'x', 'yes', 'no'),
  fc.constantFrom('F', 'M', 'Kvinde', 'Mand', 'female'),
  fc.constantFrom('active', 'left', 'aktiv', 'fratrådt'),
  fc.constantFrom('Active', 'Voluntarily Terminated', 'Terminated for Cause'),
  fc.constantFrom('da', 'en', 'dansk'),
  word,
  fc.constantFrom('Kolding Kommune', 'Kolding Kommune > Drift', 'Kolding Kommune > Drift > Park og vej', 'Kolding Kommune > Salg'),
];

const sheetArbitrary = fc.uniqueArray(fc.constantFrom(...HEADERS), { minLength: 1, maxLength: 10 }).chain((headers) =>
  fc.tuple(
    fc.constant(headers),
    fc
      .tuple(...headers.map(() => fc.integer({ min: 0, max: VALUES.length - 1 })))
      .chain((kinds) =>
        fc.array(fc.tuple(...kinds.map((kind) => fc.option(VALUES[kind]!, { freq: 6, nil: '' }))), { minLength: 1, maxLength: 25 }),
      ),
  ),
);

function text(value: string): RawCell | undefined {
  return value === '' ? undefined : { text: value, type: 'text' };
}

/** Whether the validator reads the value as the column, by its own rules (and the profile's date format). */
function readable(column: string, value: string, format: string | readonly string[] | undefined): boolean {
  const fixed = valueRules('employees', column);
  if (fixed) return fixed(value);
  if (column === 'email') return isValidEmail(value);
  if (['birthday', 'hiring_date', 'leaving_date'].includes(column)) {
    const century = { today: TODAY, past: column === 'birthday' };
    const formats = format === undefined ? [] : typeof format === 'string' ? [format] : format;
    if (formats.some((f) => parseDateInFormat(value, f, century) !== null)) return true;
    return 'date' in parseDateText(value, undefined, century);
  }
  if (['name', 'first_name', 'last_name', 'employment', 'unit_path'].includes(column)) return /\p{L}/u.test(value);
  return true;
}

describe('map --init (issue 26)', () => {
  it('never maps a header to a column whose values the importer cannot read', () => {
    fc.assert(
      fc.property(sheetArbitrary, ([headers, rows]) => {
        const physical: PhysicalRow[] = [
          { row: 1, cells: headers.map((header) => ({ text: header, type: 'text' as const })) },
          ...rows.map((values, i) => ({ row: i + 2, cells: values.map(text) })),
        ];
        const profile = starterProfile([{ file: 'export.csv', sheetName: 'Medarbejdere', rows: physical }], 'export.csv', CHECKS);
        const section = profile.json.employees as { headers: Record<string, string | null>; dates?: Record<string, string | string[]> };
        for (const [position, header] of headers.entries()) {
          const column = section.headers[header];
          if (column === null || column === undefined) continue;
          const values = rows.map((row) => row[position]!).filter((value) => value !== '');
          if (values.length === 0) continue;
          const read = values.filter((value) => readable(column, value, section.dates?.[column])).length;
          expect(read / values.length, `${header} → ${column}: ${values.join(' | ')}`).toBeGreaterThanOrEqual(READABLE_SHARE);
        }
      }),
      { numRuns: propertyRuns(300) },
    );
  });

  it('an exact alias beats a guess, and a guess is never counted as recognised', () => {
    const rows: PhysicalRow[] = [
      { row: 1, cells: ['GenderID', 'Sex', 'Employee_Name', 'EmpID'].map((t) => ({ text: t, type: 'text' as const })) },
      { row: 2, cells: ['0', 'F', 'Holm, Karen', '10001'].map((t) => ({ text: t, type: 'text' as const })) },
      { row: 3, cells: ['1', 'M', 'Berg, Mads', '10002'].map((t) => ({ text: t, type: 'text' as const })) },
    ];
    const profile = starterProfile([{ file: 'x.csv', sheetName: 'x', rows }], 'x.csv', CHECKS);
    expect((profile.json.employees as { headers: unknown }).headers).toEqual({
      GenderID: null,
      Sex: 'gender',
      Employee_Name: 'name',
      EmpID: 'employee_id',
    });
    expect(profile).toMatchObject({ recognised: 3, guessed: 0, unrecognised: 1 });
  });

  it('reads a file whose headers name no column: its first non-blank row, said under _check (issue 35)', () => {
    const cells = (...texts: string[]) => texts.map((t) => ({ text: t, type: 'text' as const }));
    const rows: PhysicalRow[] = [
      { row: 2, cells: cells('Nøgle', 'Tal') },
      { row: 3, cells: cells('k-1', '7') },
      { row: 4, cells: cells('k-2', '7') },
    ];
    const profile = starterProfile([{ file: 'ukendt.csv', sheetName: 'ukendt', rows }], 'ukendt.csv', CHECKS);
    expect(profile.json.employees).toMatchObject({ file: 'ukendt.csv', headers: { Nøgle: 'employee_id', Tal: null } });
    expect((profile.json._check as Record<string, Record<string, string>>).employees!['(header row)']).toMatch(
      /no header in the first rows is one the importer knows, so row 2, the first that is not blank, is taken as the header row/,
    );
  });

  it('a people list is people by its e-mail addresses, never units with the e-mail as their owner (issue 35)', () => {
    const cells = (...texts: string[]) => texts.map((t) => ({ text: t, type: 'text' as const }));
    const rows: PhysicalRow[] = [
      { row: 1, cells: cells('id', 'name', 'email', 'department') },
      { row: 2, cells: cells('e1', 'Anna Holm', 'anna@x.dk', 'Salg') },
      { row: 3, cells: cells('e2', 'Bo Berg', 'bo@x.dk', 'Salg') },
    ];
    const profile = starterProfile([{ file: 'people.csv', sheetName: 'people', rows }], 'people.csv', CHECKS);
    expect(profile.json.organisation).toBeUndefined();
    expect(profile.json.employees).toMatchObject({ headers: { id: 'employee_id', name: 'name', email: 'email' } });
  });
});
