/**
 * The terminal summary of issues: a pure function from issues to lines, so the CLI decides where they go.
 * Grouped by sheet, counts per code, then the first lines of each group and "…and N more". Inside a group
 * (and among the groups) the order is what each issue asks of the reader: errors, then proposals to
 * decide on (never left out for "…and N more"), then what to check, then what is only said for the record;
 * repeats of one record-only kind (ten unknown columns) are one line.
 */
import type { Issue } from '../model/issue.js';
import { describeLocation, formatIssue } from './location.js';
import { reportWords, type RepeatedCode } from '../words/report.js';
import { andList } from '../words/language.js';

export interface SummaryOptions {
  /** ANSI colours; pass true only when the stream is a TTY (and NO_COLOR is unset). */
  colour?: boolean;
  /** How many issues each sheet shows before "…and N more". */
  rowsPerSheet?: number;
}

/** Colour for a stream that is a terminal, unless NO_COLOR is set (https://no-color.org). */
export function colourFor(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv = process.env): boolean {
  return stream.isTTY === true && (env.NO_COLOR === undefined || env.NO_COLOR === '');
}

const ANSI = { red: [31, 39], yellow: [33, 39], bold: [1, 22], dim: [2, 22] } as const;
type Style = keyof typeof ANSI;

interface Group {
  title: string;
  issues: Issue[];
}

/** What an issue asks of the person: fix it, decide on a proposal, check it, or nothing (said for the record). */
export type Ask = 'fix' | 'decide' | 'check' | 'note';
const ASK_ORDER: readonly Ask[] = ['fix', 'decide', 'check', 'note'];

/** Proposals the run does not act on until the person confirms them (a flag, a column to fill in). */
const DECIDE: ReadonlySet<Issue['code']> = new Set(['suggested_rename', 'suggested_match']);
/** Said for the record: the run does the expected thing and nothing waits on the person. */
const NOTE: ReadonlySet<Issue['code']> = new Set([
  'unknown_column',
  'ignored_column',
  'ignored_sheet',
  'trimmed_value',
  'merged_cells',
  'own_team',
  'old_template',
]);

export function askOf(issue: Pick<Issue, 'severity' | 'code'>): Ask {
  if (issue.severity === 'error') return 'fix';
  return DECIDE.has(issue.code) ? 'decide' : NOTE.has(issue.code) ? 'note' : 'check';
}

/** Record-only kinds whose repeats in one sheet are one line, and what names each repeat in it. */
const REPEATS: Partial<Record<Issue['code'], (issue: Issue) => string>> & Record<RepeatedCode, (issue: Issue) => string> = {
  unknown_column: (i) => `"${i.header ?? i.value ?? ''}"`,
  ignored_column: (i) => `"${i.header ?? i.value ?? ''}"`,
};
/** The most repeats named in a grouped line; the rest are counted. */
const NAMED_REPEATS = 12;

/** One line of the summary: one issue, or the repeats of one kind. */
interface Entry {
  first: Issue;
  issues: Issue[];
}

export function summariseIssues(issues: readonly Issue[], options: SummaryOptions = {}): string[] {
  const paint = (style: Style, text: string): string =>
    options.colour ? `\u001b[${ANSI[style][0]}m${text}\u001b[${ANSI[style][1]}m` : text;
  const limit = options.rowsPerSheet ?? 10;

  const words = reportWords();
  if (issues.length === 0) return [words.noProblems];

  const groups = groupBySheet(issues);
  const errors = issues.filter((i) => i.severity === 'error').length;
  const warnings = issues.length - errors;
  const lines = [headline(errors, warnings, groups.length, paint), ''];

  for (const group of groups) {
    const ordered = [...group.issues].sort(byAskThenRow);
    lines.push(`${paint('bold', group.title)}: ${countsLine(ordered, paint)}`);
    const entries = entriesOf(ordered);
    // A proposal waits for the person's decision: it is shown however many lines come before it.
    const shown = entries.filter((entry, index) => index < limit || askOf(entry.first) === 'decide');
    for (const entry of shown) {
      const mark = entry.first.severity === 'error' ? paint('red', words.mark.error) : paint('yellow', words.mark.warning);
      lines.push(`  ${mark} ${entryText(entry)}`);
    }
    const left = entries.filter((entry) => !shown.includes(entry)).reduce((n, entry) => n + entry.issues.length, 0);
    if (left > 0) lines.push(paint('dim', words.more(left)));
    lines.push('');
  }
  lines.pop();
  return lines;
}

