/**
 * Issue 15, point 5, for the plan and load stages: under Danish, the plan's lines, notes and consequences,
 * why --prune keeps something, a stale saved plan's differences, what undo cannot give back and what
 * became of each operation are in Danish, with no English sentence left; under English they stay word
 * for word. Real plans, made by the planner from organisations.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildPlan, type Plan } from '../../src/plan/plan.js';
import { approvedRemovals, holdRemovals, planDifferences } from '../../src/plan/saved.js';
import { undoDesired } from '../../src/plan/undo.js';
import { orderRenames } from '../../src/plan/renames.js';
import type { DiffNote } from '../../src/plan/diff-common.js';
import { noteText, notUndoneText, reasonText, savedPlanFindingText } from '../../src/view/reason-text.js';
import { operation, type Operation } from '../../src/model/operations.js';
import type { Organisation } from '../../src/model/organisation.js';
import { withoutHeld } from '../../src/load/held.js';
import { absenceMismatch } from '../../src/load/absence-answer.js';
import { executePlan } from '../../src/load/executor.js';
import { settledMessage } from '../../src/load/outcome.js';
import { Journal } from '../../src/load/journal.js';
import type { ServiceAdapter } from '../../src/service/adapter.js';
import { ServiceError } from '../../src/service/errors.js';
import { emptyOrganisation } from '../../src/model/organisation.js';
import { chooseLanguage, type Lang } from '../../src/words/language.js';
import { ALL_MANAGED, V3_CAPABILITIES, asCurrent, org } from '../helpers/org.js';
import { englishWordsIn } from '../helpers/languages.js';

afterEach(() => chooseLanguage('en'));

/** Words of the plan's and load's English sentences that Danish never uses. */
const PLAN_WORDS =
  'the is are was were will would not and with from this that these have has been no of in it its or but as an which who what when then there their they nothing row sheet workbook employee employees department departments created deleted fired skipped failed new must cannot already run again unknown invalid missing should becomes inherits owner leader leaves keeps kept sick end open period periods service needed send wait values approved removals pending record records absences stays gone restored once change ids exchange exchanged temporary rehire rehired held approval blocked sent interrupted confirmed journal file'.split(
    ' ',
  );

function englishIn(text: string): string[] {
  return englishWordsIn(text, PLAN_WORDS);
}

function expectAllDanish(texts: readonly string[]): void {
  expect(texts.length).toBeGreaterThan(0);
  expect(texts.filter((text) => englishIn(text).length > 0).map((text) => `${englishIn(text).join(',')}: ${text}`)).toEqual([]);
}

// A reorganisation: sales loses its owner, a new department gets no leader, team t2 is deleted (--prune),
// e2 leaves every team while sick, absences are corrected, and what --prune must keep is kept.
const CURRENT = org({
  departments: [
    ['root', null, 'e0'],
    ['sales', 'root', 'e1'],
    ['old', 'root'],
    ['west', 'root', 'e6'],
  ],
  teams: [
    ['t1', 'sales'],
    ['t2', 'sales'],
    ['t9', 'old'],
  ],
  employees: [
    ['e0', 'u0', null],
    ['e1', 'u1', 't1'],
    ['e2', 'u2', 't1'],
    ['e3', 'u3', 't2'],
    ['e4', 'u4', 't9'],
    ['e6', 'u6', null],
  ],
});

function desired(): Organisation {
  const o = org({
    departments: [
      ['root', null, 'e0'],
      ['sales', 'root', null],
      ['north', 'sales', null],
      ['west', 'root', 'e6'],
    ],
    teams: [
      ['t1', 'sales'],
      ['t3', 'north'],
    ],
    employees: [
      ['e0', 'u0', null],
      ['e1', 'u1', 't1'],
      ['e2', 'u2', null],
      ['e3', 'u3', 't1'],
      ['e4', 'u4', 't9'],
      ['e5', 'u5', 't3'],
    ],
  });
  o.absences = [
    { employeeId: 'e2', startDate: '2026-03-02', endDate: null },
    { employeeId: 'e1', startDate: '2026-01-07', endDate: '2026-01-10' },
    { employeeId: 'e3', startDate: '2026-02-03', endDate: '2026-02-12' },
    { employeeId: 'e4', startDate: '2026-04-03', endDate: null },
  ];
  return o;
}

