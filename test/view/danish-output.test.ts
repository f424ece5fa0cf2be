/**
 * What a person reads from the view and the report, in the run's language: with `chooseLanguage('da')`
 * the plan, the apply summary, the export guard, the history, the summary of issues and the annotated
 * error files are Danish with no English sentence left; with 'en' they are the English the other tests
 * know. The texts other stages make (an operation's reason, a plan note, an issue's message, the
 * service's complaint) are replaced by markers here: they are those stages' words, not the view's.
 */
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import * as XLSX from 'xlsx';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { chooseLanguage, type Lang } from '../../src/words/language.js';
import { buildPlan, type Plan } from '../../src/plan/plan.js';
import { renderPlan } from '../../src/view/plan-text.js';
import { applySummary } from '../../src/view/apply-summary.js';
import { exportGuardText } from '../../src/view/export-guard-text.js';
import { historyText, runText } from '../../src/view/history-text.js';
import { rejectionIssues } from '../../src/view/row-issues.js';
import { operationName } from '../../src/view/words.js';
import { buildOrgChart } from '../../src/view/org-chart.js';
import { renderPlanPage } from '../../src/view/plan-html.js';
import { buildReport } from '../../src/report/json.js';
import { summariseIssues } from '../../src/report/summary.js';
import { writeErrorWorkbook } from '../../src/report/error-workbook.js';
import { writeErrorCsv } from '../../src/report/error-csv.js';
import type { OperationOutcome } from '../../src/load/outcome.js';
import type { RunRecord } from '../../src/history/record.js';
import type { GuardFinding } from '../../src/plan/export-guard.js';
import type { Issue } from '../../src/model/issue.js';
import { ALL_MANAGED, V3_CAPABILITIES, asCurrent, org } from '../helpers/org.js';
import { makeIssue } from '../report/make-issue.js';
import { englishWordsIn } from '../helpers/languages.js';
import type { ReasonWording } from '../../src/model/reasons.js';

/** Words of the view's English sentences that Danish never uses: any of them in a Danish line is an English sentence left behind. */
const VIEW_WORDS = (
  'the and of in is are was were with from not has this that would could again more nothing done failed skipped ' +
  'unchanged created updated create update move rename fire rehire delete remove add report employee employees department ' +
  'departments user users operation operations removal removals row rows column columns sheet sheets warning warnings error ' +
  'errors note notes service workbook export guard refused refusing applied missing finding started finished files unknown ' +
  'whole reverses prints outcome changes limit held approval severity message value cell header code'
).split(' ');

/** A marker for a text another stage makes; stripped before looking for English. */
const THEIRS = 'ÅRSAG';
/** Says every reason and note as THEIRS: what the view places, not what it words. */
const THEIRS_WORDING: ReasonWording = { reason: () => THEIRS, note: () => THEIRS };

function english(lines: readonly string[]): string[] {
  return lines.filter((line) => englishWordsIn(line.replaceAll(THEIRS, ''), VIEW_WORDS).length > 0);
}

afterEach(() => chooseLanguage('en'));

/** A real plan: a new team member, a change, a move, a fire and a delete (--prune) beyond the guard's limit of 1. */
function realPlan(): Plan {
  const current = org({
    departments: [
      ['root', null],
      ['sales', 'root'],
      ['old', 'root'],
    ],
    teams: [
      ['t1', 'sales'],
      ['t2', 'old'],
    ],
    employees: [
      ['e1', 'u1', 't1'],
      ['e2', 'u2', 't2'],
      ['e3', 'u3', 't1'],
    ],
  });
  const desired = org({
    departments: [
      ['root', null],
      ['sales', 'root'],
    ],
    teams: [
      ['t1', 'sales'],
      ['t3', 'sales'],
    ],
    employees: [
      ['e1', 'u1', 't3'],
      ['e4', 'u4', 't1'],
    ],
  });
  desired.users.get('u1')!.name = 'Anne Ærø';
  desired.employees.get('e4')!.source = { file: 'staff.xlsx', sheet: 'employees', sheetName: 'Medarbejdere', row: 5 } as never;
  const plan = buildPlan({
    desired,
    current: asCurrent(current),
    managed: ALL_MANAGED,
    capabilities: V3_CAPABILITIES,
    reportedAbsences: new Map(),
    prune: true,
    maxDeletions: 1,
  });
  // The reasons and notes stand for words the view only places (THEIRS_WORDING says every one so).
  return {
    ...plan,
    operations: plan.operations.map((p) => ({ ...p, op: { ...p.op, reason: { code: 'as_saved' as const, text: THEIRS } } })),
  };
}

