/**
 * Who may talk to the page's server, checked on every request before any route runs:
 *
 * - the Host header must be 127.0.0.1:PORT or localhost:PORT (a page of another site that made its name
 *   point at 127.0.0.1 — DNS rebinding — sends its own name): otherwise 403;
 * - the token of the printed address is exchanged for an HttpOnly, SameSite=Strict cookie and the address
 *   bar loses it (a redirect to the same address without it); a request without the cookie is 401;
 * - a request that changes anything must come from the page itself: its Origin is the server's own, or,
 *   without one, its Fetch Metadata says same-origin (otherwise 403); and it carries the CSRF token of
 *   @fastify/csrf-protection (checked by the routes).
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { uiWords } from '../words/ui.js';

export const SESSION_COOKIE = 'orgsync_session';

export interface Keys {
  /** The token in the printed address. */
  token: string;
  /** What the cookie holds once the token was exchanged. */
  session: string;
}

function same(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The names the server answers to: loopback by number or by name, on its own port. */
export function allowedHosts(port: number): string[] {
  return [`127.0.0.1:${port}`, `localhost:${port}`];
}

const CHANGES_NOTHING = new Set(['GET', 'HEAD']);

/** Installs the checks; `port()` is the port the server listens on (known once it listens). */
export function guardRequests(app: FastifyInstance, keys: Keys, port: () => number): void {
  app.addHook('onRequest', async (request, reply) => {
    const hosts = allowedHosts(port());
    const host = request.headers.host ?? '';
    if (!hosts.includes(host)) return refuse(reply, 403, uiWords().wrongHost);
    const url = new URL(request.url, `http://${host}`);
    const token = url.searchParams.get('token');
    if (token !== null && CHANGES_NOTHING.has(request.method)) {
      if (!same(token, keys.token)) return refuse(reply, 401, uiWords().wrongToken);
      url.searchParams.delete('token');
      reply.setCookie(SESSION_COOKIE, keys.session, { httpOnly: true, sameSite: 'strict', path: '/' });
      // The same address without the token: the address bar and the history no longer hold it.
      return reply.redirect(`${url.pathname}${url.search}`, 303);
    }
    const cookie = request.cookies[SESSION_COOKIE];
    if (cookie === undefined || !same(cookie, keys.session)) return refuse(reply, 401, uiWords().noSession);
    if (!CHANGES_NOTHING.has(request.method) && !fromThePage(request, hosts)) return refuse(reply, 403, uiWords().wrongOrigin);
    return undefined;
  });
}

/** A request the page's server refuses, with its status and one sentence (too large, a run going already…). */
export class Refused extends Error {
  constructor(
    readonly status: 400 | 404 | 409 | 413,
    message: string,
  ) {
    super(message);
  }
}

/**
 * A change comes from the page itself: its Origin is the server's own. A browser that leaves Origin out
 * of a same-origin request (Chromium does, for the page's own fetch) says where it comes from by Fetch
 * Metadata instead, which no page can set: `Sec-Fetch-Site: same-origin`. Neither: refused.
 */
function fromThePage(request: FastifyRequest, hosts: readonly string[]): boolean {
  const origin = request.headers.origin;
  if (origin !== undefined) return hosts.some((allowed) => origin === `http://${allowed}`);
  return request.headers['sec-fetch-site'] === 'same-origin';
}

/** A refusal in one sentence: as JSON to the page's own requests, as text otherwise. */
export function refuse(reply: FastifyReply, status: number, sentence: string): FastifyReply {
  return answerError(reply.request, reply, status, sentence);
}

export function wantsJson(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').includes('application/json');
}

export function answerError(request: FastifyRequest, reply: FastifyReply, status: number, sentence: string): FastifyReply {
  reply.code(status);
  if (wantsJson(request)) return reply.type('application/json; charset=utf-8').send({ error: sentence });
  return reply.type('text/plain; charset=utf-8').send(`${sentence}\n`);
}
