/**
 * The sample company's sheet layout: Danish sheet names and headers in the workbook, English file names
 * and headers in the CSV folder. A company is { departments, teams, employees, absences, delegations }
 * as generator/company.mjs builds it; the benchmarks' larger companies (bench/generator/) have the same
 * shape and use this layout too.
 */
import { join } from 'node:path';
import { danishDate, writeCsv } from './write.mjs';

/** Employee ids as number cells, as ERP exports write them. */
export const number = (id) => (/^\d+$/.test(id) ? Number(id) : id);
const englishGender = { K: 'f', M: 'm' };
const englishLanguage = { dansk: 'da', engelsk: 'en' };
const DATE_FORMAT = 'dd-mm-yyyy';

/**
 * The workbook's four sheets: [{ name, dateFormat?, rows }]. `dateCell(isoDay, format)` gives the cell
 * of a date; by default `{ date }`, which write.mjs's writeWorkbook turns into a real date cell.
 * @param {(isoDay: string, format: string) => unknown} [dateCell]
 */
export function workbookSheets(company, dateCell = (isoDay) => ({ date: isoDay })) {
  const date = (isoDay) => dateCell(isoDay, DATE_FORMAT);
  return [
    {
      name: 'Medarbejdere',
      dateFormat: DATE_FORMAT,
      rows: [
        ['Medarbejder_id', 'Bruger_id', 'Navn', 'E-mail', 'Køn', 'Fødselsdato', 'Stilling', 'Sprog', 'Team'],
        ...company.employees.map((e) => [
          number(e.id),
          e.userId === '' ? null : number(e.userId),
          e.person.name,
          e.person.email,
          e.person.gender,
          date(e.person.birthday),
          e.title,
          e.person.language,
          e.teamId,
        ]),
      ],
    },
    {
      name: 'Organisation',
      rows: [
        ['Type', 'Enhed_id', 'Navn', 'Overordnet', 'Leder'],
        ...company.departments.map((d) => ['afdeling', d.id, d.name, d.parentId, d.owner === null ? null : number(d.owner)]),
        ...company.teams.map((t) => ['team', t.id, t.name, t.departmentId, number(t.owner)]),
      ],
    },
    {
      name: 'Fravær',
      dateFormat: DATE_FORMAT,
      rows: [
        ['Medarbejder_id', 'Første sygedag', 'Sidste sygedag'],
        ...company.absences.map((a) => [number(a.employeeId), date(a.start), a.end === null ? null : date(a.end)]),
      ],
    },
    {
      name: 'Delegeringer',
      rows: [
        ['Enhed_id', 'Ansvar', 'Medarbejder_id'],
        ...company.delegations.map((d) => [d.unitId, d.responsibility, number(d.employeeId)]),
      ],
    },
  ];
}

/**
 * The same data as four CSV files in `dir`: English names and headers, `;`, UTF-8 with BOM; ISO
 * birthdays, and Danish DD-MM-YYYY dates in the absence file to show both are read.
 */
export function writeCsvFiles(dir, company) {
  writeCsv(join(dir, 'employees.csv'), [
    ['employee_id', 'user_id', 'name', 'email', 'gender', 'birthday', 'employment', 'system_language', 'team_id'],
    ...company.employees.map((e) => [
      e.id,
      e.userId,
      e.person.name,
      e.person.email,
      englishGender[e.person.gender],
      { date: e.person.birthday },
      e.title,
      englishLanguage[e.person.language],
      e.teamId,
    ]),
  ]);
  writeCsv(join(dir, 'organisation.csv'), [
    ['type', 'id', 'name', 'parent_id', 'owner'],
    ...company.departments.map((d) => ['department', d.id, d.name, d.parentId, d.owner]),
    ...company.teams.map((t) => ['team', t.id, t.name, t.departmentId, t.owner]),
  ]);
  writeCsv(
    join(dir, 'absence.csv'),
    [
      ['employee_id', 'start_date', 'end_date'],
      ...company.absences.map((a) => [a.employeeId, { date: a.start }, a.end === null ? null : { date: a.end }]),
    ],
    { formatDate: danishDate },
  );
  writeCsv(join(dir, 'delegations.csv'), [
    ['unit_id', 'responsibility', 'employee_id'],
    ...company.delegations.map((d) => [d.unitId, d.responsibility, d.employeeId]),
  ]);
}

/** What a company holds, for the generators' summaries. */
export function countsOf(company) {
  return {
    employments: company.employees.length,
    people: new Set(company.employees.map((e) => e.person.email)).size,
    departments: company.departments.length,
    teams: company.teams.length,
    absences: company.absences.length,
    openAbsences: company.absences.filter((a) => a.end === null).length,
    delegations: company.delegations.length,
  };
}