function outcomesOf(plan: Plan): OperationOutcome[] {
  const ops = plan.operations.map((p) => p.op);
  return ops.map((op, index): OperationOutcome => {
    if (index === 0) return { op, status: 'failed', statusCode: 409, message: THEIRS, failure: 'rejected' };
    if (index === 1) return { op, status: 'skipped', statusCode: null, message: null, blockedBy: ops[0]!.key };
    if (index === 2) return { op, status: 'failed', statusCode: 503, message: THEIRS, failure: 'unavailable' };
    if (index === 3) return { op, status: 'unchanged', statusCode: 409, message: null };
    return { op, status: 'done', statusCode: 200, message: null };
  });
}

const FINDINGS: GuardFinding[] = [
  { kind: 'employees_missing', now: 90, before: 100, missing: ['e1', 'e2', 'e3', 'e4', 'e5', 'e6'], limit: 5 },
  { kind: 'subtree_missing', departmentId: 'sales', units: ['t1', 't2'] },
  { kind: 'column_missing', sheet: 'employees', column: 'email' },
  { kind: 'values_cleared', sheet: 'organisation', column: 'owner', filledBefore: 10, cleared: ['d1', 'd2', 'd3'], limit: 2 },
];

function record(overrides: Partial<RunRecord> = {}): RunRecord {
  return {
    version: 1,
    id: '20260301-101500',
    command: 'run',
    started_at: '2026-03-01T10:15:00Z',
    finished_at: '2026-03-01T10:15:04Z',
    duration_ms: 4200,
    files: ['staff.xlsx'],
    workbook_hash: 'abcdef0123456789',
    service_key: 'sync.example.com-1234',
    exit_code: 2,
    counts: { employee: { create: { planned: 3, done: 2, failed: 1 }, fire: { planned: 1, skipped: 1 } } },
    export_guard: [THEIRS],
    undoable: true,
    ...overrides,
  };
}

function issues(file: string): Issue[] {
  return [
    makeIssue({ file, sheetName: 'Medarbejdere', row: 4, header: 'E-mail', message: THEIRS }),
    makeIssue({
      file,
      sheetName: 'Medarbejdere',
      row: 5,
      header: 'Navn',
      column: 'name',
      severity: 'warning',
      code: 'trimmed_value',
      message: THEIRS,
    }),
  ];
}

