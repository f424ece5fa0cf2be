/**
 * The page's held removals and the report page, rendered from data and opened from disk in a real
 * headless browser: ticking held removals saves `approvals.json` (the shape `apply --approve` reads);
 * the report page marks what was done and what failed.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserSession } from '../helpers/browser.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPlan, type Plan } from '../../src/plan/plan.js';
import { buildReport } from '../../src/report/json.js';
import { buildOrgChart } from '../../src/view/org-chart.js';
import { renderPlanPage } from '../../src/view/plan-html.js';
import type { OperationOutcome } from '../../src/load/outcome.js';
import { withoutHeld } from '../../src/load/held.js';
import { holdRemovals } from '../../src/plan/saved.js';
import { ALL_MANAGED, V3_CAPABILITIES, asCurrent, org } from '../helpers/org.js';
import { tempDir } from '../helpers/cli.js';
import { fileUrl, launchBrowser, screenshotPath } from '../helpers/browser.js';
import { reasonWording } from '../../src/view/reason-text.js';

const current = org({
  departments: [
    ['root', null, 'e0'],
    ['d1', 'root'],
    ['d2', 'root'],
  ],
  teams: [
    ['t1', 'd1'],
    ['t2', 'd2'],
    ['t3', 'd2'],
  ],
  employees: [
    ['e0', 'u0', 't1'],
    ['e1', 'u1', 't1'],
    ['e2', 'u2', 't2'],
    ['e3', 'u3', 't3'],
    ['e4', 'u4', 't3'],
  ],
});
// The workbook drops team t3 and employee e4, and moves e3 to t2 (--prune removes t3 and fires e4).
const desired = org({
  departments: [
    ['root', null, 'e0'],
    ['d1', 'root'],
    ['d2', 'root'],
  ],
  teams: [
    ['t1', 'd1'],
    ['t2', 'd2'],
  ],
  employees: [
    ['e0', 'u0', 't1'],
    ['e1', 'u1', 't1'],
    ['e2', 'u2', 't2'],
    ['e3', 'u3', 't2'],
  ],
});

function planned(): Plan {
  return buildPlan({
    desired,
    current: asCurrent(current),
    managed: ALL_MANAGED,
    capabilities: V3_CAPABILITIES,
    reportedAbsences: new Map(),
    prune: true,
  });
}

function pageFile(name: string, html: string): string {
  const path = join(tempDir('page-'), name);
  writeFileSync(path, html);
  return path;
}

let browser: BrowserSession;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('held removals', () => {
  it('saves the ticked ones as approvals.json', async () => {
    const plan = planned();
    const report = buildReport({ exitCode: 0, issues: [], planned: plan }, reasonWording);
    // What --hold-removals marks (the other half of issue 15): every removal is held.
    const removals = new Set(plan.guard.removals.map((op) => op.key));
    const held = { ...report, plan: report.plan.map((e) => (removals.has(e.key) ? { ...e, held: true } : e)) };
    expect(
      held.plan
        .filter((e) => 'held' in e)
        .map((e) => e.key)
        .sort(),
    ).toEqual(['deleteTeam:t3', 'fireEmployee:e4']);
    const html = renderPlanPage({
      chart: buildOrgChart({ ...asCurrent(current), desired }, plan),
      report: held,
      kind: 'plan',
      title: 'staff.xlsx',
    });
    const page = await browser.context.newPage();
    await page.goto(fileUrl(pageFile('staff.plan.html', html)));
    const boxes = await page.$$eval('#held input[name=approve]', (els) => els.map((e) => e.getAttribute('value')));
    expect(boxes.sort()).toEqual(['deleteTeam:t3', 'fireEmployee:e4']);
    await page.check('#held input[value="deleteTeam:t3"]');
    await page.check('#held input[value="fireEmployee:e4"]');
    await page.screenshot({ path: screenshotPath('held-removals'), fullPage: true });
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#save-approvals')]);
    expect(download.suggestedFilename()).toBe('approvals.json');
    const saved = JSON.parse(readFileSync((await download.path())!, 'utf8'));
    expect(saved).toEqual({ version: 1, approved: expect.arrayContaining(['deleteTeam:t3', 'fireEmployee:e4']) });
    expect(saved.approved).toHaveLength(2);
    await page.close();
  });

  it('saves nothing approved when nothing is ticked, and has no section without held removals', async () => {
    const plan = planned();
    const report = buildReport({ exitCode: 0, issues: [], planned: plan }, reasonWording);
    const chart = buildOrgChart({ ...asCurrent(current), desired }, plan);
    const page = await browser.context.newPage();
    await page.goto(fileUrl(pageFile('plain.html', renderPlanPage({ chart, report, kind: 'plan', title: 'x' }))));
    expect(await page.$$eval('#held', (els) => els.length)).toBe(0);
    const held = { ...report, plan: report.plan.map((e) => (e.key === 'fireEmployee:e4' ? { ...e, held: true } : e)) };
    await page.goto(fileUrl(pageFile('held.html', renderPlanPage({ chart, report: held, kind: 'plan', title: 'x' }))));
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#save-approvals')]);
    expect(JSON.parse(readFileSync((await download.path())!, 'utf8'))).toEqual({ version: 1, approved: [] });
    await page.close();
  });
});

describe('the report page', () => {
  it('marks each change with its outcome and lists what failed', async () => {
    const plan = planned();
    const outcomes: OperationOutcome[] = plan.operations.map(({ op }) =>
      op.type === 'deleteTeam'
        ? { op, status: 'failed', statusCode: 422, message: 'Team still has employees', failure: 'rejected' }
        : { op, status: 'done', statusCode: 200, message: null },
    );
    const report = buildReport({ exitCode: 2, issues: [], planned: plan, operations: outcomes }, reasonWording);
    const html = renderPlanPage({
      chart: buildOrgChart({ ...asCurrent(current), desired }, plan),
      report,
      kind: 'report',
      title: 'staff.xlsx',
      lang: 'da',
    });
    const page = await browser.context.newPage();
    await page.goto(fileUrl(pageFile('staff.report.html', html)));
    expect(await page.textContent('h1')).toBe('Rapport: staff.xlsx');
    expect(await page.getAttribute('li.unit[data-unit-id="t3"] [data-status]', 'data-status')).toBe('failed');
    expect(await page.textContent('li.unit[data-unit-id="t3"] > details > summary')).toContain('Team still has employees');
    expect(await page.getAttribute('li.person[data-employee-id="e3"][data-change="joined"] [data-status]', 'data-status')).toBe('done');
    expect(await page.textContent('#failures')).toContain('slet team t3: Team still has employees');
    await page.screenshot({ path: screenshotPath('report-page'), fullPage: true });
    await page.close();
  });

  it('marks the removals held for approval as held, not as skipped, and what waits for them too', async () => {
    const plan = holdRemovals(planned());
    const { runnable, held } = withoutHeld(plan.operations, plan.held);
    const outcomes: OperationOutcome[] = [
      ...runnable.map(({ op }): OperationOutcome => ({ op, status: 'done', statusCode: 200, message: null })),
      ...held,
    ];
    const report = buildReport({ exitCode: 0, issues: [], planned: plan, operations: outcomes }, reasonWording);
    const html = renderPlanPage({
      chart: buildOrgChart({ ...asCurrent(current), desired }, plan),
      report,
      kind: 'report',
      title: 'staff.xlsx',
      lang: 'en',
    });
    const page = await browser.context.newPage();
    await page.goto(fileUrl(pageFile('staff.report.html', html)));
    for (const [selector, what] of [
      ['li.unit[data-unit-id="t3"]', 'team t3'],
      ['li.person[data-employee-id="e4"]', 'employee e4'],
    ]) {
      const status = page.locator(`${selector} [data-status]`).first();
      expect(await status.getAttribute('data-status'), what).toBe('held');
      expect(await status.textContent(), what).toBe('held for approval');
    }
    expect(await page.getAttribute('li.person[data-employee-id="e3"][data-change="joined"] [data-status]', 'data-status')).toBe('done');
    await page.close();
  });
});
