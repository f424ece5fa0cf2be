/**
 * The version-neutral HTTP client: one undici Pool per base URL, JSON in and out, authentication,
 * timeouts and the retry policy. It knows nothing of any API path; adapters build on it.
 */
import { setTimeout as delay } from 'node:timers/promises';
import { Pool } from 'undici';
import type { Dispatcher } from 'undici';
import { ServiceError } from '../errors.js';
import { authHeaders, type AuthHeaders, type Credentials } from './auth.js';
import { checkBaseUrl } from './base-url.js';
import { looksLikeJsonDocument, parseBody, readComplaint, redact } from './answer.js';
import { serviceWords } from '../../words/service.js';
import { decideRetry, isWrite, parseRetryAfter, retryPolicy, type Failure, type RetryPolicy } from './retry-policy.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface HttpClientOptions {
  baseUrl: string;
  credentials: Credentials;
  /** Connections kept open to the service; also the bound for concurrent page reads. */
  concurrency: number;
  /** Longest wait for the answer's headers, and between two chunks of its body. Default 30 s. */
  timeoutMs?: number;
  /** Allow plain http to a non-loopback host (the caller warns the user). */
  insecure?: boolean;
  retry?: Partial<RetryPolicy>;
  /** Told once when the service asks to wait longer than this client waits (Retry-After beyond the cap). */
  onNotice?: (message: string) => void;
  /** Told each time a request is sent again (a page's progress counts the retries). */
  onRetry?: () => void;
  /** Injected so tests need not wait. */
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  clock?: () => number;
}

export interface HttpResponse {
  status: number;
  headers: Record<string, string | undefined>;
  body: unknown;
}

export interface RequestOptions {
  /** Sent as JSON. */
  body?: unknown;
  /** Statuses (besides 2xx) handed back instead of thrown, e.g. [404] for "does it exist?". */
  expect?: readonly number[];
  /**
   * The caller reads only the status of a 2xx answer (a write whose answer repeats the resource). Its
   * body is checked to be shaped as JSON, so a proxy's HTML page still counts as no answer, but not
   * parsed: at 300,000 writes, parsing answers nobody reads was a tenth of the importer's CPU.
   */
  statusOnly?: boolean;
  /**
   * Reads a successful answer's bytes before anything else does, building less than JSON.parse
   * (lean-json.ts, for the teams' members); when it answers nothing, the answer is decoded and parsed as
   * any other.
   */
  readJsonBytes?: (bytes: Buffer) => { value: unknown } | undefined;
}

export const DEFAULT_TIMEOUT_MS = 30_000;
/**
 * The largest answer read: a page of 1000 entities is about 1 MB. A longer one is not a page of this API
 * (a wrong base URL, a misbehaving proxy) and is refused without being read on or downloaded again.
 */
export const MAX_ANSWER_BYTES = 64 * 1024 * 1024;

const CONNECT_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/** OpenSSL's and Node's codes for a handshake or certificate that failed. */
const TLS_ERROR = /^(ERR_SSL_|ERR_TLS_|EPROTO$|CERT_|DEPTH_ZERO_SELF_SIGNED_CERT$|SELF_SIGNED_CERT_IN_CHAIN$|UNABLE_TO_)/;

type Attempt =
  | { ok: true; response: HttpResponse }
  /** `final`: trying again cannot help (an answer too large), so it is not retried. */
  | {
      ok: false;
      failure: Failure;
      status: number | null;
      reason: string;
      body: unknown;
      cause?: unknown;
      final?: boolean;
      location?: string;
    };

class AnswerTooLarge extends Error {}
class AttemptTimedOut extends Error {}

export class HttpClient {
  readonly concurrency: number;
  /** True when plain http to a non-loopback host was allowed: the caller should warn. */
  readonly insecure: boolean;
  private readonly pool: Pool;
  private readonly prefix: string;
  private readonly auth: AuthHeaders;
  private readonly policy: RetryPolicy;
  private readonly timeoutMs: number;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly onNotice: ((message: string) => void) | undefined;
  private readonly onRetry: (() => void) | undefined;
  private readonly random: () => number;
  private readonly clock: () => number;

  constructor(options: HttpClientOptions) {
    const base = checkBaseUrl(options.baseUrl, options.insecure ?? false);
    this.auth = authHeaders(options.credentials, options.clock);
    this.policy = retryPolicy(options.retry);
    this.concurrency = Math.max(1, Math.floor(options.concurrency));
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.insecure = base.insecure;
    this.prefix = base.prefix;
    this.sleep = options.sleep ?? ((ms) => delay(ms));
    this.onNotice = options.onNotice;
    this.onRetry = options.onRetry;
    this.random = options.random ?? Math.random;
    this.clock = options.clock ?? Date.now;
    this.pool = new Pool(base.origin, {
      connections: this.concurrency,
      headersTimeout: this.timeoutMs,
      bodyTimeout: this.timeoutMs,
      // Explicit, so NODE_TLS_REJECT_UNAUTHORIZED=0 in the environment cannot turn certificate checks off.
      connect: { timeout: this.timeoutMs, rejectUnauthorized: true },
    });
  }

