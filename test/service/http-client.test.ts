import { decodeJwt, jwtVerify } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
import { UsageError } from '../../src/errors.js';
import { ServiceError } from '../../src/service/errors.js';
import { HttpClient, type HttpClientOptions } from '../../src/service/http/client.js';
import { hangUp, sendJson, startLocalServer, type Handler, type LocalServer } from './local-server.js';

const TOKEN = 'tok-SECRET-4711';
const JWT_SECRET = 'jwt-SECRET-0815';

let server: LocalServer | null = null;
let client: HttpClient | null = null;
afterEach(async () => {
  await client?.close();
  await server?.close();
  client = null;
  server = null;
});

async function serve(handler: Handler, options: Partial<HttpClientOptions> = {}) {
  server = await startLocalServer(handler);
  const sleeps: number[] = [];
  client = new HttpClient({
    baseUrl: server.baseUrl,
    credentials: { companyId: '42', accessToken: TOKEN },
    concurrency: 2,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    random: () => 0.5,
    ...options,
  });
  return { server, client, sleeps };
}

async function failure(promise: Promise<unknown>): Promise<ServiceError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ServiceError);
  return error as ServiceError;
}

function expectNoSecret(error: Error): void {
  const everything = JSON.stringify({ ...error, message: error.message }) + String(error.stack);
  for (const secret of [TOKEN, JWT_SECRET]) expect(everything).not.toContain(secret);
}

describe('requests', () => {
  it('sends JSON with Content-Type and Accept, and the legacy company_id and access_token headers', async () => {
    const { server, client } = await serve((_req, res) => sendJson(res, 201, { id: 'u1' }));
    const response = await client.request('POST', '/v3/core/users', { body: { user: { id: 'u1' } } });
    expect(response).toMatchObject({ status: 201, body: { id: 'u1' } });
    const [received] = server.received;
    expect(received?.headers['content-type']).toBe('application/json');
    expect(received?.headers.accept).toBe('application/json');
    expect(received?.headers.company_id).toBe('42');
    expect(received?.headers.access_token).toBe(TOKEN);
    expect(received?.body).toEqual({ user: { id: 'u1' } });
  });

  it('keeps a path prefix of the base URL', async () => {
    server = await startLocalServer((_req, res) => sendJson(res, 200, []));
    client = new HttpClient({ baseUrl: `${server.baseUrl}/api/`, credentials: { jwt: 'a.b.c' }, concurrency: 1 });
    await client.get('/v3/core/users');
    expect(server.received[0]?.url).toBe('/api/v3/core/users');
    expect(server.received[0]?.headers.jwt).toBe('a.b.c');
  });

  it('treats an empty answer to a DELETE as success', async () => {
    const { client } = await serve((_req, res) => {
      res.writeHead(200);
      res.end();
    });
    await expect(client.request('DELETE', '/v3/core/employees/e1')).resolves.toMatchObject({ status: 200, body: null });
  });
});

