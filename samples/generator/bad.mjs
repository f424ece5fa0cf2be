/**
 * samples/bad/: small files, each with one kind of mistake HR staff really make (README.md says what is
 * wrong, what the user sees and how to fix it; test/samples/bad.test.ts holds them to it). They build on
 * one small organisation: the top department `root`, the department D-10 with two teams, five people.
 */
import { join } from 'node:path';
import { writeCsv, writeWorkbook } from './write.mjs';

const EMPLOYEE_HEADER = ['Medarbejder_id', 'Bruger_id', 'Navn', 'E-mail', 'Køn', 'Fødselsdato', 'Stilling', 'Team'];
const ORGANISATION_HEADER = ['Type', 'Enhed_id', 'Navn', 'Overordnet', 'Leder'];
const ABSENCE_HEADER = ['Medarbejder_id', 'Første sygedag', 'Sidste sygedag'];
const DELEGATION_HEADER = ['Enhed_id', 'Ansvar', 'Medarbejder_id'];

const d = (/** @type {string} */ date) => ({ date });

/** @typedef {string | { date: string } | null | undefined} Cell */

/** @returns {[id: string, user: string | null, name: string, email: string, gender: string, birthday: { date: string }, title: string, team: string | null][]} */
function employees() {
  return [
    ['101', null, 'Søren Ærø', 'soeren.aeroe@nordlysenergi.dk', 'M', d('1970-03-14'), 'Salgsdirektør', null],
    ['102', null, 'Åse Øster', 'aase.oester@nordlysenergi.dk', 'K', d('1985-06-02'), 'Teamleder', 'T-11'],
    ['103', null, 'Bjørn Kjær', 'bjoern.kjaer@nordlysenergi.dk', 'M', d('1979-11-23'), 'Teamleder', 'T-12'],
    ['104', null, 'Kåre Møller', 'kaare.moeller@nordlysenergi.dk', 'M', d('1990-01-30'), 'Sælger', 'T-11'],
    ['105', null, 'Mette Bæk', 'mette.baek@nordlysenergi.dk', 'K', d('1988-09-09'), 'Sælger', 'T-12'],
  ];
}

function organisation() {
  return [
    ['afdeling', 'root', 'Company', null, '101'],
    ['afdeling', 'D-10', 'Salg', 'root', '101'],
    ['team', 'T-11', 'Salg Nord', 'D-10', '102'],
    ['team', 'T-12', 'Salg Syd', 'D-10', '103'],
  ];
}

/**
 * @param {string} path
 * @param {{ employeeRows?: Cell[][], employeeHeader?: string[], organisationRows?: Cell[][], absence?: Cell[][], delegations?: Cell[][] }} [sheetsGiven]
 */
function workbook(
  path,
  { employeeRows = employees(), employeeHeader = EMPLOYEE_HEADER, organisationRows = organisation(), absence, delegations } = {},
) {
  const sheets = [
    { name: 'Medarbejdere', dateFormat: 'dd-mm-yyyy', rows: [employeeHeader, ...employeeRows] },
    { name: 'Organisation', rows: [ORGANISATION_HEADER, ...organisationRows] },
  ];
  if (absence) sheets.push({ name: 'Fravær', dateFormat: 'dd-mm-yyyy', rows: [ABSENCE_HEADER, ...absence] });
  if (delegations) sheets.push({ name: 'Delegeringer', rows: [DELEGATION_HEADER, ...delegations] });
  writeWorkbook(path, sheets);
}

/** Employees only, as a CSV file: no team column, so nothing refers to another sheet. */
const CSV_HEADER = ['Medarbejder_id', 'Navn', 'E-mail', 'Køn', 'Fødselsdato', 'Stilling'];
function csvEmployees(change = (rows) => rows) {
  const rows = employees().map(([id, , name, email, gender, birthday, title]) => [
    id,
    name,
    email,
    gender,
    birthday.date.split('-').reverse().join('-'),
    title,
  ]);
  return [CSV_HEADER, ...change(rows)];
}

