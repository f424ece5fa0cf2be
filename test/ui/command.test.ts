/**
 * `orgsync-import ui` as the README's quick start runs it: the first line printed is the address with its
 * token; with no service configured it rehearses in the sandbox and says so; Ctrl-C stops it and says so.
 */
import { request } from 'undici';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.js';
import { startUiCommand } from '../helpers/ui-browser.js';

describe('orgsync-import ui', () => {
  it('prints its address first, rehearses in the sandbox when no service is configured, and stops on Ctrl-C', async () => {
    const ui = await startUiCommand(['--sandbox', '--port', '0'], tempDir('ui-command-'));
    const url = new URL(ui.url);
    expect(url.hostname).toBe('127.0.0.1');
    expect(url.searchParams.get('token')).toMatch(/^[\w-]{20,}$/);
    const opened = await request(ui.url);
    await opened.body.dump();
    const cookie = String(opened.headers['set-cookie']).split(';')[0]!;
    const start = await request(new URL('/', ui.url), { headers: { cookie } });
    const page = await start.body.text();
    expect(page).toContain('data-sandbox="true"');
    const said = await ui.stop();
    expect(said.trim().split('\n').pop()).toBe('Stopped: the page is closed and its uploaded files are removed.');
    expect(ui.child.exitCode).toBe(0);
  });
});
