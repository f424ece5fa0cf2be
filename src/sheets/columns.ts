/**
 * The input contract of docs/contracts/sheets.md as data: sheet kinds, their names, their columns and
 * every alias. Readers, the validator, the templates and the reports all read it from here.
 */

import { editDistance } from '../edit-distance.js';
import { type SheetKind } from '../model/sheet-kind.js';

export interface ColumnSpec {
  /** Canonical column name (report `column`). */
  name: string;
  required: boolean;
  /** Header aliases, English and Danish; the canonical name itself always matches too. */
  aliases: readonly string[];
  /** Danish header used by the Danish template. */
  danish: string;
  /** English header used by the English template. */
  english: string;
}

export interface SheetSpec {
  kind: SheetKind;
  english: string;
  danish: string;
  /** Further sheet names that mean this kind (besides english and danish). */
  otherNames: readonly string[];
  columns: readonly ColumnSpec[];
}

const EMPLOYEE_ID_ALIASES = ['employee id', 'employee no', 'employee number', 'emp id', 'medarbejder_id', 'medarbejdernummer', 'medarbejdernr'];

function column(
  name: string,
  required: boolean,
  aliases: readonly string[],
  english: string,
  danish: string,
): ColumnSpec {
  return { name, required, aliases, english, danish };
}

export const SHEETS: Record<SheetKind, SheetSpec> = {
  employees: {
    kind: 'employees',
    english: 'Employees',
    danish: 'Medarbejdere',
    otherNames: [],
    columns: [
      column('employee_id', true, EMPLOYEE_ID_ALIASES, 'Employee ID', 'Medarbejder_id'),
      column('user_id', false, ['user id', 'bruger_id'], 'User ID', 'Bruger_id'),
      column('name', true, ['full name', 'employee name', 'navn'], 'Name', 'Navn'),
      column('email', true, ['e-mail', 'mail', 'email address', 'e-mail address', 'e-mailadresse'], 'Email', 'E-mail'),
      column('username', false, ['user name', 'brugernavn'], 'Username', 'Brugernavn'),
      column('gender', false, ['sex', 'køn'], 'Gender', 'Køn'),
      column('birthday', false, ['birth date', 'date of birth', 'dob', 'fødselsdato', 'fødselsdag'], 'Birthday', 'Fødselsdato'),
      column('employment', false, ['title', 'job title', 'position', 'stilling', 'stillingsbetegnelse'], 'Employment', 'Stilling'),
      column('system_language', false, ['language', 'sprog'], 'System language', 'Sprog'),
      column('team_id', false, ['team', 'team id'], 'Team ID', 'Team'),
      column('status', false, ['state'], 'Status', 'Status'),
      column('previous_employee_id', false, ['old employee id', 'tidligere medarbejder_id'], 'Previous employee ID', 'Tidligere medarbejder_id'),
    ],
  },
  organisation: {
    kind: 'organisation',
    english: 'Organisation',
    danish: 'Organisation',
    otherNames: ['org', 'departments'],
    columns: [
      column('type', true, ['kind', 'unit type', 'type (afdeling/team)'], 'Type', 'Type'),
      column('id', true, ['unit id', 'enhed_id'], 'ID', 'Enhed_id'),
      column('name', true, ['navn'], 'Name', 'Navn'),
      // Required except on the top department's row: the validator enforces that per row.
      column('parent_id', false, ['parent', 'parent department', 'overordnet'], 'Parent ID', 'Overordnet'),
      column('owner', false, ['manager', 'leader', 'responsible', 'leder', 'ansvarlig'], 'Owner', 'Leder'),
      column('previous_id', false, ['old id', 'tidligere id'], 'Previous ID', 'Tidligere id'),
    ],
  },
  absence: {
    kind: 'absence',
    english: 'Absence',
    danish: 'Fravær',
    otherNames: [],
    columns: [
      column('employee_id', true, EMPLOYEE_ID_ALIASES, 'Employee ID', 'Medarbejder_id'),
      column('start_date', true, ['start', 'from', 'first sick day', 'fra', 'første sygedag'], 'Start date', 'Første sygedag'),
      column('end_date', false, ['end', 'to', 'last sick day', 'til', 'sidste sygedag', 'raskmeldt'], 'End date', 'Sidste sygedag'),
    ],
  },
  delegations: {
    kind: 'delegations',
    english: 'Delegations',
    danish: 'Delegeringer',
    otherNames: [],
    columns: [
      column('unit_id', true, ['department_id', 'team_id', 'enhed_id'], 'Unit ID', 'Enhed_id'),
      column('responsibility', true, ['ansvar'], 'Responsibility', 'Ansvar'),
      column('employee_id', true, EMPLOYEE_ID_ALIASES, 'Employee ID', 'Medarbejder_id'),
    ],
  },
};

// ---- Exports as they come (docs/contracts/exports.md): columns an HR export may have besides the
// template's. They are read like the template's columns but are not written into the template.

/** The deepest level column read (`level_1` … `level_12`, each with its `level_N_id`). */
export const MAX_PATH_LEVELS = 12;

function levelColumns(): ColumnSpec[] {
  const columns: ColumnSpec[] = [];
  for (let n = 1; n <= MAX_PATH_LEVELS; n++) {
    columns.push(column(`level_${n}`, false, [`niveau ${n}`, `level ${n}`, `lag ${n}`], `Level ${n}`, `Niveau ${n}`));
    columns.push(column(`level_${n}_id`, false, [`niveau ${n} id`, `level ${n} id`, `lag ${n} id`], `Level ${n} ID`, `Niveau ${n} id`));
  }
  return columns;
}

const UNIT_PATH = column('unit_path', false, ['path', 'sti', 'afdelingssti', 'organisation path'], 'Unit path', 'Afdelingssti');

