/**
 * The Apply step: while the run goes, its progress (done, left, failed, retries) drawn from the events by
 * the page's script, and the button that stops it as Ctrl-C does; once it ended, its result: the closing
 * summary, what it said, the report's counts, failures and chart, and the report page to keep.
 */
import type { Lang } from '../../words/language.js';
import { uiStepWords } from '../../words/ui-steps.js';
import { escapeHtml as esc, type PlanSections } from '../plan-html.js';
import { csrfField } from './layout.js';

export interface ApplyScreen {
  going: boolean;
  progress: { phase: string; done: number; failed: number; left: number; retries: number; total: number };
  /** What stopped the run before it could end, in one sentence. */
  failure?: string;
  ended?: {
    exitCode: number;
    /** The closing summary and what the run said, in words. */
    lines: readonly string[];
    /** The plan made now differs from the one the person saw: nothing was sent. */
    planChanged: boolean;
    sections?: PlanSections;
    reportPage?: string;
  };
}

export function renderApply(lang: Lang, csrf: string, screen: ApplyScreen): string {
  const w = uiStepWords(lang);
  const number = (key: keyof ApplyScreen['progress'], label: string) =>
    `<span><strong data-progress="${key}">${esc(String(screen.progress[key]))}</strong> ${esc(label)}</span>`;
  const progress = `<section id="progress" aria-labelledby="progress-title"><h2 id="progress-title">${esc(w.progressTitle)}</h2>
<p id="phase">${esc(screen.progress.phase)}</p>
<progress data-progress-bar max="${Math.max(1, screen.progress.total)}" value="${screen.progress.done + screen.progress.failed}" aria-labelledby="progress-title"></progress>
<p class="progress" aria-live="polite">${number('done', w.done)}${number('left', w.left)}${number('failed', w.failed)}${number('retries', w.retries)}</p></section>`;
  if (screen.going) {
    return `${progress}<form method="post" action="/apply/stop" id="stop">${csrfField(csrf)}<p class="muted">${esc(w.stopIntro)}</p><p><button type="submit">${esc(w.stop)}</button></p></form>`;
  }
  if (screen.failure)
    return `<p class="problem" id="failure" role="alert">${esc(screen.failure)}</p><p><a href="/plan">${esc(w.planTitle)}</a></p>`;
  const ended = screen.ended;
  if (!ended) return `<p>${esc(w.noRun)}</p>`;
  const lines = ended.lines.map((line) => `<li>${esc(line)}</li>`).join('');
  const changed = ended.planChanged ? `<p class="problem" id="plan-changed">${esc(w.planChanged)}</p>` : '';
  const s = ended.sections;
  return `${progress}<section id="result" data-exit-code="${ended.exitCode}" aria-labelledby="result-title"><h2 id="result-title">${esc(w.result)}</h2>${changed}<ul>${lines}</ul>
${ended.reportPage ? `<p><a href="${esc(ended.reportPage)}" download id="report-page">${esc(w.reportLink)}</a></p>` : ''}
<p><a href="/check">${esc(w.runAgain)}</a> · <a href="/history">${esc(w.toHistory)}</a></p></section>
${s ? `${s.counts}${s.failures}${s.chart}` : ''}`;
}
