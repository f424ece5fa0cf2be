/**
 * Undo for every kind of operation a run can make (issue 23, point 1), generated from the operation list
 * (`OPERATION_KINDS` of src/model/operations.ts): each kind gets a test, which fails when no scenario below makes
 * that kind. A scenario is a nightly run against the sandbox over loopback that carries out the kinds it
 * names (checked in its report), then `undo` of it; the sandbox must then equal its snapshot before the run,
 * except what the undo names as not undoable. The scenarios run one after another on one sandbox.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATION_KINDS, type OperationType } from '../../src/model/operations.js';
import { startSandbox, type RunningSandbox, type SandboxSnapshot } from '../../src/sandbox/index.js';
import { runCli, tempDir } from '../helpers/cli.js';
import { nightlyExport, type ExportShape } from '../helpers/nightly.js';
import { recordedServiceArgs, recordRequests, type Received, type Recorder } from '../helpers/recorder.js';
import { namedByUndo, recordedRuns, restorable, type NamedByUndo } from '../helpers/undo-check.js';

/** The nightly export every scenario starts from: owners and delegations, and units to rename and close. */
const BASE: ExportShape = {
  employees: 12,
  owners: { root: '101', D1: '103', T1: '104' },
  delegations: [
    ['D1', 'configuration', '105'],
    ['T1', 'dialog_access_cv', '106'],
  ],
  extraUnits: [
    ['department', 'D3', 'Closing', 'root'],
    ['department', 'D5', 'Legal', 'root'],
    ['team', 'T5', 'Reception', 'D1'],
    ['team', 'T9', 'Temporary', 'D1'],
  ],
};

interface Scenario {
  name: string;
  /** The kinds of operation the run must carry out. */
  makes: OperationType[];
  /** Runs before the one undone (to fire someone, say), each with its flags. */
  setUp?: { shape: ExportShape; flags: string[] }[];
  shape: ExportShape;
  flags: string[];
}

const SCENARIOS: Scenario[] = [
  {
    name: 'people: hires, a leaver, a new id, changed fields and teams',
    makes: [
      'createUser',
      'createEmployee',
      'updateUser',
      'updateEmployee',
      'renameEmployee',
      'fireEmployee',
      'addTeamMember',
      'removeTeamMember',
    ],
    shape: {
      ...BASE,
      employees: 11, // 112 leaves
      edits: {
        '107': { employee_id: '207', previous_employee_id: '107' },
        '102': { employment: 'Chief' },
        '103': { name: 'Person 103 Renamed' },
        '108': { team_id: 'T1' },
        '109': { team_id: '' },
      },
      extraEmployees: [
        {
          employee_id: '301',
          name: 'New Person',
          email: 'new@firma.dk',
          gender: 'f',
          birthday: '1990-01-01',
          employment: 'Trainee',
          team_id: 'T2',
        },
      ],
    },
    flags: ['--prune'],
  },
  {
    name: 'units: created, renamed, moved, given new ids and owners',
    makes: [
      'createDepartment',
      'createTeam',
      'updateDepartment',
      'updateTeam',
      'moveDepartment',
      'moveTeam',
      'renameDepartment',
      'renameTeam',
    ],
    shape: {
      ...BASE,
      owners: { ...BASE.owners, D1: '105', T2: '108' },
      unitEdits: {
        D1: { name: 'Sales and Service' },
        T2: { name: 'Sales South-West' },
        D21: { parent_id: 'D1' },
        T3: { parent_id: 'D2' },
        D5: { id: 'D6' },
        T5: { id: 'T6' },
      },
      extraUnits: [...BASE.extraUnits!, ['department', 'D4', 'Support', 'root'], ['team', 'T4', 'Helpdesk', 'D4']],
    },
    flags: [],
  },
  {
    name: 'removals: a department and a team closed, delegations changed, an absence reported',
    makes: ['deleteDepartment', 'deleteTeam', 'deleteDelegation', 'createDelegation', 'reportAbsence'],
    shape: {
      ...BASE,
      withoutUnits: ['D3', 'T9'],
      delegations: [
        ['D1', 'configuration', '105'],
        ['D2', 'configuration', '107'],
      ],
      absences: [['104', '2026-01-05', '2026-01-07']],
    },
    flags: ['--prune'],
  },
  {
    name: 'a rehire of an employee fired the night before',
    makes: ['rehireEmployee'],
    setUp: [{ shape: { ...BASE, employees: 11 }, flags: ['--prune'] }],
    shape: BASE,
    flags: [],
  },
];

