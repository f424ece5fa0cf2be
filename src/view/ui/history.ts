/**
 * The History step: the runs of the state folder, the page's and the command line's alike, with their
 * outcome; one run's report (the words of `history show RUN`); and what undo of a run would send, before
 * it is confirmed.
 */
import type { RunRecord } from '../../history/record.js';
import type { Lang } from '../../words/language.js';
import { uiStepWords } from '../../words/ui-steps.js';
import { countsText } from '../history-text.js';
import { escapeHtml as esc } from '../plan-html.js';
import { csrfField } from './layout.js';

function outcomeOf(record: RunRecord): string {
  const counts = countsText(record.counts);
  return record.error ? `${record.exit_code}: ${record.error.message.split('\n')[0]}` : `${record.exit_code}: ${counts}`;
}

export function renderHistory(lang: Lang, records: readonly RunRecord[]): string {
  const w = uiStepWords(lang);
  if (records.length === 0) return `<p id="no-runs">${esc(w.noRuns)}</p>`;
  const rows = [...records]
    .reverse()
    .map((r) => {
      const files = r.files.map((f) => f.split(/[\\/]/).pop() ?? f).join(', ');
      const undo = r.undoable ? ` · <a href="/history/${encodeURIComponent(r.id)}/undo" data-undo="${esc(r.id)}">${esc(w.undo)}</a>` : '';
      return `<tr data-run="${esc(r.id)}" data-command="${esc(r.command)}" data-exit-code="${r.exit_code}"><td>${esc(r.id)}</td><td>${esc(r.command)}</td><td class="files">${esc(r.command === 'undo' ? String(r.undoes) : files)}</td><td class="files">${esc(outcomeOf(r))}</td><td><a href="/history/${encodeURIComponent(r.id)}">${esc(w.show)}</a>${undo}</td></tr>`;
    })
    .join('');
  return `<table class="history"><thead><tr><th scope="col">${esc(w.when)}</th><th scope="col">${esc(w.command)}</th><th scope="col">${esc(w.what)}</th><th scope="col">${esc(w.outcome)}</th><th scope="col"><span class="visually-hidden">${esc(w.show)}</span></th></tr></thead><tbody>${rows}</tbody></table>`;
}

export function renderRunReport(lines: readonly string[]): string {
  return `<pre id="run-report">${esc(lines.join('\n'))}</pre><p><a href="/history">←</a></p>`;
}

export interface UndoScreen {
  runId: string;
  /** What undo will send, as the terminal's plan says it, and what it cannot give back. */
  planLines: readonly string[];
  notices: readonly string[];
  nothingToDo: boolean;
  /** The deletion guard refuses what undo removes without --force: what it says. */
  deletion?: string;
}

export function renderUndo(lang: Lang, csrf: string, screen: UndoScreen): string {
  const w = uiStepWords(lang);
  const notices = screen.notices.map((n) => `<li>${esc(n)}</li>`).join('');
  const confirm = screen.nothingToDo
    ? `<p class="done" id="nothing-to-undo">${esc(w.nothingToUndo(screen.runId))}</p>`
    : `<form method="post" action="/history/${encodeURIComponent(screen.runId)}/undo" id="undo">${csrfField(csrf)}${
        screen.deletion
          ? `<div class="decision refused" id="force"><label for="force-box"><input type="checkbox" id="force-box" name="force" value="1"> ${esc(w.forceConfirm(screen.deletion))}</label></div>`
          : ''
      }<p><button type="submit" class="primary">${esc(w.undoConfirm)}</button></p></form>`;
  return `<p>${esc(w.undoIntro)}</p>${notices ? `<ul class="notes">${notices}</ul>` : ''}<pre id="undo-plan">${esc(screen.planLines.join('\n'))}</pre>${confirm}`;
}
