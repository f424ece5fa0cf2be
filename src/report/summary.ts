/**
 * The terminal summary of issues: a pure function from issues to lines, so the CLI decides where they go.
 * Grouped by sheet (groups with errors first), errors before warnings inside a group, counts per code,
 * then the first rows of each group and "…and N more".
 */
import type { Issue } from '../model/issue.js';
import { formatIssue } from './location.js';
import { reportWords } from '../words/report.js';

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
    const ordered = [...group.issues].sort(bySeverityThenRow);
    lines.push(`${paint('bold', group.title)}: ${countsLine(ordered, paint)}`);
    for (const issue of ordered.slice(0, limit)) {
      const mark = issue.severity === 'error' ? paint('red', words.mark.error) : paint('yellow', words.mark.warning);
      lines.push(`  ${mark} ${formatIssue(issue)}`);
    }
    if (ordered.length > limit) lines.push(paint('dim', words.more(ordered.length - limit)));
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
      .map(([code, count]) => `${code} ${count}`).join(', ');
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
  const all = [...groups.values()];
  const hasError = (g: Group): boolean => g.issues.some((i) => i.severity === 'error');
  return [...all.filter(hasError), ...all.filter((g) => !hasError(g))];
}

function bySeverityThenRow(a: Issue, b: Issue): number {
  if (a.severity !== b.severity) return a.severity === 'error' ? -1 : 1;
  return (a.row ?? 0) - (b.row ?? 0);
}
