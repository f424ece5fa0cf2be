/**
 * The plan (or report) as one self-contained HTML page: the proposals to decide on (a unit that looks
 * renamed, with the command that accepts it), the org chart before and after, the people changes per
 * unit, the deletion guard, held removals, warnings and notes, the counts. Built from data
 * only (the chart model and the JSON report object, which the page also embeds); every text is escaped.
 *
 * Contract for scripts and tests: each unit element carries `data-unit-id`, `data-unit-kind` and
 * `data-change`; each person element `data-employee-id` and `data-change`; the report object is in
 * `<script type="application/json" id="plan">`.
 */
import type { ChartPerson, ChartUnit, OrgChart, PersonRef } from './org-chart.js';
import { PERSON_CHANGES, UNIT_CHANGES } from './org-chart.js';
import { PAGE_CSS, PAGE_SCRIPT } from './page-assets.js';
import { pageWords, pageWordsIn, type PageWords } from '../words/page.js';
import { formatNumber, language, plural, type Lang } from '../words/language.js';

/**
 * A first import of a large company plans hundreds of thousands of operations: as a page that is hundreds
 * of megabytes no browser opens, and building it would cost the run its memory. Such a plan gets no page
 * (--report lists it), and what the run says points there instead.
 */
export const MAX_PAGE_OPERATIONS = 50_000;

type Status = 'done' | 'unchanged' | 'failed' | 'skipped';
/** On the page, a removal held for approval (and what waits for it) is "held", not merely skipped. */
type ShownStatus = Status | 'held';

/** The parts of the JSON report (report/json.ts `Report`) the page shows. */
export interface PageReport {
  summary: { plan: Record<string, Record<string, number>>; operations?: Record<string, number> };
  plan: readonly { key: string; action: string; entity: string; id: string; reason: string; held?: boolean }[];
  plan_detail?: {
    notes: readonly { message: string; kind?: string; subject?: string }[];
    deletion_guard: { exceeded: boolean; kinds: readonly { entity: string; removals: number; limit: number; in_service: number }[] };
  };
  operations: readonly {
    key: string;
    action: string;
    entity: string;
    id: string;
    status: Status;
    message: string | null;
    blocked_by?: string | null;
  }[];
}

export interface PageInput {
  chart: OrgChart;
  report: PageReport;
  /** plan: before anything is sent; report: after the apply, with each operation's outcome. */
  kind: 'plan' | 'report';
  /** The page's language; the run's language when not given. */
  lang?: Lang;
  /** The input the page is about (shown in the title). */
  title: string;
  /** Units that look renamed in the export, and the command that accepts the proposals (`--accept-renames`). */
  proposals?: RenameProposals;
}

export interface RenameProposals {
  renames: readonly { kind: 'department' | 'team'; from: string; to: string }[];
  command: string;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/** JSON inside a script element: nothing in it can close the element or start a comment. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

const STATUS_ORDER: ShownStatus[] = ['failed', 'skipped', 'held', 'unchanged', 'done'];

interface Context {
  w: PageWords;
  statusOf: Map<string, { status: ShownStatus; message: string | null }>;
  personNotes: Map<string, string[]>;
  /** `kind:id` → what a rename proposal says at that unit (the new one and the old one). */
  proposalAt: Map<string, { side: 'rename-of' | 'renamed-to'; text: string }>;
  /** `kind:id` → the name the chart shows: a move says from where to where by name. */
  names: ReadonlyMap<string, string>;
}

/** A unit by its name where the chart has one, else by its id; a dash for none. */
function unitName(kind: 'department' | 'team', id: string | null, ctx: Context): string {
  return id === null ? '—' : (ctx.names.get(`${kind}:${id}`) ?? id);
}

function badge(kind: string, word: string): string {
  return `<span class="badge b-${kind}">${escapeHtml(word)}</span>`;
}

function who(ref: PersonRef | null, w: PageWords): string {
  if (!ref) return escapeHtml(w.nobody);
  return `${escapeHtml(ref.name ?? ref.employeeId)} <span class="pid">${escapeHtml(ref.employeeId)}</span>`;
}

function sameRef(a: PersonRef | null, b: PersonRef | null): boolean {
  return (a?.employeeId ?? null) === (b?.employeeId ?? null);
}

/** A skipped operation that is a held removal, or waits for one, is shown as held. */
function shownStatus(operation: PageReport['operations'][number], held: ReadonlySet<string>): ShownStatus {
  if (operation.status !== 'skipped') return operation.status;
  return held.has(operation.key) || (operation.blocked_by != null && held.has(operation.blocked_by)) ? 'held' : 'skipped';
}

