/**
 * The Check step: how many problems, grouped by sheet and kind; a filter; one page of problems with their
 * place (sheet, row, column) and words; a grid of those rows with the faulty cells marked; the annotated
 * error files; choosing the fixed file to check again.
 */
import type { Issue } from '../../model/issue.js';
import type { Lang } from '../../words/language.js';
import { reportWords } from '../../words/report.js';
import { uiStepWords } from '../../words/ui-steps.js';
import { escapeHtml as esc } from '../plan-html.js';
import { csrfField } from './layout.js';

export interface ProblemGrid {
  sheetName: string;
  columns: { name: string; header: string }[];
  rows: {
    row: number;
    cells: { column: string; text: string; problems: { severity: Issue['severity']; message: string }[] }[];
    /** Problems of the row as a whole (no column). */
    problems?: { severity: Issue['severity']; message: string }[];
  }[];
}

export interface CheckScreen {
  errors: number;
  warnings: number;
  /** Problems matching the filter, and the page of them shown (1-based `from`–`to`). */
  total: number;
  page: number;
  pages: number;
  from: number;
  to: number;
  items: readonly Issue[];
  groups: { sheetName: string | null; code: string; severity: Issue['severity']; count: number }[];
  filter: { severity?: 'error' | 'warning'; sheet?: string; code?: string; q?: string };
  sheets: readonly string[];
  codes: readonly string[];
  grids: readonly ProblemGrid[];
  errorFiles: readonly { href: string; name: string }[];
  canPlan: boolean;
  /** The upload form to choose the fixed file (view/ui/start.ts). */
  upload: string;
}

function select(id: string, label: string, values: readonly [string, string][], chosen: string | undefined): string {
  const options = values.map(
    ([value, text]) => `<option value="${esc(value)}"${value === (chosen ?? '') ? ' selected' : ''}>${esc(text)}</option>`,
  );
  return `<label for="${id}">${esc(label)}</label> <select id="${id}" name="${id}">${options.join('')}</select>`;
}

function query(filter: CheckScreen['filter'], page: number): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) if (value !== undefined) params.set(key, value);
  params.set('page', String(page));
  return `/check?${params.toString()}`;
}

function where(issue: Issue, lang: Lang): string {
  const r = reportWords(lang);
  const parts = [issue.sheetName ?? r.wholeInput];
  if (issue.row !== null) parts.push(r.row(issue.row));
  if (issue.column !== null) parts.push(issue.header !== null ? r.columnWithHeader(issue.column, issue.header) : r.column(issue.column));
  else if (issue.header !== null) parts.push(r.headerOnly(issue.header));
  return parts.join(', ');
}

function gridTable(grid: ProblemGrid, lang: Lang): string {
  const w = uiStepWords(lang);
  const head = grid.columns.map((c) => `<th scope="col">${esc(c.header)}</th>`).join('');
  const rows = grid.rows
    .map((row) => {
      const cells = row.cells
        .map((cell) => {
          if (cell.problems.length === 0) return `<td>${esc(cell.text)}</td>`;
          const worst = cell.problems.some((p) => p.severity === 'error') ? 'error' : 'warning';
          const said = cell.problems.map((p) => p.message).join(' ');
          return `<td class="faulty ${worst}" data-column="${esc(cell.column)}" title="${esc(said)}">${esc(cell.text)}<span class="visually-hidden"> (${esc(w.faulty)}: ${esc(said)})</span></td>`;
        })
        .join('');
      const whole = row.problems?.length ? ' class="faulty-row"' : '';
      return `<tr data-row="${row.row}"${whole}><th scope="row">${row.row}</th>${cells}</tr>`;
    })
    .join('');
  return `<div class="grid" role="region" aria-label="${esc(grid.sheetName)}" tabindex="0"><table class="rows" data-sheet="${esc(grid.sheetName)}"><caption>${esc(grid.sheetName)}</caption><thead><tr><th scope="col">${esc(w.rowNumber)}</th>${head}</tr></thead><tbody>${rows}</tbody></table></div>`;
}

