/**
 * The page's server (`orgsync-import ui`): fastify on 127.0.0.1 only, with the well-kept plugins for what
 * they do (cookies, CSRF tokens, form and multipart bodies, security headers, the page's own script files),
 * the request checks of guard.ts, and the steps' routes. Every answer that is not a page or a file the
 * server made is one sentence; no stack trace and no secret ever leaves.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import fastifyCsrf from '@fastify/csrf-protection';
import fastifyFormbody from '@fastify/formbody';
import fastifyHelmet from '@fastify/helmet';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { OrgsyncError } from '../errors.js';
import type { ImportOptions } from '../app/options.js';
import { scrubSecrets } from '../scrub.js';
import { chooseLanguage, type Lang } from '../words/language.js';
import { uiWords } from '../words/ui.js';
import { answerError, guardRequests, Refused, type Keys } from './guard.js';
import { registerFileRoutes } from './routes-files.js';
import { registerCheckRoutes } from './routes-check.js';
import { registerRunRoutes } from './routes-run.js';
import { Session } from './session.js';
import { sizeInWords, UPLOAD_LIMITS, type UploadLimits } from './uploads.js';
import { Workspace } from './workspace.js';
import { Presence, type Timers } from './presence.js';

export interface UiServerOptions {
  /** The server's options as the command line merged them (service, state folder, language). */
  options: ImportOptions;
  lang: Lang;
  /** 0: a free port. */
  port?: number;
  limits?: Partial<UploadLimits>;
  /** Secrets the server must never send (the credentials given); scrubbed from every answer. */
  secrets?: readonly (string | undefined)[];
  /** Stops the server after this long with no page open and no run going (0: never). */
  idleMs?: number;
  onIdle?: () => void;
  timers?: Timers;
}

export interface RunningUi {
  /** The address to open, with its token: the first line the command prints. */
  url: string;
  port: number;
  session: Session;
  close(): Promise<void>;
}

/** What every route of the page is given. */
export interface UiContext {
  session: Session;
  limits: UploadLimits;
  presence: Presence;
  /** The server's own address (for the page's links), known once it listens. */
  port(): number;
}

/** The built script of the page (dist/ui/browser/), beside this module once built. */
const BROWSER_FILES = fileURLToPath(new URL('./browser/', import.meta.url));

function buildServer(ctx: UiContext, keys: Keys, secrets: readonly string[]): FastifyInstance {
  const app = Fastify({ logger: false, forceCloseConnections: true, bodyLimit: 4 * 1024 * 1024 });
  app.register(fastifyCookie, { secret: randomBytes(32).toString('base64url') });
  app.register(fastifyFormbody);
  app.register(fastifyMultipart, {
    limits: { fileSize: ctx.limits.fileBytes, files: ctx.limits.files + 1, fields: 20, parts: ctx.limits.files + 21 },
  });
  app.register(fastifyCsrf, { cookieOpts: { signed: true, httpOnly: true, sameSite: 'strict', path: '/' } });
  app.register(fastifyHelmet, {
    // Nothing from anywhere else: the page's own style and script, its own requests, no frames.
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'none'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        baseUri: ["'none'"],
      },
    },
    // Plain http on loopback: no HSTS, which would pin localhost to https for every other program.
    strictTransportSecurity: false,
    // The page's own POSTs carry their Origin (which guard.ts checks); under no-referrer they would say "null".
    referrerPolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
  });
  // Downloads come from the session's own folder only; the page's script files from the build.
  app.register(fastifyStatic, { root: ctx.session.workspace.dir, serve: false });
  if (existsSync(BROWSER_FILES)) {
    app.register(fastifyStatic, { root: BROWSER_FILES, prefix: '/assets/browser/', index: false, decorateReply: false });
  }
  app.after(() => guardRequests(app, keys, ctx.port));

  // The last line of defence: a credential the server was given never leaves it, whatever a stage wrote.
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'no-store');
    // Paths of the private folder are shown as the files' own names, as the person uploaded them.
    return typeof payload === 'string' ? ctx.session.workspace.shown(scrubSecrets(payload, secrets)) : payload;
  });

  app.setErrorHandler((error, request, reply) => {
    const w = uiWords();
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      return answerError(request, reply, 413, w.tooLarge(sizeInWords(ctx.limits.fileBytes, ctx.session.lang)));
    }
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      return answerError(request, reply, 413, w.tooMany(ctx.limits.files));
    }
    if (code === 'FST_CSRF_INVALID_TOKEN' || code === 'FST_CSRF_MISSING_SECRET') return answerError(request, reply, 403, w.badCsrf);
    if (error instanceof Refused) return answerError(request, reply, error.status, error.message);
    const shown = (text: string) => ctx.session.workspace.shown(scrubSecrets(text, secrets)).split('\n')[0]!;
    if (error instanceof OrgsyncError) return answerError(request, reply, error.exitCode === 1 ? 422 : 400, shown(error.message));
    const status = (error as { statusCode?: number }).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) return answerError(request, reply, status, w.notFound);
    return answerError(request, reply, 500, w.unexpected(shown(error instanceof Error ? error.message : String(error))));
  });
  app.setNotFoundHandler((request, reply) => answerError(request, reply, 404, uiWords().notFound));

  app.register(async (routes) => {
    registerFileRoutes(routes, ctx);
    registerCheckRoutes(routes, ctx);
    registerRunRoutes(routes, ctx);
  });
  return app;
}

export async function startUiServer(given: UiServerOptions): Promise<RunningUi> {
  chooseLanguage(given.lang);
  const workspace = new Workspace();
  const presence = new Presence(given.idleMs ?? 0, () => given.onIdle?.(), given.timers);
  const session = new Session(given.options, workspace, given.lang, presence);
  const keys: Keys = { token: randomBytes(24).toString('base64url'), session: randomBytes(32).toString('base64url') };
  const secrets = given.secrets?.filter((s): s is string => s !== undefined && s.length >= 4) ?? [];
  let port = 0;
  const ctx: UiContext = { session, limits: { ...UPLOAD_LIMITS, ...given.limits }, presence, port: () => port };
  const app = buildServer(ctx, keys, secrets);
  try {
    await app.listen({ host: '127.0.0.1', port: given.port ?? 0 });
  } catch (error) {
    workspace.close();
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') throw new OrgsyncError('usage', uiWords().portInUse(given.port ?? 0));
    throw error;
  }
  port = (app.server.address() as AddressInfo).port;
  presence.start();
  let closed = false;
  return {
    url: `http://127.0.0.1:${port}/?token=${keys.token}`,
    port,
    session,
    close: async () => {
      if (closed) return;
      closed = true;
      presence.stop();
      await session.close();
      await app.close();
      workspace.close();
    },
  };
}