  get(path: string, options: Omit<RequestOptions, 'body'> = {}): Promise<HttpResponse> {
    return this.request('GET', path, options);
  }

  /** Sends one request with retries; throws ServiceError when it did not succeed (see service/errors.ts). */
  async request(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<HttpResponse> {
    let cappedWaitMs: number | null = null;
    for (let attempt = 1; ; attempt++) {
      const outcome = await this.attempt(method, path, options);
      if (outcome.ok) return outcome.response;
      if (outcome.final) throw this.failed(method, path, outcome, attempt, false, cappedWaitMs);
      const asked = outcome.failure.kind === 'status' ? parseRetryAfter(outcome.failure.retryAfter, this.clock()) : null;
      if (asked !== null && asked > this.policy.retryAfterCapMs) {
        cappedWaitMs = asked;
        this.noticeCappedWait(asked);
      }
      const verdict = decideRetry(this.policy, outcome.failure, {
        method,
        attempt,
        now: this.clock(),
        random: this.random,
      });
      if (verdict.retry) {
        this.onRetry?.();
        await this.sleep(verdict.delayMs);
        continue;
      }
      throw this.failed(method, path, outcome, attempt, verdict.unknownOutcome, cappedWaitMs);
    }
  }

  close(): Promise<void> {
    return this.pool.close();
  }

  private cappedWaitNoticed = false;

  /** Said once a run, while it waits: never cut a service's wish short without saying so. */
  private noticeCappedWait(askedMs: number): void {
    if (this.cappedWaitNoticed || !this.onNotice) return;
    this.cappedWaitNoticed = true;
    this.onNotice(serviceWords().cappedWait(duration(askedMs), seconds(this.policy.retryAfterCapMs)));
  }

  private async attempt(method: HttpMethod, path: string, options: RequestOptions): Promise<Attempt> {
    const headers: Record<string, string> = {
      accept: 'application/json',
      'user-agent': 'orgsync-import',
      ...(await this.auth.headers()),
    };
    let payload: string | undefined;
    if (options.body !== undefined) {
      payload = JSON.stringify(options.body);
      headers['content-type'] = 'application/json';
    }
    // The whole attempt, headers and body, within --timeout: an answer trickling a byte at a time never
    // lets the gap between chunks time out, so the attempt as a whole does.
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(new AttemptTimedOut()), this.timeoutMs);
    try {
      let answer: Dispatcher.ResponseData;
      try {
        answer = await this.pool.request({
          method,
          path: this.prefix + path,
          headers,
          body: payload ?? null,
          headersTimeout: this.timeoutMs,
          bodyTimeout: this.timeoutMs,
          signal: deadline.signal,
        });
      } catch (error) {
        // No headers yet: the same words as undici's own headers timeout.
        return this.networkFailure(deadline.signal.aborted ? { code: 'UND_ERR_HEADERS_TIMEOUT' } : error);
      }
      const status = answer.statusCode;
      const responseHeaders = flattenHeaders(answer.headers);
      let body: Buffer;
      try {
        body = await readLimited(answer, MAX_ANSWER_BYTES);
      } catch (error) {
        if (error instanceof AnswerTooLarge) return this.tooLarge(status);
        // Headers arrived: a write's outcome is known from its status even when the body broke off.
        if (isWrite(method)) body = Buffer.alloc(0);
        else return this.networkFailure(deadline.signal.aborted ? deadline.signal.reason : error);
      }
      return this.settle(status, responseHeaders, body, options);
    } finally {
      clearTimeout(timer);
    }
  }

  private tooLarge(status: number): Attempt {
    const reason = serviceWords().tooLarge(MAX_ANSWER_BYTES / 1024 / 1024, status);
    return { ok: false, failure: { kind: 'status', status, retryAfter: null }, status: null, reason, body: null, final: true };
  }

  private settle(status: number, responseHeaders: Record<string, string | undefined>, body: Buffer, options: RequestOptions): Attempt {
    // Not even decoded: a team's answer repeats all its members, and 300,000 of them are a lot of text.
    if (options.statusOnly && status >= 200 && status < 300 && looksLikeJsonDocument(body)) {
      return { ok: true, response: { status, headers: responseHeaders, body: undefined } };
    }
    const success = status >= 200 && status < 300;
    const read = success && options.readJsonBytes ? options.readJsonBytes(body) : undefined;
    if (read) return { ok: true, response: { status, headers: responseHeaders, body: read.value } };
    const parsed = parseBody(body.toString('utf8'), status);
    if (success) {
      if (parsed.json) return { ok: true, response: { status, headers: responseHeaders, body: parsed.value } };
      return { ok: false, failure: { kind: 'status', status, retryAfter: null }, status, reason: parsed.reason, body: null };
    }
    const value = parsed.json ? parsed.value : null;
    if (status >= 300 && status < 400) {
      // A redirect is not followed (credentials would go with it): the base URL is not the service's.
      const location = responseHeaders.location;
      const reason = serviceWords().redirect(status, location ? location.slice(0, 200) : null);
      return { ok: false, failure: { kind: 'status', status, retryAfter: null }, status: null, reason, body: null, final: true };
    }
    // An HTML 404 comes from a wrong base URL, not from the service saying "no such entity".
    if (options.expect?.includes(status) && parsed.json) return { ok: true, response: { status, headers: responseHeaders, body: value } };
    return {
      ok: false,
      failure: { kind: 'status', status, retryAfter: responseHeaders['retry-after'] ?? null },
      status,
      reason: parsed.json ? '' : parsed.reason,
      body: value,
    };
  }

