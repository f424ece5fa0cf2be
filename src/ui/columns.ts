/**
 * The Columns step between the page and the starter profile: what the starter read (each header, its
 * column, why), the choices a person can make (any column the sheet can hold, or ignore; a date format per
 * date column; what each of the export's own spellings of a fixed value means), and the form's answer read
 * back into choices. Every choice names a header by its place in the list the server keeps, never by a
 * text the browser sends.
 */
import { SHEET_COLUMNS } from '../model/fields.js';
import type { SheetKind } from '../model/sheet-kind.js';
import { DATE_FORMATS } from '../sheets/column-values.js';
import { columnsOf } from '../sheets/columns.js';
import { DATE_COLUMNS } from '../sheets/profile/rules.js';
import type { SheetChoices, StarterSheet } from '../sheets/starter.js';
import { valueRules } from '../validate/value-maps.js';
import type { ColumnsScreen, ScreenSheet } from '../view/ui/columns.js';
import type { Columns } from './session.js';

/**
 * A date column's formats as one choice of the form: a single format, or the formats an export writes its
 * dates in, tried in order (exports.md "Dates as exports write them"), joined by `FORMATS_JOINED`.
 */
const FORMATS_JOINED = ', ';

function formatChoice(format: string | readonly string[] | undefined): string | undefined {
  return typeof format === 'string' || format === undefined ? format : format.join(FORMATS_JOINED);
}

/** The form's date choice back as formats; undefined when any of them is not a format the profile reads. */
function formatsOfChoice(choice: string): string | readonly string[] | undefined {
  const formats = choice.split(FORMATS_JOINED);
  if (!formats.every((format) => DATE_FORMATS.includes(format))) return undefined;
  return formats.length === 1 ? formats[0] : formats;
}

/** What a fixed-value column's values may be set to: the template's English drop-down, the leader flag's yes and no. */
function valuesOf(kind: SheetKind, column: string): readonly string[] | undefined {
  if (column === 'is_manager') return ['yes', 'no'];
  // A placements file is an export's only, never the template's: its one fixed value is the leader flag.
  return kind === 'placements' ? undefined : SHEET_COLUMNS[kind].find((c) => c.column === column)?.dropdown?.en;
}

/** The choices in force for a sheet: the person's, else what the starter profile read. */
function choicesOf(sheet: StarterSheet, chosen: SheetChoices | undefined): SheetChoices {
  if (chosen) return chosen;
  const headers: Record<string, string | null> = {};
  const dates: SheetChoices['dates'] = {};
  const values: SheetChoices['values'] = {};
  for (const c of sheet.columns) {
    headers[c.header] = c.column;
    if (c.column !== null && c.dateFormat !== undefined) dates[c.column] = c.dateFormat;
    if (c.column !== null && c.values !== undefined) values[c.column] = c.values;
  }
  return { headers, dates, values };
}

export function columnsScreen(columns: Columns): Pick<ColumnsScreen, 'sheets'> {
  const sheets: ScreenSheet[] = columns.starter.sheets.map((sheet) => {
    const choice = choicesOf(sheet, columns.choices[sheet.kind]);
    const offered = columnsOf(sheet.kind).map((c) => c.name);
    const rows = sheet.columns.map((c, index) => ({
      index,
      header: c.header,
      samples: c.samples,
      chosen: choice.headers[c.header] ?? null,
      choices: offered,
      guessed: c.guessed && choice.headers[c.header] === c.column,
      known: c.known,
      ...(c.note !== undefined ? { note: c.note } : {}),
    }));
    const chosenColumns = [...new Set(rows.flatMap((r) => (r.chosen === null ? [] : [r.chosen])))];
    const dates = chosenColumns
      .filter((column) => DATE_COLUMNS.has(column))
      .map((column) => {
        const format = formatChoice(choice.dates[column]);
        // The starter's formats of a column are offered as they are, beside each single format.
        const formats = format === undefined || DATE_FORMATS.includes(format) ? DATE_FORMATS : [format, ...DATE_FORMATS];
        return { column, format, formats };
      });
    const spellings = chosenColumns.flatMap((column) => {
      const accepts = valueRules(sheet.kind, column);
      const values = valuesOf(sheet.kind, column);
      if (!accepts || !values) return [];
      const written = rows.filter((r) => r.chosen === column).flatMap((r) => r.samples);
      return [...new Set(written)]
        .filter((value) => choice.values[column]?.[value] !== undefined || !accepts(value))
        .map((value) => ({ column, value, meant: choice.values[column]?.[value], choices: values }));
    });
    return { kind: sheet.kind, sheetName: sheet.sheetName, rows, dates, spellings };
  });
  return { sheets };
}

/**
 * The form's fields as choices: `h.KIND.INDEX` the column of the sheet's INDEXth header ('' to ignore it),
 * `d.KIND.COLUMN` a date format ('' for none), `v.KIND.COLUMN.N` what the Nth spelling `s.KIND.COLUMN.N`
 * means ('' for nothing). A column or value the sheet cannot hold is left out (the profile check would
 * refuse it by name; the form offers none).
 */
export function choicesFromForm(columns: Columns, form: Readonly<Record<string, unknown>>): Partial<Record<SheetKind, SheetChoices>> {
  const field = (name: string): string | undefined => {
    const value = form[name];
    return typeof value === 'string' ? value : undefined;
  };
  const choices: Partial<Record<SheetKind, SheetChoices>> = {};
  for (const sheet of columns.starter.sheets) {
    const kind = sheet.kind;
    const offered = new Set(columnsOf(kind).map((c) => c.name));
    const before = choicesOf(sheet, columns.choices[kind]);
    const headers: Record<string, string | null> = {};
    sheet.columns.forEach((c, index) => {
      const given = field(`h.${kind}.${index}`);
      headers[c.header] = given === undefined ? (before.headers[c.header] ?? null) : given !== '' && offered.has(given) ? given : null;
    });
    const mapped = new Set(Object.values(headers).filter((column): column is string => column !== null));
    const dates: SheetChoices['dates'] = {};
    for (const column of mapped) {
      if (!DATE_COLUMNS.has(column)) continue;
      const given = field(`d.${kind}.${column}`);
      const format = given === undefined ? before.dates[column] : given === '' ? undefined : formatsOfChoice(given);
      if (format !== undefined) dates[column] = format;
    }
    const values: Record<string, Record<string, string>> = {};
    for (const column of mapped) {
      const allowed = valuesOf(kind, column);
      if (!allowed) continue;
      const spelled: Record<string, string> = {};
      for (let n = 0; field(`s.${kind}.${column}.${n}`) !== undefined; n++) {
        const meant = field(`v.${kind}.${column}.${n}`);
        if (meant !== undefined && allowed.includes(meant)) spelled[field(`s.${kind}.${column}.${n}`)!] = meant;
      }
      if (Object.keys(spelled).length > 0) values[column] = spelled;
      else if (before.values[column] && field(`s.${kind}.${column}.0`) === undefined) values[column] = before.values[column]!;
    }
    choices[kind] = { headers, dates, values };
  }
  return choices;
}