const REPORTED = new Map<string, string | null>([
  ['e2|2026-03-02', null],
  ['e1|2026-01-05', '2026-01-10'],
  ['e3|2026-02-01', '2026-02-05'],
  ['e3|2026-02-10', '2026-02-15'],
  ['e4|2026-04-01', null],
  ['e0|2025-12-01', '2025-12-03'],
]);

function reorganisation(lang: Lang, workbook: Organisation = desired()): Plan {
  chooseLanguage(lang);
  return buildPlan({
    desired: workbook,
    current: asCurrent(CURRENT),
    managed: ALL_MANAGED,
    capabilities: { ...V3_CAPABILITIES, absenceMerge: true },
    reportedAbsences: REPORTED,
    reportedFrom: new Map([['e0|2025-12-01', 'Absence row 4']]),
    prune: true,
    maxDeletions: 100,
  });
}

// The planner gives codes; the view says them in the language chosen when they are read.
const reasonOf = (plan: Plan, key: string) => {
  const op = plan.operations.find((p) => p.op.key === key)?.op;
  return op && reasonText(op.reason);
};
const reasons = (plan: Plan) => plan.operations.map((p) => reasonText(p.op.reason));
const messages = (notes: readonly DiffNote[]) => notes.map((n) => noteText(n.reason));

