/**
 * The HTML page of a run: `plan` writes `NAME.plan.html` beside the input, the main job
 * `NAME.report.html` (or `--html FILE`); its path is printed. Built by the view from data only.
 */
import { basename, dirname, extname, join } from 'node:path';
import type { Organisation, ProposedRename } from '../model/organisation.js';
import type { CurrentState } from '../model/service-state.js';
import { replaceFileWith } from '../json-file.js';
import { buildReport, type ReportInput } from '../report/json.js';
import { buildOrgChart } from '../view/org-chart.js';
import { MAX_PAGE_OPERATIONS, renderPlanPage } from '../view/plan-html.js';
import { language } from '../words/language.js';
import { namedInput } from './output-paths.js';
import type { ImportOptions } from './options.js';
import type { RunResult } from './run-result.js';
import type { Run } from './run.js';
import { reasonWording } from '../view/reason-text.js';

/** What the page needs besides the plan: the workbook's organisation and the service's before it. */
export interface PageSource {
  desired: Organisation;
  current: CurrentState;
  /** Units that look renamed in the export (validation): the page asks for a decision on each. */
  proposedRenames?: readonly ProposedRename[];
}

/**
 * The command that accepts the rename proposals: the run's own command, files and the options that decide
 * how the files are read, with `--accept-renames`. No service option is repeated (they may carry secrets,
 * and come from the configuration or the environment, as for the run itself).
 */
export function acceptRenamesCommand(options: ImportOptions): string {
  const args = ['orgsync-import', ...(options.command === 'plan' ? ['plan'] : []), ...options.files];
  if (options.mapFile) args.push('--map', options.mapFile);
  if (options.pathSeparator) args.push('--path-separator', options.pathSeparator);
  if (options.dateOrder) args.push('--date-order', options.dateOrder);
  if (options.encoding) args.push('--encoding', options.encoding);
  if (options.today) args.push('--today', options.today);
  if (options.sandbox) args.push('--sandbox');
  args.push('--accept-renames');
  return args.map(shellWord).join(' ');
}

/** A word as a shell reads it back: quoted when it holds anything but plain characters. */
function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/**
 * `staff.xlsx` → `staff.plan.html` beside it; a folder of CSV files `folder` → `folder.plan.html` beside
 * it, also when it is given as `.` (named after the folder's own name, never a hidden `..plan.html`).
 * The main job's page is `NAME.report.html`, once it has sent something.
 */
export function pagePath(
  options: Pick<ImportOptions, 'files' | 'command' | 'html'>,
  kind: PageKind = options.command === 'plan' ? 'plan' : 'report',
): string {
  if (options.html) return options.html;
  const input = namedInput(options.files[0]!);
  return join(dirname(input), `${basename(input, extname(input))}.${kind}.html`);
}

type PageKind = 'plan' | 'report';

/**
 * The rename proposals still open after the run: one whose new unit the run created (the user ran it
 * without --accept-renames) is decided, and accepting it now would do nothing, so the page no longer asks.
 */
export function openProposals(proposals: readonly ProposedRename[] | undefined, result: Pick<RunResult, 'outcomes'>): ProposedRename[] {
  const created = new Set<string>();
  for (const { op, status } of result.outcomes ?? []) {
    if ((op.type === 'createDepartment' || op.type === 'createTeam') && (status === 'done' || status === 'unchanged')) created.add(op.id);
  }
  return (proposals ?? []).filter((proposal) => !created.has(proposal.to));
}

/** The page of a run's `result`, whose `report` (the JSON report's input) the page shows too. */
export async function writePage(run: Run, source: PageSource, result: RunResult, report: ReportInput): Promise<void> {
  const { options, view } = run;
  const { plan } = result;
  if (!plan) return;
  // An undo has no input to put its page beside: it gets one with --html only.
  if (options.files.length === 0 && !options.html) return;
  const operationCount = plan.operations.length;
  // A run with nothing to do did nothing: the page of the last run that did something stays.
  if (options.command !== 'plan' && operationCount === 0) return;
  if (operationCount > MAX_PAGE_OPERATIONS) {
    // Where the whole plan is instead: the --report file, else the saved plan file.
    view.notice({ kind: 'no_page', operations: operationCount, most: MAX_PAGE_OPERATIONS, whole: options.report ?? options.out ?? null });
    return;
  }
  // A run that sent nothing (declined, refused by a guard) did nothing to report: its page is the plan
  // it would have carried out, and the report of the last run that did something stays.
  const kind: PageKind = options.command === 'plan' || result.outcomes === undefined ? 'plan' : 'report';
  const path = pagePath(options, kind);
  try {
    const chart = buildOrgChart({ ...source.current, desired: source.desired }, plan);
    const html = renderPlanPage({
      chart,
      report: buildReport(report, reasonWording),
      kind,
      lang: language(),
      title: options.files.map((f) => basename(f)).join(', '),
      ...(openProposals(source.proposedRenames, result).length
        ? { proposals: { renames: openProposals(source.proposedRenames, result), command: acceptRenamesCommand(options) } }
        : {}),
    });
    await replaceFileWith(path, [html]);
    view.notice({ kind: 'page_written', page: kind, path });
  } catch (error) {
    // What was applied stays applied; only the page is missing.
    view.notice({ kind: 'page_unwritable', path, why: (error as Error).message });
  }
}
