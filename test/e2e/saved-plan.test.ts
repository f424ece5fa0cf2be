/**
 * Saved plans and removals approved one by one (issue 15 points 3–4), through the built command against
 * the sandbox over loopback: `plan --out`, then `apply plan.json`, refused when the workbook or the
 * service changed since; `--prune --hold-removals`, then `apply plan.json --approve approvals.json`.
 * The sandbox's state and the requests it received (through the recording proxy) are checked.
 */
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/index.js';
import { runCli, serviceArgs, tempDir, writeCsvSet } from '../helpers/cli.js';
import { recordRequests, type Recorder } from '../helpers/recorder.js';

const SECRET = 'Very-Secret-Signing-Key-7f3a9c';
const EMPLOYEE_HEADER = ['employee_id', 'name', 'email', 'team_id'];
const ORG_HEADER = ['type', 'id', 'name', 'parent_id', 'owner'];
const person = (id: string, team = 'T1') => [id, `Person ${id}`, `p${id}@nordlys.dk`, team];
const organisation = (teamName = 'Team 1') => [
  ['department', 'root', 'Company', '', '100'],
  ['department', 'A', 'Afdeling A', 'root', ''],
  ['team', 'T1', teamName, 'A', ''],
  ['team', 'T2', 'Team 2', 'A', ''],
];
const PEOPLE = ['100', '120', '121', '122', '123', '124', '125', '126'].map((id, i) => person(id, i % 2 ? 'T2' : 'T1'));

let sandbox: RunningSandbox;
let recorder: Recorder;
let cwd: string;
beforeEach(async () => {
  sandbox = await startSandbox({ quiet: true, accessToken: SECRET });
  recorder = await recordRequests(sandbox);
  cwd = tempDir();
});
afterEach(async () => {
  await recorder.close();
  await sandbox.close();
});

/** Through the recorder, signing a JWT per request with the secret: never the secret in a file. */
const recorded = () => ['--base-url', recorder.baseUrl, '--company-id', String(sandbox.companyId), '--jwt-secret', SECRET];

function workbook(people: string[][], org = organisation(), dir?: string): string {
  return writeCsvSet({ employees: [EMPLOYEE_HEADER, ...people], organisation: [ORG_HEADER, ...org] }, dir);
}

async function cli(...args: string[]) {
  return runCli(args, { cwd });
}

/** The first import, straight to the sandbox (not recorded). */
async function start(people = PEOPLE): Promise<void> {
  const first = await cli(workbook(people), '--yes', ...serviceArgs(sandbox));
  expect(first.code, first.stdout + first.stderr).toBe(0);
}

const active = (id: string) => sandbox.snapshot().employees.find((e) => e.id === id)?.active;

describe('the page of a run that sent nothing', () => {
  it('is the plan it would have carried out, and the report of the last run that did something stays', async () => {
    const dir = workbook(PEOPLE);
    const first = await cli(dir, '--yes', ...serviceArgs(sandbox));
    expect(first.code, first.stdout + first.stderr).toBe(0);
    const reportPage = readFileSync(`${dir}.report.html`, 'utf8');
    expect(reportPage).toContain('data-status="done"');

    // Changed, and run without --yes and without a terminal to ask: nothing is sent.
    workbook([...PEOPLE, person('130', 'T2')], organisation(), dir);
    recorder.clear();
    const declined = await cli(dir, ...recorded());
    expect(declined.code).toBe(3);
    expect(recorder.writes()).toEqual([]);
    expect(readFileSync(`${dir}.report.html`, 'utf8')).toBe(reportPage);
    expect(declined.stdout).toContain(`${dir}.plan.html`);
    expect(declined.stdout).not.toContain(`${dir}.report.html`);
    const planPage = readFileSync(`${dir}.plan.html`, 'utf8');
    expect(planPage).toContain('data-employee-id="130"');
    expect(planPage).not.toContain('data-status="done"');
  });
});

