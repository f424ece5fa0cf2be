/**
 * Issue 15, point 5: the same workbooks run in English and in Danish. Everything a person reads (the
 * terminal, the plan, the summary, the page, the error file's notes, the JSON report's messages) is in
 * the language asked for, with no sentence left in the other one; codes, keys and exit codes do not change.
 */
import ExcelJS from 'exceljs';
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/index.js';
import { ROOT, runCli, serviceArgs, tempDir, type CliResult } from '../helpers/cli.js';
import { linesInOtherLanguage, valuesOf, visibleText, type Lang } from '../helpers/languages.js';

const sandboxes: RunningSandbox[] = [];
afterEach(async () => {
  await Promise.all(sandboxes.splice(0).map((s) => s.close()));
});

const BAD = join(ROOT, 'samples', 'bad', 'several-mistakes.xlsx');
const COMPANY_CSV = join(ROOT, 'samples', 'csv');

function copyOf(source: string, name: string): { dir: string; path: string } {
  const dir = tempDir('lang-');
  const path = join(dir, name);
  cpSync(source, path, { recursive: true });
  return { dir, path };
}

/** The notes and the issue list of an annotated error workbook: what HR reads in it. */
async function errorWorkbookText(path: string): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  const lines: string[] = [];
  workbook.eachSheet((sheet) => {
    lines.push(sheet.name);
    sheet.eachRow((row) =>
      row.eachCell((cell) => {
        const note = cell.note;
        if (typeof note === 'string') lines.push(note);
        else if (note) lines.push((note.texts ?? []).map((t) => t.text).join(''));
      }),
    );
  });
  const issues = workbook.worksheets.at(-1)!;
  issues.eachRow((row) => lines.push(Array.isArray(row.values) ? row.values.filter((v) => typeof v === 'string').join(' | ') : ''));
  return lines.join('\n');
}

/** Messages and reasons of a JSON report, and the report with them taken out (the part that must not change). */
function splitReport(path: string): { words: string; rest: unknown } {
  const words: string[] = [];
  const folder = dirname(path);
  const rest = JSON.parse(readFileSync(path, 'utf8'), (key, value) => {
    // Each language ran in its own folder.
    if (typeof value === 'string' && value.includes(folder)) return value.split(folder).join('FOLDER');
    if ((key === 'message' || key === 'reason') && typeof value === 'string') {
      words.push(value);
      return undefined;
    }
    if (['started_at', 'finished_at', 'duration_ms', 'generated_at', 'run_id'].includes(key)) return undefined;
    return value;
  });
  return { words: words.join('\n'), rest };
}

function text(result: CliResult): string {
  return `${result.stdout}\n${result.stderr}`;
}

interface Outputs {
  validate: CliResult;
  errorFile: string;
  validateReport: { words: string; rest: unknown };
  page: string;
  apply: CliResult;
  applyReport: { words: string; rest: unknown };
  reorganise: CliResult;
  reorganisePage: string;
  help: CliResult;
}

