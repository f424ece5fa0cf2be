/**
 * A real headless Chromium for page tests: the one @sparticuz/chromium ships inside its npm package
 * (nothing is downloaded), driven by playwright-core. Screenshots go to .test-results/screenshots/.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import sparticuz from '@sparticuz/chromium';
import { chromium, type Browser } from 'playwright-core';
import { ROOT } from './cli.js';

export const SCREENSHOTS = join(ROOT, '.test-results', 'screenshots');

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: await sparticuz.executablePath(), args: sparticuz.args, headless: true });
}

export function screenshotPath(name: string): string {
  mkdirSync(SCREENSHOTS, { recursive: true });
  return join(SCREENSHOTS, `${name}.png`);
}

export function fileUrl(path: string): string {
  return pathToFileURL(path).href;
}