describe('a saved plan', () => {
  it('is applied exactly on an unchanged world, after which a further plan is empty; the file holds no secret', async () => {
    await start();
    const dir = workbook([...PEOPLE, person('130', 'T2')], organisation('Team One'));
    const planned = await cli('plan', dir, '--out', 'plan.json', ...recorded());
    expect(planned.code, planned.stdout + planned.stderr).toBe(0);
    expect(recorder.writes()).toEqual([]);
    const text = readFileSync(join(cwd, 'plan.json'), 'utf8');
    expect(text).not.toContain(SECRET);
    expect(text).not.toMatch(/eyJ[\w-]+\.[\w-]+/); // no minted JWT either
    const file = JSON.parse(text);
    expect(file.plan.map((e: { key: string }) => e.key).sort()).toEqual([
      'addTeamMember:130',
      'createEmployee:130',
      'createUser:130',
      'updateTeam:T1',
    ]);

    recorder.clear();
    const applied = await cli('apply', 'plan.json', '--yes', '--jwt-secret', SECRET);
    expect(applied.code, applied.stdout + applied.stderr).toBe(0);
    expect(active('130')).toBe(true);
    expect(sandbox.snapshot().teams.find((t) => t.id === 'T1')?.name).toBe('Team One');
    expect(recorder.writes()).toHaveLength(4);

    recorder.clear();
    const again = await cli('plan', dir, ...recorded());
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('Nothing to do');
    expect(recorder.writes()).toEqual([]);
  });

  it('is written into a folder that does not exist yet, as --html and --report are', async () => {
    await start();
    const dir = workbook([...PEOPLE, person('130', 'T2')]);
    const planned = await cli('plan', dir, '--out', join('plans', 'tonight', 'plan.json'), ...recorded());
    expect(planned.code, planned.stdout + planned.stderr).toBe(0);
    expect(planned.stdout).toContain(`Plan saved to ${join('plans', 'tonight', 'plan.json')}`);
    expect(JSON.parse(readFileSync(join(cwd, 'plans', 'tonight', 'plan.json'), 'utf8')).plan).toHaveLength(3);
    expect(`${planned.stdout}${planned.stderr}`).not.toMatch(/unexpected|ENOENT/);
  });

  it('is refused as stale when the service changed since in a way that changes the plan: exit 3, nothing sent', async () => {
    await start();
    const dir = workbook([...PEOPLE, person('130')]);
    expect((await cli('plan', dir, '--out', 'plan.json', ...recorded())).code).toBe(0);
    // Someone renames team T1 on the site: the workbook's name must now be sent back too.
    const meanwhile = await cli(workbook(PEOPLE, organisation('Renamed on the site')), '--yes', ...serviceArgs(sandbox));
    expect(meanwhile.code, meanwhile.stderr).toBe(0);

    recorder.clear();
    const applied = await cli('apply', 'plan.json', '--yes', '--jwt-secret', SECRET);
    expect(applied.code).toBe(3);
    expect(applied.stderr).toContain('The plan is stale');
    expect(applied.stderr).toContain('updateTeam:T1 is needed now and not in the saved plan');
    expect(recorder.writes()).toEqual([]);
    expect(active('130')).toBeUndefined();
  });

  it('is applied when the service changed only in what the plan does not touch', async () => {
    await start();
    const dir = workbook([...PEOPLE, person('130')]);
    expect((await cli('plan', dir, '--out', 'plan.json', ...recorded())).code).toBe(0);
    // Without --prune an employee the workbook does not list is left alone: the plan stays the same.
    expect((await cli(workbook([...PEOPLE, person('140')]), '--yes', ...serviceArgs(sandbox))).code).toBe(0);

    recorder.clear();
    const applied = await cli('apply', 'plan.json', '--yes', '--jwt-secret', SECRET);
    expect(applied.code, applied.stdout + applied.stderr).toBe(0);
    expect(applied.stdout).toContain('The service changed since the plan was made, but not in a way that changes the plan.');
    expect(active('130')).toBe(true);
    expect(recorder.writes().map((w) => `${w.method} ${w.path}`)).toHaveLength(3);
  });

  it('is refused as stale when the workbook changed since: exit 3, nothing sent', async () => {
    await start();
    const dir = workbook([...PEOPLE, person('130')]);
    expect((await cli('plan', dir, '--out', 'plan.json', ...recorded())).code).toBe(0);
    workbook([...PEOPLE, person('131')], organisation(), dir); // HR saved the file again

    recorder.clear();
    const applied = await cli('apply', 'plan.json', '--yes', '--jwt-secret', SECRET);
    expect(applied.code).toBe(3);
    // The input that changed is named: the file, never the service, which did not change.
    expect(applied.stderr).toContain('The plan is stale: the workbook (employees.csv) changed since the plan was made');
    expect(applied.stderr).toContain('createEmployee:130');
    expect(recorder.writes()).toEqual([]);
    expect(active('130')).toBeUndefined();
    expect(active('131')).toBeUndefined();
  });

  it('is applied when the workbook was saved again with the same rows (other bytes, the same plan)', async () => {
    await start();
    const dir = workbook([...PEOPLE, person('130')]);
    expect((await cli('plan', dir, '--out', 'plan.json', ...recorded())).code).toBe(0);
    // The same rows with other line ends, as another program saves them.
    for (const name of ['employees.csv', 'organisation.csv']) {
      const path = join(dir, name);
      writeFileSync(path, readFileSync(path, 'utf8').replace(/\r\n/g, '\n'));
    }

    recorder.clear();
    const applied = await cli('apply', 'plan.json', '--yes', '--jwt-secret', SECRET);
    expect(applied.code, applied.stdout + applied.stderr).toBe(0);
    expect(applied.stdout).toContain(
      'The workbook (employees.csv, organisation.csv) changed since the plan was made, but not in a way that changes the plan.',
    );
    expect(active('130')).toBe(true);
    expect(recorder.writes()).toHaveLength(3);
  });

  it('works with --sandbox: plan --out, then apply', async () => {
    const dir = workbook(PEOPLE);
    expect((await cli('plan', dir, '--sandbox', '--out', 'rehearsal.json')).code).toBe(0);
    const applied = await cli('apply', 'rehearsal.json', '--yes');
    expect(applied.code, applied.stdout + applied.stderr).toBe(0);
    const again = await cli('plan', dir, '--sandbox');
    expect(again.stdout).toContain('Nothing to do');
  });
});

