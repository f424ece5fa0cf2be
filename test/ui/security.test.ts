/**
 * The page's server holds personal and health data: who may talk to it, and what it never gives away
 * (issue 36 "Security"). One server is shared by the cases; each case logs in afresh where it needs to.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.js';
import { PageClient, startUi, uiOptions } from '../helpers/ui.js';
import type { RunningUi } from '../../src/ui/server.js';

const EMPLOYEES = 'employee_id;name;email;team_id\r\n100;Anna Berg;anna@nordlys.dk;\r\n';
const ORGANISATION = 'type;id;name;parent_id;owner\r\ndepartment;root;Company;;100\r\n';

let ui: RunningUi;
let page: PageClient;
let stateDir: string;
beforeAll(async () => {
  stateDir = tempDir('ui-security-');
  // No service: the check is offline, as validate's.
  ({ ui, client: page } = await startUi(uiOptions(stateDir, { sandbox: false }), { limits: { fileBytes: 64 * 1024, files: 3 } }));
  await page.login();
});
afterAll(async () => {
  await ui?.close();
});

/** No stack trace: one sentence, no "at file:line" frames. */
function oneSentence(body: string): string {
  const text = (JSON.parse(body) as { error: string }).error;
  expect(text).not.toMatch(/\n|\bat .+:\d+:\d+|node_modules|\/tmp\//);
  return text;
}

describe('who may talk to the page', () => {
  it('listens on the loopback interface only', async () => {
    expect(new URL(ui.url).hostname).toBe('127.0.0.1');
    const other = Object.values(networkInterfaces())
      .flat()
      .find((address) => address && address.family === 'IPv4' && !address.internal);
    if (other) {
      await expect(request(`http://${other.address}:${ui.port}/`, { headers: { host: `127.0.0.1:${ui.port}` } })).rejects.toThrow();
    }
  });

  it('gives the page only for the printed token, then by an HttpOnly SameSite=Strict cookie, and drops the token from the address', async () => {
    const stranger = new PageClient(ui);
    expect((await stranger.send('GET', '/')).status).toBe(401);
    expect((await stranger.send('GET', '/?token=guessed')).status).toBe(401);
    expect(stranger.cookies.size).toBe(0);
    const opened = await stranger.login();
    expect(opened.status).toBe(303);
    expect(opened.headers.location).toBe('/');
    expect(String(opened.headers['set-cookie'])).toMatch(/HttpOnly/);
    expect(String(opened.headers['set-cookie'])).toMatch(/SameSite=Strict/);
    const start = await stranger.send('GET', '/');
    expect(start.status).toBe(200);
    expect(start.body).toContain('id="upload"');
    expect(start.body).not.toContain(new URL(ui.url).searchParams.get('token'));
  });

  it('refuses any Host but 127.0.0.1:PORT and localhost:PORT (DNS rebinding), with the cookie or without', async () => {
    for (const host of ['evil.example', `evil.example:${ui.port}`, `127.0.0.1:${ui.port + 1}`, '127.0.0.1']) {
      const answer = await page.send('GET', '/', { headers: { host } });
      expect(answer.status, host).toBe(403);
    }
    expect((await page.send('GET', '/', { headers: { host: `localhost:${ui.port}` } })).status).toBe(200);
  });

  it('refuses a change from another origin, or with no origin and no same-origin Fetch Metadata, even with the cookie and the CSRF token', async () => {
    const csrf = await page.csrf();
    const evil = await page.post('/language', { _csrf: csrf, lang: 'da' }, { origin: 'http://evil.example' });
    expect(evil.status).toBe(403);
    expect(oneSentence(evil.body)).toMatch(/page/);
    const none = await page.send('POST', '/language', {
      headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
      body: `_csrf=${csrf}&lang=da`,
    });
    expect(none.status).toBe(403);
    // Without an Origin, the browser's Fetch Metadata must say the request comes from the same origin.
    for (const site of ['cross-site', 'same-site', 'none']) {
      const metadata = await page.send('POST', '/language', {
        headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': site },
        body: `_csrf=${csrf}&lang=da`,
      });
      expect(metadata.status, site).toBe(403);
    }
    expect((await page.send('GET', '/')).body).toContain('<html lang="en">');
  });

  it('refuses a change without the CSRF token, or with a made-up one', async () => {
    expect((await page.post('/language', { lang: 'da' })).status).toBe(403);
    const forged = await page.post('/language', { _csrf: 'abc-def', lang: 'da' });
    expect(forged.status).toBe(403);
    oneSentence(forged.body);
    expect((await page.send('GET', '/')).body).toContain('<html lang="en">');
  });

  it('sends a Content-Security-Policy that loads nothing from anywhere else', async () => {
    const answer = await page.send('GET', '/');
    const csp = String(answer.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/https?:|\*|unsafe/);
    expect(answer.body).not.toMatch(/(src|href)="(https?:)?\/\//);
  });
});

describe('uploads', () => {
  it('refuses a file over the size limit with 413 and a sentence, and keeps nothing of it', async () => {
    const csrf = await page.csrf();
    const big = `${'employee_id;name\r\n'}${'1;x\r\n'.repeat(20_000)}`;
    const answer = await page.upload([{ name: 'big.csv', content: big }], csrf);
    expect(answer.status).toBe(413);
    expect(oneSentence(answer.body)).toMatch(/too large.*64 kB/);
  });

  it('refuses more files than the limit with 413', async () => {
    const csrf = await page.csrf();
    const files = ['a', 'b', 'c', 'd'].map((name) => ({ name: `${name}.csv`, content: EMPLOYEES }));
    const answer = await page.upload(files, csrf);
    expect(answer.status).toBe(413);
    expect(oneSentence(answer.body)).toMatch(/at most 3/);
  });

  it('reads a file with the command line’s own refusal, naming the file as the person knows it', async () => {
    const csrf = await page.csrf();
    const answer = await page.upload([{ name: 'staff.xlsx', content: 'this is text, not a workbook' }], csrf);
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(oneSentence(answer.body)).toMatch(/^staff\.xlsx/);
  });

  it('keeps uploads in a private folder (0700) under their own names, never where a name with a path points', async () => {
    const csrf = await page.csrf();
    const answer = await page.upload(
      [
        { name: '../../../employees.csv', content: EMPLOYEES },
        { name: '..\\organisation.csv', content: ORGANISATION },
      ],
      csrf,
    );
    expect(answer.status, answer.body).toBe(200);
    const folder = ui.session.workspace.dir;
    expect(statSync(folder).mode & 0o777).toBe(0o700);
    const uploaded = ui.session.upload!.files;
    expect(
      uploaded.map((file) =>
        file
          .slice(folder.length + 1)
          .split('/')
          .pop(),
      ),
    ).toEqual(['employees.csv', 'organisation.csv']);
    for (const file of uploaded) expect(file.startsWith(`${folder}/`)).toBe(true);
    expect(existsSync(join(folder, '..', '..', 'employees.csv'))).toBe(false);
  });

  it('names no path for a download, a template or a saved profile: only what the server made, by its id or name', async () => {
    for (const path of [
      '/download/..%2F..%2Fetc%2Fpasswd',
      '/download/%2Fetc%2Fpasswd',
      '/templates/..%2F..%2Fpackage.json',
      '/download/x',
    ]) {
      const answer = await page.send('GET', path, { headers: { accept: 'application/json' } });
      expect(answer.status, path).toBe(404);
      expect(answer.body).not.toContain('root:');
    }
    const csrf = await page.csrf();
    const saved = await page.upload([{ name: 'employees.csv', content: EMPLOYEES }], csrf, { saved: '../../../etc/passwd' });
    expect(saved.status).toBe(400);
    expect(oneSentence(saved.body)).toMatch(/no saved profile/);
  });
});

describe('when the server stops', () => {
  it('removes the private folder with the uploads', async () => {
    const { ui: other, client } = await startUi(uiOptions(tempDir('ui-stop-'), { sandbox: false }));
    await client.login();
    const csrf = await client.csrf();
    expect((await client.upload([{ name: 'employees.csv', content: EMPLOYEES }], csrf)).status).toBe(200);
    const folder = other.session.workspace.dir;
    expect(readdirSync(folder).length).toBeGreaterThan(0);
    await other.close();
    expect(existsSync(folder)).toBe(false);
  });
});