/** The worst outcome among a unit's or person's operations (report page only). */
function outcome(keys: readonly string[], ctx: Context): string {
  const statuses = keys.map((k) => ctx.statusOf.get(k)).filter((s) => s !== undefined);
  if (statuses.length === 0) return '';
  const worst = STATUS_ORDER.find((s) => statuses.some((f) => f.status === s))!;
  const failed = statuses.filter((f) => f.status === 'failed' && f.message).map((f) => escapeHtml(f.message!));
  return ` <span class="badge s-${worst}" data-status="${worst}">${escapeHtml(ctx.w.status[worst])}</span>${failed.length > 0 ? ` <span class="warn">${failed.join('; ')}</span>` : ''}`;
}

function personElement(p: ChartPerson, ctx: Context): string {
  const { w } = ctx;
  const facts: string[] = [];
  if (p.previousId) facts.push(`${escapeHtml(w.previousId)} <span class="pid">${escapeHtml(p.previousId)}</span>`);
  if (p.change === 'joined' && p.teamBefore) facts.push(`${escapeHtml(w.fromTeam)} ${escapeHtml(unitName('team', p.teamBefore, ctx))}`);
  if (p.change === 'left' && p.teamAfter) facts.push(`${escapeHtml(w.toTeam)} ${escapeHtml(unitName('team', p.teamAfter, ctx))}`);
  for (const a of p.absences) facts.push(escapeHtml(w.absence(a.startDate, a.endDate)));
  const others = p.changes.filter((c) => c !== p.change).map((c) => escapeHtml(w.person[c]));
  const notes = (ctx.personNotes.get(p.employeeId) ?? []).map((n) => `<div class="warn">${escapeHtml(n)}</div>`).join('');
  const search = `${p.name} ${p.employeeId} ${p.previousId ?? ''} ${p.email}`.toLowerCase();
  return (
    `<li class="person p-${p.change}" data-employee-id="${escapeHtml(p.employeeId)}" data-change="${p.change}" data-changes="${p.changes.join(' ')}" data-search="${escapeHtml(search)}">` +
    `${badge(p.change, w.person[p.change])}${escapeHtml(p.name)} <span class="pid">${escapeHtml(p.employeeId)}</span> <span class="muted">${escapeHtml(p.email)}</span>` +
    `${others.length > 0 ? ` <span class="facts">+ ${others.join(', ')}</span>` : ''}${facts.length > 0 ? ` <span class="facts">${facts.join(' · ')}</span>` : ''}` +
    `${outcome(p.operationKeys, ctx)}${notes}</li>`
  );
}