interface Result {
  made: Set<string>;
  before: SandboxSnapshot;
  after: SandboxSnapshot;
  named: NamedByUndo;
  undoWrites: Received[];
}

let sandbox: RunningSandbox;
let recorder: Recorder;
let cwd: string;
const results = new Map<Scenario, Promise<Result>>();

beforeAll(async () => {
  sandbox = await startSandbox({ quiet: true });
  recorder = await recordRequests(sandbox);
  cwd = tempDir();
});
afterAll(async () => {
  await recorder?.close();
  await sandbox?.close();
});

async function cli(args: string[]) {
  const result = await runCli([...args, '--yes', ...recordedServiceArgs(sandbox, recorder)], { cwd });
  expect(result.code, result.stdout + result.stderr).toBe(0);
  expect(result.stderr).not.toMatch(/\n\s+at .+:\d+:\d+/);
  return result;
}

async function carryOut(scenario: Scenario): Promise<Result> {
  await cli([nightlyExport(BASE)]);
  for (const { shape, flags } of scenario.setUp ?? []) await cli([nightlyExport(shape), ...flags]);
  const before = sandbox.snapshot();
  const report = join(cwd, 'report.json');
  await cli([nightlyExport(scenario.shape), ...scenario.flags, '--report', report]);
  const operations = (JSON.parse(readFileSync(report, 'utf8')) as { operations: { type: string; status: string }[] }).operations;
  const made = new Set(operations.filter((o) => o.status === 'done').map((o) => o.type));
  recorder.clear();
  const undo = await cli(['undo', recordedRuns(cwd).at(-1)!]);
  return { made, before, after: sandbox.snapshot(), named: namedByUndo(undo.stdout), undoWrites: recorder.writes() };
}

/** The scenarios run in their order on the one sandbox, each once, whichever kind's test asks first. */
function resultOf(scenario: Scenario): Promise<Result> {
  const index = SCENARIOS.indexOf(scenario);
  let result = results.get(scenario);
  if (!result) {
    const previous = index > 0 ? resultOf(SCENARIOS[index - 1]!).catch(() => undefined) : Promise.resolve(undefined);
    result = previous.then(() => carryOut(scenario));
    results.set(scenario, result);
  }
  return result;
}

describe('undo of every kind of operation a run can make', () => {
  it.each(Object.keys(OPERATION_KINDS) as OperationType[])(
    '%s: run, undo, and the service is as before but for what undo names',
    async (type) => {
      const scenario = SCENARIOS.find((s) => s.makes.includes(type));
      expect(scenario, `no scenario makes a ${type}: add one to SCENARIOS`).toBeDefined();
      const { made, before, after, named, undoWrites } = await resultOf(scenario!);
      expect([...made], `${scenario!.name} made no ${type}`).toContain(type);
      expect(restorable(after, before, named)).toEqual(restorable(before, before, named));
      // What undo says it cannot give back, it does not try to: no absence sent, no deleted unit made again.
      expect(undoWrites.filter((w) => w.method === 'POST' && w.path.includes('absence'))).toEqual([]);
      for (const id of [...named.deletedDepartments, ...named.deletedTeams]) {
        expect(undoWrites.filter((w) => w.method === 'POST' && JSON.stringify(w.body ?? null).includes(`"id":"${id}"`))).toEqual([]);
      }
    },
    300_000,
  );
});
