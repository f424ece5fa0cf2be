/**
 * The check's problems as the page shows them: filtered (severity, sheet, code, a word), grouped by sheet
 * and code, and one page at a time, so 100,000 problems are 100 on the page and the browser never holds
 * them all. The grid shows the rows of the page's problems with their faulty cells.
 */
import type { Issue } from '../model/issue.js';
import type { CheckScreen, ProblemGrid } from '../view/ui/check.js';
import { sheetKey, type ProblemRows } from './check-rows.js';

export const PAGE_SIZE = 100;

export interface ProblemFilter {
  severity?: 'error' | 'warning';
  sheet?: string;
  code?: string;
  q?: string;
}

/** The filter from the address's query; anything it does not know is left out. */
export function filterFromQuery(query: Readonly<Record<string, unknown>>): { filter: ProblemFilter; page: number } {
  const text = (name: string): string | undefined => {
    const value = query[name];
    return typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, 200) : undefined;
  };
  const filter: ProblemFilter = {};
  const severity = text('severity');
  if (severity === 'error' || severity === 'warning') filter.severity = severity;
  const sheet = text('sheet');
  if (sheet !== undefined) filter.sheet = sheet;
  const code = text('code');
  if (code !== undefined) filter.code = code;
  const q = text('q');
  if (q !== undefined) filter.q = q;
  const page = Number(text('page') ?? '1');
  return { filter, page: Number.isInteger(page) && page >= 1 ? page : 1 };
}

function matches(issue: Issue, filter: ProblemFilter): boolean {
  if (filter.severity && issue.severity !== filter.severity) return false;
  if (filter.sheet !== undefined && (issue.sheetName ?? '') !== filter.sheet) return false;
  if (filter.code !== undefined && issue.code !== filter.code) return false;
  if (filter.q !== undefined) {
    const q = filter.q.toLowerCase();
    const text = `${issue.message} ${issue.value ?? ''} ${issue.header ?? ''} ${issue.column ?? ''}`.toLowerCase();
    if (!text.includes(q)) return false;
  }
  return true;
}

/** Errors first, then by sheet and row, as the error file lists them. */
function byPlace(a: Issue, b: Issue): number {
  return (
    Number(a.severity === 'warning') - Number(b.severity === 'warning') ||
    (a.sheetName ?? '').localeCompare(b.sheetName ?? '') ||
    (a.row ?? 0) - (b.row ?? 0)
  );
}

export function problemsScreen(
  issues: readonly Issue[],
  rows: ProblemRows,
  filter: ProblemFilter,
  page: number,
): Omit<CheckScreen, 'errorFiles' | 'canPlan' | 'upload'> {
  const shown = issues.filter((issue) => matches(issue, filter)).sort(byPlace);
  const pages = Math.max(1, Math.ceil(shown.length / PAGE_SIZE));
  const at = Math.min(page, pages);
  const items = shown.slice((at - 1) * PAGE_SIZE, at * PAGE_SIZE);
  const groups = new Map<string, { sheetName: string | null; code: string; severity: Issue['severity']; count: number }>();
  for (const issue of issues) {
    const key = `${issue.severity}\u0000${issue.sheetName ?? ''}\u0000${issue.code}`;
    const group =
      groups.get(key) ?? groups.set(key, { sheetName: issue.sheetName, code: issue.code, severity: issue.severity, count: 0 }).get(key)!;
    group.count++;
  }
  const errors = issues.filter((i) => i.severity === 'error').length;
  return {
    errors,
    warnings: issues.length - errors,
    total: shown.length,
    page: at,
    pages,
    from: shown.length === 0 ? 0 : (at - 1) * PAGE_SIZE + 1,
    to: (at - 1) * PAGE_SIZE + items.length,
    items,
    groups: [...groups.values()].sort((a, b) => Number(a.severity === 'warning') - Number(b.severity === 'warning') || b.count - a.count),
    filter,
    sheets: [...new Set(issues.map((i) => i.sheetName ?? ''))].filter((s) => s !== '').sort(),
    codes: [...new Set(issues.map((i) => i.code))].sort(),
    grids: gridsOf(items, rows),
  };
}

/** The page's problem rows, sheet by sheet, each cell marked with the problems at it. */
function gridsOf(items: readonly Issue[], rows: ProblemRows): ProblemGrid[] {
  const grids = new Map<string, ProblemGrid>();
  for (const issue of items) {
    if (issue.row === null) continue;
    const sheet = rows.get(sheetKey(issue.file, issue.sheetName));
    const cells = sheet?.rows.get(issue.row);
    if (!sheet || !cells) continue;
    const key = sheetKey(issue.file, issue.sheetName);
    const grid =
      grids.get(key) ??
      grids
        .set(key, { sheetName: sheet.sheetName, columns: sheet.columns.map((c) => ({ name: c.canonical!, header: c.header })), rows: [] })
        .get(key)!;
    let row = grid.rows.find((r) => r.row === issue.row);
    if (!row) {
      row = { row: issue.row, cells: grid.columns.map((c) => ({ column: c.name, text: cells[c.name] ?? '', problems: [] })) };
      grid.rows.push(row);
    }
    const cell = row.cells.find((c) => c.column === issue.column);
    if (cell) cell.problems.push({ severity: issue.severity, message: issue.message });
    else row.problems = [...(row.problems ?? []), { severity: issue.severity, message: issue.message }];
  }
  for (const grid of grids.values()) grid.rows.sort((a, b) => a.row - b.row);
  return [...grids.values()];
}