describe('a plan in Danish', () => {
  it('gives every operation its reason in Danish', () => {
    const plan = reorganisation('da');
    expect(reasonOf(plan, 'createEmployee:e5')).toBe('ny ansættelse i projektmappen');
    expect(reasonOf(plan, 'createDepartment:north')).toBe('ny afdeling i projektmappen');
    expect(reasonOf(plan, 'deleteTeam:t2')).toBe('ikke i projektmappen (--prune)');
    expect(reasonOf(plan, 'addTeamMember:e3')).toBe('team t2 → t1');
    expect(reasonOf(plan, 'removeTeamMember:e2')).toBe('team_id er tom: forlader team t1');
    expect(reasonOf(plan, 'reportAbsence:e1|2026-01-07')).toBe(
      'retter 2026-01-05 til 2026-01-10: start 2026-01-05 → 2026-01-07, sendt med samme slutdato 2026-01-10, for sådan flytter tjenesten en start til senere',
    );
    expectAllDanish(reasons(plan));
  });

  it('says why --prune keeps what the workbook leaves out, and what the absence corrections cannot do', () => {
    const notes = messages(reorganisation('da').notes.filter((n) => n.kind !== 'consequence'));
    expect(notes).toContain('Medarbejder e6 står ikke i medarbejderarket, men bevares: vedkommende er leder af afdeling west.');
    expect(notes).toContain('Team t9 står ikke i projektmappen, men bevares: medarbejder e4 arbejder i det.');
    expect(notes).toContain('Afdeling old står ikke i projektmappen, men bevares: team t9 ligger i den.');
    expect(notes).toContain(
      'Medarbejder e3: perioden 2026-02-03 til 2026-02-12 overlapper 2 perioder, som tjenesten har (2026-02-01 til 2026-02-05, 2026-02-10 til 2026-02-15); tjenesten afviser en indberetning, der overlapper to perioder, så den sendes ikke. Ret perioderne på sitet.',
    );
    expect(notes).toContainEqual(
      expect.stringMatching(/^Medarbejder e4: den åbne periode fra 2026-04-01 kan ikke flyttes til at starte senere \(2026-04-03\)/),
    );
    expect(notes).toContain(
      "Fraværet for medarbejder e0 2025-12-01 til 2025-12-03 (indberettet fra arket Absence, række 4) står ikke længere i projektmappen, men tjenesten har det stadig: API'et kan ikke slette en fraværsperiode. Fjern det på sitet, hvis det var en fejl.",
    );
    expectAllDanish(notes);
  });

  it('states the consequences before they happen in Danish', () => {
    const consequences = messages(reorganisation('da').notes.filter((n) => n.kind === 'consequence'));
    expect(consequences).toContainEqual(
      expect.stringMatching(
        /^Team t2 "Team t2" slettes: teamets dialogdata bliver utilgængelige for lederen, medarbejder e1 \(Person u1\)\./,
      ),
    );
    expect(consequences).toContainEqual(
      expect.stringMatching(/^Medarbejder e2 \(Person u2\) er syg \(åbent fravær siden 2026-03-02\) og forlader alle teams: /),
    );
    expect(consequences).toContain(
      'Afdeling sales "Dept sales" mister sin leder, medarbejder e1 (Person u1): medarbejder e0 (Person u0) bliver ansvarlig ved arv fra afdeling root.',
    );
    expect(consequences).toContain(
      '2 nye enheder har ingen leder selv og arver den ansvarlige ovenfra: afdeling north → medarbejder e0 (Person u0); team t3 → medarbejder e0 (Person u0).',
    );
    expectAllDanish(consequences);
  });

  it('names the top department owner who is fired, and a new owner of the top department, in Danish', () => {
    const fired = desired();
    fired.employees.set('e0', { ...fired.employees.get('e0')!, status: 'fired' });
    expect(messages(reorganisation('da', fired).notes)).toContain(
      'Lederen af topafdelingen, medarbejder e0 (Person u0), fratræder: tjenesten afviser at fratræde lederen af topafdelingen. Giv først topafdelingen en anden leder.',
    );
    const handedOver = desired();
    handedOver.departments.set('root', { ...handedOver.departments.get('root')!, owner: 'e1' });
    expect(messages(reorganisation('da', handedOver).notes)).toContain(
      'Lederen af topafdelingen skifter fra medarbejder e0 (Person u0) til medarbejder e1 (Person u1): medarbejder e1 (Person u1) bliver ansvarlig for alle enheder uden egen leder.',
    );
  });

  it('says the same things in English, word for word as before', () => {
    const plan = reorganisation('en');
    expect(reasonOf(plan, 'createEmployee:e5')).toBe('new employment in the workbook');
    expect(reasonOf(plan, 'removeTeamMember:e2')).toBe('team_id is blank: leaves team t1');
    expect(messages(plan.notes)).toContain('Team t9 is not in the workbook but is kept: employee e4 works in it.');
    expect(messages(plan.notes)).toContain(
      'The absence of employee e0 2025-12-01 to 2025-12-03 (reported from Absence row 4) is no longer in the workbook, but the service still holds it: the API cannot delete an absence period. Remove it on the site if it was a mistake.',
    );
    // Every note and reason has its own Danish wording (an id-only reason such as "team t2 → t1" aside).
    const english = [...messages(plan.notes), ...reasons(plan)];
    const danish = reorganisation('da');
    const inDanish = new Set([...messages(danish.notes), ...reasons(danish)]);
    expect(english.filter((text) => inDanish.has(text) && englishIn(text).length > 0)).toEqual([]);
    expect(danish.notes.length).toBe(plan.notes.length);
  });

  it('names ids that cannot be exchanged or taken in Danish', () => {
    chooseLanguage('da');
    const notes: DiffNote[] = [];
    orderRenames(
      [
        { from: 'A', to: 'B', identity: 'same' },
        { from: 'B', to: 'A', identity: 'same' },
      ],
      () => true,
      () => 'same',
      'team',
      notes,
    );
    orderRenames(
      [{ from: 'C', to: 'D', identity: null }],
      () => true,
      () => null,
      'employee',
      notes,
    );
    expect(messages(notes)).toEqual([
      "Team A og B bytter id, men tjenesten viser intet, der kan skelne dem fra hinanden, så man kan ikke se, om byttet allerede er sket: intet byttes. Skift id'erne på sitet, eller giv rækkerne forskellige navne.",
      "Team B og A bytter id, men tjenesten viser intet, der kan skelne dem fra hinanden, så man kan ikke se, om byttet allerede er sket: intet byttes. Skift id'erne på sitet, eller giv rækkerne forskellige navne.",
      'Medarbejder D findes allerede, så C omdøbes ikke til det; C forbliver som før.',
    ]);
  });
});

