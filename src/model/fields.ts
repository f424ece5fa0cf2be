/**
 * Every field the importer manages, declared once per entity (as drizzle-kit's `ddl.ts`
 * declares a schema): its sheet column with aliases, headers and the template's help in both languages; its model key
 * and how a cell is read (`value`, a reader in src/validate/); and, for a value field, its names on the
 * wire of v3 and v2, whether it can be changed after the entity is created, how two values compare and
 * whether `undo` gives it back. The column specs, the row readers, the update operations' changes, the
 * state after a plan, verify, the export guard's optional columns, the wire of both versions and undo's
 * record are derived from these rows; "Adding a field" in docs/architecture.md lists what else one touches.
 *
 * Headers, aliases and help are bilingual data, like sheet names: matched against a workbook in either
 * language, or written into the template in the language it is made in.
 */
import type { Department, Employee, Team, User } from './organisation.js';
import type { TemplateKind } from './sheet-kind.js';

export interface Bilingual<T = string> {
  en: T;
  da: T;
}

/**
 * How a cell's text is read (src/validate/ holds one reader per kind): `id` and `text` as written,
 * trimmed; `email` checked as an address; `gender`, `system_language`, `status`, `unit_type` and
 * `responsibility` by their accepted spellings; `date` as a calendar day.
 */
export type ValueKind = 'id' | 'text' | 'email' | 'gender' | 'date' | 'system_language' | 'status' | 'unit_type' | 'responsibility';

/** A column of a sheet as the template writes it and the reader knows it. */
export interface ColumnDef {
  /** The canonical column name (sheets.md; the report's `column`). */
  column: string;
  /** `except_top`: required on every row but the top department's (the validator checks it per row). */
  required: boolean | 'except_top';
  /** Further headers that mean this column, English and Danish; the name and both headers match too. */
  aliases: readonly string[];
  header: Bilingual;
  /** What to write in it: one line of the template's Instructions sheet. */
  help: Bilingual;
  value: ValueKind;
  /** The template's example row (a date is written as a date cell). */
  example: Bilingual<string | { date: string }>;
  /** Values the template offers in a drop-down list. */
  dropdown?: Bilingual<readonly string[]>;
  /** A date never after today (a birthday): a two-digit year takes the latest century that keeps it so. */
  past?: true;
}

/** A field's name on one API version's wire; absent: the version does not have the field. */
export interface WireName {
  /** The name written in request bodies. */
  write: string;
  /** The names read from answers, the first one present wins (v3 answers once spell employment `employement`). */
  read: readonly string[];
  /**
   * What an answer shows: the field itself, or (a unit's owner on v3) the effective responsible employee,
   * which shows a set owner but cannot show a cleared one.
   */
  shows?: 'effective_responsible';
  /** `blank`: the service always holds a value, so an answer without one (absent or null) reads as blank, never as not shown. */
  absent?: 'blank';
}

/**
 * How two values of a field compare: `text` as text, a blank the same as no value; `day` by the calendar
 * day (an answer may add a time); `exact` as the same value.
 */
export type Comparison = 'text' | 'day' | 'exact';

/** A field whose value the importer sets and updates with the generic field changes of its entity. */
export interface ValueFieldDef<Entity, Key extends keyof Entity & string = keyof Entity & string> extends ColumnDef {
  key: Key;
  wire: { v3?: WireName; v2?: WireName };
  /** `create_only`: the service takes it when the entity is created and never changes it afterwards. */
  update: 'updatable' | 'create_only';
  compare: Comparison;
  /** Whether `undo` restores the value the entity had before the run. */
  undo: boolean;
}

/**
 * A column that is not a plain value of its entity: an id, a relation (a team, a parent, a unit), or a
 * status, each carried out by operations of its own (renames, moves, memberships, firing).
 */
export interface KeyColumnDef extends ColumnDef {
  key?: undefined;
}

const name = (column: string, en: string, da: string) => ({ column, header: { en, da } });

// ---- The person (v3's user; on v2 each employee carries the person's fields).

