/**
 * The routes around the steps: the Start screen, the upload, the templates, the downloads, the language
 * switch, the page's own style and script, and the event stream by which an open page says it is there
 * (and hears a run's progress).
 */
import { basename, relative } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { UsageError } from '../errors.js';
import { SHEET_KINDS, type TemplateKind } from '../model/sheet-kind.js';
import { CSV_FILE, WORKBOOK_FILE } from '../template/content.js';
import { writeTemplate } from '../template/index.js';
import { PAGE_CSS, PAGE_SCRIPT } from '../view/page-assets.js';
import { renderScreen, STEPS, stepPath, type Frame, type Step } from '../view/ui/layout.js';
import { renderStart, type TemplateLink } from '../view/ui/start.js';
import { UI_CSS } from '../view/ui/style.js';
import { chooseLanguage, parseLang } from '../words/language.js';
import { uiWords } from '../words/ui.js';
import { answerError, Refused, wantsJson } from './guard.js';
import type { UiContext } from './server.js';
import { receiveUpload, sizeInWords } from './uploads.js';

/** The frame of a screen of the session, with a fresh CSRF token for its forms. */
export function frameOf(ctx: UiContext, reply: FastifyReply, step: Step): Frame {
  const { session } = ctx;
  const options = session.options;
  const open = new Set<Step>(['start', 'history']);
  if (session.columns) open.add('columns');
  if (session.checked) open.add('check');
  for (const step of session.openSteps()) open.add(step);
  return {
    lang: session.lang,
    step,
    csrf: reply.generateCsrf(),
    service: options.sandbox ? { sandbox: true } : { sandbox: false, address: options.baseUrl ?? '', company: options.companyId ?? '?' },
    open,
    ...(step === 'plan' || step === 'apply' || step === 'history' ? { chart: true } : {}),
  };
}

export function sendPage(reply: FastifyReply, html: string): FastifyReply {
  return reply.type('text/html; charset=utf-8').send(html);
}

/** Where the page goes next: told to the page's script, or a redirect without it. */
export function goTo(request: FastifyRequest, reply: FastifyReply, location: string): FastifyReply {
  if (wantsJson(request)) return reply.type('application/json; charset=utf-8').send({ location });
  return reply.redirect(location, 303);
}

const TEMPLATE_NAMES = ['workbook-da', 'workbook-en', ...SHEET_KINDS.map((kind) => `csv-${kind}`)] as const;

