import { describe, expect, it } from 'vitest';
import { backoffDelay, decideRetry, parseRetryAfter, retryPolicy, type Failure } from '../../src/service/http/retry-policy.js';

const policy = retryPolicy();
const at = (method: string, failure: Failure, attempt = 1, random = () => 0.5) =>
  decideRetry(policy, failure, { method, attempt, now: Date.UTC(2030, 0, 1), random });

describe('retry policy', () => {
  it('retries 429 and 503 for every method', () => {
    for (const method of ['GET', 'POST', 'PATCH', 'DELETE']) {
      for (const status of [429, 503]) expect(at(method, { kind: 'status', status, retryAfter: null }).retry).toBe(true);
    }
  });

  it('does not retry other client errors or a plain 500', () => {
    for (const status of [400, 401, 404, 422, 500]) {
      expect(at('GET', { kind: 'status', status, retryAfter: null })).toEqual({ retry: false, unknownOutcome: false });
    }
  });

  it('retries a network error on GET, not on POST', () => {
    expect(at('GET', { kind: 'network' }).retry).toBe(true);
    expect(at('POST', { kind: 'network' })).toEqual({ retry: false, unknownOutcome: true });
    expect(at('DELETE', { kind: 'network' })).toEqual({ retry: false, unknownOutcome: true });
  });

  it('retries a refused connection for every method: nothing was sent', () => {
    expect(at('POST', { kind: 'connect' }).retry).toBe(true);
    expect(
      decideRetry(
        retryPolicy({ retryConnectErrors: false }),
        { kind: 'connect' },
        { method: 'POST', attempt: 1, now: 0, random: Math.random },
      ),
    ).toEqual({
      retry: false,
      unknownOutcome: false,
    });
  });

  it('stops at the attempt limit', () => {
    expect(at('GET', { kind: 'status', status: 503, retryAfter: null }, 6)).toEqual({ retry: false, unknownOutcome: false });
    expect(at('GET', { kind: 'status', status: 503, retryAfter: null }, 5).retry).toBe(true);
  });

  it('waits with full jitter, growing exponentially up to the cap', () => {
    expect(backoffDelay(policy, 1, () => 0.999)).toBeLessThan(200);
    expect(backoffDelay(policy, 3, () => 0.999)).toBeLessThan(800);
    expect(backoffDelay(policy, 3, () => 0.999)).toBeGreaterThan(790);
    expect(backoffDelay(policy, 20, () => 0.999)).toBeLessThan(10_000);
    expect(backoffDelay(policy, 20, () => 0)).toBe(0);
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.UTC(2030, 0, 1, 12, 0, 0);
    expect(parseRetryAfter('7', now)).toBe(7000);
    expect(parseRetryAfter(new Date(now + 30_000).toUTCString(), now)).toBe(30_000);
    expect(parseRetryAfter(new Date(now - 30_000).toUTCString(), now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(at('GET', { kind: 'status', status: 429, retryAfter: '2' })).toEqual({ retry: true, delayMs: 2000 });
  });

  it('refuses a limit below one attempt', () => {
    expect(() => retryPolicy({ limit: 0 })).toThrow(RangeError);
  });
});
