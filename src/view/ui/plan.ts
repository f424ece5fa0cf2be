/**
 * The Plan step: the decisions before anything is sent (prune, each rename proposal, each held removal,
 * the guards' confirmations in words), the counts, the guards' verdicts and the warnings of the plan page,
 * and the org chart before and after. One form: "make the plan again" with the choices, or apply.
 */
import type { Lang } from '../../words/language.js';
import { pageWordsIn } from '../../words/page.js';
import { uiStepWords } from '../../words/ui-steps.js';
import { escapeHtml as esc, type PlanSections } from '../plan-html.js';
import { csrfField } from './layout.js';

export interface PlanScreen {
  sandbox: boolean;
  /** The plan page's sections; none when the files have errors. */
  sections?: PlanSections;
  proposals: { key: string; kind: 'department' | 'team'; from: string; to: string; fromName: string; toName: string; accepted: boolean }[];
  held: { key: string; action: string; entity: string; id: string; name?: string; reason: string; approved: boolean }[];
  decisions: { prune: boolean; force: boolean; acceptChanges: boolean };
  /** The deletion guard refuses the removals of the plan without --force: what it says. */
  deletion?: string;
  /** The export guard's findings (the export differs too much from the last successful run). */
  exportFindings: readonly string[];
  nothingToDo: boolean;
  errors: number;
  /** What the run said on its way, in words. */
  notices: readonly string[];
}

function checkbox(name: string, value: string, checked: boolean, label: string, id: string): string {
  return `<label for="${esc(id)}"><input type="checkbox" id="${esc(id)}" name="${name}" value="${esc(value)}"${checked ? ' checked' : ''}> ${esc(label)}</label>`;
}

export function renderPlanStep(lang: Lang, csrf: string, screen: PlanScreen): string {
  const w = uiStepWords(lang);
  const p = pageWordsIn(lang);
  const notices = screen.notices.map((n) => `<li>${esc(n)}</li>`).join('');
  if (screen.errors > 0 || !screen.sections) {
    return `<p class="problem" id="plan-blocked">${esc(w.errorsBlockPlan)}</p>${notices ? `<ul class="notes">${notices}</ul>` : ''}<p><a href="/check">${esc(w.checkTitle)}</a></p>`;
  }
  const s = screen.sections;
  const proposals =
    screen.proposals.length === 0
      ? ''
      : `<fieldset class="decision" id="proposals"><legend>${esc(w.proposalsTitle)}</legend>${screen.proposals
          .map(
            (r, i) =>
              `<p class="muted">${esc(p.proposedRename(r.kind, r.toName, r.to, r.fromName, r.from))}</p>${checkbox('rename', r.key, r.accepted, w.acceptRename(p.oneEntity[r.kind] ?? r.kind, r.to, r.from), `rename-${i}`)}`,
          )
          .join('')}</fieldset>`;
  const held =
    screen.held.length === 0
      ? ''
      : `<fieldset class="decision" id="held"><legend>${esc(w.heldTitle)}</legend><p>${esc(w.heldIntro)}</p>${screen.held
          .map((h, i) => {
            const what = `${p.action[h.action] ?? h.action} ${p.oneEntity[h.entity] ?? h.entity} ${h.name ? `${h.name} ` : ''}${h.id} (${h.reason})`;
            return `<p data-key="${esc(h.key)}">${checkbox('approve', h.key, h.approved, w.approve(what), `approve-${i}`)}</p>`;
          })
          .join('')}</fieldset>`;
  const deletion = screen.deletion
    ? `<div class="decision refused" id="force">${checkbox('force', '1', screen.decisions.force, w.forceConfirm(screen.deletion), 'force-box')}</div>`
    : '';
  const exportGuard =
    screen.exportFindings.length === 0
      ? `<p id="export-guard" data-refused="false">${esc(w.exportOk)}</p>`
      : `<div class="decision refused" id="export-guard" data-refused="true"><ul>${screen.exportFindings.map((f) => `<li>${esc(f)}</li>`).join('')}</ul>${checkbox('acceptChanges', '1', screen.decisions.acceptChanges, w.acceptChangesConfirm, 'accept-changes-box')}</div>`;
  const apply = screen.nothingToDo
    ? `<p class="done" id="nothing-to-do">${esc(w.nothingToDo)}</p>`
    : `<p>${screen.deletion || screen.exportFindings.length > 0 ? `<span class="muted">${esc(w.refusedUntilConfirmed)}</span> ` : ''}<button type="submit" class="primary" id="apply" formaction="/apply">${esc(w.applyButton(screen.sandbox))}</button></p>`;
  return `<p>${esc(w.planIntro)}</p>${notices ? `<ul class="notes" id="notices">${notices}</ul>` : ''}
<form method="post" action="/plan" id="decide">${csrfField(csrf)}
<fieldset class="decision"><legend>${esc(w.prune)}</legend>${checkbox('prune', '1', screen.decisions.prune, w.prune, 'prune-box')}<p class="muted">${esc(w.pruneIntro)}</p></fieldset>
${proposals}
<p><button type="submit" id="replan">${esc(w.replan)}</button></p>
${s.counts}
<section id="guards" aria-labelledby="guards-title"><h2 id="guards-title">${esc(w.guardTitle)}</h2>${s.guard}${deletion}${exportGuard}</section>
${held}
${s.warnings}
${apply}
</form>
${s.chart}`;
}
