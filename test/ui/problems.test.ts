/**
 * 100,000 rows with 100,000 problems must not freeze the page: the Check step sends one page of them at a
 * time (filtered, grouped, counted in full), with the grid of that page's rows only.
 */
import { describe, expect, it } from 'vitest';
import { issue, type Issue } from '../../src/model/issue.js';
import { sheetKey, type ProblemRows } from '../../src/ui/check-rows.js';
import { filterFromQuery, PAGE_SIZE, problemsScreen } from '../../src/ui/problems.js';
import { renderCheck } from '../../src/view/ui/check.js';

const ROWS = 100_000;
const issues: Issue[] = Array.from({ length: ROWS }, (_, i) =>
  issue(i % 10 === 0 ? 'warning' : 'error', i % 10 === 0 ? 'trimmed_value' : 'invalid_email', `Row ${i + 2} has a problem.`, {
    sheet: 'employees',
    sheetName: 'Employees',
    file: '/x/staff.xlsx',
    row: i + 2,
    column: 'email',
    header: 'E-mail',
    value: `person${i}`,
  }),
);
const rows: ProblemRows = new Map([
  [
    sheetKey('/x/staff.xlsx', 'Employees'),
    {
      file: '/x/staff.xlsx',
      sheetName: 'Employees',
      columns: [
        { index: 1, header: 'Medarbejder_id', canonical: 'employee_id' },
        { index: 2, header: 'E-mail', canonical: 'email' },
      ],
      rows: new Map(issues.map((i) => [i.row!, { employee_id: String(i.row), email: i.value! }])),
    },
  ],
]);

describe('the problems of a check', () => {
  it('shows 100,000 problems a page at a time, counted in full, with the page’s rows in the grid and the faulty cells marked', () => {
    const screen = problemsScreen(issues, rows, {}, 1);
    expect(screen.total).toBe(ROWS);
    expect([screen.errors, screen.warnings]).toEqual([90_000, 10_000]);
    expect(screen.items).toHaveLength(PAGE_SIZE);
    expect(screen.pages).toBe(ROWS / PAGE_SIZE);
    const html = renderCheck('en', 'token', { ...screen, errorFiles: [], canPlan: false, upload: '' });
    expect(html.match(/<tr class="error"/g)).toHaveLength(PAGE_SIZE);
    expect(html.match(/<td class="faulty error" data-column="email"/g)).toHaveLength(PAGE_SIZE);
    // The page stays small: its size does not grow with the problems it does not show.
    expect(html.length).toBeLessThan(200_000);
    expect(html).toContain('Problems 1–100 of 100,000.');
    expect(html).toContain('rel="next"');
  });

  it('filters by severity, sheet, kind and a word, and turns the pages', () => {
    const { filter, page } = filterFromQuery({ severity: 'warning', code: 'trimmed_value', q: 'person99', page: '2' });
    const screen = problemsScreen(issues, rows, filter, page);
    // person99, person990…person999, person9900…: the warnings (every tenth row) among them.
    expect(screen.items.every((i) => i.severity === 'warning' && i.code === 'trimmed_value' && i.value!.includes('person99'))).toBe(true);
    expect(screen.page).toBe(2);
    expect(problemsScreen(issues, rows, { sheet: 'Other' }, 1).total).toBe(0);
    expect(filterFromQuery({ page: '../../etc', severity: 'everything' })).toEqual({ filter: {}, page: 1 });
  });
});