describe('retries', () => {
  it('retries a GET answered 503 and waits as long as Retry-After says', async () => {
    const { server, client, sleeps } = await serve((_req, res, i) =>
      i === 0 ? sendJson(res, 503, { message: 'maintenance' }, { 'retry-after': '3' }) : sendJson(res, 200, []),
    );
    await expect(client.get('/v3/core/users')).resolves.toMatchObject({ status: 200 });
    expect(server.received).toHaveLength(2);
    expect(sleeps).toEqual([3000]);
  });

  it('retries a POST answered 429, since the service did not process it', async () => {
    const { server, client, sleeps } = await serve((_req, res, i) => (i < 2 ? sendJson(res, 429, {}) : sendJson(res, 201, { id: 'u1' })));
    await expect(client.request('POST', '/v3/core/users', { body: {} })).resolves.toMatchObject({ status: 201 });
    expect(server.received).toHaveLength(3);
    // Full jitter with random 0.5: half of 200 ms, then half of 400 ms.
    expect(sleeps).toEqual([100, 200]);
  });

  it('caps a long Retry-After', async () => {
    const { client, sleeps } = await serve(
      (_req, res, i) => (i === 0 ? sendJson(res, 503, {}, { 'retry-after': '86400' }) : sendJson(res, 200, [])),
      { retry: { retryAfterCapMs: 5000 } },
    );
    await client.get('/v3/core/users');
    expect(sleeps).toEqual([5000]);
  });

  it('says once, while it waits, that it cut a Retry-After of two hours short, even when the retry then succeeds', async () => {
    const events: string[] = [];
    const { client } = await serve((_req, res, i) => (i < 2 ? sendJson(res, 503, {}, { 'retry-after': '7200' }) : sendJson(res, 200, [])), {
      onNotice: (message) => void events.push(`notice: ${message}`),
      sleep: async (ms) => void events.push(`wait ${ms}`),
    });
    await client.get('/v3/core/users');
    expect(events).toEqual([
      expect.stringMatching(/^notice: The service asked to wait 2 h before trying again \(Retry-After\); this importer waits at most 60 s/),
      'wait 60000',
      'wait 60000',
    ]);
  });

  it('gives up after the attempt limit and reports the service unavailable', async () => {
    const { server, client } = await serve((_req, res) => sendJson(res, 503, {}), { retry: { limit: 3 } });
    const error = await failure(client.get('/v3/core/users'));
    expect(error.kind).toBe('unavailable');
    expect(error.status).toBe(503);
    expect(error.message).toBe('GET /v3/core/users: the service is unavailable (503) after 3 attempts');
    expect(server.received).toHaveLength(3);
  });

  it('retries a GET whose connection was dropped before any answer', async () => {
    const { server, client } = await serve((_req, res, i) => (i === 0 ? hangUp(res) : sendJson(res, 200, [{ id: 'a' }])));
    await expect(client.get('/v3/core/users')).resolves.toMatchObject({ body: [{ id: 'a' }] });
    expect(server.received).toHaveLength(2);
  });

  it('does not retry a POST whose connection was dropped: its outcome is unknown', async () => {
    const { server, client } = await serve((_req, res) => hangUp(res));
    const error = await failure(client.request('POST', '/v3/core/users', { body: { user: { id: 'u1' } } }));
    expect(error.kind).toBe('unknown_outcome');
    expect(error.request).toEqual({ method: 'POST', path: '/v3/core/users' });
    expect(error.message).toContain('POST /v3/core/users');
    expect(server.received).toHaveLength(1);
  });

  it('treats a gateway timeout on a PATCH as an unknown outcome, not as something to resend blindly', async () => {
    const { server, client } = await serve((_req, res) => sendJson(res, 504, {}));
    const error = await failure(client.request('PATCH', '/v3/core/teams/t1', { body: {} }));
    expect(error.kind).toBe('unknown_outcome');
    expect(error.status).toBe(504);
    expect(server.received).toHaveLength(1);
  });

  it('retries a write whose connection was refused, since nothing was sent', async () => {
    const closed = await startLocalServer(() => undefined);
    const port = closed.port;
    await closed.close();
    const sleeps: number[] = [];
    client = new HttpClient({
      baseUrl: `http://127.0.0.1:${port}`,
      credentials: { companyId: 1, accessToken: TOKEN },
      concurrency: 1,
      retry: { limit: 2 },
      sleep: async (ms) => void sleeps.push(ms),
    });
    const error = await failure(client.request('POST', '/v3/core/users', { body: {} }));
    expect(error.kind).toBe('unavailable');
    expect(error.message).toBe('POST /v3/core/users after 2 attempts: the connection was refused');
    expect(sleeps).toHaveLength(1);
  });

  it('times out a request that gets no answer; a GET is unavailable, a POST has an unknown outcome', async () => {
    const { client } = await serve(() => undefined, { timeoutMs: 150, retry: { limit: 1 } });
    const read = await failure(client.get('/v3/core/users'));
    expect(read.kind).toBe('unavailable');
    expect(read.message).toBe('GET /v3/core/users: no answer within 150 ms');
    const write = await failure(client.request('POST', '/v3/core/users', { body: {} }));
    expect(write.kind).toBe('unknown_outcome');
  });
});