export function renderCheck(lang: Lang, csrf: string, screen: CheckScreen): string {
  const w = uiStepWords(lang);
  const r = reportWords(lang);
  const summary =
    screen.errors + screen.warnings === 0
      ? `<p class="done" id="summary" data-errors="0" data-warnings="0">${esc(w.noProblems)}</p>`
      : `<p id="summary" data-errors="${screen.errors}" data-warnings="${screen.warnings}">${esc(w.summary(screen.errors, screen.warnings))}${screen.errors > 0 ? ` ${esc(w.errorsFirst)}` : ''}</p>`;
  const groups =
    screen.groups.length === 0
      ? ''
      : `<section id="groups" aria-labelledby="groups-title"><h2 id="groups-title">${esc(w.groups)}</h2><ul>${screen.groups
          .map(
            (g) =>
              `<li><a href="${esc(query({ severity: g.severity, ...(g.sheetName ? { sheet: g.sheetName } : {}), code: g.code }, 1))}">${esc(`${g.sheetName ?? r.wholeInput}: ${g.code}`)}</a> (${esc(r.issueCount(g.count, g.severity))})</li>`,
          )
          .join('')}</ul></section>`;
  const filter =
    screen.errors + screen.warnings === 0
      ? ''
      : `<form method="get" action="/check" id="filter" class="filter" aria-labelledby="filter-title"><h2 id="filter-title">${esc(w.filterTitle)}</h2>
${select(
  'severity',
  w.severity,
  [
    ['', w.allSeverities],
    ['error', w.errorsOnly],
    ['warning', w.warningsOnly],
  ],
  screen.filter.severity,
)}
${select('sheet', w.sheet, [['', w.allSheets], ...screen.sheets.map((s): [string, string] => [s, s])], screen.filter.sheet)}
${select('code', w.code, [['', w.allCodes], ...screen.codes.map((c): [string, string] => [c, c])], screen.filter.code)}
<label for="q">${esc(w.search)}</label> <input type="search" id="q" name="q" value="${esc(screen.filter.q ?? '')}">
<button type="submit">${esc(w.filter)}</button></form>`;
  const pager =
    screen.pages <= 1
      ? ''
      : `<nav class="pager" aria-label="${esc(w.pageOf(screen.page, screen.pages))}">${
          screen.page > 1 ? `<a href="${esc(query(screen.filter, screen.page - 1))}" rel="prev">${esc(w.previous)}</a>` : ''
        } <span>${esc(w.pageOf(screen.page, screen.pages))}</span> ${
          screen.page < screen.pages ? `<a href="${esc(query(screen.filter, screen.page + 1))}" rel="next">${esc(w.next)}</a>` : ''
        }</nav>`;
  const items = screen.items
    .map(
      (i) =>
        `<tr class="${i.severity}" data-code="${esc(i.code)}" data-sheet="${esc(i.sheetName ?? '')}" data-row="${i.row ?? ''}" data-column="${esc(i.column ?? '')}"><td>${esc(r.severity[i.severity])}</td><td>${esc(where(i, lang))}</td><td>${esc(i.message)}</td><td>${esc(i.value ?? '')}</td></tr>`,
    )
    .join('');
  const list =
    screen.errors + screen.warnings === 0
      ? ''
      : `<section id="problems" aria-labelledby="problems-title"><h2 id="problems-title">${esc(w.shown(screen.from, screen.to, screen.total))}</h2>${pager}
<table class="problems"><thead><tr><th scope="col">${esc(w.severity)}</th><th scope="col">${esc(w.where)}</th><th scope="col">${esc(w.problem)}</th><th scope="col">${esc(w.value)}</th></tr></thead><tbody>${items}</tbody></table>${pager}</section>`;
  const grids =
    screen.grids.length === 0
      ? ''
      : `<section id="rows" aria-labelledby="rows-title"><h2 id="rows-title">${esc(w.rowsTitle)}</h2>${screen.grids.map((g) => gridTable(g, lang)).join('')}</section>`;
  const files =
    screen.errorFiles.length === 0
      ? ''
      : `<section id="error-files" aria-labelledby="error-files-title"><h2 id="error-files-title">${esc(w.errorFiles)}</h2><p>${esc(w.errorFilesIntro)}</p><ul>${screen.errorFiles
          .map((f) => `<li><a href="${esc(f.href)}" download data-error-file>${esc(f.name)}</a></li>`)
          .join('')}</ul></section>`;
  const next = screen.canPlan
    ? `<form method="post" action="/plan" id="to-plan">${csrfField(csrf)}<button type="submit" class="primary">${esc(w.toPlan)}</button></form>`
    : '';
  return `${summary}${next}${files}${groups}${filter}${list}${grids}
<section id="again" aria-labelledby="again-title"><h2 id="again-title">${esc(w.checkAgain)}</h2><p>${esc(w.checkAgainIntro)}</p>${screen.upload}</section>`;
}
