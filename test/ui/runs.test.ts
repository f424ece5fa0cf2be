/**
 * The page's runs against a sandbox over real HTTP, without a browser: the whole flow as the page's script
 * sends it (upload, check, plan, apply, history, undo), with a second apply refused while the first goes,
 * the journal's lock shared with the command line (the page says who holds it), and no secret in any answer.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceKey } from '../../src/app/service.js';
import { processStartTime } from '../../src/process-lock.js';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/index.js';
import type { RunningUi } from '../../src/ui/server.js';
import { tempDir } from '../helpers/cli.js';
import { type PageClient, startUi, uiOptions } from '../helpers/ui.js';

const ORGANISATION = 'type;id;name;parent_id;owner\r\ndepartment;root;Company;;100\r\nteam;T1;Team 1;root;\r\n';
const people = (ids: string[]) =>
  `employee_id;name;email;team_id\r\n${ids.map((id) => `${id};Person ${id};p${id}@nordlys.dk;T1`).join('\r\n')}\r\n`;
const EVERYONE = ['100', '101', '102', '103', '104', '105', '106', '107'];

let sandbox: RunningSandbox;
let ui: RunningUi;
let page: PageClient;
let stateDir: string;
beforeAll(async () => {
  sandbox = await startSandbox({ quiet: true });
  stateDir = tempDir('ui-runs-');
  ({ ui, client: page } = await startUi(
    uiOptions(stateDir, {
      sandbox: false,
      baseUrl: sandbox.baseUrl,
      companyId: String(sandbox.companyId),
      // The sandbox's access token also signs JWTs: the importer mints one per request with it.
      jwtSecret: sandbox.accessToken,
    }),
    { secrets: [sandbox.accessToken] },
  ));
  await page.login();
});
afterAll(async () => {
  await ui?.close();
  await sandbox?.close();
});

const active = (id: string) => sandbox.snapshot().employees.find((e) => e.id === id)?.active;

async function uploadSet(ids: string[]): Promise<void> {
  const answer = await page.upload(
    [
      { name: 'employees.csv', content: people(ids) },
      { name: 'organisation.csv', content: ORGANISATION },
    ],
    await page.csrf(),
  );
  expect(answer.body).toBe('{"location":"/check"}');
}

/** Waits for the run going to end, as the page's script does: by its event stream. */
async function ended(): Promise<void> {
  await ui.session.going?.done;
}

describe("the page's runs", () => {
  it('apply one at a time, record each in the history as ui, undo with its plan shown first, and never send a secret', async () => {
    await uploadSet(EVERYONE);
    expect((await page.post('/plan', { _csrf: await page.csrf('/check') })).body).toBe('{"location":"/plan"}');
    const planned = await page.send('GET', '/plan');
    expect(planned.body).toContain('data-count="employee/create"');
    // Slow answers keep the first apply going while the second is asked for.
    sandbox.setFaults({ latencyMs: 150 });
    const csrf = await page.csrf('/plan');
    const first = await page.post('/apply', { _csrf: csrf });
    expect(first.body).toBe('{"location":"/apply"}');
    const second = await page.post('/apply', { _csrf: csrf });
    expect(second.status).toBe(409);
    expect(JSON.parse(second.body).error).toMatch(/already/);
    await ended();
    sandbox.setFaults({ latencyMs: 0 });
    const result = await page.send('GET', '/apply');
    expect(result.body).toContain('data-exit-code="0"');
    expect(EVERYONE.map(active)).toEqual(EVERYONE.map(() => true));

    const history = await page.send('GET', '/history');
    const runId = /data-run="([^"]+)" data-command="ui" data-exit-code="0"/.exec(history.body)?.[1];
    expect(runId).toBeDefined();
    const report = await page.send('GET', `/history/${runId}`);
    expect(report.body).toContain(runId!);

    const undo = await page.send('GET', `/history/${runId}/undo`);
    expect(undo.body).toMatch(/fire employee Person 107 \(107\)/);
    expect(active('107')).toBe(true);
    expect((await page.post(`/history/${runId}/undo`, { _csrf: await page.csrf(`/history/${runId}/undo`), force: '1' })).status).toBe(200);
    await ended();
    const undone = await page.send('GET', '/apply');
    expect(undone.body, undone.body.slice(undone.body.indexOf('<main'), undone.body.indexOf('id="counts"'))).toContain(
      'data-exit-code="0"',
    );
    expect(undone.body).not.toContain('id="plan-changed"');
    expect(active('107')).toBe(false);
    expect((await page.send('GET', '/history')).body).toMatch(/data-command="undo" data-exit-code="0"/);

    // No answer of the whole flow carried the secret, or a JWT minted with it.
    for (const body of page.bodies) {
      expect(body).not.toContain(sandbox.accessToken);
      expect(body).not.toMatch(/eyJ[\w-]+\.[\w-]+\.[\w-]+/);
    }
  });

  it('shares the journal lock with the command line: while another process holds it, the page says which and sends nothing', async () => {
    const holder: ChildProcess = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    try {
      const pid = holder.pid!;
      const key = serviceKey('v3', sandbox.baseUrl, String(sandbox.companyId));
      mkdirSync(join(stateDir, 'journal'), { recursive: true });
      writeFileSync(join(stateDir, 'journal', `${key}.lock`), JSON.stringify({ pid, started: processStartTime(pid) }));
      await uploadSet([...EVERYONE, '108']);
      await page.post('/plan', { _csrf: await page.csrf('/check') });
      const before = sandbox.snapshot().employees.length;
      await page.post('/apply', { _csrf: await page.csrf('/plan') });
      await ended();
      const answer = await page.send('GET', '/apply');
      expect(answer.body).toContain('id="failure"');
      expect(answer.body).toContain(`process ${pid}`);
      expect(sandbox.snapshot().employees.length).toBe(before);
    } finally {
      holder.kill();
    }
  });
});