describe('errors', () => {
  it('says plainly when the service answers with an HTML page instead of JSON', async () => {
    const { client } = await serve(
      (_req, res) => {
        res.writeHead(502, { 'content-type': 'text/html' });
        res.end('<!DOCTYPE html><html><body>Bad Gateway</body></html>');
      },
      { retry: { limit: 2 } },
    );
    const error = await failure(client.get('/v3/core/users'));
    expect(error.kind).toBe('unavailable');
    expect(error.message).toBe(
      'GET /v3/core/users after 2 attempts: the service answered with an HTML page instead of JSON (status 502) — is the base URL right?',
    );
  });

  it('does not take an HTML page answered 200 for success', async () => {
    const { client } = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html><body>Welcome</body></html>');
    });
    const error = await failure(client.get('/v3/core/users'));
    expect(error.message).toContain('HTML page instead of JSON (status 200)');
  });

  it('does not take an HTML page or plain text answered 200 to a write for success, though the write reads only the status', async () => {
    for (const page of ['<html><body>Welcome</body></html>', '  \n<!doctype html><p>Logged out</p>', 'OK, saved {1}']) {
      const { client } = await serve((_req, res) => {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end(page);
      });
      const error = await failure(client.request('POST', '/v3/core/users', { body: { user: { id: 'u1' } }, statusOnly: true }));
      expect(error.message).toMatch(/(HTML page instead of JSON|something that is not JSON) \(status 200\)/);
      await client.close();
      await server?.close();
      server = null;
    }
    client = null;
  });

  it('does not parse the answer of a write that reads only the status (what would be parsed is refused without it)', async () => {
    const { client } = await serve((_req, res) => sendJson(res, 201, { id: 'u1' }));
    expect((await client.request('POST', '/v3/core/users', { body: {}, statusOnly: true })).body).toBeUndefined();
    expect((await client.request('POST', '/v3/core/users', { body: {} })).body).toEqual({ id: 'u1' });
  });

  it('hands back the status of a JSON answer to a write that reads only the status, an empty body included', async () => {
    for (const [status, answer] of [
      [201, ' {"id":"u1","name":"Åse"}\n'],
      [200, '[]'],
      [204, ''],
    ] as const) {
      const { client } = await serve((_req, res) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(answer);
      });
      const response = await client.request('PATCH', '/v3/core/users/u1', { body: { user: { name: 'Åse' } }, statusOnly: true });
      expect(response.status).toBe(status);
      await client.close();
      await server?.close();
      server = null;
    }
    client = null;
  });

  it('does not take an HTML 404 page for the service saying an entity does not exist', async () => {
    const { client } = await serve((_req, res) => {
      res.writeHead(404, { 'content-type': 'text/html' });
      res.end('<html><body>Not Found</body></html>');
    });
    const error = await failure(client.get('/v3/core/employees/e1', { expect: [404] }));
    expect(error.kind).toBe('rejected');
    expect(error.message).toBe(
      'GET /v3/core/employees/e1 was rejected (404): the service answered with an HTML page instead of JSON (status 404) — is the base URL right?',
    );
  });

  it('reports 401 as refused credentials and does not retry it', async () => {
    const { server, client } = await serve((_req, res) => sendJson(res, 401, { message: 'Unauthorized' }));
    const error = await failure(client.get('/v3/core/users'));
    expect(error.kind).toBe('auth');
    expect(error.exitCode).toBe(3);
    expect(server.received).toHaveLength(1);
  });

  it('turns a 422 body into a readable sentence with the field errors', async () => {
    const { server, client } = await serve((_req, res) =>
      sendJson(res, 422, {
        message: 'Validation failed',
        errors: [{ resource: 'MUS::User', field: 'username', error: 'has already been taken' }],
      }),
    );
    const error = await failure(client.request('POST', '/v3/core/users', { body: {} }));
    expect(error.kind).toBe('rejected');
    expect(error.status).toBe(422);
    expect(error.serviceMessage).toBe('Validation failed — username: has already been taken');
    expect(error.message).toBe('POST /v3/core/users was rejected (422): Validation failed — username: has already been taken');
    expect(error.fieldErrors).toEqual([{ resource: 'MUS::User', field: 'username', error: 'has already been taken' }]);
    expect(server.received).toHaveLength(1);
  });

  it('never puts a secret into an error message, even when the service echoes it', async () => {
    const { client } = await serve((req, res) => sendJson(res, 422, { message: `bad token ${String(req.headers.access_token)}` }));
    const rejected = await failure(client.get('/v3/core/users'));
    expect(rejected.message).toContain('[redacted]');
    expectNoSecret(rejected);

    const minting = new HttpClient({
      baseUrl: server!.baseUrl,
      credentials: { companyId: 42, jwtSecret: JWT_SECRET },
      concurrency: 1,
      retry: { limit: 1 },
    });
    try {
      for (const path of ['/a', '/b']) expectNoSecret(await failure(minting.request('POST', path, { body: {} })));
    } finally {
      await minting.close();
    }
  });
});

