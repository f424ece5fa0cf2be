import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { clientFor, mintJwt, send, type Client } from './helpers.js';
import { startSandbox } from '../../src/sandbox/index.js';

const SECRET = 'auth-test-secret-0123456789';
const NOW = Date.parse('2025-03-10T12:00:00Z');
const nowSeconds = Math.floor(NOW / 1000);

let client: Client;
beforeAll(async () => {
  client = clientFor(await startSandbox({ quiet: true, companyId: 42, accessToken: SECRET, now: () => new Date(NOW) }));
});
afterAll(() => client.sandbox.close());

const withJwt = (token: string) => ({ headers: { JWT: token } });
const usersWith = (auth: Parameters<Client['call']>[3]) => client.call('GET', '/v3/core/users', undefined, auth);

describe('v3 Authentication: token header (JWT)', () => {
  test('a JWT signed HS256 with the access token and company_id as a number is accepted (v3 Authentication JWT 1-2, README JWT)', async () => {
    const token = await mintJwt(SECRET, { company_id: 42 }, { nbf: nowSeconds - 5, exp: nowSeconds + 10 });
    expect((await usersWith(withJwt(token))).status).toBe(200);
  });

  test('company_id carried as a string is accepted too (README JWT: the example token carries it as a string)', async () => {
    const token = await mintJwt(SECRET, { company_id: '42' }, { nbf: nowSeconds - 5, exp: nowSeconds + 10 });
    expect((await usersWith(withJwt(token))).status).toBe(200);
  });

  test('an expired token is refused with 401 (v3 Authentication JWT 2: tokens expire)', async () => {
    const token = await mintJwt(SECRET, { company_id: 42 }, { nbf: nowSeconds - 20, exp: nowSeconds - 6 });
    const reply = await usersWith(withJwt(token));
    expect(reply.status).toBe(401);
    expect(reply.body.message).toMatch(/expired/);
  });

  test('a token whose nbf lies in the future is refused with 401 (v3 Authentication JWT 2: not-before claim)', async () => {
    const token = await mintJwt(SECRET, { company_id: 42 }, { nbf: nowSeconds + 5, exp: nowSeconds + 15 });
    expect((await usersWith(withJwt(token))).status).toBe(401);
  });

  test('exp and nbf more than 15 seconds apart are refused with 401 (README JWT: at most 15 seconds apart)', async () => {
    const token = await mintJwt(SECRET, { company_id: 42 }, { nbf: nowSeconds - 1, exp: nowSeconds + 15 });
    const reply = await usersWith(withJwt(token));
    expect(reply.status).toBe(401);
    expect(reply.body.message).toMatch(/15 seconds/);
  });

  test('exactly 15 seconds apart is still accepted (README JWT: at most 15 seconds)', async () => {
    const token = await mintJwt(SECRET, { company_id: 42 }, { nbf: nowSeconds - 1, exp: nowSeconds + 14 });
    expect((await usersWith(withJwt(token))).status).toBe(200);
  });

  test('a token signed with another secret is refused with 401 and the answer never shows a secret (v3 Authentication, Errors 401)', async () => {
    const token = await mintJwt('another-secret', { company_id: 42 }, { nbf: nowSeconds - 1, exp: nowSeconds + 10 });
    const reply = await usersWith(withJwt(token));
    expect(reply.status).toBe(401);
    expect(JSON.stringify(reply.body)).not.toContain(SECRET);
    expect(JSON.stringify(reply.body)).not.toContain(token);
  });

  test('a token for another company is refused with 401 (v3 Authentication 3: every request acts on one company)', async () => {
    const token = await mintJwt(SECRET, { company_id: 43 }, { nbf: nowSeconds - 1, exp: nowSeconds + 10 });
    expect((await usersWith(withJwt(token))).status).toBe(401);
  });

  test('a token without nbf is refused with 401 (README JWT: both claims required)', async () => {
    const { SignJWT } = await import('jose');
    const token = await new SignJWT({ company_id: 42 })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime(nowSeconds + 10)
      .sign(new TextEncoder().encode(SECRET));
    expect((await usersWith(withJwt(token))).status).toBe(401);
  });

  test('a header that is not a JWT at all is refused with 401 (v3 Errors 401)', async () => {
    expect((await usersWith(withJwt('not-a-token'))).status).toBe(401);
  });
});

describe('v3 Authentication: plain headers (legacy) and v2 Authentication', () => {
  test('company_id and access_token together are accepted on v3 and v2 (v3 Plain headers 1, v2 Authentication 1)', async () => {
    const headers = { company_id: '42', access_token: SECRET };
    expect((await usersWith({ headers })).status).toBe(200);
    expect((await client.call('GET', '/v2/core/employees', undefined, { headers })).status).toBe(200);
  });

  test('a wrong access token gives 401 without echoing it (v3 Plain headers 3, v2 Authentication 2)', async () => {
    const headers = { company_id: '42', access_token: 'wrong-token-value' };
    for (const path of ['/v3/core/users', '/v2/core/employees']) {
      const reply = await client.call('GET', path, undefined, { headers });
      expect(reply.status).toBe(401);
      expect(JSON.stringify(reply.body)).not.toContain('wrong-token-value');
      expect(reply.body).toEqual({ message: expect.any(String), errors: [] });
    }
  });

  test('a wrong company_id with the right token gives 401 (v3 Plain headers 1: the pair identifies the company)', async () => {
    expect((await usersWith({ headers: { company_id: '41', access_token: SECRET } })).status).toBe(401);
  });

  test('no credentials at all give 500 on both versions (v3 Errors 500, v2 Authentication 2)', async () => {
    for (const path of ['/v3/core/users', '/v2/core/teams']) {
      const reply = await client.call('GET', path, undefined, 'none');
      expect(reply.status).toBe(500);
      expect(reply.body.message).toEqual(expect.any(String));
    }
  });

  test('only one of the two legacy headers is treated as none sent: 500 (v3 Plain headers 1: both are required)', async () => {
    expect((await usersWith({ headers: { access_token: SECRET } })).status).toBe(500);
    expect((await usersWith({ headers: { company_id: '42' } })).status).toBe(500);
  });

  test('a write refused by authentication changes nothing (v3 Errors 401)', async () => {
    const reply = await send(
      client.sandbox.baseUrl,
      'POST',
      '/v3/core/users',
      { user: { id: 'x', name: 'X', email: 'x@example.com', username: 'x' } },
      { company_id: '42', access_token: 'nope' },
    );
    expect(reply.status).toBe(401);
    expect(client.sandbox.snapshot().users).toEqual([]);
  });
});
