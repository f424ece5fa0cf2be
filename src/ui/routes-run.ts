/** The Plan, Apply and History steps: the decisions, the run and its progress, the runs recorded and undo. */
import { existsSync } from 'node:fs';
import { basename } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { runReportLines } from '../app/run-history.js';
import { listRuns } from '../history/record.js';
import { proposalKey } from '../model/organisation.js';
import { applySummary } from '../view/apply-summary.js';
import { describeFinding } from '../view/export-guard-text.js';
import { namesInChart, planSections } from '../view/plan-html.js';
import { deletionGuardLines, renderPlan } from '../view/plan-text.js';
import { noticeText, type RunNotice, type RunNoticeKind } from '../view/run-notices.js';
import { renderApply } from '../view/ui/apply.js';
import { renderHistory, renderRunReport, renderUndo } from '../view/ui/history.js';
import { renderScreen } from '../view/ui/layout.js';
import { renderPlanStep, type PlanScreen } from '../view/ui/plan.js';
import { uiStepWords } from '../words/ui-steps.js';
import { uiWords } from '../words/ui.js';
import { answerError } from './guard.js';
import { frameOf, goTo, sendPage } from './routes-files.js';
import { NO_DECISIONS, type Decisions, type Shown } from './runs.js';
import type { UiContext } from './server.js';

/** What a run says about files it left beside the inputs or in the state folder: the page offers them itself. */
const NOT_SHOWN: ReadonlySet<RunNoticeKind> = new Set<RunNoticeKind>([
  'marked_up_copy',
  'stale_error_file_removed',
  'report_written',
  'page_written',
  'plan_saved',
  'held_for_approval',
  'checked_offline',
]);

function noticesOf(notices: readonly RunNotice[]): string[] {
  return notices.filter((n) => !NOT_SHOWN.has(n.kind)).map(noticeText);
}

function list(value: unknown): string[] {
  return (Array.isArray(value) ? value : value === undefined ? [] : [value]).filter((v): v is string => typeof v === 'string');
}

/** The decisions of the Plan step's form, each limited to what the plan shown offers. */
function decisionsOf(body: Record<string, unknown>, shown: Shown | undefined): Decisions {
  const offeredRenames = new Set((shown?.proposals ?? []).map(proposalKey));
  const held = new Set((shown?.report?.plan ?? []).filter((e) => e.held === true).map((e) => e.key));
  return {
    prune: body.prune === '1',
    renames: list(body.rename).filter((key) => offeredRenames.has(key)),
    approved: list(body.approve).filter((key) => held.has(key)),
    force: body.force === '1',
    acceptChanges: body.acceptChanges === '1',
  };
}

function planScreen(ctx: UiContext): PlanScreen {
  const shown = ctx.session.planned!;
  const lang = ctx.session.lang;
  const errors = shown.issues.filter((i) => i.severity === 'error').length;
  const base = {
    sandbox: ctx.session.options.sandbox,
    decisions: shown.decisions,
    exportFindings: shown.findings.map(describeFinding),
    nothingToDo: (shown.plan?.operations.length ?? 0) === 0,
    errors,
    notices: noticesOf(shown.notices),
    proposals: [],
    held: [],
  };
  if (!shown.plan || !shown.chart || !shown.report) return base;
  const names = namesInChart(shown.chart);
  const deletion = deletionGuardLines(shown.plan)
    .map((line) => line.trim())
    .join(' ');
  return {
    ...base,
    sections: planSections({ chart: shown.chart, report: shown.report, kind: 'plan', lang, title: '' }),
    proposals: shown.proposals.map(({ accepted: _accepted, ...r }) => ({
      ...r,
      key: proposalKey(r),
      fromName: names.get(`${r.kind}:${r.from}`) ?? r.from,
      toName: names.get(`${r.kind}:${r.to}`) ?? r.to,
      accepted: shown.decisions.renames.includes(proposalKey(r)),
    })),
    held: shown.report.plan
      .filter((e) => e.held === true)
      .map((e) => {
        const name = names.get(`${e.entity}:${e.id}`);
        return { ...e, ...(name ? { name } : {}), approved: shown.decisions.approved.includes(e.key) };
      }),
    ...(deletion ? { deletion } : {}),
  };
}

