/** The Columns and Check steps: the starter profile's reading as choices, saving the profile, the problems. */
import { basename, extname } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { SHEETS } from '../sheets/columns.js';
import { renderCheck } from '../view/ui/check.js';
import { renderColumns } from '../view/ui/columns.js';
import { renderScreen } from '../view/ui/layout.js';
import { uploadForm } from '../view/ui/start.js';
import { uiStepWords } from '../words/ui-steps.js';
import { uiWords } from '../words/ui.js';
import { choicesFromForm, columnsScreen } from './columns.js';
import { answerError } from './guard.js';
import { problemsScreen, filterFromQuery } from './problems.js';
import { frameOf, goTo, sendPage } from './routes-files.js';
import type { UiContext } from './server.js';
import { sizeInWords } from './uploads.js';

export function registerCheckRoutes(app: FastifyInstance, ctx: UiContext): void {
  const { session } = ctx;

  app.get('/columns', async (request, reply) => {
    const columns = session.columns;
    if (!columns || !session.upload) return answerError(request, reply, 409, uiWords().stepNotReady);
    const frame = frameOf(ctx, reply, 'columns');
    const lang = session.lang;
    const notPlaced = Object.entries((columns.starter.json._not_placed as Record<string, string> | undefined) ?? {}).map(
      ([sheet, why]) => ({
        sheet,
        why,
      }),
    );
    const first = session.upload.files[0]!;
    const body = renderColumns(lang, frame.csrf, {
      ...columnsScreen(columns),
      notPlaced,
      lacks: columns.starter.lacks,
      profileName: basename(first, extname(first)),
      ...(columns.saved ? { saved: columns.saved } : {}),
      kindName: (kind) => (lang === 'da' ? SHEETS[kind].danish : SHEETS[kind].english).toLowerCase(),
    });
    return sendPage(reply, renderScreen(frame, uiWords(lang).columnsTitle, body));
  });

  app.post<{ Body: Record<string, unknown> }>('/columns', { preHandler: app.csrfProtection }, async (request, reply) => {
    const columns = session.columns;
    if (!columns || !session.upload) return answerError(request, reply, 409, uiWords().stepNotReady);
    const choices = choicesFromForm(columns, request.body ?? {});
    columns.choices = choices;
    const action = request.body?.action;
    if (action === 'save') {
      await session.useColumns(choices);
      await session.saveProfile(typeof request.body?.name === 'string' ? request.body.name : '');
      return goTo(request, reply, '/columns');
    }
    if (action === 'check') {
      await session.useColumns(choices);
      await session.check();
      return goTo(request, reply, '/check');
    }
    return goTo(request, reply, '/columns');
  });

  app.get<{ Querystring: Record<string, unknown> }>('/check', async (request, reply) => {
    const checked = session.checked;
    if (!checked) return answerError(request, reply, 409, uiWords().stepNotReady);
    const frame = frameOf(ctx, reply, 'check');
    const lang = session.lang;
    const { filter, page } = filterFromQuery(request.query ?? {});
    const body = renderCheck(lang, frame.csrf, {
      ...problemsScreen(checked.issues, checked.rows, filter, page),
      errorFiles: checked.errorFiles,
      canPlan: checked.errors === 0,
      upload: uploadForm(
        lang,
        frame.csrf,
        { savedProfiles: [], limits: { size: sizeInWords(ctx.limits.fileBytes, lang), count: ctx.limits.files } },
        false,
      ),
    });
    return sendPage(reply, renderScreen(frame, uiStepWords(lang).checkTitle, body));
  });
}
