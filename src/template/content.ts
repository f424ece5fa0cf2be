/**
 * What the template says, per language: sheet and file names, the one fictional example row of each
 * sheet, and the values offered in the drop-down lists (all of them spellings the reader accepts).
 * Headers come from ../sheets/columns.ts; the Instructions sheet's words from ../words/template-instructions.ts. The example
 * organisation row is the top department (every Organisation sheet needs exactly one), so a fresh
 * template validates without errors; the Instructions sheet explains teams and parents.
 */
import type { SheetKind } from '../model/sheet-kind.js';
import { DEPARTMENT_RESPONSIBILITIES, TEAM_RESPONSIBILITIES } from '../model/organisation.js';

export type TemplateLanguage = 'en' | 'da';

/** A cell of the example row: text, or a calendar day written as a date cell (YYYY-MM-DD). */
export type ExampleValue = string | { date: string };

export const WORKBOOK_FILE: Record<TemplateLanguage, string> = {
  en: 'orgsync-template.xlsx',
  da: 'orgsync-skabelon.xlsx',
};

/** CSV file base names: the sheet names the reader recognises, in lower case. */
export const CSV_FILE: Record<TemplateLanguage, Record<SheetKind, string>> = {
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

const EXAMPLES: Record<TemplateLanguage, Record<SheetKind, Record<string, ExampleValue>>> = {
  en: {
    employees: {
      employee_id: '1001',
      user_id: '1001',
      name: 'Emma Larsen',
      email: 'emma.larsen@example.com',
      username: 'emma.larsen',
      gender: 'f',
      birthday: { date: '1985-04-17' },
      employment: 'Accountant',
      system_language: 'en',
      team_id: 'T-100',
      status: 'active',
      previous_employee_id: '',
    },
    organisation: {
      type: 'department',
      id: 'D-1',
      name: 'Example Ltd',
      parent_id: '',
      owner: '1001',
      previous_id: '',
    },
    absence: { employee_id: '1001', start_date: { date: '2025-01-06' }, end_date: { date: '2025-01-10' } },
    delegations: { unit_id: 'D-1', responsibility: 'manage_organisation_department', employee_id: '1001' },
  },
  da: {
    employees: {
      employee_id: '1001',
      user_id: '1001',
      name: 'Mette Sørensen',
      email: 'mette.soerensen@example.dk',
      username: 'mette.soerensen',
      gender: 'K',
      birthday: { date: '1985-04-17' },
      employment: 'Bogholder',
      system_language: 'dansk',
      team_id: 'T-100',
      status: 'aktiv',
      previous_employee_id: '',
    },
    organisation: {
      type: 'afdeling',
      id: 'D-1',
      name: 'Eksempel A/S',
      parent_id: '',
      owner: '1001',
      previous_id: '',
    },
    absence: { employee_id: '1001', start_date: { date: '2025-01-06' }, end_date: { date: '2025-01-10' } },
    delegations: { unit_id: 'D-1', responsibility: 'manage_organisation_department', employee_id: '1001' },
  },
};

export function exampleRow(lang: TemplateLanguage, kind: SheetKind): Record<string, ExampleValue> {
  return EXAMPLES[lang][kind];
}

/** Columns offered a drop-down list, per sheet, and the values listed. */
export const DROPDOWNS: Record<TemplateLanguage, Partial<Record<SheetKind, Record<string, readonly string[]>>>> = {
  en: {
    employees: { gender: ['f', 'm'], system_language: ['en', 'da'], status: ['active', 'left'] },
    organisation: { type: ['department', 'team'] },
    delegations: { responsibility: [...DEPARTMENT_RESPONSIBILITIES, ...TEAM_RESPONSIBILITIES] },
  },
  da: {
    employees: { gender: ['K', 'M'], system_language: ['dansk', 'engelsk'], status: ['aktiv', 'fratrådt'] },
    organisation: { type: ['afdeling', 'team'] },
    delegations: { responsibility: [...DEPARTMENT_RESPONSIBILITIES, ...TEAM_RESPONSIBILITIES] },
  },
};

/** Columns holding ids: formatted as text in the workbook so `0042` stays `0042` when typed. */
export const ID_COLUMNS: ReadonlySet<string> = new Set([
  'employee_id',
  'user_id',
  'team_id',
  'previous_employee_id',
  'id',
  'parent_id',
  'owner',
  'previous_id',
  'unit_id',
]);

export const DATE_COLUMNS: ReadonlySet<string> = new Set(['birthday', 'start_date', 'end_date']);