export const USER_FIELDS = [
  {
    ...name('name', 'Name', 'Navn'),
    key: 'name',
    required: true,
    aliases: ['full name', 'employee name', 'navn'],
    help: { en: 'Full name.', da: 'Fulde navn.' },
    value: 'text',
    example: { en: 'Emma Larsen', da: 'Mette Sørensen' },
    wire: { v3: { write: 'name', read: ['name'], absent: 'blank' }, v2: { write: 'name', read: ['name'], absent: 'blank' } },
    update: 'updatable',
    compare: 'exact',
    undo: true,
  },
  {
    ...name('email', 'Email', 'E-mail'),
    key: 'email',
    required: true,
    aliases: ['e-mail', 'mail', 'email address', 'e-mail address', 'e-mailadresse'],
    help: {
      en: 'A valid e-mail address. One person has one e-mail address.',
      da: 'En gyldig e-mailadresse. En person har én e-mailadresse.',
    },
    value: 'email',
    example: { en: 'emma.larsen@example.com', da: 'mette.soerensen@example.dk' },
    wire: { v3: { write: 'email', read: ['email'], absent: 'blank' }, v2: { write: 'email', read: ['email'], absent: 'blank' } },
    update: 'updatable',
    compare: 'exact',
    undo: true,
  },
  {
    ...name('username', 'Username', 'Brugernavn'),
    key: 'username',
    required: false,
    aliases: ['user name', 'brugernavn'],
    help: {
      en: 'Login name. Blank: the e-mail address. Unique across people.',
      da: 'Brugernavn til login. Tomt: e-mailadressen. Unikt for hver person.',
    },
    value: 'text',
    example: { en: 'emma.larsen', da: 'mette.soerensen' },
    wire: {
      v3: { write: 'username', read: ['username'], absent: 'blank' },
      v2: { write: 'username', read: ['username'], absent: 'blank' },
    },
    update: 'updatable',
    compare: 'exact',
    undo: true,
  },
  {
    ...name('gender', 'Gender', 'Køn'),
    key: 'gender',
    required: false,
    aliases: ['sex', 'køn'],
    help: {
      en: 'f or m (female, male, woman, man also accepted). Blank: not stated.',
      da: 'K eller M (kvinde, mand accepteres også). Tomt: ikke oplyst.',
    },
    value: 'gender',
    example: { en: 'f', da: 'K' },
    dropdown: { en: ['f', 'm'], da: ['K', 'M'] },
    wire: { v3: { write: 'gender', read: ['gender'] }, v2: { write: 'gender', read: ['gender'] } },
    update: 'updatable',
    compare: 'exact',
    undo: true,
  },
  {
    ...name('birthday', 'Birthday', 'Fødselsdato'),
    key: 'birthday',
    required: false,
    aliases: ['birth date', 'date of birth', 'dob', 'fødselsdato', 'fødselsdag'],
    help: { en: 'A date, not in the future.', da: 'En dato, ikke i fremtiden.' },
    value: 'date',
    past: true,
    example: { en: { date: '1985-04-17' }, da: { date: '1985-04-17' } },
    wire: { v3: { write: 'birthday', read: ['birthday'] }, v2: { write: 'birthday', read: ['birthday'] } },
    update: 'updatable',
    compare: 'day',
    undo: true,
  },
] as const satisfies readonly ValueFieldDef<User>[];

// ---- The employment.

export const EMPLOYEE_FIELDS = [
  {
    ...name('employment', 'Employment', 'Stilling'),
    key: 'employment',
    required: false,
    aliases: ['title', 'job title', 'position', 'stilling', 'stillingsbetegnelse'],
    help: { en: 'Job title.', da: 'Stillingsbetegnelse.' },
    value: 'text',
    example: { en: 'Accountant', da: 'Bogholder' },
    wire: { v3: { write: 'employment', read: ['employment', 'employement'] }, v2: { write: 'employment', read: ['employment'] } },
    update: 'updatable',
    compare: 'text',
    undo: true,
  },
  {
    ...name('system_language', 'System language', 'Sprog'),
    key: 'systemLanguage',
    required: false,
    aliases: ['language', 'sprog'],
    help: { en: 'en or da (English, Danish also accepted). Blank: da.', da: 'dansk eller engelsk (da, en accepteres også). Tomt: dansk.' },
    value: 'system_language',
    example: { en: 'en', da: 'dansk' },
    dropdown: { en: ['en', 'da'], da: ['dansk', 'engelsk'] },
    // v2 has no system language.
    wire: { v3: { write: 'system_language', read: ['system_language'] } },
    update: 'create_only',
    compare: 'exact',
    undo: false,
  },
] as const satisfies readonly ValueFieldDef<Employee>[];

