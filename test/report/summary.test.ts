import { describe, expect, it } from 'vitest';
import { colourFor, summariseIssues } from '../../src/report/summary.js';
import { formatIssue } from '../../src/report/location.js';
import { makeIssue } from './make-issue.js';

describe('formatIssue', () => {
  it('names the sheet, row, canonical column and the header as written', () => {
    expect(formatIssue(makeIssue())).toBe('Employees row 14, column email ("E-mail"): The e-mail address "x" is not valid.');
  });

  it('leaves out the row of a whole-column problem and the header when it is the canonical name', () => {
    const issue = makeIssue({ row: null, header: null, code: 'missing_column', message: 'The column is missing.' });
    expect(formatIssue(issue)).toBe('Employees, column email: The column is missing.');
  });

  it('shows only the message for a problem of the whole input', () => {
    const issue = makeIssue({ sheet: null, sheetName: null, row: null, column: null, header: null, message: 'No sheets.' });
    expect(formatIssue(issue)).toBe('No sheets.');
  });
});

describe('summariseIssues', () => {
  it('says so when there is nothing to report', () => {
    expect(summariseIssues([])).toEqual(['No problems found.']);
  });

  it('shows errors before warnings, with counts per code, most frequent first', () => {
    const lines = summariseIssues([
      makeIssue({ severity: 'warning', code: 'unknown_column', row: null, column: null, header: 'Afdeling', message: 'Unknown column.' }),
      makeIssue({ row: 20 }),
      makeIssue({ row: 21 }),
      makeIssue({ row: 3, code: 'duplicate_id', column: 'employee_id', header: 'Employee ID', message: 'Duplicate.' }),
    ]);
    expect(lines[0]).toBe('3 errors and 1 warning.');
    expect(lines[2]).toBe('Employees: 3 errors (invalid_email 2, duplicate_id 1), 1 warning (unknown_column 1)');
    expect(lines.slice(3)).toEqual([
      '  error   Employees row 3, column employee_id ("Employee ID"): Duplicate.',
      '  error   Employees row 20, column email ("E-mail"): The e-mail address "x" is not valid.',
      '  error   Employees row 21, column email ("E-mail"): The e-mail address "x" is not valid.',
      '  warning Employees, column "Afdeling": Unknown column.',
    ]);
  });

  it('shows the first rows of each sheet and counts the rest', () => {
    const issues = Array.from({ length: 12 }, (_, i) => makeIssue({ row: i + 2 }));
    const lines = summariseIssues(issues, { rowsPerSheet: 10 });
    expect(lines.filter((line) => line.startsWith('  error'))).toHaveLength(10);
    expect(lines.at(-1)).toBe('  …and 2 more');
  });

  it('puts sheets with errors before sheets with only warnings', () => {
    const lines = summariseIssues([
      makeIssue({ severity: 'warning', sheet: 'absence', sheetName: 'Fravær', code: 'merged_absence' }),
      makeIssue({ sheet: 'organisation', sheetName: 'Organisation', code: 'cycle' }),
    ]);
    const titles = lines.filter((line) => /^\S.*: /.test(line)).map((line) => line.split(':')[0]);
    expect(titles).toEqual(['Organisation', 'Fravær']);
    expect(lines[0]).toBe('1 error and 1 warning in 2 sheets.');
  });

  it('colours only when asked to', () => {
    expect(summariseIssues([makeIssue()]).join('\n')).not.toContain('\u001b[');
    expect(summariseIssues([makeIssue()], { colour: true }).join('\n')).toContain('\u001b[31m');
  });
});

describe('colourFor', () => {
  it('colours a terminal unless NO_COLOR is set, and never a pipe or file', () => {
    expect(colourFor({ isTTY: true }, {})).toBe(true);
    expect(colourFor({ isTTY: true }, { NO_COLOR: '1' })).toBe(false);
    expect(colourFor({ isTTY: false }, {})).toBe(false);
    expect(colourFor({}, {})).toBe(false);
  });
});