function unitElement(u: ChartUnit, ctx: Context, out: string[]): void {
  const { w } = ctx;
  const changedPeople = u.people.some((p) => p.change !== 'unchanged');
  const open =
    u.kind === 'department' || u.change !== 'unchanged' || changedPeople || u.notes.length > 0 || ctx.proposalAt.has(`${u.kind}:${u.id}`);
  const others = u.changes.filter((c) => c !== u.change).map((c) => escapeHtml(w.unit[c]));
  const search = `${u.name} ${u.id} ${u.previousId ?? ''} ${u.nameBefore ?? ''}`.toLowerCase();
  out.push(
    `<li class="unit u-${u.change}" data-unit-id="${escapeHtml(u.id)}" data-unit-kind="${u.kind}" data-change="${u.change}" data-changes="${u.changes.join(' ')}" data-search="${escapeHtml(search)}">`,
    `<details${open ? ' open' : ''}><summary>${badge(u.change, w.unit[u.change])}<span class="muted">${escapeHtml(u.kind === 'team' ? w.team : w.department)}</span> ` +
      `<span class="unit-name">${escapeHtml(u.name)}</span> <span class="unit-id">${escapeHtml(u.id)}</span>` +
      `${others.length > 0 ? ` <span class="facts">+ ${others.join(', ')}</span>` : ''}` +
      `<span class="facts">· ${u.headcountBefore === u.headcountAfter ? u.headcountAfter : `${u.headcountBefore} → ${u.headcountAfter}`} ${escapeHtml(w.headcount)}` +
      ` · ${escapeHtml(w.responsible)}: ${u.change === 'removed' ? who(u.responsibleBefore, w) : who(u.responsibleAfter, w)}</span>${outcome(u.operationKeys, ctx)}</summary>`,
  );
  const details: string[] = [];
  if (u.changes.includes('moved'))
    details.push(
      `${escapeHtml(w.movedFrom)}: ${escapeHtml(unitName('department', u.parentBefore, ctx))} → ${escapeHtml(unitName('department', u.parentAfter, ctx))}`,
    );
  if (u.change === 'removed' && u.parentBefore)
    details.push(`${escapeHtml(w.wasUnder)} ${escapeHtml(unitName('department', u.parentBefore, ctx))}`);
  if (u.previousId)
    details.push(
      `${escapeHtml(w.renamedFrom)}: <span class="unit-id">${escapeHtml(u.previousId)}</span> → <span class="unit-id">${escapeHtml(u.id)}</span>`,
    );
  if (u.nameBefore) details.push(`${escapeHtml(w.name)}: ${escapeHtml(u.nameBefore)} → ${escapeHtml(u.name)}`);
  if (u.change !== 'added' && u.change !== 'removed' && !sameRef(u.ownerBefore, u.ownerAfter)) {
    details.push(`${escapeHtml(w.owner)}: ${who(u.ownerBefore, w)} → ${who(u.ownerAfter, w)}`);
  }
  if (u.change !== 'added' && u.change !== 'removed' && !sameRef(u.responsibleBefore, u.responsibleAfter)) {
    details.push(`${escapeHtml(w.responsible)}: ${who(u.responsibleBefore, w)} → ${who(u.responsibleAfter, w)}`);
  }
  for (const d of details) out.push(`<div class="detail">${d}</div>`);
  const proposal = ctx.proposalAt.get(`${u.kind}:${u.id}`);
  if (proposal) out.push(`<div class="detail proposal" data-proposal="${proposal.side}">${escapeHtml(proposal.text)}</div>`);
  for (const n of u.notes) out.push(`<div class="detail warn">${escapeHtml(n)}</div>`);
  if (u.people.length > 0) {
    out.push('<ul class="people">');
    for (const p of u.people) out.push(personElement(p, ctx));
    out.push('</ul>');
  }
  if (u.children.length > 0) {
    out.push('<ul class="tree">');
    for (const c of u.children) unitElement(c, ctx, out);
    out.push('</ul>');
  }
  out.push('</details></li>');
}

function countsSection(report: PageReport, kind: PageInput['kind'], w: PageWords, lang: Lang): string {
  const items: string[] = [];
  for (const [entity, actions] of Object.entries(report.summary.plan)) {
    for (const [action, count] of Object.entries(actions)) {
      items.push(
        `<li data-count="${escapeHtml(`${entity}/${action}`)}"><strong>${formatNumber(count, lang)}</strong> ${escapeHtml(plural(count, w.oneEntity[entity] ?? entity, w.entity[entity] ?? entity, lang))}: ${escapeHtml(w.action[action] ?? action)}</li>`,
      );
    }
  }
  const outcomes =
    kind === 'report' && report.summary.operations
      ? `<p class="counts">${escapeHtml(w.outcome)}: ${Object.entries(report.summary.operations)
          .filter(([, n]) => n > 0)
          .map(([status, n]) => `${badge('unchanged', String(n))}${escapeHtml(w.status[status as Status] ?? status)}`)
          .join(' ')}</p>`
      : '';
  const body = items.length > 0 ? `<ul class="counts">${items.join('')}</ul>` : `<p>${escapeHtml(w.nothingToDo)}</p>`;
  return `<section id="counts"><h2>${escapeHtml(w.counts)}</h2>${body}${outcomes}</section>`;
}

function guardSection(report: PageReport, w: PageWords): string {
  const guard = report.plan_detail?.deletion_guard;
  const lines =
    !guard || guard.kinds.length === 0
      ? [`<p>${escapeHtml(w.guardOk)}</p>`]
      : guard.kinds.map((k) => {
          const exceeded = k.removals > k.limit;
          const text = (exceeded ? w.guardExceeded : w.guardWithin)(
            w.oneEntity[k.entity] ?? k.entity,
            w.entity[k.entity] ?? k.entity,
            k.removals,
            k.in_service,
            k.limit,
          );
          return `<p class="${exceeded ? 'warn' : ''}" data-guard="${exceeded ? 'exceeded' : 'within'}">${escapeHtml(text)}</p>`;
        });
  return `<section id="guard" data-exceeded="${guard?.exceeded === true}"><h2>${escapeHtml(w.guard)}</h2>${lines.join('')}</section>`;
}