const EMPLOYEE_ID_ALIASES = [
  'employee id',
  'employee no',
  'employee number',
  'emp id',
  'medarbejder_id',
  'medarbejdernummer',
  'medarbejdernr',
];

export const EMPLOYEE_KEY_COLUMNS = {
  employee_id: {
    ...name('employee_id', 'Employee ID', 'Medarbejder_id'),
    required: true,
    aliases: EMPLOYEE_ID_ALIASES,
    help: {
      en: 'The employment’s id in your HR system. One row per employment; unique in the sheet.',
      da: 'Ansættelsens id i jeres HR-system. Én række pr. ansættelse; unikt i arket.',
    },
    value: 'id',
    example: { en: '1001', da: '1001' },
  },
  user_id: {
    ...name('user_id', 'User ID', 'Bruger_id'),
    required: false,
    aliases: ['user id', 'bruger_id'],
    help: {
      en: 'The person’s login identity. Rows of one person with several employments share it. Blank: the Employee ID is used.',
      da: 'Personens login-identitet. En person med flere ansættelser har samme Bruger_id i alle rækker. Tom: Medarbejder_id bruges.',
    },
    value: 'id',
    example: { en: '1001', da: '1001' },
  },
  team_id: {
    ...name('team_id', 'Team ID', 'Team'),
    required: false,
    aliases: ['team', 'team id'],
    help: {
      en: 'The ID of a team in the Organisation sheet or already in the service. Blank: in no team.',
      da: 'Id på et team i arket Organisation eller i tjenesten. Tomt: ikke i et team.',
    },
    value: 'id',
    example: { en: 'T-100', da: 'T-100' },
  },
  status: {
    ...name('status', 'Status', 'Status'),
    required: false,
    aliases: ['state'],
    help: {
      en: 'active (or blank) or left. left fires the employee; their data is kept and they can come back.',
      da: 'aktiv (eller tom) eller fratrådt. fratrådt fratræder medarbejderen; data bevares, og medarbejderen kan komme tilbage.',
    },
    value: 'status',
    example: { en: 'active', da: 'aktiv' },
    dropdown: { en: ['active', 'left'], da: ['aktiv', 'fratrådt'] },
  },
  previous_employee_id: {
    ...name('previous_employee_id', 'Previous employee ID', 'Tidligere medarbejder_id'),
    required: false,
    aliases: ['old employee id', 'tidligere medarbejder_id'],
    help: {
      en: 'Only when an employee’s id changes: the old id. The employee is renamed, never deleted and created again.',
      da: 'Kun når en medarbejders id ændres: det gamle id. Medarbejderen omdøbes og slettes aldrig.',
    },
    value: 'id',
    example: { en: '', da: '' },
  },
} as const satisfies Record<string, KeyColumnDef>;

// ---- Departments and teams (one row of the organisation sheet each).