  private networkFailure(error: unknown): Attempt {
    if (error instanceof AttemptTimedOut) {
      return {
        ok: false,
        failure: { kind: 'network' },
        status: null,
        reason: serviceWords().noCompleteAnswer(seconds(this.timeoutMs)),
        body: null,
        cause: error,
      };
    }
    const code = errorCode(error);
    const kind = code !== null && CONNECT_ERROR_CODES.has(code) ? 'connect' : 'network';
    return { ok: false, failure: { kind }, status: null, reason: this.describeNetworkError(code), body: null, cause: error };
  }

  private describeNetworkError(code: string | null): string {
    const w = serviceWords();
    switch (code) {
      case 'ECONNREFUSED':
        return w.connectionRefused;
      case 'ENOTFOUND':
      case 'EAI_AGAIN':
        return w.hostUnknown;
      case 'UND_ERR_CONNECT_TIMEOUT':
        return w.noConnection(seconds(this.timeoutMs));
      case 'UND_ERR_HEADERS_TIMEOUT':
      case 'UND_ERR_BODY_TIMEOUT':
        return w.noAnswer(seconds(this.timeoutMs));
      case 'ECONNRESET':
        return w.connectionReset;
      case 'UND_ERR_SOCKET':
        return w.connectionClosed;
      default:
        if (code && TLS_ERROR.test(code)) {
          return w.tls(code);
        }
        return w.networkError(code);
    }
  }

  private failed(
    method: string,
    path: string,
    outcome: Extract<Attempt, { ok: false }>,
    attempts: number,
    unknownOutcome: boolean,
    cappedWaitMs: number | null = null,
  ): ServiceError {
    const where = `${method} ${path}`;
    const request = { method, path };
    const scrub = (text: string) => redactTokens(redact(text, this.auth.secrets));
    const w = serviceWords();
    const cause = outcome.cause;
    if (unknownOutcome) {
      const why = outcome.status === null ? outcome.reason : w.gatewayAnswered(outcome.status);
      return new ServiceError({
        kind: 'unknown_outcome',
        message: scrub(w.unknownOutcome(where, why)),
        request,
        status: outcome.status,
        cause,
      });
    }
    if (outcome.status === null) {
      return new ServiceError({ kind: 'unavailable', message: scrub(w.failed(where, attempts, outcome.reason)), request, cause });
    }
    const status = outcome.status;
    const complaint = readComplaint(outcome.body);
    const said = complaint.sentence === null ? '' : scrub(complaint.sentence);
    const detail = outcome.reason !== '' ? outcome.reason : said;
    const serviceMessage = said === '' ? null : said;
    if (status === 401) {
      return new ServiceError({
        kind: 'auth',
        message: scrub(w.authRefused(where)),
        request,
        status,
        serviceMessage,
        fieldErrors: complaint.fieldErrors,
      });
    }
    if (status >= 400 && status < 500 && status !== 429) {
      const message = w.rejected(where, status, detail);
      return new ServiceError({
        kind: 'rejected',
        message: scrub(message),
        request,
        status,
        serviceMessage,
        fieldErrors: complaint.fieldErrors,
      });
    }
    const longWait = cappedWaitMs === null ? '' : w.waitedLess(duration(cappedWaitMs), seconds(this.policy.retryAfterCapMs));
    const message =
      outcome.reason !== ''
        ? w.failed(where, attempts, outcome.reason + longWait)
        : w.unavailable(where, status, attempts, said) + longWait;
    return new ServiceError({
      kind: 'unavailable',
      message: scrub(message),
      request,
      status,
      serviceMessage,
      fieldErrors: complaint.fieldErrors,
    });
  }
}

/** The body's bytes, refused once they pass `limit` (the declared length is checked first). */
async function readLimited(answer: Dispatcher.ResponseData, limit: number): Promise<Buffer> {
  const declared = Number(answer.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) {
    answer.body.destroy();
    throw new AnswerTooLarge();
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of answer.body) {
    size += (chunk as Buffer).length;
    if (size > limit) {
      answer.body.destroy();
      throw new AnswerTooLarge();
    }
    chunks.push(chunk as Buffer);
  }
  return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
}

/** A service that echoes a token back, minted ones included, never has it printed: anything shaped like a JWT goes. */
function redactTokens(text: string): string {
  return text.replace(/\beyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*/g, '[redacted]');
}

function duration(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 120) return `${s} s`;
  if (s < 7200) return `${Math.round(s / 60)} min`;
  return `${Math.round(s / 360) / 10} h`;
}

function errorCode(error: unknown): string | null {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

function flattenHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string | undefined> {
  const flat: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(headers)) flat[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  return flat;
}

function seconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}