export function registerFileRoutes(app: FastifyInstance, ctx: UiContext): void {
  const { session } = ctx;

  app.get('/', async (_request, reply) => {
    const lang = session.lang;
    const templates: TemplateLink[] = [
      { href: '/templates/workbook-da', label: 'workbookDa' },
      { href: '/templates/workbook-en', label: 'workbookEn' },
      {
        href: '',
        label: 'csvFiles',
        files: SHEET_KINDS.map((kind) => ({ href: `/templates/csv-${kind}`, name: `${CSV_FILE[lang][kind]}.csv` })),
      },
    ];
    const upload = session.upload;
    const frame = frameOf(ctx, reply, 'start');
    const body = renderStart(lang, frame.csrf, {
      templates,
      savedProfiles: session.savedProfiles(),
      limits: { size: sizeInWords(ctx.limits.fileBytes, lang), count: ctx.limits.files },
      ...(upload
        ? { current: { files: upload.files.map((f) => basename(f)), ...(upload.profile ? { profile: upload.profile.name } : {}) } }
        : {}),
    });
    return sendPage(reply, renderScreen(frame, uiWords(lang).startTitle, body));
  });

  app.get<{ Params: { name: string } }>('/templates/:name', async (request, reply) => {
    const name = request.params.name as (typeof TEMPLATE_NAMES)[number];
    if (!TEMPLATE_NAMES.includes(name)) return answerError(request, reply, 404, uiWords().notFound);
    const folder = await session.workspace.folder('made');
    if (name.startsWith('workbook-')) {
      const lang = name === 'workbook-da' ? 'da' : 'en';
      const [path] = await writeTemplate({ format: 'xlsx', lang, outDir: folder });
      return download(ctx, reply, path!, WORKBOOK_FILE[lang], XLSX);
    }
    const kind = name.slice('csv-'.length) as TemplateKind;
    const written = await writeTemplate({ format: 'csv', lang: session.lang, outDir: folder });
    const path = written[SHEET_KINDS.indexOf(kind)]!;
    return download(ctx, reply, path, `${CSV_FILE[session.lang][kind]}.csv`, 'text/csv; charset=utf-8');
  });

  app.get<{ Params: { id: string } }>('/download/:id', async (request, reply) => {
    const offered = session.workspace.download(request.params.id);
    if (!offered) return answerError(request, reply, 404, uiWords().noSuchDownload);
    return download(ctx, reply, offered.path, offered.name, offered.type);
  });

  app.post('/upload', { preHandler: app.csrfProtection }, async (request, reply) => {
    if (!request.isMultipart()) throw new Refused(400, uiWords().noFiles);
    const received = await receiveUpload(
      request,
      session.workspace,
      () => new Refused(413, uiWords().tooLarge(sizeInWords(ctx.limits.fileBytes, session.lang))),
    );
    if (received.files.length === 0) throw new Refused(400, uiWords().noFiles);
    if (received.files.length > ctx.limits.files) throw new Refused(413, uiWords().tooMany(ctx.limits.files));
    const profile = received.profile
      ? { name: 'profile.json', path: received.profile }
      : received.saved !== undefined
        ? { name: received.saved, path: session.savedProfilePath(received.saved) }
        : undefined;
    const next = await session.newUpload(received.files, profile);
    if (next === 'check') await session.check();
    return goTo(request, reply, stepPath(next));
  });

  app.post<{ Body: Record<string, unknown> }>('/language', { preHandler: app.csrfProtection }, async (request, reply) => {
    const lang = typeof request.body?.lang === 'string' ? parseLang(request.body.lang) : undefined;
    if (lang === undefined) throw new UsageError(uiWords().notFound);
    session.lang = lang;
    chooseLanguage(lang);
    const back = typeof request.body?.back === 'string' ? request.body.back : '/';
    return goTo(request, reply, STEPS.map(stepPath).includes(back) ? back : '/');
  });

  // An open page keeps this stream open: while one is, the server is not idle. Runs send their progress here.
  app.get('/events', async (request, reply) => {
    reply.hijack();
    reply.raw.writeHead(200, { 'content-type': EVENT_STREAM, 'cache-control': 'no-store', connection: 'keep-alive' });
    // Whether a run is going now: a page drawn while one went, which ended before this stream opened, reloads.
    const going = session.going !== undefined && !session.going.ended && !session.going.failure;
    reply.raw.write(`event: hello\ndata: ${JSON.stringify({ going })}\n\n`);
    const left = ctx.presence.pageOpened();
    const unsubscribe = session.listen((event, data) => reply.raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
    const beat = setInterval(() => reply.raw.write(': beat\n\n'), 20_000);
    request.raw.on('close', () => {
      clearInterval(beat);
      unsubscribe();
      left();
    });
  });

  app.get('/assets/ui.css', async (_request, reply) => reply.type('text/css; charset=utf-8').send(UI_CSS));
  app.get('/assets/chart.css', async (_request, reply) => reply.type('text/css; charset=utf-8').send(PAGE_CSS));
  app.get('/assets/chart.js', async (_request, reply) => reply.type('text/javascript; charset=utf-8').send(PAGE_SCRIPT));
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** Server-sent events are UTF-8 by their standard. */
const EVENT_STREAM = 'text/event-stream';

/** A file of the workspace as a download (@fastify/static's, rooted at the workspace: nothing outside it is served). */
export function download(ctx: UiContext, reply: FastifyReply, path: string, name: string, type: string): FastifyReply {
  const root = ctx.session.workspace.dir;
  // The plugin reads `root` from these options (without it a download has none); its types leave it out.
  const options = { root } as { dotfiles?: 'deny' };
  return reply.header('content-type', type).download(relative(root, path), name, options);
}