export const UNIT_FIELDS = [
  {
    ...name('name', 'Name', 'Navn'),
    key: 'name',
    required: true,
    aliases: ['navn'],
    help: { en: 'The unit’s name.', da: 'Enhedens navn.' },
    value: 'text',
    example: { en: 'Example Ltd', da: 'Eksempel A/S' },
    wire: { v3: { write: 'name', read: ['name'], absent: 'blank' }, v2: { write: 'name', read: ['name'], absent: 'blank' } },
    update: 'updatable',
    compare: 'exact',
    undo: true,
  },
  {
    ...name('owner', 'Owner', 'Leder'),
    key: 'owner',
    required: false,
    aliases: ['manager', 'leader', 'responsible', 'leder', 'ansvarlig'],
    help: {
      en: 'Employee ID of the unit’s manager. Blank: the manager of the unit above is responsible.',
      da: 'Medarbejder_id på enhedens leder. Tom: lederen af enheden ovenover er ansvarlig.',
    },
    value: 'id',
    example: { en: '1001', da: '1001' },
    wire: {
      v3: { write: 'owner', read: ['responsible_employee', 'responsible_employee_id'], shows: 'effective_responsible' },
      v2: { write: 'responsible_employee', read: ['responsible_employee'] },
    },
    update: 'updatable',
    compare: 'exact',
    undo: true,
  },
] as const satisfies readonly ValueFieldDef<Department & Team, keyof Department & keyof Team & string>[];

export const UNIT_KEY_COLUMNS = {
  type: {
    ...name('type', 'Type', 'Type'),
    required: true,
    aliases: ['kind', 'unit type', 'type (afdeling/team)'],
    help: { en: 'department or team.', da: 'afdeling eller team.' },
    value: 'unit_type',
    example: { en: 'department', da: 'afdeling' },
    dropdown: { en: ['department', 'team'], da: ['afdeling', 'team'] },
  },
  id: {
    ...name('id', 'ID', 'Enhed_id'),
    required: true,
    aliases: ['unit id', 'enhed_id'],
    help: { en: 'The unit’s id; unique per type.', da: 'Enhedens id; unikt for hver type.' },
    value: 'id',
    example: { en: 'D-1', da: 'D-1' },
  },
  parent_id: {
    ...name('parent_id', 'Parent ID', 'Overordnet'),
    required: 'except_top',
    aliases: ['parent', 'parent department', 'overordnet'],
    help: {
      en: 'The ID of a department. A team’s parent is its department. Exactly one department (the top department) has no parent.',
      da: 'Id på en afdeling. Et teams overordnede er dets afdeling. Præcis én afdeling (den øverste) har ingen overordnet.',
    },
    value: 'id',
    example: { en: '', da: '' },
  },
  previous_id: {
    ...name('previous_id', 'Previous ID', 'Tidligere id'),
    required: false,
    aliases: ['old id', 'tidligere id'],
    help: { en: 'Only when a unit’s id changes: the old id.', da: 'Kun når en enheds id ændres: det gamle id.' },
    value: 'id',
    example: { en: '', da: '' },
  },
} as const satisfies Record<string, KeyColumnDef>;

// ---- Sickness absence and delegations: each row is a whole record, made or removed, never updated.

export const ABSENCE_COLUMNS = {
  employee_id: {
    ...name('employee_id', 'Employee ID', 'Medarbejder_id'),
    required: true,
    aliases: EMPLOYEE_ID_ALIASES,
    help: {
      en: 'An employee in the Employees sheet or in the service. The employee must be in a team.',
      da: 'En medarbejder i arket Medarbejdere eller i tjenesten. Medarbejderen skal være i et team.',
    },
    value: 'id',
    example: { en: '1001', da: '1001' },
  },
  start_date: {
    ...name('start_date', 'Start date', 'Første sygedag'),
    required: true,
    aliases: ['start', 'from', 'first sick day', 'fra', 'første sygedag'],
    help: { en: 'First sick day.', da: 'Første sygedag.' },
    value: 'date',
    example: { en: { date: '2025-01-06' }, da: { date: '2025-01-06' } },
  },
  end_date: {
    ...name('end_date', 'End date', 'Sidste sygedag'),
    required: false,
    aliases: ['end', 'to', 'last sick day', 'til', 'sidste sygedag', 'raskmeldt'],
    help: {
      en: 'Last sick day, not before the first. Blank: still sick. Periods of one employee must not overlap.',
      da: 'Sidste sygedag, ikke før første sygedag. Tom: stadig syg. En medarbejders perioder må ikke overlappe.',
    },
    value: 'date',
    example: { en: { date: '2025-01-10' }, da: { date: '2025-01-10' } },
  },
} as const satisfies Record<string, KeyColumnDef>;

