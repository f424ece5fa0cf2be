/**
 * The page printed as HR prints it (issue 15: "printable"): folded units open for the paper, the
 * toolbar and buttons are left off, and the browser makes a PDF of it.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPlan } from '../../src/plan/plan.js';
import { buildReport } from '../../src/report/json.js';
import { buildOrgChart } from '../../src/view/org-chart.js';
import { renderPlanPage } from '../../src/view/plan-html.js';
import { ALL_MANAGED, V3_CAPABILITIES, asCurrent, org } from '../helpers/org.js';
import { tempDir } from '../helpers/cli.js';
import { fileUrl, launchBrowser, screenshotPath, type BrowserSession } from '../helpers/browser.js';
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
const desired = org({
  departments: [
    ['root', null, 'e0'],
    ['d1', 'root'],
    ['d2', 'd1'],
  ],
  teams: [
    ['t1', 'd1'],
    ['t2', 'd2'],
    ['t3', 'd2'],
  ],
  employees: [
    ['e0', 'u0', 't1'],
    ['e1', 'u1', 't2'],
    ['e2', 'u2', 't2'],
    ['e3', 'u3', 't3'],
    ['e5', 'u5', 't3'],
  ],
});

let browser: BrowserSession;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('printing the page', () => {
  it('opens every folded unit, leaves the toolbar off the paper, and prints to PDF', async () => {
    const plan = buildPlan({
      desired,
      current: asCurrent(current),
      managed: ALL_MANAGED,
      capabilities: V3_CAPABILITIES,
      reportedAbsences: new Map(),
      prune: false,
    });
    const html = renderPlanPage({
      chart: buildOrgChart({ ...asCurrent(current), desired }, plan),
      report: buildReport({ exitCode: 0, issues: [], planned: plan }, reasonWording),
      kind: 'plan',
      title: 'staff.xlsx',
    });
    const path = join(tempDir('print-'), 'staff.plan.html');
    writeFileSync(path, html);
    const page = await browser.context.newPage();
    await page.goto(fileUrl(path));
    await page.click('#collapse-all');
    const openBefore = await page.$$eval('li.unit > details', (all) => all.filter((d) => (d as unknown as { open: boolean }).open).length);
    expect(openBefore).toBe(0);

    // The browser's print (here: to PDF) tells the page first, which opens everything for the paper.
    const pdf = await page.pdf({ path: screenshotPath('plan-page-print').replace(/\.png$/, '.pdf'), format: 'A4' });
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const details = await page.$$eval('li.unit > details', (all) => all.map((d) => (d as unknown as { open: boolean }).open));
    expect(details.length).toBeGreaterThan(3);
    expect(details.every(Boolean)).toBe(true);

    await page.emulateMedia({ media: 'print' });
    const hidden = await page.$$eval('.toolbar', (all) =>
      all.map((el) => (globalThis as unknown as { getComputedStyle(e: unknown): { display: string } }).getComputedStyle(el).display),
    );
    expect(hidden.length).toBeGreaterThan(0);
    expect(hidden.every((display) => display === 'none')).toBe(true);
    // Every person is on the paper: nothing is hidden by a fold or a search.
    const people = await page.$$eval(
      'li.person',
      (all) => all.filter((el) => (el as unknown as { offsetParent: unknown }).offsetParent !== null).length,
    );
    expect(people).toBe(await page.$$eval('li.person', (all) => all.length));
    await page.close();
  });
});
