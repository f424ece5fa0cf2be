/** How every report names the place of an issue: `Employees row 14, column email ("E-mail")`. */
import type { Issue } from '../model/issue.js';
import { reportWords } from '../words/report.js';

type Located = Pick<Issue, 'sheet' | 'sheetName' | 'row' | 'column' | 'header'>;

/** The place of an issue in words, or the empty string for a problem of the whole input. */
export function describeLocation(issue: Located): string {
  const parts: string[] = [];
  const sheet = issue.sheetName ?? issue.sheet;
  if (sheet !== null) parts.push(issue.row !== null ? reportWords().sheetRow(sheet, issue.row) : sheet);
  else if (issue.row !== null) parts.push(reportWords().row(issue.row));
  const column = describeColumn(issue);
  if (column !== '') parts.push(column);
  return parts.join(', ');
}

/** `column email ("E-mail")`, `column email` when the header is the canonical name or absent. */
export function describeColumn(issue: Pick<Issue, 'column' | 'header'>): string {
  const words = reportWords();
  if (issue.column !== null) {
    return issue.header !== null && issue.header !== issue.column
      ? words.columnWithHeader(issue.column, issue.header)
      : words.column(issue.column);
  }
  return issue.header !== null ? words.headerOnly(issue.header) : '';
}

/** The one line a person reads: place, colon, message. */
export function formatIssue(issue: Located & Pick<Issue, 'message'>): string {
  const place = describeLocation(issue);
  return place === '' ? issue.message : `${place}: ${issue.message}`;
}
