/**
 * When a request is tried again, and how long to wait first: decided here, in one place, as data with
 * defaults (the ky way). Everything in this file is pure; the client supplies the clock and the dice.
 */

export interface RetryPolicy {
  /** Attempts in total, the first one included. */
  limit: number;
  /** Answers that mean "not processed, try later": retried for every method (429 rate limit, 503 maintenance). */
  statusCodes: readonly number[];
  /**
   * Gateway answers: the service behind the gateway may have processed the request. Retried for the
   * methods in `networkErrorMethods`; a write answered so has an unknown outcome (verified, then resent).
   */
  gatewayStatusCodes: readonly number[];
  /** Methods retried after a network error or timeout once the request may have left (ky: GET only). */
  networkErrorMethods: readonly string[];
  /** A connection that was never established sent nothing, so every method may be tried again. */
  retryConnectErrors: boolean;
  /** Longest wait a `Retry-After` header can impose. */
  retryAfterCapMs: number;
  /** Exponential backoff with full jitter: a random wait in [0, min(cap, base·2^(attempt-1))). */
  backoffBaseMs: number;
  backoffCapMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = Object.freeze({
  limit: 6,
  statusCodes: Object.freeze([429, 503]),
  gatewayStatusCodes: Object.freeze([502, 504]),
  networkErrorMethods: Object.freeze(['GET']),
  retryConnectErrors: true,
  retryAfterCapMs: 60_000,
  backoffBaseMs: 200,
  backoffCapMs: 10_000,
});

export function retryPolicy(overrides: Partial<RetryPolicy> = {}): RetryPolicy {
  const policy = { ...DEFAULT_RETRY_POLICY, ...overrides };
  if (!Number.isInteger(policy.limit) || policy.limit < 1) throw new RangeError('retry limit must be a whole number ≥ 1');
  return policy;
}

/** What went wrong with one attempt, as far as retrying is concerned. */
export type Failure =
  | { kind: 'status'; status: number; retryAfter: string | null }
  /** The connection was never made: nothing was sent. */
  | { kind: 'connect' }
  /** The connection broke or timed out after the request may have been sent. */
  | { kind: 'network' };

export type Verdict =
  | { retry: true; delayMs: number }
  /** `unknownOutcome`: a write may have been carried out; the caller must verify before resending. */
  | { retry: false; unknownOutcome: boolean };

export interface RetryContext {
  method: string;
  /** 1 for the first attempt. */
  attempt: number;
  now: number;
  random: () => number;
}

export function isWrite(method: string): boolean {
  return method !== 'GET' && method !== 'HEAD';
}

export function decideRetry(policy: RetryPolicy, failure: Failure, context: RetryContext): Verdict {
  const { method, attempt } = context;
  const retriesNetwork = policy.networkErrorMethods.includes(method);
  const mayRetry = attempt < policy.limit;
  const backoff = (): Verdict => ({ retry: true, delayMs: backoffDelay(policy, attempt, context.random) });

  switch (failure.kind) {
    case 'status': {
      if (policy.statusCodes.includes(failure.status)) {
        if (!mayRetry) return { retry: false, unknownOutcome: false };
        const waitMs = parseRetryAfter(failure.retryAfter, context.now);
        return waitMs === null ? backoff() : { retry: true, delayMs: Math.min(waitMs, policy.retryAfterCapMs) };
      }
      if (policy.gatewayStatusCodes.includes(failure.status)) {
        if (!retriesNetwork) return { retry: false, unknownOutcome: isWrite(method) };
        return mayRetry ? backoff() : { retry: false, unknownOutcome: false };
      }
      return { retry: false, unknownOutcome: false };
    }
    case 'connect':
      return mayRetry && (policy.retryConnectErrors || retriesNetwork) ? backoff() : { retry: false, unknownOutcome: false };
    case 'network':
      if (!retriesNetwork) return { retry: false, unknownOutcome: isWrite(method) };
      return mayRetry ? backoff() : { retry: false, unknownOutcome: false };
  }
}

export function backoffDelay(policy: RetryPolicy, attempt: number, random: () => number): number {
  const ceiling = Math.min(policy.backoffCapMs, policy.backoffBaseMs * 2 ** (attempt - 1));
  return Math.floor(random() * ceiling);
}

/** `Retry-After` as milliseconds from now: delay-seconds or an HTTP date; null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: number): number | null {
  if (value === null) return null;
  const text = value.trim();
  if (text === '') return null;
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  const date = Date.parse(text);
  if (Number.isNaN(date)) return null;
  return Math.max(0, date - now);
}
