/**
 * Issue 17 points 5, 6, 8, 9, 10 and 12: a hostile or failing service, on 127.0.0.1 only. Each run is
 * bounded in time; each refusal is one sentence with exit 3, or a transient failure the user is told to
 * re-run rather than fix.
 */
import { createServer as createHttpServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/index.js';
import { HttpClient } from '../../src/service/http/client.js';
import { ROOT, runCli, tempDir, writeCsvSet } from '../helpers/cli.js';
import { EMPLOYEE_HEADER, ORG_HEADER, companyCsv, expectNoStackTrace } from './support.js';

const CREDENTIALS = ['--company-id', '1', '--access-token', 'sandbox-access-token'];
type Handler = (req: IncomingMessage, res: ServerResponse) => void;

interface Served extends AsyncDisposable {
  url: string;
  readonly hits: { method: string; url: string }[];
}

async function serve(handler: Handler, tls = false): Promise<Served> {
  const hits: { method: string; url: string }[] = [];
  const wrapped: Handler = (req, res) => {
    hits.push({ method: req.method ?? '', url: req.url ?? '' });
    res.on('error', () => {});
    handler(req, res);
  };
  const fixtures = join(ROOT, 'test', 'hostile', 'fixtures');
  const server = tls
    ? createHttpsServer(
        { key: readFileSync(join(fixtures, 'self-signed.key')), cert: readFileSync(join(fixtures, 'self-signed.pem')) },
        wrapped,
      )
    : createHttpServer(wrapped);
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.on('tlsClientError', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `${tls ? 'https' : 'http'}://127.0.0.1:${port}`,
    hits,
    [Symbol.asyncDispose]: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Passes reads to the sandbox; writes get `write` instead (or are passed when it returns false). */
function forwardingTo(target: string, write: (req: IncomingMessage, res: ServerResponse) => boolean): Handler {
  const upstream = new URL(target);
  return (req, res) => {
    if (req.method !== 'GET' && write(req, res)) return;
    const forward = request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  };
}

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

/** Everything a run left: stdout, stderr and every file under the folders given. */
function everythingWritten(result: { stdout: string; stderr: string }, folders: string[]): string {
  const texts = [result.stdout, result.stderr];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else texts.push(readFileSync(path).toString('latin1'));
    }
  };
  for (const folder of folders) walk(folder);
  return texts.join('\n');
}

async function cannotStart(baseUrl: string, wording: RegExp, extra: string[] = [], env: Record<string, string> = {}) {
  const cwd = tempDir('faults-');
  const result = await runCli([companyCsv(3), '--yes', '--base-url', baseUrl, ...CREDENTIALS, ...extra], { cwd, env });
  expect(result.code, result.stderr).toBe(3);
  expectNoStackTrace(result.stderr);
  expect(result.stderr.split('\n').find((l) => l.startsWith('Could not read'))).toMatch(wording);
  return result;
}

describe('answers out of bounds (points 5 and 6)', () => {
  it.concurrent('a bogus Total header (a billion) is refused before any further page is asked for', async () => {
    await using server = await serve((_, res) => json(res, 200, [], { total: '1000000000', 'per-page': '1' }));
    // A small heap: building a billion-page list must not be how this ends.
    await cannotStart(
      server.url,
      /the service says the list holds 1000000000 entries in 1000000000 pages .*more than this importer reads/,
      [],
      {
        NODE_OPTIONS: '--max-old-space-size=256',
      },
    );
    expect(server.hits.length).toBeLessThan(10);
  });

  it.concurrent('an answer larger than 64 MB is refused once, not downloaded again', async () => {
    const chunk = Buffer.from(`"${'x'.repeat(1024 * 1024 - 4)}",`);
    await using server = await serve((_, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      let sent = 0;
      const more = (): void => {
        while (sent < 70) {
          sent++;
          if (!res.write(sent === 1 ? Buffer.concat([Buffer.from('['), chunk]) : chunk)) return void res.once('drain', more);
        }
        res.end('"end"]');
      };
      more();
    });
    await cannotStart(server.url, /the answer is larger than 64 MB, far more than a page of this API/);
    const firstPath = server.hits[0]!.url;
    expect(server.hits.filter((h) => h.url === firstPath)).toHaveLength(1);
  });

  it.concurrent('an answer that trickles a byte at a time is cut off after --timeout per attempt', async () => {
    const timers = new Set<NodeJS.Timeout>();
    await using server = await serve((_, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const timer = setInterval(() => res.write(' '), 100);
      timers.add(timer);
      res.on('close', () => clearInterval(timer));
    });
    await cannotStart(server.url, /no complete answer within 1 s/, ['--timeout', '1000']);
    for (const timer of timers) clearInterval(timer);
  });
});

describe('secrets (points 8, 9, 10)', () => {
  let sandbox: RunningSandbox | undefined;
  afterEach(async () => {
    await sandbox?.close();
    sandbox = undefined;
  });

  it('a minted JWT the service echoes back appears nowhere: stdout, stderr, report, journal, error files', async () => {
    sandbox = await startSandbox({ quiet: true });
    await using echo = await serve(
      forwardingTo(sandbox.baseUrl, (req, res) => {
        req.resume();
        const token = String(req.headers.jwt);
        json(res, 422, {
          message: `Validation failed: token ${token} is not allowed`,
          errors: [{ resource: 'MUS::User', field: 'name', error: `rejected for ${token}` }],
        });
        return true;
      }),
    );
    const cwd = tempDir('faults-');
    const input = companyCsv(2);
    const result = await runCli(
      [
        input,
        '--yes',
        '--base-url',
        echo.url,
        '--company-id',
        '1',
        '--jwt-secret',
        'sandbox-access-token',
        '--report',
        join(cwd, 'report.json'),
      ],
      { cwd },
    );
    expect(result.code, result.stdout + result.stderr).toBe(2);
    const written = everythingWritten(result, [cwd, input]);
    expect(written).toContain('is not allowed'); // the service's message is shown…
    expect(written).toContain('[redacted]');
    expect(written).not.toMatch(/eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/); // …without the token
  });

  it.concurrent('NODE_TLS_REJECT_UNAUTHORIZED=0 does not turn certificate checks off: nothing is sent to a self-signed server', async () => {
    await using server = await serve((_, res) => json(res, 200, []), true);
    await cannotStart(server.url, /secure connection \(TLS\) could not be set up/, [], { NODE_TLS_REJECT_UNAUTHORIZED: '0' });
    expect(server.hits).toEqual([]);
  });

  it.concurrent('a password in a base URL that is not a URL is not echoed', async () => {
    const result = await runCli([companyCsv(2), '--yes', '--base-url', 'https://admin:S3cretPw@exa mple.com', ...CREDENTIALS], {
      cwd: tempDir('faults-'),
    });
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(/the base URL is not a URL/);
    expect(result.stdout + result.stderr).not.toContain('S3cretPw');
  });
});

describe('faults of the service are not blamed on the workbook (point 12)', () => {
  let sandbox: RunningSandbox | undefined;
  afterEach(async () => {
    await sandbox?.close();
    sandbox = undefined;
  });

  const faults: [string, (res: ServerResponse) => void, number][] = [
    [
      'a 503 maintenance page',
      (res) =>
        res.writeHead(503, { 'content-type': 'text/html', 'retry-after': '0' }).end('<html><body>Down for maintenance</body></html>'),
      2,
    ],
    ['a plain-text 429', (res) => res.writeHead(429, { 'content-type': 'text/plain', 'retry-after': '0' }).end('Too many requests'), 2],
    ['a 500', (res) => json(res, 500, { message: 'Internal Server Error' }), 2],
    ['a 401', (res) => json(res, 401, { message: 'token expired' }), 3],
  ];
  for (const [name, answer, exit] of faults) {
    it(`${name} on writes: no error file beside the input, the user is told to run again, and the re-run finishes`, async () => {
      sandbox = await startSandbox({ quiet: true });
      let failing = true;
      await using proxy = await serve(
        forwardingTo(sandbox.baseUrl, (req, res) => {
          if (!failing) return false;
          req.resume();
          answer(res);
          return true;
        }),
      );
      const cwd = tempDir('faults-');
      const input = companyCsv(2);
      const args = [input, '--yes', '--base-url', proxy.url, ...CREDENTIALS];
      const first = await runCli(args, { cwd });
      expect(first.code, first.stdout + first.stderr).toBe(exit);
      expect(readdirSync(input).filter((f) => f.includes('.errors.'))).toEqual([]);
      expect(first.stdout).not.toMatch(/fix what the service refused/i);
      if (exit === 2) expect(first.stdout).toMatch(/not because of the workbook\. Run the same command again to finish/);
      failing = false;
      const second = await runCli(args, { cwd });
      expect(second.code, second.stdout + second.stderr).toBe(0);
    });
  }

  it.concurrent('a redirect is reported as a redirect to check the base URL, not as "unavailable", and is not followed', async () => {
    await using server = await serve((_, res) => res.writeHead(302, { location: 'https://login.example.com/sso' }).end());
    const result = await cannotStart(server.url, /redirect \(302 to https:\/\/login\.example\.com\/sso\).*check the base URL/);
    expect(result.stderr).not.toMatch(/unavailable/);
    expect(server.hits.length).toBe(new Set(server.hits.map((h) => h.url)).size); // each list asked once
  });

  it.concurrent('Retry-After: 7200 is capped at 60 s, and the message says so', async () => {
    await using server = await serve((_, res) => json(res, 503, { message: 'maintenance' }, { 'retry-after': '7200' }));
    const waits: number[] = [];
    const client = new HttpClient({
      baseUrl: server.url,
      credentials: { companyId: 1, accessToken: 'test-access-token' },
      concurrency: 1,
      sleep: async (ms) => void waits.push(ms),
    });
    await expect(client.get('/v3/users')).rejects.toThrow(
      /asked to wait 2 h before trying again \(Retry-After\), longer than the 60 s this importer waits/,
    );
    await client.close();
    expect(waits).toEqual([60_000, 60_000, 60_000, 60_000, 60_000]);
  });

  it.concurrent('an error file from an earlier run is removed once the input has no errors', async () => {
    const employees = (name: string) => [EMPLOYEE_HEADER, ['1000', name, 'ann@nordlys.dk', 'T1']];
    const organisation = [ORG_HEADER, ['department', 'root', 'Company', '', '1000'], ['team', 'T1', 'Team 1', 'root', '']];
    const dir = writeCsvSet({ employees: employees(''), organisation });
    const cwd = tempDir('faults-');
    expect((await runCli(['validate', dir], { cwd })).code).toBe(1);
    expect(existsSync(join(dir, 'employees.errors.csv'))).toBe(true);
    writeCsvSet({ employees: employees('Ann Berg'), organisation }, dir);
    const fixed = await runCli(['validate', dir], { cwd });
    expect(fixed.code).toBe(0);
    expect(existsSync(join(dir, 'employees.errors.csv'))).toBe(false);
    expect(fixed.stdout).toContain(`Removed ${join(dir, 'employees.errors.csv')}, left by an earlier run`);
  });
});