export function registerRunRoutes(app: FastifyInstance, ctx: UiContext): void {
  const { session } = ctx;
  const screen = (reply: FastifyReply, step: 'plan' | 'apply' | 'history', title: string, body: (csrf: string) => string) => {
    const frame = frameOf(ctx, reply, step);
    return sendPage(reply, renderScreen(frame, title, body(frame.csrf)));
  };

  app.post<{ Body: Record<string, unknown> }>('/plan', { preHandler: app.csrfProtection }, async (request, reply) => {
    const given = request.body ?? {};
    await session.makePlan(
      'prune' in given || 'rename' in given ? decisionsOf(given, session.planned) : (session.planned?.decisions ?? NO_DECISIONS),
    );
    return goTo(request, reply, '/plan');
  });

  app.get('/plan', async (request, reply) => {
    if (!session.planned) return answerError(request, reply, 409, uiWords().stepNotReady);
    return screen(reply, 'plan', uiStepWords(session.lang).planTitle, (csrf) => renderPlanStep(session.lang, csrf, planScreen(ctx)));
  });

  app.post<{ Body: Record<string, unknown> }>('/apply', { preHandler: app.csrfProtection }, async (request, reply) => {
    const next = await session.apply(decisionsOf(request.body ?? {}, session.planned));
    return goTo(request, reply, next === 'plan' ? '/plan' : '/apply');
  });

  app.post('/apply/stop', { preHandler: app.csrfProtection }, async (request, reply) => {
    session.stop();
    return goTo(request, reply, '/apply');
  });

  app.get('/apply', async (request, reply) => {
    const going = session.going;
    if (!going) return answerError(request, reply, 409, uiStepWords().noRun);
    const lang = session.lang;
    const ended = going.ended;
    const view = going.view;
    const lines = ended
      ? [
          ...(view.ended ? applySummary([...view.ended.outcomes], view.ended.elapsedMs, view.ended.alreadyMatching) : []),
          ...noticesOf(ended.notices),
        ]
      : [];
    const reportPage =
      ended?.reportPage && existsSync(ended.reportPage)
        ? session.workspace.offer({ path: ended.reportPage, name: `${basename(ended.reportPage)}`, type: 'text/html; charset=utf-8' })
        : undefined;
    const title = going.kind === 'undo' ? uiStepWords(lang).undoTitle(going.undoes ?? '') : uiStepWords(lang).applyTitle;
    return screen(reply, 'apply', title, (csrf) =>
      renderApply(lang, csrf, {
        going: !ended && !going.failure,
        progress: view.counts,
        ...(going.failure ? { failure: going.failure } : {}),
        ...(ended
          ? {
              ended: {
                exitCode: ended.exitCode,
                lines,
                planChanged: ended.planChanged,
                ...(ended.chart && ended.report
                  ? { sections: planSections({ chart: ended.chart, report: ended.report, kind: 'report', lang, title: '' }) }
                  : {}),
                ...(reportPage ? { reportPage } : {}),
              },
            }
          : {}),
      }),
    );
  });

  app.get('/history', async (_request, reply) =>
    screen(reply, 'history', uiStepWords(session.lang).historyTitle, () => renderHistory(session.lang, listRuns(session.options.stateDir))),
  );

  app.get<{ Params: { run: string } }>('/history/:run', async (request, reply) => {
    session.knownRun(request.params.run);
    const lines = await runReportLines(session.options.stateDir, request.params.run);
    return screen(reply, 'history', uiStepWords(session.lang).runTitle(request.params.run), () => renderRunReport(lines));
  });

  app.get<{ Params: { run: string } }>('/history/:run/undo', async (request, reply) => {
    const runId = request.params.run;
    await session.showUndo(runId);
    const shown = session.undoShown!;
    const plan = shown.plan;
    return screen(reply, 'history', uiStepWords(session.lang).undoTitle(runId), (csrf) =>
      renderUndo(session.lang, csrf, {
        runId,
        planLines: plan ? renderPlan(plan, Infinity, { undoes: runId, ...(shown.names ? { names: shown.names } : {}) }) : [],
        notices: noticesOf(shown.notices),
        nothingToDo: !plan || plan.operations.length === 0,
        ...(plan?.guard.exceeded
          ? {
              deletion: deletionGuardLines(plan)
                .map((line) => line.trim())
                .join(' '),
            }
          : {}),
      }),
    );
  });

  app.post<{ Params: { run: string }; Body: Record<string, unknown> }>(
    '/history/:run/undo',
    { preHandler: app.csrfProtection },
    async (request, reply) => {
      await session.undo(request.params.run, request.body?.force === '1');
      return goTo(request, reply, '/apply');
    },
  );
}