function warningsSection(report: PageReport, w: PageWords): string {
  const notes = report.plan_detail?.notes ?? [];
  const items = [...notes]
    .sort((a, b) => Number(b.kind === 'consequence') - Number(a.kind === 'consequence'))
    .map((n) => {
      const kind = n.kind === 'consequence' ? 'consequence' : 'note';
      return `<li data-note="${kind}"><span class="badge b-${kind === 'consequence' ? 'changed' : 'unchanged'}">${escapeHtml(kind === 'consequence' ? w.consequence : w.note)}</span>${escapeHtml(n.message)}</li>`;
    });
  return `<section id="warnings"><h2>${escapeHtml(w.warnings)}</h2>${items.length > 0 ? `<ul class="warnings">${items.join('')}</ul>` : `<p>${escapeHtml(w.noWarnings)}</p>`}</section>`;
}

function heldSection(report: PageReport, chart: OrgChart, w: PageWords): string {
  const held = report.plan.filter((e) => e.held === true);
  if (held.length === 0) return '';
  // Who or what each removal is, by name: an id alone is not enough to approve a removal by.
  const names = namesInChart(chart);
  const rows = held.map((e) => {
    const name = names.get(`${e.entity}:${e.id}`);
    const what = `${escapeHtml(w.oneEntity[e.entity] ?? e.entity)} ${name ? `<strong>${escapeHtml(name)}</strong> ` : ''}<span class="pid">${escapeHtml(e.id)}</span>`;
    return `<label data-key="${escapeHtml(e.key)}"><input type="checkbox" name="approve" value="${escapeHtml(e.key)}"> ${badge('removed', w.action[e.action] ?? e.action)} ${what} <span class="muted">${escapeHtml(e.reason)}</span></label>`;
  });
  return `<section id="held" class="held"><h2>${escapeHtml(w.held)}</h2><p>${escapeHtml(w.heldIntro)}</p>${rows.join('')}<p><button type="button" id="save-approvals">${escapeHtml(w.saveApprovals)}</button></p></section>`;
}

/** `employee:ID`, `department:ID`, `team:ID` → the name the chart shows (a removed unit under its id before). */
export function namesInChart(chart: OrgChart): Map<string, string> {
  const names = new Map<string, string>();
  const person = (p: ChartPerson) => {
    names.set(`employee:${p.employeeId}`, p.name);
    if (p.previousId !== undefined) names.set(`employee:${p.previousId}`, p.name);
  };
  const visit = (unit: ChartUnit) => {
    names.set(`${unit.kind}:${unit.id}`, unit.name);
    if (unit.previousId !== undefined) names.set(`${unit.kind}:${unit.previousId}`, unit.nameBefore ?? unit.name);
    unit.people.forEach(person);
    unit.children.forEach(visit);
  };
  chart.roots.forEach(visit);
  chart.noTeam.forEach(person);
  return names;
}

/** What the person must decide before the chart is what they want: each proposal and the command that accepts them. */
function proposalsSection(proposals: RenameProposals | undefined, names: ReadonlyMap<string, string>, w: PageWords): string {
  if (!proposals || proposals.renames.length === 0) return '';
  const items = proposals.renames.map((r) => {
    const text = w.proposedRename(r.kind, names.get(`${r.kind}:${r.to}`) ?? r.to, r.to, names.get(`${r.kind}:${r.from}`) ?? r.from, r.from);
    return `<li data-proposal-kind="${r.kind}" data-proposal-from="${escapeHtml(r.from)}" data-proposal-to="${escapeHtml(r.to)}">${escapeHtml(text)}</li>`;
  });
  return (
    `<section id="proposals"><h2>${escapeHtml(w.proposals)}</h2><ul>${items.join('')}</ul>` +
    `<p>${escapeHtml(w.proposalsIntro(proposals.renames.length)).replace(/--accept-renames/g, '<code>--accept-renames</code>')}</p><code class="command" data-accept="--accept-renames">${escapeHtml(proposals.command)}</code></section>`
  );
}

/** At the new unit: the unit it looks like; at the old one: the unit it looks renamed to. */
function proposalNotes(proposals: RenameProposals | undefined, names: ReadonlyMap<string, string>, w: PageWords): Context['proposalAt'] {
  const at: Context['proposalAt'] = new Map();
  for (const r of proposals?.renames ?? []) {
    const from = `${r.kind}:${r.from}`;
    const to = `${r.kind}:${r.to}`;
    at.set(to, { side: 'rename-of', text: w.renameOf(names.get(from) ?? r.from, r.from) });
    at.set(from, { side: 'renamed-to', text: w.renamedTo(names.get(to) ?? r.to, r.to) });
  }
  return at;
}

