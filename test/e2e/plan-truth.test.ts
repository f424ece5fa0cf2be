/**
 * What the plan shows is what is done (issue 11 points 4–7, issue 17 point 2), through the built command
 * against the sandbox over loopback: the first run's workbook, then the changed one; the sandbox's state
 * and the requests it received are checked.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/index.js';
import { runCli, tempDir, writeCsvSet } from '../helpers/cli.js';
import { recordedServiceArgs, recordRequests, type Recorder } from '../helpers/recorder.js';
import { legacyHeaders, send } from '../sandbox/helpers.js';

const EMPLOYEE_HEADER = ['employee_id', 'name', 'email', 'team_id', 'previous_employee_id', 'system_language'];
const ORG_HEADER = ['type', 'id', 'name', 'parent_id', 'owner', 'previous_id'];
const person = (id: string, extra: { name?: string; email?: string; team?: string; previous?: string; language?: string } = {}) => [
  id,
  extra.name ?? `Person ${id}`,
  extra.email ?? `p${id}@nordlys.dk`,
  extra.team ?? 'T1',
  extra.previous ?? '',
  extra.language ?? '',
];
const ORGANISATION = [
  ['department', 'root', 'Company', '', '100', ''],
  ['department', 'A', 'Afdeling A', 'root', '112', ''],
  ['department', 'B', 'Afdeling B', 'A', '', ''],
  ['team', 'T1', 'Team 1', 'A', '', ''],
  ['team', 'T2', 'Team 2', 'B', '', ''],
];
const PEOPLE = [person('100'), person('112'), person('120'), person('121', { team: 'T2' })];

let sandbox: RunningSandbox;
let recorder: Recorder;
let cwd: string;
beforeEach(async () => {
  sandbox = await startSandbox({ quiet: true });
  recorder = await recordRequests(sandbox);
  cwd = tempDir();
});
afterEach(async () => {
  await recorder.close();
  await sandbox.close();
});

async function importWorkbook(people: string[][], organisation = ORGANISATION, ...flags: string[]) {
  const dir = writeCsvSet({ employees: [EMPLOYEE_HEADER, ...people], organisation: [ORG_HEADER, ...organisation] });
  recorder.clear();
  const command = flags[0] === 'plan' ? ['plan', dir, ...flags.slice(1)] : [dir, '--yes', ...flags];
  return runCli([...command, ...recordedServiceArgs(sandbox, recorder)], { cwd });
}

async function start(people = PEOPLE, organisation = ORGANISATION): Promise<void> {
  const first = await importWorkbook(people, organisation);
  expect(first.code, first.stdout + first.stderr).toBe(0);
}

const employee = (id: string) => sandbox.snapshot().employees.find((e) => e.id === id);

describe('ids exchanged between exports', () => {
  it('swaps two employees ids through a temporary id, keeping each person with their employment', async () => {
    await start();
    const user120 = employee('120')!.userId;
    const user121 = employee('121')!.userId;
    // HR swapped the numbers: the person who was 120 is 121 now, and the other way round.
    const swapped = [
      person('100'),
      person('112'),
      person('121', { previous: '120', name: 'Person 120', email: 'p120@nordlys.dk', team: 'T1' }),
      person('120', { previous: '121', name: 'Person 121', email: 'p121@nordlys.dk', team: 'T2' }),
    ];
    const second = await importWorkbook(swapped);
    expect(second.code, second.stdout + second.stderr).toBe(0);
    expect(employee('121'), second.stdout).toMatchObject({ userId: user120, teamId: 'T1', active: true });
    expect(employee('120')).toMatchObject({ userId: user121, teamId: 'T2', active: true });
    expect(sandbox.snapshot().employees.filter((e) => e.id.startsWith('orgsync-moving-'))).toEqual([]);
    expect(recorder.writes().filter((r) => r.method === 'POST')).toEqual([]); // nothing re-created
    expect(recorder.writes()).toEqual([
      { method: 'PATCH', path: '/v3/core/employees/120', body: { employee: { id: 'orgsync-moving-120' } } },
      { method: 'PATCH', path: '/v3/core/employees/121', body: { employee: { id: '120' } } },
      { method: 'PATCH', path: '/v3/core/employees/orgsync-moving-120', body: { employee: { id: '121' } } },
    ]);
    expect((await importWorkbook(swapped)).stdout).toContain('Nothing to do');
  });

  it('passes unit ids round a ring of three teams', async () => {
    const organisation = [...ORGANISATION, ['team', 'T3', 'Team 3', 'root', '', '']];
    await start([...PEOPLE, person('122', { team: 'T3' })], organisation);
    const ring = [
      ...ORGANISATION.slice(0, 3),
      ['team', 'T2', 'Team 1', 'A', '', 'T1'],
      ['team', 'T3', 'Team 2', 'B', '', 'T2'],
      ['team', 'T1', 'Team 3', 'root', '', 'T3'],
    ];
    const people = [
      person('100', { team: 'T2' }),
      person('112', { team: 'T2' }),
      person('120', { team: 'T2' }),
      person('121', { team: 'T3' }),
      person('122', { team: 'T1' }),
    ];
    const second = await importWorkbook(people, ring);
    expect(second.code, second.stdout + second.stderr).toBe(0);
    const teams = Object.fromEntries(sandbox.snapshot().teams.map((t) => [t.id, { name: t.name, members: t.members }]));
    expect(teams).toEqual({
      T1: { name: 'Team 3', members: ['122'] },
      T2: { name: 'Team 1', members: ['100', '112', '120'] },
      T3: { name: 'Team 2', members: ['121'] },
    });
    expect(recorder.writes().filter((r) => r.method === 'POST' || r.method === 'DELETE')).toEqual([]);
    expect(recorder.writes().filter((r) => r.path.includes('orgsync-moving-'))).toHaveLength(1);
    const again = await importWorkbook(people, ring);
    expect(again.stdout).toContain('Nothing to do');
  });
});

describe('what the plan shows', () => {
  it('sends no owner to units that keep theirs, and shows a user update as old → new', async () => {
    await start();
    const renamed = PEOPLE.map((row) => (row[0] === '120' ? person('120', { name: 'Anna Berg' }) : row));
    const second = await importWorkbook(renamed);
    expect(second.code, second.stdout + second.stderr).toBe(0);
    expect(second.stdout).toContain('name: "Person 120" → "Anna Berg"');
    expect(second.stdout).not.toMatch(/owner/);
    expect(recorder.writes().map((r) => `${r.method} ${r.path}`)).toEqual(['PATCH /v3/core/users/120']);
  });

  it('says why an owner that is not changing is sent again', async () => {
    await start();
    // A's owner changes; B shows 112 too, and the service cannot show whether B inherits it or has it set.
    const organisation = ORGANISATION.map((row) =>
      row[1] === 'A'
        ? ['department', 'A', 'Afdeling A', 'root', '100', '']
        : row[1] === 'B'
          ? ['department', 'B', 'Afdeling B', 'A', '112', '']
          : row,
    );
    const second = await importWorkbook(PEOPLE, organisation);
    expect(second.code, second.stdout + second.stderr).toBe(0);
    // The terminal names the people (issue 35); the JSON report keeps their ids.
    expect(second.stdout).toContain('owner Person 112 → Person 100');
    expect(second.stdout).toMatch(
      /update department Afdeling B \(B, organisation row 4\): owner unchanged \(Person 112\); re-set because the owner above it becomes Person 100/,
    );
    const owners = Object.fromEntries(sandbox.snapshot().departments.map((d) => [d.id, d.owner]));
    expect(owners).toMatchObject({ A: '100', B: '112' });
  });

  it('counts by kind and action the same in the terminal and the report, notes included', async () => {
    const many = Array.from({ length: 12 }, (_, i) => person(String(130 + i)));
    await start([...PEOPLE, ...many]);
    const report = join(cwd, 'report.json');
    const moved = [
      ...PEOPLE.map((row) => (row[0] === '120' ? person('120', { language: 'en' }) : row)),
      ...many.map((row) => person(row[0]!, { team: 'T2' })),
    ];
    const changed = moved.map((row) => (row[0] === '121' ? person('121', { name: 'Bo Holm', team: 'T2' }) : row));
    const second = await importWorkbook(changed, ORGANISATION, '--report', report);
    expect(second.code, second.stdout + second.stderr).toBe(0);
    expect(second.stdout).toMatch(
      /Applied: 1 updated, 12 added to a team, 0 unchanged \(the service had them already\), 0 failed, 0 skipped/,
    );
    const json = JSON.parse(readFileSync(report, 'utf8'));
    expect(json.summary.plan).toEqual({ user: { update: 1 }, membership: { add_member: 12 } });
    expect(json.summary.outcomes).toEqual({
      user: { update: { done: 1, unchanged: 0, failed: 0, skipped: 0 } },
      membership: { add_member: { done: 12, unchanged: 0, failed: 0, skipped: 0 } },
    });
    expect(json.summary.operations).toEqual({ done: 13, unchanged: 0, failed: 0, skipped: 0 });
    expect(second.stdout).toContain(`${json.summary.already_matching} people and units of the workbook already matched the service.`);
    expect(json.issues).toContainEqual(
      expect.objectContaining({ code: 'plan_note', row: 4, message: expect.stringContaining('system_language cannot be changed') }),
    );
  });

  it('lists every planned row with plan --all, the first 8 of each kind without it', async () => {
    await start();
    const many = Array.from({ length: 11 }, (_, i) => person(String(140 + i)));
    const short = await importWorkbook([...PEOPLE, ...many], ORGANISATION, 'plan');
    expect(short.stdout).toContain('…and 3 more to create (employee)');
    expect(short.stdout.match(/\+ create employee .+ \(1\d\d,/g)).toHaveLength(8);
    const all = await importWorkbook([...PEOPLE, ...many], ORGANISATION, 'plan', '--all');
    expect(all.code).toBe(0);
    expect(all.stdout.match(/\+ create employee .+ \(1\d\d,/g)).toHaveLength(11);
    expect(all.stdout).not.toContain('more to create');
    expect(recorder.writes()).toEqual([]);
  });
});

describe('a user left behind by an interrupted run', () => {
  it('is adopted by the person whose id was corrected, and the run converges', async () => {
    await start();
    // Run 1 created the user E1 and stopped before its employee; HR then corrected the id to E100.
    const orphan = await send(
      sandbox.baseUrl,
      'POST',
      '/v3/core/users',
      { user: { id: 'E1', name: 'Eva Lund', email: 'eva@nordlys.dk', username: 'eva@nordlys.dk' } },
      legacyHeaders(sandbox),
    );
    expect(orphan.status).toBe(201);
    const corrected = [...PEOPLE, person('E100', { name: 'Eva Lund', email: 'eva@nordlys.dk' })];
    const second = await importWorkbook(corrected);
    expect(second.code, second.stdout + second.stderr).toBe(0);
    expect(second.stdout).toMatch(/User E1 in the service has the username "eva@nordlys.dk" of user E100 and no employment/);
    expect(employee('E100')).toMatchObject({ userId: 'E1', active: true, teamId: 'T1' });
    expect(
      sandbox
        .snapshot()
        .users.filter((u) => u.username === 'eva@nordlys.dk')
        .map((u) => u.id),
    ).toEqual(['E1']);
    expect((await importWorkbook(corrected)).stdout).toContain('Nothing to do');
  });

  it('names who holds a username that belongs to an active employee, and what to do', async () => {
    await start([...PEOPLE, person('150')]);
    // 150 is left out of this export (no --prune: kept); a new row takes 150's e-mail, so its username.
    const clash = [...PEOPLE, person('E100', { name: 'Eva Lund', email: 'p150@nordlys.dk' })];
    const second = await importWorkbook(clash, ORGANISATION, 'plan');
    // Refused in validation, at the row, before anything is sent (issue 10.7), naming the holder and what to do.
    expect(second.code).toBe(1);
    expect(second.stdout).toMatch(
      /row 6, column email: The service already has the e-mail address "p150@nordlys.dk".* for Person 150 \(user "150", employee "150"\).*It looks like employee 150 under a new id: put 150 in previous_employee_id, or give this person their own e-mail address/,
    );
    expect(recorder.writes()).toEqual([]);
  });
});
