/**
 * The fastify application: body parsing, the per-request pipeline (count → latency → 429/503 → auth), the
 * documented error body for every failure, and the routes of both versions.
 */
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { ApiError } from '../errors.js';
import { registerV2Dialogs } from '../v2/dialog-routes.js';
import { registerV2Routes } from '../v2/routes.js';
import { registerV3DelegationsAndAbsence } from '../v3/delegation-absence-routes.js';
import { registerV3Organisation } from '../v3/organisation-routes.js';
import { registerV3People } from '../v3/people-routes.js';
import { authenticate, type Credentials } from './auth.js';
import type { FaultInjector } from './faults.js';
import { createKit, type KitParts } from './kit.js';
import type { StatsRecorder } from './stats.js';

export interface ServerParts extends KitParts {
  credentials: Credentials;
  stats: StatsRecorder;
  faults: FaultInjector;
  log: ((line: string) => void) | null;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError(400, 'the request body is not valid JSON');
  }
}

function routeOf(request: FastifyRequest): string | undefined {
  return request.routeOptions.url;
}

export function buildServer(parts: ServerParts): FastifyInstance {
  const app = Fastify({
    logger: false,
    // A real service bounds what it accepts (docs/api-notes.md "Sizes the sandbox accepts"): an 8 MB body
    // holds a v2 member list of 100,000 employees; one field holds at most MAX_TEXT_LENGTH characters.
    bodyLimit: 8 * 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 1000 },
    forceCloseConnections: true,
  });

  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, parseJson(body as string));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
  // Like the real service, a body sent without the JSON content type is not read at all.
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, _body, done) => done(null, undefined));

  app.addHook('onRequest', async (request, reply) => {
    parts.stats.request(request.method, routeOf(request));
    if (parts.faults.latencyMs > 0) await sleep(parts.faults.latencyMs);
    const refusal = parts.faults.refusal(performance.now());
    if (refusal) {
      const message = refusal.status === 429 ? 'Too Many Requests' : 'Service Unavailable: temporarily offline for maintenance';
      return reply.code(refusal.status).header('Retry-After', String(refusal.retryAfterSeconds)).send({ message, errors: [] });
    }
    const failure = await authenticate(request.headers, parts.credentials);
    if (failure) return reply.code(failure.status).send(failure.body());
    return undefined;
  });

  if (parts.log) {
    const log = parts.log;
    app.addHook('onResponse', async (request, reply) => {
      log(`${request.method} ${request.url} ${reply.statusCode} ${reply.elapsedTime.toFixed(0)}ms`);
    });
  }

  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof ApiError) return reply.code(error.status).send(error.body());
    const status = (error as { statusCode?: number }).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      return reply.code(status).send({ message: (error as Error).message, errors: [] });
    }
    return reply.code(500).send({ message: 'Internal Server Error', errors: [] });
  });
  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({ message: `No route matches ${request.method} ${request.url.split('?')[0]}`, errors: [] });
  });

  const kit = createKit(parts);
  registerV3People(app, kit);
  registerV3Organisation(app, kit);
  registerV3DelegationsAndAbsence(app, kit);
  registerV2Routes(app, kit);
  registerV2Dialogs(app, kit);
  return app;
}
