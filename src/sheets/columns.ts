/**
 * The input contract of docs/contracts/sheets.md as data: sheet kinds, their names, their columns and
 * every alias. The template's columns come from the field table (src/model/fields.ts); the exports'
 * columns are declared here. Readers, the validator, the templates and the reports all read it from here.
 */

import { editDistance } from '../edit-distance.js';
import { SHEET_COLUMNS, type ColumnDef } from '../model/fields.js';
import type { SheetKind, TemplateKind } from '../model/sheet-kind.js';

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

function column(name: string, required: boolean, aliases: readonly string[], english: string, danish: string): ColumnSpec {
  return { name, required, aliases, english, danish };
}

/** A template column of the field table (src/model/fields.ts); "required except on the top department" reads as not required: the validator checks it per row. */
function specOf(def: ColumnDef): ColumnSpec {
  return column(def.column, def.required === true, def.aliases, def.header.en, def.header.da);
}

const sheet = (kind: TemplateKind, english: string, danish: string, otherNames: readonly string[] = []): SheetSpec => ({
  kind,
  english,
  danish,
  otherNames,
  columns: SHEET_COLUMNS[kind].map(specOf),
});

export const SHEETS: Record<SheetKind, SheetSpec> = {
  employees: sheet('employees', 'Employees', 'Medarbejdere'),
  organisation: sheet('organisation', 'Organisation', 'Organisation', ['org', 'departments']),
  absence: sheet('absence', 'Absence', 'Fravær'),
  delegations: sheet('delegations', 'Delegations', 'Delegeringer'),
  // exports.md "People placed through another file": who works where, when, and who leads (never in the template).
  placements: {
    kind: 'placements',
    english: 'Placements',
    danish: 'Placeringer',
    otherNames: ['placement', 'engagements', 'engagement', 'engagementer', 'organisationfunktion', 'dept_emp'],
    columns: [
      column(
        'employee_id',
        true,
        ['person', 'person id', 'bruger', 'employee', 'emp_no', 'medarbejder', 'medarbejder_id', 'employee id'],
        'Employee ID',
        'Medarbejder_id',
      ),
      column(
        'unit_id',
        true,
        ['unit', 'unit id', 'enhed', 'enhed_id', 'afdeling', 'department', 'dept_no', 'organisationsenhed', 'team', 'team_id'],
        'Unit',
        'Enhed',
      ),
      column('is_manager', false, ['role', 'rolle', 'funktion', 'funktionsnavn', 'function', 'leder', 'manager'], 'Leader', 'Leder'),
      column('start_date', false, ['from', 'fra', 'from_date', 'start', 'startdato', 'valid from', 'gyldig fra'], 'From', 'Fra'),
      column('end_date', false, ['to', 'til', 'to_date', 'end', 'slutdato', 'valid to', 'gyldig til'], 'To', 'Til'),
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
    column(
      'leaving_date',
      false,
      ['fratrædelsesdato', 'fratrådt', 'end of employment', 'termination date', 'date of termination'],
      'Leaving date',
      'Fratrædelsesdato',
    ),
    column('hiring_date', false, ['ansættelsesdato', 'start date', 'hire date', 'date of hire'], 'Hiring date', 'Ansættelsesdato'),
    column('is_manager', false, ['leder', 'manager', 'er leder', 'isManager'], 'Is manager', 'Er leder'),
    // exports.md "Who reports to whom": the person's own manager (an employee id, an e-mail or a name).
    column(
      'manager',
      false,
      ['reports to', 'manager id', 'manager name', 'manager email', 'supervisor', 'nærmeste leder', 'leder id'],
      'Manager',
      'Nærmeste leder',
    ),
    UNIT_PATH,
    column('unit_id', false, ['enhed_id', 'unit id', 'afdeling_id'], 'Unit ID', 'Enhed_id'),
    ...levelColumns(),
  ],
  organisation: [
    UNIT_PATH,
    // A leader list names the leader by e-mail (and name) rather than by employee id.
    column(
      'owner_email',
      false,
      ['leader email', 'leader e-mail', 'leder e-mail', 'leder email', 'manager email'],
      'Leader e-mail',
      'Leder e-mail',
    ),
    column('owner_name', false, ['leader name', 'ledernavn', 'leder navn', 'manager name'], 'Leader name', 'Ledernavn'),
    ...levelColumns(),
  ],
  absence: [],
  delegations: [],
  placements: [],
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

/**
 * Headers an export gives its unit column (exports.md): read as `unit_path` when their values are paths;
 * `map --init` offers one whose values are unit ids or names as the unit itself (`team_id`).
 */
export const EVERYDAY_UNIT_HEADERS: ReadonlySet<string> = new Set(
  ['afdeling', 'department', 'enhed', 'unit', 'organisation', 'organization'].map((header) => normaliseName(header)),
);

/** Headers and sheet names match case-insensitively, trimmed, with spaces, `_` and `-` treated alike. */
export function normaliseName(text: string): string {
  return text
    .replace(/\u00a0/g, ' ')
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '');
}

/**
 * A person's or unit's name as names compare wherever a name stands for an id (a unit or a manager by
 * name): Unicode NFC, runs of spaces as one, trimmed, without case.
 */
export function nameMatchKey(name: string): string {
  return name.normalize('NFC').replace(/\s+/g, ' ').trim().toLocaleLowerCase('da');
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
 * Custom header mappings from a `--map` profile (profile/check.ts): sheet kind → header as written → canonical
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

/**
 * Every canonical column a header means on a sheet of this kind: none for an unknown column. A column's
 * own name goes before another's alias ("Manager" is the `manager` column, though the leader flag has
 * the alias "manager"; the readers tell the two apart by their values).
 */
export function canonicalColumns(kind: SheetKind, header: string, map?: HeaderMap): readonly string[] {
  const wanted = normaliseName(header);
  if (wanted === '') return [];
  const custom = map?.[kind];
  if (custom) {
    for (const [written, canonical] of Object.entries(custom)) {
      if (normaliseName(written) === wanted) return targetsOf(canonical);
    }
  }
  const named = columnsOf(kind).find((col) => normaliseName(col.name) === wanted);
  if (named) return [named.name];
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