describe('JWT', () => {
  it('mints an HS256 token with a numeric company_id that lives at most 15 seconds', async () => {
    const { server, client } = await serve((_req, res) => sendJson(res, 200, []), {
      credentials: { companyId: '42', jwtSecret: JWT_SECRET },
    });
    await client.get('/v3/core/users');
    const token = String(server.received[0]?.headers.jwt);
    const { payload, protectedHeader } = await jwtVerify(token, new TextEncoder().encode(JWT_SECRET));
    expect(protectedHeader.alg).toBe('HS256');
    expect(payload.company_id).toBe(42);
    expect(payload.exp! - payload.nbf!).toBeLessThanOrEqual(15);
    expect(payload.nbf!).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
    expect(server.received[0]?.headers.access_token).toBeUndefined();
  });

  it('reuses a token for a few seconds but never close to its expiry', async () => {
    let now = Date.UTC(2030, 0, 1);
    const { server, client } = await serve((_req, res) => sendJson(res, 200, []), {
      credentials: { companyId: 7, jwtSecret: JWT_SECRET },
      clock: () => now,
    });
    await client.get('/a');
    now += 2000;
    await client.get('/b');
    now += 2000;
    await client.get('/c');
    const tokens = server.received.map((r) => String(r.headers.jwt));
    expect(tokens[1]).toBe(tokens[0]);
    expect(tokens[2]).not.toBe(tokens[0]);
    for (const token of tokens) {
      const claims = decodeJwt(token);
      const sentAt = Math.floor(now / 1000);
      expect(claims.exp! - sentAt).toBeGreaterThanOrEqual(5);
    }
  });

  it('refuses to mint a JWT without a numeric company id', () => {
    expect(
      () => new HttpClient({ baseUrl: 'http://127.0.0.1:1', credentials: { companyId: 'acme', jwtSecret: JWT_SECRET }, concurrency: 1 }),
    ).toThrow(UsageError);
  });
});

describe('base URL', () => {
  const make = (baseUrl: string, insecure = false) =>
    new HttpClient({ baseUrl, credentials: { companyId: 1, accessToken: TOKEN }, concurrency: 1, insecure });

  it('requires https for a host that is not loopback', () => {
    expect(() => make('http://api.example.com')).toThrow(UsageError);
    expect(() => make('http://api.example.com')).toThrow(/https:\/\/ is required/);
  });

  it('allows plain http on loopback addresses', async () => {
    for (const url of ['http://127.0.0.1:8080', 'http://127.1.2.3', 'http://[::1]:9000', 'http://localhost:3000']) {
      const loopback = make(url);
      expect(loopback.insecure).toBe(false);
      await loopback.close();
    }
  });

  it('lets plain http through with insecure, flagged so the caller can warn', async () => {
    const plain = make('http://api.example.com', true);
    expect(plain.insecure).toBe(true);
    await plain.close();
  });

  it('refuses credentials written into the URL', () => {
    expect(() => make(`https://user:${TOKEN}@api.example.com`)).toThrow(UsageError);
    try {
      make(`https://user:${TOKEN}@api.example.com`);
    } catch (error) {
      expectNoSecret(error as Error);
    }
  });
});
