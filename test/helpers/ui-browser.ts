/**
 * `orgsync-import ui` as a person starts it (the built command, its first line the address), and what a
 * browser test checks on every screen: an automated accessibility check (axe-core, from npm, run inside
 * the page) with no serious violation, every control reachable by the keyboard, and a screenshot.
 */
import type { ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { screenshotPath } from './browser.js';
import { startCli } from './cli.js';

export interface StartedUi {
  url: string;
  child: ChildProcess;
  output: () => string;
  /** Ctrl-C, as a person stops it; resolves with everything it printed. */
  stop(): Promise<string>;
}

export async function startUiCommand(args: string[], cwd: string, env: Record<string, string> = {}): Promise<StartedUi> {
  const child = startCli(['ui', '--no-open', ...args], { cwd, env });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const url = await new Promise<string>((resolve, reject) => {
    const look = () => {
      const first = out.split('\n')[0];
      if (out.includes('\n') && first) resolve(first);
    };
    child.stdout!.on('data', look);
    child.once('exit', (code) => reject(new Error(`ui ended (${code}) before printing its address: ${out}`)));
  });
  const ended = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    url,
    child,
    output: () => out,
    stop: async () => {
      child.kill('SIGINT');
      await ended;
      return out;
    },
  };
}

const axeSource = (createRequire(import.meta.url)('axe-core') as { source: string }).source;

/** axe-core's check of the page as it is: no violation of serious or critical impact. */
export async function expectAccessible(page: Page, where: string): Promise<void> {
  // Evaluated through the browser's own protocol, not a script element: the page's CSP is not loosened for it.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const { axe, document } = globalThis as any;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return (result.violations as { id: string; impact: string; nodes: { target: string[] }[] }[]).map((v) => ({
      id: v.id,
      impact: v.impact,
      targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')),
    }));
  });
  expect(
    violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'),
    where,
  ).toEqual([]);
}

/**
 * Every visible control can be reached with Tab, and each has a name a screen reader says: the page is
 * walked with the keyboard from its top, as a person without a mouse would.
 */
export async function expectKeyboardReachable(page: Page, where: string): Promise<void> {
  // The page's own globals, in the page (this file is compiled for Node, without the DOM's types).
  const controls: number = await page.evaluate(() => {
    const { document } = globalThis as any;
    const all: any[] = Array.from(document.querySelectorAll('a[href], button, input:not([type=hidden]), select, summary, textarea'));
    const shown = all.filter((el) => el.offsetParent !== null && !el.disabled);
    shown.forEach((el, i) => {
      el.dataset.reach = String(i);
    });
    return shown.length;
  });
  const reached = new Set<string>();
  await page.evaluate(() => (globalThis as any).document.activeElement?.blur());
  for (let i = 0; i < controls + 5; i++) {
    await page.keyboard.press('Tab');
    const at: string | null = await page.evaluate(() => (globalThis as any).document.activeElement?.dataset?.reach ?? null);
    if (at !== null) reached.add(at);
  }
  const missed: string[] = await page.evaluate(
    (seen) =>
      Array.from((globalThis as any).document.querySelectorAll('[data-reach]'))
        .filter((el: any) => !seen.includes(el.dataset.reach))
        .map((el: any) => String(el.outerHTML).slice(0, 120)),
    [...reached],
  );
  expect(missed, where).toEqual([]);
}

export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: screenshotPath(name), fullPage: true });
}