describe('the terminal plan', () => {
  it('is Danish under --lang da: counts, rows with their place, the guard and the summary line', () => {
    chooseLanguage('da');
    const lines = renderPlan(realPlan(), 8, { wording: THEIRS_WORDING });
    expect(lines).toEqual([
      'Ændringer fordelt på type:',
      '  bruger      opret                   1',
      '  bruger      ændr                    1',
      '  medarbejder opret                   1',
      '  medarbejder fratræd                 2',
      '  afdeling    slet                    1',
      '  team        opret                   1',
      '  team        slet                    1',
      '  medlemskab  sæt i team              2',
      '',
      '  + opret bruger u4: ÅRSAG',
      '  ~ ændr bruger u1: ÅRSAG',
      '  + opret medarbejder e4 (Medarbejdere række 5): ÅRSAG',
      '  - fratræd medarbejder e2: ÅRSAG',
      '  - fratræd medarbejder e3: ÅRSAG',
      '  - slet afdeling old: ÅRSAG',
      '  + opret team t3: ÅRSAG',
      '  - slet team t2: ÅRSAG',
      '  + sæt i team e1@t3: ÅRSAG',
      '  + sæt i team e4@t1 (Medarbejdere række 5): ÅRSAG',
      '',
      'Advarsel: ÅRSAG',
      'Advarsel: ÅRSAG',
      'Afvist: planen fjerner 2 af de 3 medarbejdere i tjenesten; grænsen er 1 (--max-deletions). Tjek projektmappen, eller tilføj --force.',
      'Plan: 3 oprettes, 1 ændres, 2 fratrædes, 2 slettes, 2 sættes i team (10 handlinger).',
    ]);
    expect(english(lines)).toEqual([]);
    expect(renderPlan(realPlan(), 1, { wording: THEIRS_WORDING })).toContain(
      '    …og 1 mere (medarbejder: fratræd); `plan --all` eller --report FIL.json viser dem alle.',
    );
  });

  it('says so when there is nothing to do, in Danish and in English', () => {
    const empty: Plan = {
      ...realPlan(),
      operations: [],
      notes: [],
      held: [],
      guard: { exceeded: false, kinds: [], removals: [] } as never,
    };
    chooseLanguage('da');
    expect(renderPlan(empty)).toEqual(['Intet at gøre: tjenesten svarer allerede til projektmappen.']);
    chooseLanguage('en');
    expect(renderPlan(empty)).toEqual(['Nothing to do: the service already matches the workbook.']);
  });

  it('stays word for word in English under --lang en', () => {
    const lines = renderPlan(realPlan(), 8, { wording: THEIRS_WORDING });
    expect(lines.slice(0, 5)).toEqual([
      'Changes by kind:',
      '  user        create                  1',
      '  user        update                  1',
      '  employee    create                  1',
      '  employee    fire                    2',
    ]);
    expect(lines).toContain('  + create employee e4 (Medarbejdere row 5): ÅRSAG');
    expect(lines).toContain('  + add to team e4@t1 (Medarbejdere row 5): ÅRSAG');
    expect(lines.slice(-4)).toEqual([
      'Warning: ÅRSAG',
      'Warning: ÅRSAG',
      'Refusing: the plan removes 2 employees of 3 in the service; the limit is 1 (--max-deletions). Check the workbook, or add --force.',
      'Plan: 3 to create, 1 to update, 2 to fire, 2 to delete, 2 to add to team (10 operations).',
    ]);
    expect(renderPlan(realPlan(), 1, { wording: THEIRS_WORDING })).toContain(
      '    …and 1 more to fire (employee); `plan --all` or --report FILE.json lists them all.',
    );
  });
});

/** One employee fired (--prune) beyond a guard of 0: every count the plan states is 1. */
function planOfOne(): Plan {
  const current = org({
    departments: [['root', null]],
    teams: [['t1', 'root']],
    employees: [
      ['e1', 'u1', 't1'],
      ['e2', 'u2', 't1'],
    ],
  });
  const desired = org({ departments: [['root', null]], teams: [['t1', 'root']], employees: [['e1', 'u1', 't1']] });
  const plan = buildPlan({
    desired,
    current: asCurrent(current),
    managed: ALL_MANAGED,
    capabilities: V3_CAPABILITIES,
    reportedAbsences: new Map(),
    prune: true,
    maxDeletions: 0,
  });
  return {
    ...plan,
    operations: plan.operations.map((p) => ({ ...p, op: { ...p.op, reason: { code: 'as_saved' as const, text: THEIRS } } })),
    notes: [],
  };
}

describe('counts of one', () => {
  it('are singular in English: "1 employee", "1 operation", "1 removal", "1 run", "1 finding"', () => {
    const plan = planOfOne();
    expect(renderPlan(plan).slice(-2)).toEqual([
      'Refusing: the plan removes 1 employee of 2 in the service; the limit is 0 (--max-deletions). Check the workbook, or add --force.',
      'Plan: 1 to fire (1 operation).',
    ]);
    const held = { ...plan, held: [plan.operations[0]!.op.key] } as unknown as Plan;
    expect(renderPlan(held)).toContain('1 removal held for approval (--hold-removals): this run does not carry it out.');
    expect(historyText([record()]).at(-1)).toBe(
      '1 run. `orgsync-import history show RUN` prints one; `orgsync-import undo RUN` reverses one.',
    );
    expect(historyText([record(), record()]).at(-1)).toMatch(/^2 runs\. /);
    expect(historyText([record()])[0]).toMatch(/\[export guard: 1 finding\]$/);
    expect(historyText([record({ export_guard: [THEIRS, THEIRS] })])[0]).toMatch(/\[export guard: 2 findings\]$/);
  });

  it('are singular in Danish, and the placeholder of a run is KØRSEL as in the Danish help', () => {
    chooseLanguage('da');
    const plan = planOfOne();
    expect(renderPlan(plan).slice(-2)).toEqual([
      'Afvist: planen fjerner 1 af de 2 medarbejdere i tjenesten; grænsen er 0 (--max-deletions). Tjek projektmappen, eller tilføj --force.',
      'Plan: 1 fratrædes (1 handling).',
    ]);
    const held = { ...plan, held: [plan.operations[0]!.op.key] } as unknown as Plan;
    expect(renderPlan(held)).toContain('1 fjernelse venter på godkendelse (--hold-removals): denne kørsel udfører den ikke.');
    expect(historyText([record()]).at(-1)).toBe(
      '1 kørsel. `orgsync-import history show KØRSEL` viser én; `orgsync-import undo KØRSEL` fortryder én.',
    );
  });
});

