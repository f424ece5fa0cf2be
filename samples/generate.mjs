#!/usr/bin/env node
/**
 * Writes the sample files: node samples/generate.mjs [OUT_DIR]   (default: this folder)
 *
 * samples/company.xlsx and samples/csv/*.csv: Nordlys Energi A/S, a clean first import (see
 * generator/company.mjs); samples/bad/*: small files with the mistakes HR staff really make (see
 * generator/bad.mjs and README.md). Seeded, no network, no clock: the output is the same on every run.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildCompany } from './generator/company.mjs';
import { writeBadSamples } from './generator/bad.mjs';
import { seededRandom } from './generator/random.mjs';
import { danishDate, writeCsv, writeWorkbook } from './generator/write.mjs';

const outDir = process.argv[2] ?? fileURLToPath(new URL('.', import.meta.url));
const company = buildCompany(seededRandom(20250101));

const number = (id) => (/^\d+$/.test(id) ? Number(id) : id);
const employeeById = new Map(company.employees.map((e) => [e.id, e]));
const englishGender = { K: 'f', M: 'm' };
const englishLanguage = { dansk: 'da', engelsk: 'en' };

// The workbook: Danish sheet names and headers, employee ids as number cells (as ERP exports write them),
// dates as real date cells.
writeWorkbook(join(outDir, 'company.xlsx'), [
  {
    name: 'Medarbejdere',
    dateFormat: 'dd-mm-yyyy',
    rows: [
      ['Medarbejder_id', 'Bruger_id', 'Navn', 'E-mail', 'Køn', 'Fødselsdato', 'Stilling', 'Sprog', 'Team'],
      ...company.employees.map((e) => [
        number(e.id),
        e.userId === '' ? null : number(e.userId),
        e.person.name,
        e.person.email,
        e.person.gender,
        { date: e.person.birthday },
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
    dateFormat: 'dd-mm-yyyy',
    rows: [
      ['Medarbejder_id', 'Første sygedag', 'Sidste sygedag'],
      ...company.absences.map((a) => [number(a.employeeId), { date: a.start }, a.end === null ? null : { date: a.end }]),
    ],
  },
  {
    name: 'Delegeringer',
    rows: [
      ['Enhed_id', 'Ansvar', 'Medarbejder_id'],
      ...company.delegations.map((d) => [d.unitId, d.responsibility, number(d.employeeId)]),
    ],
  },
]);

// The same data as CSV files: English names and headers, `;`, UTF-8 with BOM; ISO birthdays, and
// Danish DD-MM-YYYY dates in the absence file to show both are read.
const csvDir = join(outDir, 'csv');
writeCsv(join(csvDir, 'employees.csv'), [
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
writeCsv(join(csvDir, 'organisation.csv'), [
  ['type', 'id', 'name', 'parent_id', 'owner'],
  ...company.departments.map((d) => ['department', d.id, d.name, d.parentId, d.owner]),
  ...company.teams.map((t) => ['team', t.id, t.name, t.departmentId, t.owner]),
]);
writeCsv(
  join(csvDir, 'absence.csv'),
  [['employee_id', 'start_date', 'end_date'], ...company.absences.map((a) => [a.employeeId, { date: a.start }, a.end === null ? null : { date: a.end }])],
  { formatDate: danishDate },
);
writeCsv(join(csvDir, 'delegations.csv'), [
  ['unit_id', 'responsibility', 'employee_id'],
  ...company.delegations.map((d) => [d.unitId, d.responsibility, d.employeeId]),
]);

writeBadSamples(join(outDir, 'bad'));

const people = new Set(company.employees.map((e) => e.person.email)).size;
const twice = company.employees.filter((e) => e.userId !== '' && e.userId !== e.id).length;
console.log(
  `samples: ${company.employees.length} employments (${people} people, ${twice} with two), ` +
    `${company.departments.length} departments, ${company.teams.length} teams, ` +
    `${company.absences.length} absences (${company.absences.filter((a) => a.end === null).length} open), ` +
    `${company.delegations.length} delegations; employee 1001 is ${employeeById.get('1001')?.person.name}`,
);