/** The same runs in one language: a workbook full of mistakes, a first import, a reorganisation with removals held. */
async function runAll(lang: Lang): Promise<Outputs> {
  const flag = ['--lang', lang];
  const bad = copyOf(BAD, 'several-mistakes.xlsx');
  const validate = await runCli(['validate', bad.path, '--report', 'report.json', ...flag], { cwd: bad.dir });
  const errorFile = await errorWorkbookText(join(bad.dir, 'several-mistakes.errors.xlsx'));

  const sandbox = await startSandbox({ quiet: true });
  sandboxes.push(sandbox);
  const company = copyOf(COMPANY_CSV, 'company');
  // The main job prints its plan, then what it did, and writes the report page.
  const apply = await runCli([company.path, '--yes', '--report', 'apply.json', ...serviceArgs(sandbox), ...flag], { cwd: company.dir });
  const page = visibleText(readFileSync(join(company.dir, 'company.report.html'), 'utf8'));

  // A reorganisation: three people leave the export, a team is renamed, a department moves.
  const employees = join(company.path, 'employees.csv');
  const lines = readFileSync(employees, 'utf8').split('\n');
  writeFileSync(employees, [...lines.slice(0, 2), ...lines.slice(5)].join('\n'));
  const organisation = join(company.path, 'organisation.csv');
  const units = readFileSync(organisation, 'utf8').split('\n');
  const team = units.findIndex((line) => line.startsWith('team;'));
  units[team] = units[team]!.replace(/^(team;[^;]*;)[^;]*/, '$1Nyt navn');
  writeFileSync(organisation, units.join('\n'));
  const reorganise = await runCli(
    ['plan', company.path, '--prune', '--hold-removals', '--out', 'plan.json', ...serviceArgs(sandbox), ...flag],
    {
      cwd: company.dir,
    },
  );
  const reorganisePage = visibleText(readFileSync(join(company.dir, 'company.plan.html'), 'utf8'));
  const help = await runCli(['--help', ...flag], { cwd: company.dir });
  return {
    validate,
    errorFile,
    validateReport: splitReport(join(bad.dir, 'report.json')),
    page,
    apply,
    applyReport: splitReport(join(company.dir, 'apply.json')),
    reorganise,
    reorganisePage,
    help,
  };
}

function everythingRead(outputs: Outputs): Record<string, string> {
  return {
    'validate (terminal)': text(outputs.validate),
    'validate (error file notes)': outputs.errorFile,
    'validate (report messages)': outputs.validateReport.words,
    'import (terminal: plan and summary)': text(outputs.apply),
    'import (report page)': outputs.page,
    'import (report messages)': outputs.applyReport.words,
    'reorganisation (terminal)': text(outputs.reorganise),
    'reorganisation (page)': outputs.reorganisePage,
    help: text(outputs.help),
  };
}

