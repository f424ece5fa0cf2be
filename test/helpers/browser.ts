/**
 * A real headless Chromium for page tests: the one @sparticuz/chromium ships inside its npm package
 * (nothing is downloaded), driven by playwright-core. Screenshots go to .test-results/screenshots/.
 */
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import sparticuz from '@sparticuz/chromium';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { ROOT } from './cli.js';

export const SCREENSHOTS = join(ROOT, '.test-results', 'screenshots');

export interface BrowserSession {
  browser: Browser;
  /** One context for all pages of a test file (downloads accepted). */
  context: BrowserContext;
  close(): Promise<void>;
}

export async function launchBrowser(): Promise<BrowserSession> {
  const browser = await chromium.launch({ executablePath: await sparticuz.executablePath(), args: sparticuz.args, headless: true });
  // The packaged Chromium runs as one process (--single-process): closing its last page or context ends
  // it. One context with a blank page stays open, so a test may close its own pages.
  const context = await browser.newContext({ acceptDownloads: true });
  await context.newPage();
  return { browser, context, close: () => browser.close() };
}

export function screenshotPath(name: string): string {
  mkdirSync(SCREENSHOTS, { recursive: true });
  return join(SCREENSHOTS, `${name}.png`);
}

export function fileUrl(path: string): string {
  return pathToFileURL(path).href;
}

/** Presses the page's "Save approvals" button as a person would and keeps the file it downloads at `path`. */
export async function saveApprovals(page: Page, path: string): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#save-approvals')]);
  copyFileSync((await download.path())!, path);
  return path;
}