export const DELEGATION_COLUMNS = {
  unit_id: {
    ...name('unit_id', 'Unit ID', 'Enhed_id'),
    required: true,
    aliases: ['department_id', 'team_id', 'enhed_id'],
    help: { en: 'The ID of a department or a team.', da: 'Id på en afdeling eller et team.' },
    value: 'id',
    example: { en: 'D-1', da: 'D-1' },
  },
  responsibility: {
    ...name('responsibility', 'Responsibility', 'Ansvar'),
    required: true,
    aliases: ['ansvar'],
    help: {
      en: 'One of the listed responsibilities. manage_organisation_department, configuration and department_task_report_… are for departments; dialog_access_… are for teams.',
      da: 'Et af de viste ansvar. manage_organisation_department, configuration og department_task_report_… gælder afdelinger; dialog_access_… gælder teams.',
    },
    value: 'responsibility',
    example: { en: 'manage_organisation_department', da: 'manage_organisation_department' },
  },
  employee_id: {
    ...name('employee_id', 'Employee ID', 'Medarbejder_id'),
    required: true,
    aliases: EMPLOYEE_ID_ALIASES,
    help: { en: 'The employee who is given the responsibility.', da: 'Medarbejderen, der får ansvaret.' },
    value: 'id',
    example: { en: '1001', da: '1001' },
  },
} as const satisfies Record<string, KeyColumnDef>;

const byColumn = <F extends ColumnDef>(fields: readonly F[]): Record<string, F> =>
  Object.fromEntries(fields.map((field) => [field.column, field]));

const users = byColumn(USER_FIELDS);
const employees = byColumn(EMPLOYEE_FIELDS);
const units = byColumn(UNIT_FIELDS);

/** Each sheet's template columns, in the template's order. */
export const SHEET_COLUMNS: Record<TemplateKind, readonly (ColumnDef & { key?: string })[]> = {
  employees: [
    EMPLOYEE_KEY_COLUMNS.employee_id,
    EMPLOYEE_KEY_COLUMNS.user_id,
    users.name!,
    users.email!,
    users.username!,
    users.gender!,
    users.birthday!,
    employees.employment!,
    employees.system_language!,
    EMPLOYEE_KEY_COLUMNS.team_id,
    EMPLOYEE_KEY_COLUMNS.status,
    EMPLOYEE_KEY_COLUMNS.previous_employee_id,
  ],
  organisation: [
    UNIT_KEY_COLUMNS.type,
    UNIT_KEY_COLUMNS.id,
    units.name!,
    UNIT_KEY_COLUMNS.parent_id,
    units.owner!,
    UNIT_KEY_COLUMNS.previous_id,
  ],
  absence: Object.values(ABSENCE_COLUMNS),
  delegations: Object.values(DELEGATION_COLUMNS),
};

/** Date columns whose dates are never after today (`past`), on any sheet. */
export const PAST_DATE_COLUMNS: ReadonlySet<string> = new Set(
  Object.values(SHEET_COLUMNS).flatMap((columns) => columns.filter((column) => column.past).map((column) => column.column)),
);

const UPDATABLE_EMPLOYEE_FIELDS = EMPLOYEE_FIELDS.filter((field) => field.update === 'updatable');

/**
 * An employee's updatable value fields as last seen: what the service hides while the employee is fired
 * (neither version shows a fired employee), kept by the fired ledger so a rehire is compared with them.
 */
export function hiddenWhileFired(
  employee: Partial<Pick<Employee, EmployeeFieldKey>> | undefined,
): Partial<Pick<Employee, EmployeeFieldKey>> {
  const values: Record<string, unknown> = {};
  if (employee)
    for (const field of UPDATABLE_EMPLOYEE_FIELDS) if (employee[field.key] !== undefined) values[field.key] = employee[field.key];
  return values as Partial<Pick<Employee, EmployeeFieldKey>>;
}

export type UserFieldKey = (typeof USER_FIELDS)[number]['key'];
export type EmployeeFieldKey = (typeof EMPLOYEE_FIELDS)[number]['key'];
export type UnitFieldKey = (typeof UNIT_FIELDS)[number]['key'];