describe('the apply summary', () => {
  it('names failures, skips and totals in Danish', () => {
    chooseLanguage('da');
    const plan = realPlan();
    const outcomes = outcomesOf(plan);
    const lines = applySummary(outcomes, 1500, 4);
    expect(lines[0]).toBe(`Mislykkedes: ${operationName(outcomes[0]!.op)}: ÅRSAG (HTTP 409)`);
    expect(lines).toContain('1 handling blev sprunget over, fordi noget, den afhænger af, mislykkedes.');
    expect(lines).toContain('Udfald fordelt på type:');
    expect(lines.at(-2)).toMatch(/^Udført: .*1 uændret \(tjenesten havde dem allerede\), 2 mislykkedes, 1 sprunget over på 1\.5 s\.$/);
    expect(lines.at(-1)).toBe('4 personer og enheder i projektmappen svarede allerede til tjenesten.');
    expect(english(lines)).toEqual([]);
  });

  it('turns refused rows into Danish issues, and the service being away into one Danish warning', () => {
    chooseLanguage('da');
    const found = rejectionIssues(outcomesOf(realPlan()));
    expect(found.map((i) => i.message)).toEqual([
      expect.stringMatching(/^Tjenesten afviste handlingen ".+": ÅRSAG \(HTTP 409\)\.$/),
      '1 handling kunne ikke udføres på grund af tjenesten, ikke projektmappen (første: ÅRSAG). Der er intet galt med disse rækker: kør den samme kommando igen for at gøre det færdigt.',
    ]);
    expect(english(found.map((i) => i.message))).toEqual([]);
    const e4 = realPlan().operations.find((p) => p.op.type === 'createEmployee')!.op;
    const kept = rejectionIssues([{ op: e4, status: 'failed', statusCode: 200, message: THEIRS, failure: 'answer_differs' }]);
    expect(kept.map((i) => [i.message, i.sheetName, i.row])).toEqual([
      ['Tjenesten tog imod medarbejder e4, men beholdt andre datoer: ÅRSAG.', 'Medarbejdere', 5],
    ]);
    chooseLanguage('en');
    expect(rejectionIssues([{ op: e4, status: 'failed', statusCode: 200, message: THEIRS, failure: 'answer_differs' }])[0]!.message).toBe(
      'The service accepted the employee e4 but kept other dates: ÅRSAG.',
    );
  });

  it('is the English the other tests know under --lang en', () => {
    const lines = applySummary(outcomesOf(realPlan()), 1500, 4);
    expect(lines).toContain('1 operation was skipped because something it depends on failed.');
    expect(lines.at(-2)).toMatch(/^Applied: .*1 unchanged \(the service had them already\), 2 failed, 1 skipped in 1\.5 s\.$/);
  });
});

