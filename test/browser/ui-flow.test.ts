/**
 * Issue 36 end to end, as an HR person clicks it in a real browser, in Danish and in English: the template
 * downloaded and filled in (SheetJS), uploaded, its problems at the right rows, fixed and checked again,
 * applied; an export of samples/exports/ mapped column by column and its profile saved; its plan, with the
 * export guard confirmed; the next month's export with a unit renamed (the rename accepted) and two people
 * gone (one removal approved, one not); run again (nothing to do); undone. The sandbox's state and the
 * requests it got are checked, not only the page's words; every screen passes an accessibility check and
 * is photographed. One Chromium for both languages.
 */
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import XLSX from 'xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/index.js';
import { launchBrowser, type BrowserSession } from '../helpers/browser.js';
import { ROOT, runCli, tempDir } from '../helpers/cli.js';
import { recordRequests, type Recorder } from '../helpers/recorder.js';
import { expectAccessible, expectKeyboardReachable, screenshot, startUiCommand } from '../helpers/ui-browser.js';

const EXPORT = join(ROOT, 'samples', 'exports', 'path-column.csv');

let browser: BrowserSession;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const TEMPLATE = {
  da: { link: 'workbookDa', employees: 'Medarbejdere', organisation: 'Organisation', unused: ['Fravær', 'Delegeringer'], active: 'aktiv' },
  en: { link: 'workbookEn', employees: 'Employees', organisation: 'Organisation', unused: ['Absence', 'Delegations'], active: 'active' },
} as const;

/** The template filled in as HR would: the top department and one team, two people; `email` the second one's e-mail. */
function fillTemplate(template: string, lang: 'da' | 'en', out: string, email: string): void {
  const t = TEMPLATE[lang];
  const book = XLSX.readFile(template);
  const header = (sheet: string) => (XLSX.utils.sheet_to_json(book.Sheets[sheet]!, { header: 1 }) as unknown[][])[0]!;
  const rows = (sheet: string, values: unknown[][]) => {
    book.Sheets[sheet] = XLSX.utils.aoa_to_sheet([header(sheet), ...values]);
  };
  rows(t.organisation, [
    [lang === 'da' ? 'afdeling' : 'department', 'nordlys-energi', 'Nordlys Energi', '', '1001'],
    ['team', 'T-1', 'Team Et', 'nordlys-energi', ''],
  ]);
  rows(t.employees, [
    ['1001', '1001', 'Mette Sørensen', 'mette@nordlysenergi.dk', 'mette', 'K', '', '', '', 'T-1', t.active],
    ['1002', '1002', 'Jonas Berg', email, 'jonas', 'M', '', '', '', 'T-1', t.active],
  ]);
  for (const sheet of t.unused) rows(sheet, []);
  XLSX.writeFile(book, out);
}

/** The export of the next month: "Salg Øst" renamed "Salg Nord" (the same people), 2003 and 2004 gone. */
function nextMonth(out: string): void {
  const text = new TextDecoder('windows-1252').decode(readFileSync(EXPORT));
  const lines = text
    .split(/\r?\n/)
    .filter((line) => !/^200[34];/.test(line))
    .map((line) => line.replace('Salg > Salg Øst', 'Salg > Salg Nord'));
  writeFileSync(out, `\ufeff${lines.join('\r\n')}\r\n`, 'utf8');
}

/** Clicks and waits for the page the server sends the browser to next (the same address again, too). */
async function submit(page: Page, selector: string, to: RegExp): Promise<void> {
  const navigated = page.waitForEvent('framenavigated', { predicate: (frame) => frame === page.mainFrame(), timeout: 120_000 });
  await page.click(selector);
  await navigated.catch(async (error) => {
    throw new Error(`${error}: the page says ${await page.textContent('#alert')}`);
  });
  await page.waitForLoadState('load');
  expect(page.url()).toMatch(to);
}

async function upload(page: Page, files: string[], to: RegExp): Promise<void> {
  await page.setInputFiles('#files', files);
  await submit(page, '#upload button[type=submit]', to);
}

/** Applies the plan shown and waits for the result the progress leads to. */
async function applyAndWait(page: Page, name: string): Promise<void> {
  await submit(page, '#apply', /\/apply$/);
  await page.waitForSelector('#result', { timeout: 120_000 });
  await screenshot(page, name);
}