describe('a saved plan made again, in Danish', () => {
  it('is not stale because it was saved in another language', () => {
    const saved: Plan = JSON.parse(JSON.stringify(reorganisation('en')));
    const fresh = reorganisation('da');
    expect(planDifferences(saved.operations, fresh.operations)).toEqual([]);
  });

  it('names what changed since it was saved in Danish', () => {
    const saved: Plan = JSON.parse(JSON.stringify(reorganisation('en')));
    const changed = desired();
    changed.employees.delete('e5');
    changed.teams.get('t1')!.name = 'Salg';
    changed.employees.get('e0')!.employment = 'Direktør';
    const differences = planDifferences(saved.operations, reorganisation('da', changed).operations).map(savedPlanFindingText);
    expect(differences).toContain('createEmployee:e5 er ikke længere nødvendig');
    expect(differences).toContain('updateTeam:t1 ville nu sende andre værdier');
    expect(differences).toContain('updateEmployee:e0 er nødvendig nu og står ikke i den gemte plan');
    expectAllDanish(differences);
  });

  it('says in Danish why approved removals cannot be carried out', () => {
    const saved = holdRemovals(reorganisation('en'));
    const problems = approvedRemovals(saved.operations, ['deleteTeam:t2', 'deleteDepartment:gone'], reorganisation('da')).problems.map(
      savedPlanFindingText,
    );
    expect(problems[0]).toMatch(/^\d+ ændringer ud over fjernelser venter \(/);
    expect(problems).toContain(
      'deleteDepartment:gone er ikke længere nødvendig (allerede udført, eller det, den gælder, findes ikke mere)',
    );
    expectAllDanish(problems);
  });
});

describe('undo in Danish', () => {
  it('says what cannot be undone in Danish', () => {
    chooseLanguage('da');
    const before = org({
      employees: [['101', 'U1', 'T2']],
      departments: [
        ['root', null],
        ['D2', 'root'],
      ],
      teams: [['T2', 'D2']],
    });
    const now = org({
      employees: [
        ['101', 'U1', null],
        ['104', 'U4', null],
      ],
      departments: [['root', null]],
    });
    const done: Operation[] = [
      operation({ type: 'removeTeamMember', teamId: 'T2', employeeId: '101', reason: { code: 'as_saved' as const, text: '' } }),
      operation({ type: 'deleteTeam', id: 'T2', reason: { code: 'as_saved' as const, text: '' } }),
      operation({ type: 'deleteDepartment', id: 'D2', reason: { code: 'as_saved' as const, text: '' } }),
      operation({
        type: 'reportAbsence',
        employeeId: '101',
        startDate: '2026-01-05',
        endDate: null,
        reason: { code: 'as_saved' as const, text: '' },
      }),
      operation({
        type: 'createUser',
        id: 'U4',
        fields: { name: 'x', email: 'x@x.dk', username: 'x' },
        reason: { code: 'as_saved' as const, text: '' },
      }),
    ];
    const touched = { users: [], employees: [before.employees.get('101')!], departments: [], teams: [] };
    const notUndone = undoDesired(now, touched, done).notUndone.map(notUndoneText);
    expect(notUndone).toEqual([
      'Team T2 blev slettet: det kan ikke genskabes med sine dialogdata (opret det igen i projektmappen, hvis du vil have det).',
      'Medarbejder 101 forbliver uden for team T2, som blev slettet.',
      '1 fraværsindberetning kan ikke trækkes tilbage: tjenesten beholder indberettet fravær.',
      '1 person, som kørslen oprettede, bliver (tjenesten kan ikke fjerne en person); deres ansættelser afsluttes.',
    ]);
  });
});

describe('what became of each operation, in Danish', () => {
  const createUser = (id: string) =>
    operation({
      type: 'createUser',
      id,
      fields: { name: id, email: `${id}@x.dk`, username: id },
      reason: { code: 'as_saved' as const, text: '' },
    });

  it('says why an operation was skipped, held or not started', async () => {
    chooseLanguage('da');
    const [a, b, c] = [createUser('a'), createUser('b'), createUser('c')];
    const planned = [
      { op: a, dependsOn: [] },
      { op: b, dependsOn: [a.key] },
      { op: c, dependsOn: [] },
    ];
    expect(withoutHeld(planned, [a.key]).held.map((o) => o.message)).toEqual([
      'tilbageholdt til godkendelse',
      'sprunget over (venter på createUser:a, tilbageholdt til godkendelse)',
    ]);
    const adapter: ServiceAdapter = {
      api: 'v3',
      capabilities: V3_CAPABILITIES,
      readCurrentState: async () => ({ org: emptyOrganisation(), firedEmployees: new Set() }),
      execute: async (op) => {
        if (op.key === a.key) {
          throw new ServiceError({
            kind: 'rejected',
            message: 'refused',
            request: { method: 'POST', path: '/users' },
            status: 422,
            serviceMessage: 'username: is taken',
          });
        }
        return { status: 201, ...(op.key === c.key ? { settled: 'already_existed' as const } : {}) };
      },
      verify: async () => false,
      close: async () => {},
    };
    const run = await executePlan(planned, { adapter, concurrency: 1 });
    expect(run.outcomes.map((o) => o.message)).toEqual([
      // The service's own complaint is quoted as it wrote it.
      'username: is taken',
      'sprunget over (blokeret af createUser:a)',
      'tjenesten havde det allerede',
    ]);
    const stopped = new AbortController();
    stopped.abort();
    const interrupted = await executePlan(planned, { adapter, concurrency: 1, signal: stopped.signal });
    expect(interrupted.outcomes.map((o) => o.message)).toEqual(Array(3).fill('ikke startet: kørslen blev afbrudt'));
    expect(settledMessage('rehired')).toBe("genansat: id'et tilhørte en fratrådt medarbejder, hvis data kommer tilbage");
  });

  it('says in Danish when the service kept another absence period than the one asked for', () => {
    chooseLanguage('da');
    const report = operation({
      type: 'reportAbsence',
      employeeId: 'e1',
      startDate: '2026-01-07',
      endDate: '2026-01-10',
      reason: { code: 'as_saved' as const, text: '' },
    });
    const said = absenceMismatch(report, { startDate: '2026-01-05', endDate: '2026-01-10' })!;
    expect(said).toBe(
      'tjenesten svarede, at den har 2026-01-05 til 2026-01-10 for medarbejder e1, ikke 2026-01-07 til 2026-01-10 som ventet: dens regler for overlappende perioder beholdt de andre datoer. Svaret er gemt; næste kørsel planlægger de forespørgsler, der retter det, ellers skal perioden rettes på sitet',
    );
    expectAllDanish([said]);
  });

  it('says in Danish that a journal that is not a file cannot hold progress', () => {
    chooseLanguage('da');
    const folder = mkdtempSync(join(tmpdir(), 'journal-da-'));
    expect(() => Journal.open(folder, { serviceKey: 's', workbookHash: 'w' })).toThrow(
      `Journalen ${folder} er ikke en almindelig fil (det er en enhedsfil, en mappe eller en pipe), så fremskridtet kunne ikke gemmes og genoptages. Giv --journal navnet på en fil, eller udelad den. Intet blev sendt.`,
    );
  });
});