describe('the export guard and the history', () => {
  it('explain the findings in Danish', () => {
    chooseLanguage('da');
    const lines = exportGuardText(FINDINGS, 'refused');
    expect(lines).toEqual([
      'Eksporten afviger for meget fra den sidste vellykkede kørsel:',
      '  Eksporten har 90 medarbejdere; den sidste vellykkede kørsel havde 100: 6 mangler (fx e1, e2, e3, e4, e5, …); højst 5 må mangle på én gang.',
      '  Afdeling sales mangler i eksporten med alt under sig (2 enheder mere: t1, t2).',
      '  Arket Medarbejdere har ingen kolonne email; det havde den sidste vellykkede kørsel.',
      '  Kolonnen owner i arket Organisation er tom i 3 af de 10 rækker, der havde en værdi sidste gang (fx d1, d2, d3); højst 2 må tømmes på én gang.',
      'Hvis det er rigtigt, så kør igen med --accept-changes.',
    ]);
    expect(english([...lines, ...exportGuardText(FINDINGS, 'would_refuse'), ...exportGuardText(FINDINGS, 'accepted')])).toEqual([]);
  });

  it('list the runs and show one in Danish', () => {
    chooseLanguage('da');
    const list = historyText([
      record(),
      record({ id: '20260302-090000', command: 'undo', undoes: '20260301-101500', files: [], export_guard: [] }),
    ]);
    expect(list[0]).toBe(
      '20260301-101500  afslutningskode 2  4.2 s  staff.xlsx (sha256 abcdef012345)  —  medarbejder: 3 opret (2 udført, 1 mislykkedes), 1 fratræd (1 sprunget over)  [eksportværn: 1 fund]',
    );
    expect(list[1]).toContain('fortrydelse af 20260301-101500');
    expect(list.at(-1)).toBe('2 kørsler. `orgsync-import history show KØRSEL` viser én; `orgsync-import undo KØRSEL` fortryder én.');
    expect(historyText([])).toEqual(['Der er endnu ingen kørsler i denne tilstandsmappe.']);
    const shown = runText(record(), [{ status: 'failed', name: 'opret medarbejder e4', message: THEIRS }], 'state/history/x/report.json');
    expect(shown).toContain('  mislykkedes   opret medarbejder e4: ÅRSAG');
    expect(shown).toContain('  sha256 af filerne: abcdef0123456789');
    expect(shown.at(-1)).toBe('`orgsync-import undo 20260301-101500` fortryder denne kørsel.');
    expect(english([...list, ...shown].map((l) => l.replace('staff.xlsx', '').replace('report.json', '')))).toEqual([]);
  });

  it('stay in English under --lang en', () => {
    expect(exportGuardText(FINDINGS, 'accepted')[0]).toBe(
      'The export differs from the last successful run (accepted with --accept-changes):',
    );
    expect(historyText([record()])[0]).toContain(
      '  exit 2  4.2 s  staff.xlsx (sha256 abcdef012345)  —  employee: 3 create (2 done, 1 failed), 1 fire (1 skipped)  [export guard: 1 finding]',
    );
    expect(runText(record(), [{ status: 'failed', name: 'x', message: null }], 'r.json')).toContain('  failed    x');
  });
});

