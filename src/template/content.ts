/**
 * What the template says, per language: sheet and file names, the one fictional example row of each
 * sheet, the values offered in the drop-down lists (all of them spellings the reader accepts) and each
 * column's help, the last three read from the field table (../model/fields.ts). Headers come from
 * ../sheets/columns.ts; the Instructions sheet's general words from ../words/template-instructions.ts. The example
 * organisation row is the top department (every Organisation sheet needs exactly one), so a fresh
 * template validates without errors; the Instructions sheet explains teams and parents.
 */
import { SHEET_COLUMNS, type ColumnDef, type ValueKind } from '../model/fields.js';
import { SHEET_KINDS, type TemplateKind } from '../model/sheet-kind.js';
import { DEPARTMENT_RESPONSIBILITIES, TEAM_RESPONSIBILITIES } from '../model/organisation.js';

export type TemplateLanguage = 'en' | 'da';

/** A cell of the example row: text, or a calendar day written as a date cell (YYYY-MM-DD). */
export type ExampleValue = string | { date: string };

export const WORKBOOK_FILE: Record<TemplateLanguage, string> = {
  en: 'orgsync-template.xlsx',
  da: 'orgsync-skabelon.xlsx',
};

/** CSV file base names: the sheet names the reader recognises, in lower case. */
export const CSV_FILE: Record<TemplateLanguage, Record<TemplateKind, string>> = {
  en: { employees: 'employees', organisation: 'organisation', absence: 'absence', delegations: 'delegations' },
  da: { employees: 'medarbejdere', organisation: 'organisation', absence: 'fravær', delegations: 'delegeringer' },
};

/**
 * CSV delimiter: Danish Excel lists with `;` (the comma is the decimal separator there), English with `,`.
 * Both are detected when reading, so a file saved either way is read.
 */
export const CSV_DELIMITER: Record<TemplateLanguage, string> = { en: ',', da: ';' };

/** Date format of date cells in the workbook and of dates written as text in the CSV files. */
export const DATE_FORMAT: Record<TemplateLanguage, { excel: string; text: (isoDay: string) => string }> = {
  en: { excel: 'yyyy-mm-dd', text: (day) => day },
  da: { excel: 'dd-mm-yyyy', text: (day) => day.split('-').reverse().join('-') },
};

/** The fictional example row of a sheet: each column's example in the field table. */
export function exampleRow(lang: TemplateLanguage, kind: TemplateKind): Record<string, ExampleValue> {
  return EXAMPLES[lang][kind];
}

const EXAMPLES = perLanguage((lang) =>
  perSheet((columns) => Object.fromEntries(columns.map((column) => [column.column, column.example[lang]]))),
);

/** Every responsibility is offered: the reader refuses one on the wrong kind of unit with its own message. */
const RESPONSIBILITIES: readonly string[] = [...DEPARTMENT_RESPONSIBILITIES, ...TEAM_RESPONSIBILITIES];

/** The values a column's drop-down list offers, or undefined for a column without one. */
function dropdownOf(column: ColumnDef, lang: TemplateLanguage): readonly string[] | undefined {
  return column.dropdown?.[lang] ?? (column.value === 'responsibility' ? RESPONSIBILITIES : undefined);
}

/** Columns offered a drop-down list, per sheet, and the values listed. */
export const DROPDOWNS: Record<TemplateLanguage, Partial<Record<TemplateKind, Record<string, readonly string[]>>>> = perLanguage((lang) =>
  perSheet((columns) => {
    const listed = columns.flatMap((column) => {
      const values = dropdownOf(column, lang);
      return values ? [[column.column, values] as const] : [];
    });
    return listed.length > 0 ? Object.fromEntries(listed) : undefined;
  }),
);

const columnsRead = (value: ValueKind): ReadonlySet<string> =>
  new Set(SHEET_KINDS.flatMap((kind) => SHEET_COLUMNS[kind].filter((column) => column.value === value).map((column) => column.column)));

/** Columns holding ids: formatted as text in the workbook so `0042` stays `0042` when typed. */
export const ID_COLUMNS: ReadonlySet<string> = columnsRead('id');

export const DATE_COLUMNS: ReadonlySet<string> = columnsRead('date');

function perLanguage<T>(make: (lang: TemplateLanguage) => T): Record<TemplateLanguage, T> {
  return { en: make('en'), da: make('da') };
}

function perSheet<T>(make: (columns: readonly ColumnDef[]) => T): Record<TemplateKind, T> {
  return Object.fromEntries(SHEET_KINDS.map((kind) => [kind, make(SHEET_COLUMNS[kind])])) as Record<TemplateKind, T>;
}
