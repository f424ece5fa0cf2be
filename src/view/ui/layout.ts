/**
 * The frame of every screen of `orgsync-import ui`: where the import sends (the address and company, or
 * the rehearsal, said on every screen), the language switch, the six steps, and the step's own content.
 * The style and the script are files of the server's own (CSP `'self'`): nothing is inline, nothing comes
 * from anywhere else.
 */
import { escapeHtml as esc } from '../plan-html.js';
import type { Lang } from '../../words/language.js';
import { uiWords } from '../../words/ui.js';

export const STEPS = ['start', 'columns', 'check', 'plan', 'apply', 'history'] as const;
export type Step = (typeof STEPS)[number];

export interface Frame {
  lang: Lang;
  step: Step;
  /** The token every form that changes something sends back (`_csrf`). */
  csrf: string;
  /** Where the import sends: a service's address and company, or the sandbox. */
  service: { sandbox: true } | { sandbox: false; address: string; company: string };
  /** Steps that can be opened now (the others are shown, not linked). */
  open: ReadonlySet<Step>;
  /** The chart's own style and script (the plan step). */
  chart?: boolean;
}

const PATHS: Record<Step, string> = {
  start: '/',
  columns: '/columns',
  check: '/check',
  plan: '/plan',
  apply: '/apply',
  history: '/history',
};

export function stepPath(step: Step): string {
  return PATHS[step];
}

/** A hidden field with the CSRF token, first in every form that changes something. */
export function csrfField(csrf: string): string {
  return `<input type="hidden" name="_csrf" value="${esc(csrf)}">`;
}

export function renderScreen(frame: Frame, title: string, body: string): string {
  const w = uiWords(frame.lang);
  const steps = STEPS.map((step, index) => {
    const name = `${index + 1}. ${w.stepNames[step]}`;
    if (step === frame.step) return `<li><a href="${PATHS[step]}" aria-current="step">${esc(name)}</a></li>`;
    if (frame.open.has(step)) return `<li><a href="${PATHS[step]}">${esc(name)}</a></li>`;
    return `<li><span class="unavailable">${esc(name)}</span></li>`;
  }).join('');
  const service = frame.service.sandbox
    ? `<p class="rehearsal" id="service" data-sandbox="true">${esc(w.rehearsal)}</p>`
    : `<p class="service" id="service" data-sandbox="false">${esc(w.sendsTo(frame.service.address, frame.service.company))}</p>`;
  const languages = (['da', 'en'] as const)
    .map(
      (lang) =>
        `<button type="submit" name="lang" value="${lang}" lang="${lang}"${lang === frame.lang ? ' aria-pressed="true"' : ' aria-pressed="false"'}>${lang === 'da' ? 'Dansk' : 'English'}</button>`,
    )
    .join('');
  return `<!DOCTYPE html>
<html lang="${frame.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="csrf-token" content="${esc(frame.csrf)}">
<title>${esc(`${title} · ${w.appTitle}`)}</title>
<link rel="stylesheet" href="/assets/ui.css">
${frame.chart ? '<link rel="stylesheet" href="/assets/chart.css">' : ''}
<script type="module" src="/assets/browser/app.js"></script>
${frame.chart ? '<script defer src="/assets/chart.js"></script>' : ''}
</head>
<body data-step="${frame.step}">
<a class="skip" href="#main">${esc(w.skip)}</a>
<header>
<div class="top"><p class="app">${esc(w.appTitle)}</p>
<form method="post" action="/language" class="language" aria-label="${esc(w.language)}">${csrfField(frame.csrf)}${languages}</form></div>
${service}
<nav aria-label="${esc(w.steps)}"><ol class="steps">${steps}</ol></nav>
</header>
<main id="main" tabindex="-1">
<noscript><p class="problem">${esc(w.needsScript)}</p></noscript>
<h1>${esc(title)}</h1>
<div id="alert" role="alert" class="problem" hidden></div>
${body}
</main>
</body>
</html>
`;
}