describe('Danish and English output for the same workbooks', () => {
  it('says everything in the language asked for, and nothing in the other; codes, keys and exit codes stay', async () => {
    // Longest first across both workbooks, so "Kunder og Salg" goes before the "Salg" of the other.
    const values = [...(await valuesOf(BAD)), ...(await valuesOf(COMPANY_CSV)), 'Nyt navn'].sort((a, b) => b.length - a.length);
    const english = await runAll('en');
    const danish = await runAll('da');

    for (const [lang, outputs] of [
      ['en', english],
      ['da', danish],
    ] as const) {
      expect(outputs.validate.code).toBe(1);
      expect(outputs.apply.code).toBe(0);
      expect(outputs.reorganise.code).toBe(0);
      expect(outputs.help.code).toBe(0);
      const otherLanguage: Record<string, string[]> = {};
      for (const [what, said] of Object.entries(everythingRead(outputs))) {
        expect(said.trim().length, `${lang}: ${what} says something`).toBeGreaterThan(0);
        const lines = linesInOtherLanguage(said, lang, values);
        if (lines.length > 0) otherLanguage[what] = lines;
      }
      expect(otherLanguage, `${lang}: lines with a word of the other language`).toEqual({});
    }
    // The same runs said different words, and the same things: the reports differ only in their words.
    const englishRead = everythingRead(english);
    const danishRead = everythingRead(danish);
    for (const what of Object.keys(englishRead)) expect(danishRead[what], what).not.toBe(englishRead[what]);
    expect(danish.validateReport.rest).toEqual(english.validateReport.rest);
    expect(danish.applyReport.rest).toEqual(english.applyReport.rest);
    expect(danish.reorganise.stdout.split('\n').length).toBeGreaterThan(5);
  });

  it('takes Danish from the environment, the Danish template from the workbook, and --lang over both', async () => {
    const bad = copyOf(BAD, 'several-mistakes.xlsx');
    const run = (name: string, extra: string[], env: Record<string, string>) =>
      runCli(['validate', bad.path, '--errors-out', join(bad.dir, `${name}.xlsx`), ...extra], { cwd: bad.dir, env });
    const [asked, fromEnvironment, fromWorkbook, flagWins, english] = await Promise.all([
      run('asked', ['--lang', 'da'], {}),
      run('environment', [], { LANG: 'da_DK.UTF-8' }),
      // The workbook's sheets are the Danish template's (Medarbejdere, Organisation …): with no language
      // in the environment, the workbook chooses.
      run('workbook', [], { LANG: 'C.UTF-8' }),
      run('flag', ['--lang', 'en'], { LANG: 'da_DK.UTF-8' }),
      run('english', [], {}),
    ]);
    const sameBut = (result: CliResult) => result.stdout.replace(/\S*\.xlsx/g, 'FILE');
    for (const result of [fromEnvironment, fromWorkbook]) expect(sameBut(result)).toBe(sameBut(asked));
    expect(sameBut(flagWins)).toBe(sameBut(english));
    expect(sameBut(asked)).not.toBe(sameBut(english));
    // English CSV files with no language in the environment: English.
    const csv = copyOf(COMPANY_CSV, 'company');
    const csvRun = await runCli(['validate', csv.path], { cwd: csv.dir, env: { LANG: 'C.UTF-8' } });
    const csvEnglish = await runCli(['validate', csv.path], { cwd: csv.dir });
    expect(csvRun.stdout).toBe(csvEnglish.stdout);
  });

  it('words what it finds before the headers choose Danish in Danish too: the first rows, a sheet ignored before, the first line', async () => {
    // CSV files under names of no template, so only the headers of the first file recognised can say
    // Danish: a file before it is ignored, and its row 2 (read before its headers are known) has a quote problem.
    const dir = tempDir('lang-');
    const folder = join(dir, 'eksport');
    cpSync(COMPANY_CSV, folder, { recursive: true });
    for (const name of ['absence', 'delegations', 'employees', 'organisation']) rmSync(join(folder, `${name}.csv`));
    writeFileSync(join(folder, 'a-noter.csv'), 'noter;x\nhej;1\n');
    writeFileSync(
      join(folder, 'medarbejderliste.csv'),
      'Medarbejder_id;Navn;E-mail;Fødselsdato\n1;"Anna" Hansen;anna@x;1990-13-45\n2;Bo Berg;bo@firma.dk;1980-01-01\n',
    );
    writeFileSync(join(folder, 'enheder.csv'), 'Type;Enhed_id;Navn;Overordnet\nafdeling;top;Firma;\n');
    const [fromHeaders, asked] = await Promise.all([
      runCli(['validate', folder], { cwd: dir, env: { LANG: 'C.UTF-8' } }),
      runCli(['validate', folder, '--lang', 'da'], { cwd: dir }),
    ]);
    const withoutTimes = (text: string) => text.replace(/\(\d+\.\d s\)/g, '(TIME)');
    expect(fromHeaders.code).toBe(1);
    expect(fromHeaders.stdout).toContain('csv_quotes');
    expect(fromHeaders.stdout).toContain('ignored_sheet');
    expect(withoutTimes(fromHeaders.stdout)).toBe(withoutTimes(asked.stdout));
    expect(withoutTimes(fromHeaders.stderr)).toBe(withoutTimes(asked.stderr));
    const values = await valuesOf(folder);
    expect(linesInOtherLanguage(`${fromHeaders.stdout}\n${fromHeaders.stderr}`, 'da', values)).toEqual([]);
  });

  it('writes the template in the language of the run when no --lang is given', async () => {
    const danish = tempDir('template-');
    const english = tempDir('template-');
    const [inDanish, inEnglish] = await Promise.all([
      runCli(['template'], { cwd: danish, env: { LANG: 'da_DK.UTF-8' } }),
      runCli(['template'], { cwd: english }),
    ]);
    expect(inDanish.stdout).toContain('orgsync-skabelon.xlsx');
    expect(inEnglish.stdout).toContain('orgsync-template.xlsx');
    const sheets = async (path: string) => {
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.readFile(path);
      return workbook.worksheets.filter((sheet) => sheet.state === 'visible').map((sheet) => sheet.name);
    };
    expect(await sheets(join(danish, 'orgsync-skabelon.xlsx'))).toContain('Medarbejdere');
    expect(await sheets(join(english, 'orgsync-template.xlsx'))).toContain('Employees');
  });
});
