/**
 * Hostile networks, all on 127.0.0.1 (and a name under .invalid, which never resolves): each stops with a
 * clear sentence and the exit code of cli.md, sends nothing it cannot account for, and a re-run on a
 * healthy network finishes the job.
 */
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/index.js';
import { runCli, tempDir } from '../helpers/cli.js';
import { startHtmlServer, startProxy, startSilentServer, type LocalServer } from './proxy.js';
import { companyCsv, defaultJournal, expectNoStackTrace, expectServiceEqualsWorkbook, journalLines } from './support.js';

const CREDENTIALS = ['--company-id', '1', '--access-token', 'sandbox-access-token'];

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** The import against a service that cannot be read: exit 3, one clear line, no journal, nothing sent. */
async function expectCannotStart(baseUrl: string, wording: RegExp, extra: string[] = []): Promise<void> {
  const cwd = tempDir('hostile-net-');
  const result = await runCli([companyCsv(3), '--yes', '--base-url', baseUrl, ...CREDENTIALS, ...extra], { cwd });
  expect(result.code, result.stderr).toBe(3);
  expectNoStackTrace(result.stderr);
  const line = result.stderr.split('\n').find((l) => l.startsWith('Could not read'));
  expect(line).toMatch(wording);
  expect(existsSync(join(cwd, '.orgsync', 'journal'))).toBe(false);
}

/** Closed when the test that started it ends, whichever way (tests here run concurrently). */
function closing<T extends LocalServer>(server: T): T & AsyncDisposable {
  return Object.assign(server, { [Symbol.asyncDispose]: () => server.close() });
}

describe('a service that cannot be reached stops the import before anything is sent (exit 3)', () => {
  it.concurrent('connection refused', async () => {
    await expectCannotStart(`http://127.0.0.1:${await closedPort()}`, /the connection was refused/);
  });

  it.concurrent('a host name that does not resolve', async () => {
    await expectCannotStart('https://orgsync.invalid', /the host name could not be resolved/);
  });

  it.concurrent('https to a server that does not speak TLS', async () => {
    await using plain = closing(await startHtmlServer());
    await expectCannotStart(plain.url.replace('http:', 'https:'), /secure connection \(TLS\) could not be set up/);
    expect(plain.requests).toBe(0); // no request ever went out in the clear
  });

  it.concurrent('a server that accepts and never answers, with --timeout', async () => {
    await using silent = closing(await startSilentServer());
    await expectCannotStart(silent.url, /no answer within 200 ms/, ['--timeout', '200']);
  });

  it.concurrent('a server that answers a web page instead of JSON', async () => {
    await using html = closing(await startHtmlServer());
    await expectCannotStart(html.url, /HTML page instead of JSON .*is the base URL right/);
  });
});

describe('credentials that stop working in the middle of a run (token expired)', () => {
  let sandbox: RunningSandbox | undefined;
  afterEach(async () => {
    await sandbox?.close();
    sandbox = undefined;
  });

  it('stop the run with exit 3 and a clear message, leave the journal intact, and a re-run finishes', async () => {
    sandbox = await startSandbox({ quiet: true, faults: { latencyMs: 5 } });
    let writes = 0;
    await using proxy = closing(
      await startProxy(sandbox.baseUrl, (_, method) => (method !== 'GET' && ++writes > 25 ? 'unauthorized' : 'pass')),
    );
    const company = companyCsv(40);
    const cwd = tempDir('hostile-net-');
    const args = [company, '--yes', '--base-url', proxy.url, ...CREDENTIALS];

    const first = await runCli(args, { cwd });
    expect(first.code, first.stdout + first.stderr).toBe(3);
    expectNoStackTrace(first.stderr);
    expect(first.stderr).toMatch(/the service refused the credentials \(401\) — check the company id and the access token or JWT/);
    const lines = journalLines(defaultJournal(cwd));
    expect(lines.filter((l) => l.t === 'done').length).toBeGreaterThanOrEqual(20);
    expect(lines.at(-1)).toMatchObject({ t: 'end', complete: false });

    proxy.behave(() => 'pass');
    const second = await runCli(args, { cwd });
    expect(second.code, second.stdout + second.stderr).toBe(0);
    expect(second.stdout).toMatch(/Resuming the run of/);
    await expectServiceEqualsWorkbook(sandbox, [company]);
  });
});