function failuresSection(report: PageReport, w: PageWords): string {
  const failed = report.operations.filter((o) => o.status === 'failed');
  const items = failed.map(
    (o) =>
      `<li data-key="${escapeHtml(o.key)}">${badge('removed', w.status.failed)}${escapeHtml(w.action[o.action] ?? o.action)} ${escapeHtml(w.oneEntity[o.entity] ?? o.entity)} <span class="pid">${escapeHtml(o.id)}</span>: ${escapeHtml(o.message ?? '')}</li>`,
  );
  return `<section id="failures"><h2>${escapeHtml(w.failures)}</h2>${items.length > 0 ? `<ul>${items.join('')}</ul>` : `<p>${escapeHtml(w.noFailures)}</p>`}</section>`;
}

function legend(w: PageWords): string {
  const units = UNIT_CHANGES.map((c) => badge(c, w.unit[c])).join('');
  const people = PERSON_CHANGES.map((c) => badge(c, w.person[c])).join('');
  return `<p class="muted">${escapeHtml(w.legend)}: ${units}</p><p class="muted">${people}</p>`;
}

/** The parts of the page, each a section: also shown among the steps of `orgsync-import ui` (src/view/ui/plan.ts). */
export interface PlanSections {
  proposals: string;
  counts: string;
  guard: string;
  failures: string;
  warnings: string;
  held: string;
  /** The chart with its legend, search, folding and the people without a team. */
  chart: string;
}

export function planSections(input: PageInput): PlanSections {
  const lang = input.lang ?? language();
  const w = input.lang === undefined ? pageWords() : pageWordsIn(lang);
  const held = new Set(input.report.plan.filter((e) => e.held === true).map((e) => e.key));
  const names = namesInChart(input.chart);
  const ctx: Context = {
    w,
    proposalAt: proposalNotes(input.proposals, names, w),
    statusOf: new Map(
      input.kind === 'report' ? input.report.operations.map((o) => [o.key, { status: shownStatus(o, held), message: o.message }]) : [],
    ),
    personNotes: input.chart.personNotes,
    names,
  };
  const tree: string[] = ['<ul class="tree">'];
  for (const u of input.chart.roots) unitElement(u, ctx, tree);
  tree.push('</ul>');
  const noTeam =
    input.chart.noTeam.length > 0
      ? `<h2>${escapeHtml(w.noTeam)}</h2><ul class="people" id="no-team">${input.chart.noTeam.map((p) => personElement(p, ctx)).join('')}</ul>`
      : '';
  return {
    proposals: proposalsSection(input.proposals, names, w),
    counts: countsSection(input.report, input.kind, w, lang),
    guard: guardSection(input.report, w),
    failures: input.kind === 'report' ? failuresSection(input.report, w) : '',
    warnings: warningsSection(input.report, w),
    held: heldSection(input.report, input.chart, w),
    chart: `<section id="chart"><h2>${escapeHtml(w.chart)}</h2>
${legend(w)}
<div class="toolbar"><label for="search">${escapeHtml(w.search)}</label><input type="search" id="search" placeholder="${escapeHtml(w.searchPlaceholder)}" autocomplete="off">
<label><input type="checkbox" id="only-changes"> ${escapeHtml(w.onlyChanges)}</label>
<button type="button" id="expand-all">${escapeHtml(w.expandAll)}</button><button type="button" id="collapse-all">${escapeHtml(w.collapseAll)}</button></div>
<p id="no-matches" class="hidden muted">${escapeHtml(w.noMatches)}</p>
${tree.join('\n')}
${noTeam}
</section>`,
  };
}

export function renderPlanPage(input: PageInput): string {
  const lang = input.lang ?? language();
  const w = input.lang === undefined ? pageWords() : pageWordsIn(lang);
  const title = `${input.kind === 'plan' ? w.planTitle : w.reportTitle}: ${input.title}`;
  const s = planSections(input);
  return `<!DOCTYPE html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:">
<title>${escapeHtml(title)}</title>
<style>${PAGE_CSS}</style>
</head>
<body data-page="${input.kind}">
<header><h1>${escapeHtml(title)}</h1><p class="muted">${escapeHtml(input.kind === 'plan' ? w.intro : w.reportIntro)}</p></header>
<main>
${s.proposals}
${s.counts}
${s.guard}
${s.failures}
${s.warnings}
${s.held}
${s.chart}
</main>
<script type="application/json" id="plan">${scriptJson(input.report)}</script>
<script>${PAGE_SCRIPT}</script>
</body>
</html>
`;
}
