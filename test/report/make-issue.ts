import type { Issue } from '../../src/model/issue.js';

export function makeIssue(overrides: Partial<Issue> = {}): Issue {
  return {
    severity: 'error',
    code: 'invalid_email',
    sheet: 'employees',
    sheetName: 'Employees',
    file: null,
    row: 14,
    column: 'email',
    header: 'E-mail',
    message: 'The e-mail address "x" is not valid.',
    value: 'x',
    ...overrides,
  };
}
