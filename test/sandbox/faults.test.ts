import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { startClient, type Client } from './helpers.js';

let client: Client;
beforeEach(async () => {
  client = await startClient();
});
afterEach(() => client.sandbox.close());

const user = (id: string) => ({ user: { id, name: `User ${id}`, email: `${id}@example.com`, username: id } });

describe('fault injection (issue 3, part 4)', () => {
  test('a share of requests is answered 503 with Retry-After before anything is done (v3 Errors 503)', async () => {
    client.sandbox.setFaults({ unavailableRate: 0.5, retryAfterSeconds: 3, seed: 7 });
    const replies = [];
    for (let i = 0; i < 40; i++) replies.push(await client.post('/v3/core/users', user(`u${i}`)));
    const unavailable = replies.filter((r) => r.status === 503);
    expect(unavailable.length).toBeGreaterThan(8);
    expect(unavailable.length).toBeLessThan(32);
    for (const reply of unavailable) {
      expect(reply.headers['retry-after']).toBe('3');
      expect(reply.body).toEqual({ message: expect.any(String), errors: [] });
    }
    expect(client.sandbox.snapshot().users).toHaveLength(replies.filter((r) => r.status === 201).length);
    expect(client.sandbox.stats().requests).toBe(40);
  });

  test('the same seed gives the same faults', async () => {
    const statuses = async () => {
      client.sandbox.setFaults({ unavailableRate: 0.3, seed: 99 });
      const result = [];
      for (let i = 0; i < 15; i++) result.push((await client.get('/v3/core/users')).status);
      return result;
    };
    expect(await statuses()).toEqual(await statuses());
  });

  test('above the request rate the answer is 429 with Retry-After (README rate limits: honour 429)', async () => {
    client.sandbox.setFaults({ rateLimitPerSecond: 5, retryAfterSeconds: 2 });
    const replies = await Promise.all(Array.from({ length: 12 }, () => client.get('/v3/core/users')));
    const limited = replies.filter((r) => r.status === 429);
    expect(replies.filter((r) => r.status === 200)).toHaveLength(5);
    expect(limited).toHaveLength(7);
    expect(limited.every((r) => r.headers['retry-after'] === '2')).toBe(true);
  });

  test('a write dropped after commit errors on the client, but the entity exists (unknown outcome)', async () => {
    client.sandbox.setFaults({ dropAfterCommitRate: 1 });
    await expect(client.post('/v3/core/users', user('dropped'))).rejects.toThrow();
    client.sandbox.setFaults({});
    const reply = await client.get('/v3/core/users/dropped');
    expect(reply.status).toBe(200);
    expect(client.sandbox.stats().successfulCreates['user:dropped']).toBe(1);
  });

  test('reads are never dropped, only writes', async () => {
    client.sandbox.setFaults({ dropAfterCommitRate: 1 });
    expect((await client.get('/v3/core/users')).status).toBe(200);
  });

  test('a refused write is not dropped: the client sees the 422', async () => {
    await client.post('/v3/core/users', user('taken'));
    client.sandbox.setFaults({ dropAfterCommitRate: 1 });
    expect((await client.post('/v3/core/users', user('taken'))).status).toBe(422);
  });

  test('latency is added to every response', async () => {
    client.sandbox.setFaults({ latencyMs: 120 });
    const started = performance.now();
    await client.get('/v3/core/users');
    expect(performance.now() - started).toBeGreaterThanOrEqual(110);
  });

  test('stats count requests, writes, creates and routes; resetStats clears them', async () => {
    await client.post('/v3/core/users', user('a'));
    await client.get('/v3/core/users/a');
    await client.get('/v3/core/users/a');
    const stats = client.sandbox.stats();
    expect(stats).toEqual({
      requests: 3,
      writes: 1,
      successfulCreates: { 'user:a': 1 },
      byRoute: { 'POST /v3/core/users': 1, 'GET /v3/core/users/:user_id': 2 },
    });
    client.sandbox.resetStats();
    expect(client.sandbox.stats().requests).toBe(0);
  });
});
