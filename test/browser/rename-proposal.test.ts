/**
 * Issue 23 point 8, on the page: a unit renamed in the HR system (its derived id changed) is proposed as
 * a rename on the plan page, above the chart and at the unit itself (the new one and the old one), with
 * the command that accepts it. The command the page shows, run by the built CLI against the sandbox over
 * loopback, renames the team: no team created or deleted.
 */
import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/index.js';
import { runCli, serviceArgs, tempDir, writeCsvSet } from '../helpers/cli.js';
import { recordedServiceArgs, recordRequests, type Recorder } from '../helpers/recorder.js';
import { fileUrl, launchBrowser, screenshotPath, type BrowserSession } from '../helpers/browser.js';

const K = 'Kolding Kommune';
const OLD = 'teknik-og-miljoe.park-og-vej';
const NEW = 'teknik-og-miljoe.veje-og-parker';

function month(park: string): string[][] {
  return [
    ['Medarbejdernr', 'Navn', 'E-mail', 'Niveau 1', 'Niveau 2', 'Niveau 3', 'Leder', 'Lønart'],
    ['100', 'Tracy Andersen', 'tracya@kolding.dk', K, '', '', 'ja', 'x'],
    ['101', 'Asbjørn Ladefoged', 'asbjoernl@kolding.dk', K, 'Teknik og Miljø', park, 'ja', 'x'],
    ['102', 'Ester Truelsen', 'estert@kolding.dk', K, 'Teknik og Miljø', park, '', 'x'],
    ['103', 'Peder Thomsen', 'pedert@kolding.dk', K, 'Teknik og Miljø', 'Administration', 'ja', 'x'],
  ];
}

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
  sandbox = await startSandbox({ quiet: true, rootName: K });
  recorder = await recordRequests(sandbox);
  cwd = tempDir('proposal-');
});
afterEach(async () => {
  await recorder.close();
  await sandbox.close();
});

describe('a rename proposal on the plan page', () => {
  it('is above the chart and at both units, with the command that accepts it; that command renames the team', async () => {
    const first = await runCli([writeCsvSet({ Medarbejdere: month('Park og vej') }), '--yes', ...serviceArgs(sandbox)], { cwd });
    expect(first.code, first.stdout + first.stderr).toBe(0);
    const dir = writeCsvSet({ Medarbejdere: month('Veje og parker') });
    const plan = await runCli(['plan', dir, ...serviceArgs(sandbox)], { cwd });
    expect(plan.code, plan.stdout + plan.stderr).toBe(0);
    const pagePath = `${dir}.plan.html`;
    expect(readFileSync(pagePath, 'utf8')).toContain('--accept-renames');

    const tab = await browser.context.newPage();
    await tab.goto(fileUrl(pagePath));
    const proposal = tab.locator(`#proposals li[data-proposal-from="${OLD}"][data-proposal-to="${NEW}"]`);
    expect(await proposal.isVisible()).toBe(true);
    expect(await proposal.textContent()).toMatch(
      /"Veje og parker" \(teknik-og-miljoe\.veje-og-parker\) looks like a rename of "Park og vej"/,
    );
    const proposals = (await tab.locator('#proposals').boundingBox())!;
    const chart = (await tab.locator('#chart').boundingBox())!;
    expect(proposals.y + proposals.height).toBeLessThanOrEqual(chart.y);
    const command = (await tab.locator('#proposals code.command').textContent()) ?? '';
    expect(command).toBe(`orgsync-import plan ${dir} --accept-renames`);

    const atNew = tab.locator(`li.unit[data-unit-id="${NEW}"] > details > [data-proposal="rename-of"]`);
    expect(await atNew.isVisible()).toBe(true);
    expect(await atNew.textContent()).toMatch(/rename of "Park og vej" \(teknik-og-miljoe\.park-og-vej\).*--accept-renames/);
    const atOld = tab.locator(`li.unit[data-unit-id="${OLD}"] > details > [data-proposal="renamed-to"]`);
    expect(await atOld.isVisible()).toBe(true);
    expect(await atOld.textContent()).toMatch(/"Veje og parker" \(teknik-og-miljoe\.veje-og-parker\)/);
    await tab.screenshot({ path: screenshotPath('rename-proposal'), fullPage: true });
    await tab.close();

    // The page's command, carried out (as the main job, with the service flags of this test): a rename.
    const [program, sub, ...args] = command.split(' ');
    expect([program, sub]).toEqual(['orgsync-import', 'plan']);
    recorder.clear();
    sandbox.resetStats();
    const accepted = await runCli([...args, '--yes', ...recordedServiceArgs(sandbox, recorder)], { cwd });
    expect(accepted.code, accepted.stdout + accepted.stderr).toBe(0);
    expect(recorder.writes().length).toBeGreaterThan(0);
    expect(Object.keys(sandbox.stats().successfulCreates)).toEqual([]);
    expect(Object.keys(sandbox.stats().byRoute).filter((route) => route.startsWith('DELETE'))).toEqual([]);
    const teams = sandbox.snapshot().teams;
    expect(teams.find((t) => t.id === NEW)).toMatchObject({ name: 'Veje og parker', members: ['101', '102'] });
    expect(teams.some((t) => t.id === OLD)).toBe(false);
  });
});
