/**
 * samples/exports/: one HR export in each shape of exports.md, as it comes out of the HR system, each with
 * the --map profile that reads it (NAME.map.json). Small and fixed (no randomness): the point is the shape.
 * The CSV files are Windows-1252 with `;` and CRLF, as Danish Excel and payroll systems write them; the
 * workbook is written by SheetJS.
 */
import * as fs from 'node:fs';
import { join } from 'node:path';
import { writeCsv, writeWorkbook } from './write.mjs';

const TOP = 'Nordlys Energi';
/** @type {[id: string, first: string, last: string, email: string, birthday: string, units: string[]][]} */
const PEOPLE = [
  ['2001', 'Søren', 'Ærø', 'soeren.aeroe@nordlysenergi.dk', '17.04.1985', ['Salg', 'Salg Øst']],
  ['2002', 'Åse', 'Øster', 'aase.oester@nordlysenergi.dk', '02.06.1979', ['Salg', 'Salg Øst']],
  ['2003', 'Kaare', 'Møller', 'kaare.moeller@nordlysenergi.dk', '30.01.1990', ['Salg', 'Salg Vest']],
  ['2004', 'Line', 'Bæk', 'line.baek@nordlysenergi.dk', '11.11.1988', ['Drift', 'Vagtcentral']],
  ['2005', 'Jens', 'Holm', 'jens.holm@nordlysenergi.dk', '05.03.1972', ['Drift', 'Vagtcentral']],
  ['2006', 'Mette', 'Lund', 'mette.lund@nordlysenergi.dk', '23.09.1995', ['Drift']],
];

const write1252 = (path, rows) => writeCsv(path, rows, { encoding: 'windows-1252' });
const fullName = (p) => `${p[1]} ${p[2]}`;

function writeProfile(path, profile) {
  fs.writeFileSync(path, `${JSON.stringify(profile, null, 2)}\n`);
}

export function writeExportSamples(dir) {
  fs.mkdirSync(dir, { recursive: true });

  // 1. One employee list, the department as a path; Danish dates; a status of the system's own words.
  write1252(join(dir, 'path-column.csv'), [
    ['Medarb.nr.', 'Navn', 'E-mail', 'Afdeling', 'Fødselsdato', 'Status'],
    ...PEOPLE.map((p, i) => [p[0], fullName(p), p[3], [TOP, ...p[5]].join(' > '), p[4], i === 4 ? 'Stoppet' : 'I arbejde']),
  ]);
  writeProfile(join(dir, 'path-column.map.json'), {
    employees: {
      headers: {
        'Medarb.nr.': 'employee_id',
        Navn: 'name',
        'E-mail': 'email',
        Afdeling: 'unit_path',
        Fødselsdato: 'birthday',
        Status: 'status',
      },
      values: { status: { 'I arbejde': 'active', Stoppet: 'left' } },
      dates: { birthday: 'DD.MM.YYYY' },
    },
    path_separator: ' > ',
  });

  // 2. Level columns, in a workbook whose sheet name says nothing.
  writeWorkbook(join(dir, 'level-columns.xlsx'), [
    {
      name: 'Personale',
      rows: [
        ['Lønnr', 'Fulde navn', 'Arbejdsmail', 'Niveau 1', 'Niveau 2', 'Niveau 3'],
        ...PEOPLE.map((p) => [Number(p[0]), fullName(p), p[3], TOP, p[5][0] ?? null, p[5][1] ?? null]),
      ],
    },
  ]);
  writeProfile(join(dir, 'level-columns.map.json'), {
    employees: {
      headers: {
        Lønnr: 'employee_id',
        'Fulde navn': 'name',
        Arbejdsmail: 'email',
        'Niveau 1': 'level_1',
        'Niveau 2': 'level_2',
        'Niveau 3': 'level_3',
      },
    },
  });

  // 3. A unit list with parent ids and no type, and an employee list with a leader flag.
  const units = [
    ['100', TOP, ''],
    ['110', 'Salg', '100'],
    ['111', 'Salg Øst', '110'],
    ['112', 'Salg Vest', '110'],
    ['120', 'Drift', '100'],
    ['121', 'Vagtcentral', '120'],
  ];
  const unitOf = (/** @type {(typeof PEOPLE)[number]} */ p) => units.find((u) => u[1] === p[5].at(-1))?.[0];
  write1252(join(dir, 'units-and-leaders', 'organisation.csv'), [['Enhed_id', 'Enhedsnavn', 'Overordnet enhed'], ...units]);
  write1252(join(dir, 'units-and-leaders', 'employees.csv'), [
    ['Medarbejdernr', 'Navn', 'Mail', 'Enhed', 'Leder'],
    ...PEOPLE.map((p) => [p[0], fullName(p), p[3], unitOf(p), ['2001', '2004', '2006'].includes(p[0]) ? 'X' : '']),
  ]);
  writeProfile(join(dir, 'units-and-leaders.map.json'), {
    organisation: { headers: { Enhed_id: 'id', Enhedsnavn: 'name', 'Overordnet enhed': 'parent_id' } },
    employees: { headers: { Medarbejdernr: 'employee_id', Navn: 'name', Mail: 'email', Enhed: 'team_id', Leder: 'is_manager' } },
  });

  // 4. First and last name in two columns.
  write1252(join(dir, 'two-name-columns.csv'), [
    ['Medarbejder nr', 'Fornavn', 'Efternavn', 'E-mail', 'Fødselsdag'],
    ...PEOPLE.map((p) => [p[0], p[1], p[2], p[3], p[4]]),
  ]);
  writeProfile(join(dir, 'two-name-columns.map.json'), {
    employees: {
      headers: {
        'Medarbejder nr': 'employee_id',
        Fornavn: 'first_name',
        Efternavn: 'last_name',
        'E-mail': 'email',
        Fødselsdag: 'birthday',
      },
      dates: { birthday: 'DD.MM.YYYY' },
    },
  });

  // 5. A leaving date instead of a status.
  write1252(join(dir, 'leaving-date.csv'), [
    ['Medarb.nr.', 'Navn', 'E-mail', 'Fratrædelsesdato'],
    ...PEOPLE.map((p, i) => [p[0], fullName(p), p[3], i === 4 ? '31.10.2025' : i === 5 ? '31.12.2099' : '']),
  ]);
  writeProfile(join(dir, 'leaving-date.map.json'), {
    employees: {
      headers: { 'Medarb.nr.': 'employee_id', Navn: 'name', 'E-mail': 'email', Fratrædelsesdato: 'leaving_date' },
      dates: { leaving_date: 'DD.MM.YYYY' },
    },
  });
}
