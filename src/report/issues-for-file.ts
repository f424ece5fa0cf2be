/** Which issues belong in the error file of one input file. */
import { resolve } from 'node:path';
import type { Issue } from '../model/issue.js';
import { reportWords } from '../words/report.js';

/**
 * The issues found in `sourcePath`. With `includeInputWide`, issues of no file (a missing sheet, say)
 * come too: they belong in a workbook's Errors sheet, but not in every one of several CSV files.
 */
export function issuesForFile(sourcePath: string, issues: readonly Issue[], includeInputWide: boolean): Issue[] {
  const wanted = resolve(sourcePath);
  return issues.filter((issue) => (issue.file === null ? includeInputWide : resolve(issue.file) === wanted));
}

/** The text a cell note or an errors column shows for one issue: `E-mail: The e-mail address … is not valid.` */
export function issueNoteText(issue: Issue): string {
  const label = issue.header ?? issue.column;
  const prefix = issue.severity === 'warning' ? reportWords().warningPrefix : '';
  return label === null ? `${prefix}${issue.message}` : `${prefix}${label}: ${issue.message}`;
}
