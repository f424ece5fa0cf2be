/**
 * The sentences of the report stage: the terminal summary of issues (src/report/summary.ts), the place of
 * an issue (location.ts) and the annotated error files (error-workbook.ts, error-csv.ts, issues-for-file.ts).
 */
import { andList, formatNumber, phrasebook, plural } from './language.js';

type Severity = 'error' | 'warning';
/** The warnings whose repeats in one sheet the summary gives as one line. */
export type RepeatedCode = 'unknown_column' | 'ignored_column';

const en = {
  noProblems: 'No problems found.',
  /** "3 errors", "1 warning". */
  issueCount: (count: number, severity: Severity) => `${formatNumber(count)} ${plural(count, severity, `${severity}s`)}`,
  /** The first line of the summary; `counts` are the issue counts ("3 errors"), `sheets` how many sheets have issues. */
  headline: (counts: readonly string[], sheets: number) => `${andList(counts)}${plural(sheets, '', ` in ${formatNumber(sheets)} sheets`)}.`,
  /** The mark before each issue, as wide for both severities so the issues line up. */
  mark: { error: 'error  ', warning: 'warning' } as Record<Severity, string>,
  more: (more: number) => `  …and ${formatNumber(more)} more`,
  /** Repeats of one kind in one sheet as one line; `list` names them (`"A", "B" and 3 more`). */
  repeats: (code: RepeatedCode, count: number, list: string) =>
    code === 'unknown_column'
      ? `${formatNumber(count)} unknown ${plural(count, 'column is', 'columns are')} ignored: ${list}`
      : `${formatNumber(count)} ${plural(count, 'column is', 'columns are')} ignored, as other columns already give their values: ${list}`,
  moreRepeats: (count: number) => `${formatNumber(count)} more`,
  /** The group of issues of no sheet (a missing sheet, an unreadable file). */
  wholeInput: 'Input',

  /** "Employees row 14", "row 14", "column email ("E-mail")", "column "E-mail"". */
  sheetRow: (sheet: string, row: number) => `${sheet} row ${row}`,
  row: (row: number) => `row ${row}`,
  columnWithHeader: (column: string, header: string) => `column ${column} ("${header}")`,
  column: (column: string) => `column ${column}`,
  headerOnly: (header: string) => `column "${header}"`,

  /** A warning's note in an error file starts with this ("Warning: "); an error's has no prefix. */
  warningPrefix: 'Warning: ',
  /** The column the CSV error file adds, and the sheet the workbook error file adds. */
  errorsColumn: 'errors',
  errorsSheet: 'Errors',
  /** The column titles of the workbook's Errors sheet, in order. */
  errorsSheetColumns: ['Severity', 'Sheet', 'Row', 'Column', 'Header', 'Code', 'Message', 'Value', 'Cell'] as readonly string[],
  severity: { error: 'error', warning: 'warning' } as Record<Severity, string>,
};

export const reportWords = phrasebook({
  en,
  da: {
    noProblems: 'Ingen problemer fundet.',
    issueCount: (count, severity) => `${formatNumber(count)} ${severity === 'error' ? 'fejl' : plural(count, 'advarsel', 'advarsler')}`,
    headline: (counts, sheets) => `${andList(counts)}${plural(sheets, '', ` i ${formatNumber(sheets)} ark`)}.`,
    mark: { error: 'fejl    ', warning: 'advarsel' },
    more: (more) => `  …og ${formatNumber(more)} mere`,
    repeats: (code, count, list) =>
      code === 'unknown_column'
        ? `${formatNumber(count)} ${plural(count, 'ukendt kolonne ignoreres', 'ukendte kolonner ignoreres')}: ${list}`
        : `${formatNumber(count)} ${plural(count, 'kolonne', 'kolonner')} ignoreres, da andre kolonner allerede giver deres værdier: ${list}`,
    moreRepeats: (count) => `${formatNumber(count)} mere`,
    wholeInput: 'Inddata',

    sheetRow: (sheet, row) => `${sheet} række ${row}`,
    row: (row) => `række ${row}`,
    columnWithHeader: (column, header) => `kolonne ${column} ("${header}")`,
    column: (column) => `kolonne ${column}`,
    headerOnly: (header) => `kolonne "${header}"`,

    warningPrefix: 'Advarsel: ',
    errorsColumn: 'fejl',
    errorsSheet: 'Fejl',
    errorsSheetColumns: ['Type', 'Ark', 'Række', 'Kolonne', 'Overskrift', 'Kode', 'Besked', 'Værdi', 'Celle'],
    severity: { error: 'fejl', warning: 'advarsel' },
  },
});