describe.each(['da', 'en'] as const)('the import in the browser (%s)', (lang) => {
  let sandbox: RunningSandbox;
  let recorder: Recorder;
  let cwd: string;
  let page: Page;

  beforeAll(async () => {
    sandbox = await startSandbox({ quiet: true, rootId: 'nordlys-energi', rootName: 'Nordlys Energi' });
    recorder = await recordRequests(sandbox);
    cwd = tempDir(`ui-${lang}-`);
    page = await browser.context.newPage();
  });
  afterAll(async () => {
    await page?.close();
    await recorder?.close();
    await sandbox?.close();
  });

  const employee = (id: string) => sandbox.snapshot().employees.find((e) => e.id === id);
  const teamNamed = (name: string) => sandbox.snapshot().teams.find((t) => t.name === name);

  it('goes from the template to the undo of the next month, as HR clicks it', async () => {
    const ui = await startUiCommand(['--lang', lang, '--port', '0'], cwd, {
      ORGSYNC_BASE_URL: recorder.baseUrl,
      ORGSYNC_COMPANY_ID: String(sandbox.companyId),
      ORGSYNC_ACCESS_TOKEN: sandbox.accessToken,
    });
    let said = '';
    try {
      expect(ui.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]+$/);
      await page.goto(ui.url);
      expect(new URL(page.url()).search).toBe('');
      expect(await page.getAttribute('html', 'lang')).toBe(lang);
      await expectAccessible(page, 'start');
      await expectKeyboardReachable(page, 'start');
      await screenshot(page, `ui-${lang}-1-start`);

      // The template, downloaded and filled in with one mistake: an e-mail without @ in row 3.
      const [download] = await Promise.all([page.waitForEvent('download'), page.click(`a[data-template="${TEMPLATE[lang].link}"]`)]);
      const template = join(cwd, 'template.xlsx');
      copyFileSync((await download.path())!, template);
      const book = join(cwd, 'nordlys.xlsx');
      fillTemplate(template, lang, book, 'jonas.nordlysenergi.dk');
      await upload(page, [book], /\/check$/);
      expect(await page.getAttribute('#summary', 'data-errors')).toBe('1');
      const problem = page.locator('table.problems tr.error');
      expect(await problem.getAttribute('data-row')).toBe('3');
      expect(await problem.getAttribute('data-column')).toBe('email');
      expect(await page.getAttribute(`table.rows tr[data-row="3"] td.faulty`, 'data-column')).toBe('email');
      expect(await page.locator('#to-plan').count()).toBe(0);
      const [errorFile] = await Promise.all([page.waitForEvent('download'), page.click('a[data-error-file]')]);
      expect(errorFile.suggestedFilename()).toBe('nordlys.errors.xlsx');
      await expectAccessible(page, 'check with problems');
      await screenshot(page, `ui-${lang}-2-check-problems`);

      // Fixed, chosen again: no problem left, and nothing was sent while it had one.
      fillTemplate(template, lang, book, 'jonas@nordlysenergi.dk');
      await upload(page, [book], /\/check$/);
      expect(await page.getAttribute('#summary', 'data-errors')).toBe('0');
      expect(recorder.writes()).toEqual([]);
      await submit(page, '#to-plan button', /\/plan$/);
      await expectAccessible(page, 'plan');
      await expectKeyboardReachable(page, 'plan');
      await screenshot(page, `ui-${lang}-3-plan`);
      await applyAndWait(page, `ui-${lang}-4-applied`);
      expect(await page.getAttribute('#result', 'data-exit-code')).toBe('0');
      expect(employee('1002')?.active).toBe(true);
      expect(
        sandbox
          .snapshot()
          .teams.find((t) => t.id === 'T-1')
          ?.members?.sort(),
      ).toEqual(['1001', '1002']);

      // An export as it comes: its columns read by the starter profile, Status mapped by hand, saved.
      await page.goto(new URL('/', ui.url).href);
      await upload(page, [EXPORT], /\/columns$/);
      const status = page.locator('tr[data-header="Status"] select');
      await status.selectOption('status');
      await submit(page, 'button[name=action][value=update]', /\/columns$/);
      await page.locator('select[data-spelling="I arbejde"]').selectOption('active');
      await page.locator('select[data-spelling="Stoppet"]').selectOption('left');
      await page.fill('#profile-name', 'loenexport');
      await submit(page, 'button[name=action][value=save]', /\/columns$/);
      await page.waitForSelector('#profile-saved');
      await expectAccessible(page, 'columns');
      await expectKeyboardReachable(page, 'columns');
      await screenshot(page, `ui-${lang}-5-columns`);
      const profile = join(cwd, '.orgsync', 'profiles', 'loenexport.map.json');
      const saved = JSON.parse(readFileSync(profile, 'utf8'));
      expect(saved.employees.headers).toMatchObject({ 'Medarb.nr.': 'employee_id', Afdeling: 'unit_path', Status: 'status' });
      expect(saved.employees.values.status).toEqual({ 'I arbejde': 'active', Stoppet: 'left' });
      expect(saved._about).toMatch(/map --init/);
      // The nightly run reads the export the same way with that file.
      const nightly = await runCli(['validate', EXPORT, '--map', profile], { cwd });
      expect(nightly.code, nightly.stdout + nightly.stderr).toBe(0);

      await submit(page, 'button[name=action][value=check]', /\/check$/);
      expect(await page.getAttribute('#summary', 'data-errors')).toBe('0');
      await submit(page, '#to-plan button', /\/plan$/);
      // The export lacks the template's gender column: the export guard refuses until it is confirmed in words.
      expect(await page.getAttribute('#export-guard', 'data-refused')).toBe('true');
      recorder.clear();
      await page.check('#accept-changes-box');
      await applyAndWait(page, `ui-${lang}-6-export-applied`);
      expect(await page.getAttribute('#result', 'data-exit-code')).toBe('0');
      expect(employee('2001')?.active).toBe(true);
      // Left before the first import: never made active.
      expect(employee('2005')?.active ?? false).toBe(false);
      const east = teamNamed('Salg Øst')!;
      expect(east.members?.sort()).toEqual(['2001', '2002']);

      // The next month: a unit renamed, two people gone. Removals wait; the rename is only proposed.
      const next = join(tempDir('next-'), 'path-column.csv');
      nextMonth(next);
      await page.goto(new URL('/', ui.url).href);
      await upload(page, [next], /\/check$/);
      await submit(page, '#to-plan button', /\/plan$/);
      await page.check('#prune-box');
      await submit(page, '#replan', /\/plan$/);
      const proposal = page.locator('#proposals input[name=rename]');
      expect(await proposal.count()).toBe(1);
      await proposal.check();
      await submit(page, '#replan', /\/plan$/);
      expect(await page.isChecked('#proposals input[name=rename]')).toBe(true);
      const held = await page.$$eval('#held input[name=approve]', (boxes) => boxes.map((b) => b.getAttribute('value')));
      expect(held).toEqual(expect.arrayContaining(['fireEmployee:2003', 'fireEmployee:2004']));
      await page.check('#held input[value="fireEmployee:2003"]');
      await expectAccessible(page, 'plan with decisions');
      await screenshot(page, `ui-${lang}-7-decisions`);
      recorder.clear();
      await applyAndWait(page, `ui-${lang}-8-month-applied`);
      expect(await page.getAttribute('#result', 'data-exit-code')).toBe('0');
      expect(employee('2003')?.active).toBe(false);
      expect(employee('2004')?.active).toBe(true);
      expect(employee('1002')?.active).toBe(true);
      const north = teamNamed('Salg Nord')!;
      expect(north.id).not.toBe(east.id);
      expect(north.members?.sort()).toEqual(['2001', '2002']);
      expect(sandbox.snapshot().teams.some((t) => t.id === east.id)).toBe(false);
      const writes = recorder.writes();
      expect(writes.filter((w) => w.path === '/v3/core/employees/2003')).toHaveLength(1);
      expect(writes.some((w) => w.path.includes('2004'))).toBe(false);
      expect(writes.some((w) => w.method === 'POST' && w.path.includes('teams') && JSON.stringify(w.body).includes('Salg Nord'))).toBe(
        false,
      );

      // Run again: nothing to do, nothing sent.
      recorder.clear();
      await page.goto(new URL('/plan', ui.url).href);
      await page.uncheck('#prune-box');
      await submit(page, '#replan', /\/plan$/);
      await page.waitForSelector('#nothing-to-do');
      expect(recorder.writes()).toEqual([]);

      // The history, page and command line alike; undo shows its plan, then sets the month back.
      await page.goto(new URL('/history', ui.url).href);
      const runs = await page.$$eval('tr[data-run]', (rows) =>
        rows.map((r) => [r.getAttribute('data-command'), r.getAttribute('data-exit-code')]),
      );
      expect(runs.slice(0, 3)).toEqual([
        ['ui', '0'],
        ['ui', '0'],
        ['ui', '0'],
      ]);
      await expectAccessible(page, 'history');
      await screenshot(page, `ui-${lang}-9-history`);
      await submit(page, 'a[data-undo] >> nth=0', /\/undo$/);
      expect(await page.textContent('#undo-plan')).toMatch(/2003/);
      await screenshot(page, `ui-${lang}-10-undo-plan`);
      recorder.clear();
      await submit(page, '#undo button', /\/apply$/);
      await page.waitForSelector('#result', { timeout: 120_000 });
      await screenshot(page, `ui-${lang}-11-undone`);
      expect(await page.getAttribute('#result', 'data-exit-code')).toBe('0');
      expect(employee('2003')?.active).toBe(true);
      expect(teamNamed('Salg Øst')?.id).toBe(east.id);
      expect(teamNamed('Salg Nord')).toBeUndefined();

      // The switch of language.
      const other = lang === 'da' ? 'en' : 'da';
      await submit(page, `form.language button[value=${other}]`, /\/apply$/);
      expect(await page.getAttribute('html', 'lang')).toBe(other);
    } finally {
      said = await ui.stop();
    }
    // Ctrl-C stops it and says so.
    expect(said.trim().split('\n').pop()).toMatch(lang === 'da' ? /^Stoppet/ : /^Stopped/);
  });
});
