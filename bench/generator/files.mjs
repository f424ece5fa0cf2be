/**
 * Writes a generated company as an .xlsx workbook and as a folder of CSV files, with the samples'
 * sheet names and headers (Danish in the workbook, English in the CSV files). Files already written
 * for the same size and seed are reused: writing 100,000 rows takes a while and is not what is measured.
 *
 * The workbook is written with SheetJS in dense mode (rows as arrays, not one object key per cell)
 * with a shared-string table, as Excel itself writes: the samples' writer (sparse mode, inline
 * strings) is fine for 300 rows but needs several times the memory at 100,000.
 */
import * as fs from 'node:fs';
import { join } from 'node:path';
import XLSX from 'xlsx';
import { seededRandom } from '../../samples/generator/random.mjs';
import { danishDate, writeCsv } from '../../samples/generator/write.mjs';
import { buildLargeCompany } from './company.mjs';

const EXCEL_EPOCH = Date.UTC(1899, 11, 30);
const GENERATOR_VERSION = 1;

function dateCell(isoDay, format) {
  const [y, m, d] = isoDay.split('-').map(Number);
  return { t: 'n', v: (Date.UTC(y, m - 1, d) - EXCEL_EPOCH) / 86_400_000, z: format };
}

const number = (id) => (/^\d+$/.test(id) ? Number(id) : id);
const englishGender = { K: 'f', M: 'm' };
const englishLanguage = { dansk: 'da', engelsk: 'en' };

function sheetsOf(company) {
  return [
    {
      name: 'Medarbejdere',
      rows: [
        ['Medarbejder_id', 'Bruger_id', 'Navn', 'E-mail', 'Køn', 'Fødselsdato', 'Stilling', 'Sprog', 'Team'],
        ...company.employees.map((e) => [
          number(e.id),
          e.userId === '' ? null : number(e.userId),
          e.person.name,
          e.person.email,
          e.person.gender,
          dateCell(e.person.birthday, 'dd-mm-yyyy'),
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
      rows: [
        ['Medarbejder_id', 'Første sygedag', 'Sidste sygedag'],
        ...company.absences.map((a) => [number(a.employeeId), dateCell(a.start, 'dd-mm-yyyy'), a.end === null ? null : dateCell(a.end, 'dd-mm-yyyy')]),
      ],
    },
    {
      name: 'Delegeringer',
      rows: [['Enhed_id', 'Ansvar', 'Medarbejder_id'], ...company.delegations.map((d) => [d.unitId, d.responsibility, number(d.employeeId)])],
    },
  ];
}

function writeWorkbookDense(path, sheets) {
  const book = XLSX.utils.book_new();
  for (const sheet of sheets) {
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(sheet.rows, { dense: true }), sheet.name);
  }
  XLSX.writeFile(book, path, { bookType: 'xlsx', bookSST: true, compression: true });
}

function writeCsvSet(dir, company) {
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
    [['employee_id', 'start_date', 'end_date'], ...company.absences.map((a) => [a.employeeId, { date: a.start }, a.end === null ? null : { date: a.end }])],
    { formatDate: danishDate },
  );
  writeCsv(join(dir, 'delegations.csv'), [
    ['unit_id', 'responsibility', 'employee_id'],
    ...company.delegations.map((d) => [d.unitId, d.responsibility, d.employeeId]),
  ]);
}

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

/**
 * The workbook and CSV folder of a company with `employments` rows, written to `outDir` unless the same
 * size, seed and generator version were written there before. Returns paths and counts.
 */
export function ensureCompanyFiles(outDir, employments, seed = 20250101) {
  const name = `company-${employments}`;
  const xlsx = join(outDir, `${name}.xlsx`);
  const csvDir = join(outDir, `${name}-csv`);
  const manifestPath = join(outDir, `${name}.json`);
  const wanted = { generator: GENERATOR_VERSION, employments, seed };
  if (fs.existsSync(manifestPath) && fs.existsSync(xlsx) && fs.existsSync(csvDir)) {
    const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
    if (manifest.generator === wanted.generator && manifest.employments === employments && manifest.seed === seed) {
      return { xlsx, csvDir, counts: manifest.counts, generatedMs: null };
    }
  }
  const started = performance.now();
  fs.mkdirSync(outDir, { recursive: true });
  const company = buildLargeCompany(seededRandom(seed), employments);
  writeWorkbookDense(xlsx, sheetsOf(company));
  writeCsvSet(csvDir, company);
  const counts = countsOf(company);
  fs.writeFileSync(manifestPath, `${JSON.stringify({ ...wanted, counts }, null, 2)}\n`);
  return { xlsx, csvDir, counts, generatedMs: performance.now() - started };
}
