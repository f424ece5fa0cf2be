/**
 * Issue 15 end to end, as HR would do it: a run with `--prune --hold-removals` applies the rest and writes
 * its page; in a real browser, opened from disk, two of the held removals are ticked and "Save approvals"
 * downloads approvals.json; `apply NAME.plan.json --approve approvals.json` then carries out exactly those
 * two against the sandbox (checked in its state and in the requests it got), and no other.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/index.js';
import { runCli, serviceArgs, tempDir, writeCsvSet } from '../helpers/cli.js';
import { recordedServiceArgs, recordRequests, type Recorder } from '../helpers/recorder.js';
import { fileUrl, launchBrowser, saveApprovals, screenshotPath, type BrowserSession } from '../helpers/browser.js';

const EMPLOYEES = ['employee_id', 'name', 'email', 'team_id'];
const ORGANISATION = [
  ['type', 'id', 'name', 'parent_id', 'owner'],
  ['department', 'root', 'Company', '', '100'],
  ['department', 'A', 'Afdeling A', 'root', ''],
  ['team', 'T1', 'Team 1', 'A', ''],
  ['team', 'T2', 'Team 2', 'A', ''],
];
const person = (id: string, team: string) => [id, `Person ${id}`, `p${id}@nordlys.dk`, team];
const EVERYONE = ['100', '120', '121', '122', '123', '124', '125', '126'].map((id, i) => person(id, i % 2 ? 'T2' : 'T1'));
const LEAVING = ['121', '122', '123', '124'];

let browser: BrowserSession;
let sandbox: RunningSandbox;
let recorder: Recorder;
let cwd: string;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
beforeEach(async () => {
  sandbox = await startSandbox({ quiet: true });
  recorder = await recordRequests(sandbox);
  cwd = tempDir('approve-');
});
afterEach(async () => {
  await recorder.close();
  await sandbox.close();
});

const active = (id: string) => sandbox.snapshot().employees.find((e) => e.id === id)?.active;

describe('removals approved on the page', () => {
  it('are carried out by apply --approve, exactly the two ticked, and nothing else', async () => {
    const first = await runCli(
      [writeCsvSet({ employees: [EMPLOYEES, ...EVERYONE], organisation: ORGANISATION }), '--yes', ...serviceArgs(sandbox)],
      { cwd },
    );
    expect(first.code, first.stdout + first.stderr).toBe(0);

    const staying = EVERYONE.filter(([id]) => !LEAVING.includes(id!));
    const dir = writeCsvSet({ employees: [EMPLOYEES, ...staying, person('130', 'T1')], organisation: ORGANISATION });
    recorder.clear();
    const held = await runCli([dir, '--yes', '--prune', '--hold-removals', ...recordedServiceArgs(sandbox, recorder)], { cwd });
    expect(held.code, held.stdout + held.stderr).toBe(0);
    expect(active('130')).toBe(true);
    for (const id of LEAVING) expect(active(id)).toBe(true);
    const page = `${dir}.report.html`;
    expect(held.stdout).toContain(`tick them in ${page}`);
    expect(existsSync(page)).toBe(true);

    const tab = await browser.context.newPage();
    await tab.goto(fileUrl(page));
    const offered = await tab.$$eval('#held input[name=approve]', (els) => els.map((e) => e.getAttribute('value')));
    expect(offered.sort()).toEqual(LEAVING.map((id) => `fireEmployee:${id}`));
    // Each is named as HR knows it: one employee, their name and id, not only a key.
    const shown = await tab.$eval('#held label[data-key="fireEmployee:122"]', (el) => (el.textContent ?? '').replace(/\s+/g, ' ').trim());
    expect(shown).toMatch(/^fire employee Person 122 122\b/);
    await tab.check('#held input[value="fireEmployee:122"]');
    await tab.check('#held input[value="fireEmployee:124"]');
    await tab.screenshot({ path: screenshotPath('approve-from-page'), fullPage: true });
    const approvals = await saveApprovals(tab, join(cwd, 'approvals.json'));
    await tab.close();

    recorder.clear();
    const applied = await runCli(['apply', `${dir}.plan.json`, '--approve', approvals, '--yes', '--access-token', sandbox.accessToken], {
      cwd,
    });
    expect(applied.code, applied.stdout + applied.stderr).toBe(0);
    expect(LEAVING.map(active)).toEqual([true, false, true, false]);
    expect(
      recorder
        .writes()
        .map((w) => w.path)
        .sort(),
    ).toEqual(['/v3/core/employees/122', '/v3/core/employees/124']);
  });
});