function headline(errors: number, warnings: number, sheets: number, paint: (s: Style, t: string) => string): string {
  const parts: string[] = [];
  if (errors > 0) parts.push(paint('red', reportWords().issueCount(errors, 'error')));
  if (warnings > 0) parts.push(paint('yellow', reportWords().issueCount(warnings, 'warning')));
  return reportWords().headline(parts, sheets);
}

function countsLine(issues: readonly Issue[], paint: (s: Style, t: string) => string): string {
  const parts: string[] = [];
  for (const severity of ['error', 'warning'] as const) {
    const ofSeverity = issues.filter((i) => i.severity === severity);
    if (ofSeverity.length === 0) continue;
    const perCode = new Map<string, number>();
    for (const issue of ofSeverity) perCode.set(issue.code, (perCode.get(issue.code) ?? 0) + 1);
    const codes = [...perCode]
      .sort(([a, countA], [b, countB]) => countB - countA || a.localeCompare(b))
      .map(([code, count]) => `${code} ${count}`)
      .join(', ');
    const count = reportWords().issueCount(ofSeverity.length, severity);
    parts.push(`${severity === 'error' ? paint('red', count) : paint('yellow', count)} (${codes})`);
  }
  return parts.join(', ');
}

function groupBySheet(issues: readonly Issue[]): Group[] {
  const groups = new Map<string, Group>();
  for (const issue of issues) {
    const name = issue.sheetName ?? issue.sheet;
    // Two CSV files may share a base name only in different folders: the file keeps them apart.
    const key = name === null ? '' : `${issue.file ?? ''}\u0000${name}`;
    let group = groups.get(key);
    if (!group) {
      group = { title: name ?? reportWords().wholeInput, issues: [] };
      groups.set(key, group);
    }
    group.issues.push(issue);
  }
  // A sheet with errors first, then one with a proposal to decide on, …: the order of what they ask.
  const rank = (g: Group): number => Math.min(...g.issues.map((i) => ASK_ORDER.indexOf(askOf(i))));
  return [...groups.values()]
    .map((group, index) => ({ group, index }))
    .sort((a, b) => rank(a.group) - rank(b.group) || a.index - b.index)
    .map(({ group }) => group);
}

function byAskThenRow(a: Issue, b: Issue): number {
  return ASK_ORDER.indexOf(askOf(a)) - ASK_ORDER.indexOf(askOf(b)) || (a.row ?? 0) - (b.row ?? 0);
}

/** The sorted issues of a group as lines: the repeats of a record-only kind gathered where the first one is. */
function entriesOf(ordered: readonly Issue[]): Entry[] {
  const entries: Entry[] = [];
  const repeatsOf = new Map<Issue['code'], Entry>();
  const repeated = new Set(
    ordered.filter((i, index) => REPEATS[i.code] && ordered.findIndex((o) => o.code === i.code) !== index).map((i) => i.code),
  );
  for (const issue of ordered) {
    const gathered = repeated.has(issue.code) && askOf(issue) === 'note' ? repeatsOf.get(issue.code) : undefined;
    if (gathered) {
      gathered.issues.push(issue);
      continue;
    }
    const entry = { first: issue, issues: [issue] };
    if (repeated.has(issue.code)) repeatsOf.set(issue.code, entry);
    entries.push(entry);
  }
  return entries;
}

function entryText(entry: Entry): string {
  const name = REPEATS[entry.first.code];
  if (entry.issues.length === 1 || !name) return formatIssue(entry.first);
  const named = entry.issues.slice(0, NAMED_REPEATS).map(name);
  const rest = entry.issues.length - named.length;
  const list = andList(rest > 0 ? [...named, reportWords().moreRepeats(rest)] : named);
  const message = reportWords().repeats(entry.first.code as RepeatedCode, entry.issues.length, list);
  const place = describeLocation({ ...entry.first, row: null, column: null, header: null });
  return place === '' ? message : `${place}: ${message}`;
}