describe('removals held for approval', () => {
  const REMAINING = PEOPLE.filter(([id]) => !['121', '122', '123', '124'].includes(id!));

  async function holdRun(...extra: string[]) {
    await start();
    const dir = workbook([...REMAINING, person('130')]);
    recorder.clear();
    const run = await cli(dir, '--yes', '--prune', '--hold-removals', '--report', 'report.json', ...extra, ...recorded());
    return { dir, run };
  }

  function approve(...keys: string[]): string {
    const path = join(cwd, 'approvals.json');
    writeFileSync(path, JSON.stringify({ version: 1, approved: keys }));
    return path;
  }

  it('applies the rest and removes nothing; then exactly the two approved removals are carried out', async () => {
    const { dir, run } = await holdRun();
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(active('130')).toBe(true);
    for (const id of ['121', '122', '123', '124']) expect(active(id)).toBe(true);
    const planPath = `${dir}.plan.json`;
    expect(run.stdout).toContain(
      `4 removals held for approval: tick them in ${dir}.report.html and save approvals.json, then run orgsync-import apply ${planPath} --approve approvals.json`,
    );
    // The rest is carried out now, so the line naming the plan file does not offer to apply it whole.
    expect(run.stdout).toContain(`Plan saved to ${planPath}, with the removals it holds for approval`);
    expect(run.stdout).not.toContain('carries out exactly this plan');
    expect(existsSync(`${dir}.report.html`)).toBe(true);
    const report = JSON.parse(readFileSync(join(cwd, 'report.json'), 'utf8'));
    const held = report.plan.filter((e: { held?: boolean }) => e.held).map((e: { key: string }) => e.key);
    expect(held.sort()).toEqual(['fireEmployee:121', 'fireEmployee:122', 'fireEmployee:123', 'fireEmployee:124']);
    expect(existsSync(planPath)).toBe(true);
    expect(recorder.writes().some((w) => w.method === 'DELETE' || /12[1-4]/.test(w.path))).toBe(false);

    // The rest is applied, so the whole plan is done but for its held removals: only they can still be approved.
    recorder.clear();
    const whole = await cli('apply', planPath, '--yes', '--jwt-secret', SECRET);
    expect(whole.code, whole.stdout + whole.stderr).toBe(0);
    expect(whole.stdout).toMatch(
      /Nothing to do: \S+\.plan\.json was carried out already \(run \S+\), except the 4 removals it holds for approval\. Nothing was sent\. To carry out some of them, add --approve approvals\.json\./,
    );
    expect(recorder.writes()).toEqual([]);

    const applied = await cli(
      'apply',
      planPath,
      '--approve',
      approve('fireEmployee:121', 'fireEmployee:123'),
      '--yes',
      '--jwt-secret',
      SECRET,
    );
    expect(applied.code, applied.stdout + applied.stderr).toBe(0);
    expect([active('121'), active('122'), active('123'), active('124')]).toEqual([false, true, false, true]);
    expect(
      recorder
        .writes()
        .map((w) => w.path)
        .sort(),
    ).toEqual(['/v3/core/employees/121', '/v3/core/employees/123'].sort());
  });

  it("says again, when a team's deletion is approved, that its dialog data becomes inaccessible to its leader", async () => {
    await start();
    // Team 2 leaves the export; its people move to Team 1.
    const dir = workbook(
      PEOPLE.map(([id]) => person(id!, 'T1')),
      organisation().filter((row) => row[1] !== 'T2'),
    );
    const held = await cli(dir, '--yes', '--prune', '--hold-removals', ...recorded());
    expect(held.code, held.stdout + held.stderr).toBe(0);
    expect(held.stdout).toContain('Team T2 "Team 2" is deleted: its dialog data becomes inaccessible to its leader');
    expect(sandbox.snapshot().teams.some((t) => t.id === 'T2')).toBe(true);

    recorder.clear();
    const applied = await cli('apply', `${dir}.plan.json`, '--approve', approve('deleteTeam:T2'), '--yes', '--jwt-secret', SECRET);
    expect(applied.code, applied.stdout + applied.stderr).toBe(0);
    expect(applied.stdout).toContain('Team T2 "Team 2" is deleted: its dialog data becomes inaccessible to its leader');
    expect(sandbox.snapshot().teams.some((t) => t.id === 'T2')).toBe(false);
    expect(recorder.writes().map((w) => w.method)).toEqual(['DELETE']);
  });

  it('refuses an approval of a key the plan does not hold, naming it: exit 3, nothing sent', async () => {
    const { dir } = await holdRun();
    recorder.clear();
    const applied = await cli(
      'apply',
      `${dir}.plan.json`,
      '--approve',
      approve('fireEmployee:121', 'createUser:130'),
      '--yes',
      '--jwt-secret',
      SECRET,
    );
    expect(applied.code).toBe(3);
    expect(applied.stderr).toContain('"createUser:130" is not a removal held by');
    expect(recorder.received).toEqual([]);
  });

  it('applies the deletion guard to the approved removals unless --force', async () => {
    const { dir, run } = await holdRun('--max-deletions', '1');
    expect(run.code, run.stdout + run.stderr).toBe(0); // nothing was removed: the guard waits for the approval
    const approvals = approve('fireEmployee:122', 'fireEmployee:124');
    recorder.clear();
    const refused = await cli('apply', `${dir}.plan.json`, '--approve', approvals, '--yes', '--jwt-secret', SECRET);
    expect(refused.code).toBe(3);
    expect(refused.stdout).toContain('Refusing: the plan removes 2 employees');
    expect(recorder.writes()).toEqual([]);

    const forced = await cli('apply', `${dir}.plan.json`, '--approve', approvals, '--yes', '--force', '--jwt-secret', SECRET);
    expect(forced.code, forced.stdout + forced.stderr).toBe(0);
    expect([active('121'), active('122'), active('123'), active('124')]).toEqual([true, false, true, false]);
    expect(recorder.writes()).toHaveLength(2);
  });

  it('needs --prune', async () => {
    const result = await cli(workbook(PEOPLE), '--yes', '--hold-removals', ...recorded());
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('--hold-removals holds the removals --prune asks for');
    expect(recorder.received).toEqual([]);
  });
});