export function writeBadSamples(dir) {
  const at = (name) => join(dir, name);

  workbook(at('duplicate-employee-id.xlsx'), {
    employeeRows: [...employees(), ['104', null, 'Ida Holm', 'ida.holm@nordlysenergi.dk', 'K', d('1993-02-11'), 'Sælger', 'T-12']],
  });
  workbook(at('team-parent-missing.xlsx'), {
    organisationRows: organisation().map((row) => (row[1] === 'T-12' ? ['team', 'T-12', 'Salg Syd', 'D-20', '103'] : row)),
  });
  workbook(at('department-cycle.xlsx'), {
    organisationRows: [...organisation(), ['afdeling', 'D-20', 'Service', 'D-30', null], ['afdeling', 'D-30', 'Eftermarked', 'D-20', null]],
  });
  workbook(at('two-top-departments.xlsx'), {
    organisationRows: [...organisation(), ['afdeling', 'D-99', 'Datterselskab', null, '101']],
  });
  workbook(at('absence-without-team.xlsx'), { absence: [['101', d('2025-03-03'), d('2025-03-07')]] });
  workbook(at('overlapping-absence.xlsx'), {
    absence: [
      ['104', d('2025-03-03'), d('2025-03-14')],
      ['104', d('2025-03-10'), d('2025-03-20')],
    ],
  });
  workbook(at('end-before-start.xlsx'), { absence: [['105', d('2025-04-10'), d('2025-04-07')]] });
  workbook(at('wrong-responsibility.xlsx'), {
    delegations: [
      ['T-11', 'manage_organisation_department', '102'],
      ['D-10', 'dialog_access_cv', '103'],
      ['D-10', 'configuration', '101'],
    ],
  });
  workbook(at('conflicting-person.xlsx'), {
    employeeRows: [
      ...employees().map((row) => (row[0] === '104' ? ['104', '104', ...row.slice(2)] : row)),
      ['106', '104', 'Kåre Møller', 'kaare.m@nordlysenergi.dk', 'M', d('1990-01-30'), 'Vagtordning', 'T-12'],
    ],
  });
  workbook(at('missing-column.xlsx'), {
    employeeRows: employees().map((row) => [...row.slice(0, 3), ...row.slice(4)]),
    employeeHeader: [...EMPLOYEE_HEADER.slice(0, 3), ...EMPLOYEE_HEADER.slice(4)],
  });
  workbook(at('several-mistakes.xlsx'), {
    employeeRows: employees().map((row) => {
      if (row[0] === '103') return [row[0], null, row[2], 'bjoern.kjaer@nordlysenergi', ...row.slice(4)];
      if (row[0] === '104') return [...row.slice(0, 5), '31-02-1990', ...row.slice(6)];
      if (row[0] === '105') return [...row.slice(0, 4), 'X', ...row.slice(5)];
      return row;
    }),
    absence: [['102', d('2025-05-12'), d('2025-05-02')]],
  });

  writeCsv(
    at('bad-email.csv'),
    csvEmployees((rows) =>
      rows.map((row) =>
        row[0] === '102'
          ? [row[0], row[1], 'aase oester@nordlysenergi.dk', ...row.slice(3)]
          : row[0] === '105'
            ? [row[0], row[1], 'mette.baek(at)nordlysenergi.dk', ...row.slice(3)]
            : row,
      ),
    ),
  );
  writeCsv(
    at('slash-date.csv'),
    csvEmployees((rows) => rows.map((row) => (row[0] === '102' ? [...row.slice(0, 4), '02/06/1985', row[5]] : row))),
  );
  writeCsv(
    at('shared-email.csv'),
    csvEmployees((rows) =>
      rows.map((row) => (row[0] === '105' ? [row[0], row[1], 'kaare.moeller@nordlysenergi.dk', ...row.slice(3)] : row)),
    ),
  );
  writeCsv(
    at('future-birthday.csv'),
    csvEmployees((rows) => rows.map((row) => (row[0] === '104' ? [...row.slice(0, 4), '30-01-2099', row[5]] : row))),
  );
  writeCsv(
    at('unknown-gender.csv'),
    csvEmployees((rows) => rows.map((row) => (row[0] === '105' ? [...row.slice(0, 3), 'ukendt', ...row.slice(4)] : row))),
  );

  // Files that look wrong but are read fine.
  writeCsv(at('windows-1252.csv'), csvEmployees(), { encoding: 'windows-1252' });
  writeCsv(at('title-row.csv'), [['Medarbejdere – eksport pr. 01-03-2025'], [], ...csvEmployees()]);
}