export const EXPORT_COLUMNS: Record<SheetKind, readonly ColumnSpec[]> = {
  employees: [
    column('first_name', false, ['fornavn', 'given name'], 'First name', 'Fornavn'),
    column('last_name', false, ['efternavn', 'surname', 'family name'], 'Last name', 'Efternavn'),
    column('leaving_date', false, ['fratrædelsesdato', 'fratrådt', 'end of employment', 'termination date', 'date of termination'], 'Leaving date', 'Fratrædelsesdato'),
    column('hiring_date', false, ['ansættelsesdato', 'start date', 'hire date', 'date of hire'], 'Hiring date', 'Ansættelsesdato'),
    column('is_manager', false, ['leder', 'manager', 'er leder', 'isManager'], 'Is manager', 'Er leder'),
    UNIT_PATH,
    column('unit_id', false, ['enhed_id', 'unit id', 'afdeling_id'], 'Unit ID', 'Enhed_id'),
    ...levelColumns(),
  ],
  organisation: [
    UNIT_PATH,
    // A leader list names the leader by e-mail (and name) rather than by employee id.
    column('owner_email', false, ['leader email', 'leader e-mail', 'leder e-mail', 'leder email', 'manager email'], 'Leader e-mail', 'Leder e-mail'),
    column('owner_name', false, ['leader name', 'ledernavn', 'leder navn', 'manager name'], 'Leader name', 'Ledernavn'),
    ...levelColumns(),
  ],
  absence: [],
  delegations: [],
};

/** Every column a sheet of this kind can have: the template's, then the exports'. */
export function columnsOf(kind: SheetKind): readonly ColumnSpec[] {
  return [...SHEETS[kind].columns, ...EXPORT_COLUMNS[kind]];
}

/**
 * The required columns a sheet with these columns lacks. An export may stand in for some (exports.md):
 * `first_name` + `last_name` for `name`; on the organisation sheet a path (`unit_path` or `level_1`)
 * for `id` and `name`, and no `type` column at all (a plain unit tree).
 */
export function missingRequired(kind: SheetKind, known: ReadonlySet<string>): string[] {
  const required = requiredColumns(kind);
  if (kind === 'employees') {
    const named = known.has('first_name') && known.has('last_name');
    return required.filter((name) => !known.has(name) && !(name === 'name' && named));
  }
  if (kind === 'organisation') {
    const path = known.has('unit_path') || known.has('level_1');
    return required.filter((name) => !known.has(name) && name !== 'type' && !(path && (name === 'id' || name === 'name')));
  }
  return required.filter((name) => !known.has(name));
}

// ---- end of the exports' columns

/** Headers and sheet names match case-insensitively, trimmed, with spaces, `_` and `-` treated alike. */
export function normaliseName(text: string): string {
  return text
    .replace(/\u00a0/g, ' ')
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '');
}

/** The header among `headers` nearest the one typed, compared as headers are; undefined when there is none. */
export function nearestHeader(typed: string, headers: readonly string[]): string | undefined {
  const wanted = normaliseName(typed);
  let best: { header: string; distance: number } | undefined;
  for (const header of headers) {
    const distance = editDistance(wanted, normaliseName(header));
    if (!best || distance < best.distance) best = { header, distance };
  }
  return best?.header;
}

/** The kind a sheet (or CSV base name) names, or null when the name says nothing. */
export function sheetKindFromName(name: string): SheetKind | null {
  const wanted = normaliseName(name);
  for (const spec of Object.values(SHEETS)) {
    const names = [spec.kind, spec.english, spec.danish, ...spec.otherNames].map(normaliseName);
    if (names.includes(wanted)) return spec.kind;
  }
  return null;
}

/**
 * Custom header mappings from a `--map` profile (profile.ts): sheet kind → header as written → canonical
 * column, several columns (one header read as two: the e-mail as `email` and `username`, exports.md
 * "One header, two targets"), or null for a header the user chose to ignore (read as unknown, without a
 * warning).
 */
export type HeaderMap = Partial<Record<SheetKind, Record<string, HeaderTarget>>>;
export type HeaderTarget = string | readonly string[] | null;

/** The header is mapped to null in the profile: the user ignores it on purpose. */
export function ignoredByMap(kind: SheetKind, header: string, map?: HeaderMap): boolean {
  const wanted = normaliseName(header);
  return Object.entries(map?.[kind] ?? {}).some(([written, canonical]) => canonical === null && normaliseName(written) === wanted);
}

/** The canonical column a header means on a sheet of this kind (the first, for a header read as two), or null. */
export function canonicalColumn(kind: SheetKind, header: string, map?: HeaderMap): string | null {
  return canonicalColumns(kind, header, map)[0] ?? null;
}

/** Every canonical column a header means on a sheet of this kind: none for an unknown column. */
export function canonicalColumns(kind: SheetKind, header: string, map?: HeaderMap): readonly string[] {
  const wanted = normaliseName(header);
  if (wanted === '') return [];
  const custom = map?.[kind];
  if (custom) {
    for (const [written, canonical] of Object.entries(custom)) {
      if (normaliseName(written) === wanted) return targetsOf(canonical);
    }
  }
  for (const col of columnsOf(kind)) {
    if ([col.name, col.english, col.danish, ...col.aliases].some((alias) => normaliseName(alias) === wanted)) {
      return [col.name];
    }
  }
  return [];
}

/** A profile header's targets as a list: none for null, one for a column, every one of a list. */
export function targetsOf(target: HeaderTarget): readonly string[] {
  if (target === null) return [];
  return typeof target === 'string' ? [target] : target;
}

export function requiredColumns(kind: SheetKind): string[] {
  return SHEETS[kind].columns.filter((c) => c.required).map((c) => c.name);
}