describe('the summary of issues and the annotated error files', () => {
  let dir: string;
  let workbook: string;
  let csv: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'orgsync-danish-'));
    workbook = join(dir, 'staff.xlsx');
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(
      book,
      XLSX.utils.aoa_to_sheet([
        ['Medarbejder_id', 'Navn', 'E-mail'],
        ['1001', 'Søren Ærø', 'soren@nordlys.dk'],
        ['1002', 'Åse Øster', 'ikke-en-adresse'],
        ['1003', 'Bo Bøgh med et meget langt navn', 'bo@nordlys.dk'],
      ]),
      'Medarbejdere',
    );
    XLSX.writeFile(book, workbook);
    csv = join(dir, 'staff.csv');
    await writeFile(csv, 'Medarbejder_id;Navn;E-mail\r\n1001;Søren Ærø;soren@nordlys.dk\r\n1002;Åse Øster;ikke-en-adresse\r\n');
  });

  async function annotatedWorkbook(lang: Lang): Promise<ExcelJS.Workbook> {
    chooseLanguage(lang);
    const out = join(dir, `staff.${lang}.errors.xlsx`);
    await writeErrorWorkbook(workbook, issues(workbook), out);
    const copy = new ExcelJS.Workbook();
    await copy.xlsx.readFile(out);
    return copy;
  }

  it('the terminal summary is Danish', () => {
    chooseLanguage('da');
    const lines = summariseIssues(issues('staff.xlsx'));
    expect(lines).toEqual([
      '1 fejl og 1 advarsel.',
      '',
      'Medarbejdere: 1 fejl (invalid_email 1), 1 advarsel (trimmed_value 1)',
      '  fejl     Medarbejdere række 4, kolonne email ("E-mail"): ÅRSAG',
      '  advarsel Medarbejdere række 5, kolonne name ("Navn"): ÅRSAG',
    ]);
    expect(summariseIssues([])).toEqual(['Ingen problemer fundet.']);
  });

  it('the workbook copy notes the cells and lists the issues on a Danish "Fejl" sheet', async () => {
    const copy = await annotatedWorkbook('da');
    expect(copy.worksheets.map((s) => s.name)).toEqual(['Medarbejdere', 'Fejl']);
    const note = copy.getWorksheet('Medarbejdere')!.getCell('B5').note as ExcelJS.Comment | string;
    expect(typeof note === 'string' ? note : note.texts!.map((t) => t.text).join('')).toBe('Advarsel: Navn: ÅRSAG');
    const errors = copy.getWorksheet('Fejl')!;
    const header = (errors.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(['Type', 'Ark', 'Række', 'Kolonne', 'Overskrift', 'Kode', 'Besked', 'Værdi', 'Celle']);
    expect(errors.getCell('A2').value).toBe('fejl');
    expect(errors.getCell('A3').value).toBe('advarsel');
    expect(english(header.map(String))).toEqual([]);
  });

  it('the workbook copy keeps its English sheet and columns under --lang en', async () => {
    const copy = await annotatedWorkbook('en');
    expect(copy.worksheets.map((s) => s.name)).toEqual(['Medarbejdere', 'Errors']);
    expect((copy.getWorksheet('Errors')!.getRow(1).values as unknown[]).slice(1)).toEqual([
      'Severity',
      'Sheet',
      'Row',
      'Column',
      'Header',
      'Code',
      'Message',
      'Value',
      'Cell',
    ]);
    expect(copy.getWorksheet('Errors')!.getCell('A3').value).toBe('warning');
  });

  it('the CSV copy adds a "fejl" column in Danish and an "errors" column in English', async () => {
    for (const [lang, column, warning] of [
      ['da', 'fejl', 'Advarsel'],
      ['en', 'errors', 'Warning'],
    ] as const) {
      chooseLanguage(lang);
      const out = join(dir, `staff.${lang}.errors.csv`);
      await writeErrorCsv(
        csv,
        [makeIssue({ file: csv, sheetName: 'staff', row: 3, header: 'E-mail', message: THEIRS, severity: 'warning' })],
        out,
      );
      expect((await readFile(out, 'utf8')).slice(1).split('\r\n')).toEqual([
        `Medarbejder_id;Navn;E-mail;${column}`,
        '1001;Søren Ærø;soren@nordlys.dk;',
        `1002;Åse Øster;ikke-en-adresse;${warning}: E-mail: ÅRSAG`,
        '',
      ]);
    }
  });
});

describe('the page', () => {
  it("follows the run's language when no language is asked for", () => {
    const plan = realPlan();
    const current = org({ departments: [['root', null]] });
    const input = {
      chart: buildOrgChart({ ...asCurrent(current), desired: current }, plan),
      report: buildReport({ exitCode: 0, issues: [], planned: plan }, THEIRS_WORDING),
      kind: 'plan' as const,
      title: 'staff.xlsx',
    };
    chooseLanguage('da');
    const danish = renderPlanPage(input);
    expect(danish).toContain('<html lang="da">');
    expect(danish).toContain('Hvad importen vil ændre, vist som organisationsdiagram. Intet er sendt endnu.');
    expect(danish).toContain('<strong>2</strong> medarbejdere: fratræd');
    const shown = danish
      .replace(/<(style|script)[^>]*>[\s\S]*?<\/\1>/g, '')
      .replace(/<[^>]*>/g, '\n')
      .split('\n')
      .filter((line) => line.trim() !== '');
    expect(shown.length).toBeGreaterThan(20);
    expect(english(shown)).toEqual([]);
    chooseLanguage('en');
    const englishPage = renderPlanPage(input);
    expect(englishPage).toContain('<html lang="en">');
    expect(englishPage).toContain('<strong>2</strong> employees: fire');
    expect(renderPlanPage({ ...input, lang: 'da' })).toContain('<html lang="da">');
  });
});
