/**
 * The person's, the employee's and the units' fields as the API documents list them (docs/contracts/api/
 * v3.md, "Resources and their fields" and "Endpoints"; v2.md, "Resources and their fields"), one row per
 * field: its name in each version, which requests take it, what a value must be, and what is stored when a
 * create leaves it out. The requests' reading (people.ts, v2-people.ts, organisation.ts,
 * v2-organisation.ts), the stored records (records.ts), the answers of both versions (v3/serialize.ts,
 * v2/serialize.ts) and the snapshot are derived from these rows.
 *
 * Written from the documents, not from the client's src/model/fields.ts: the sandbox checks the importer
 * against its own reading of them, so a misreading cannot hide in both (docs/api-notes.md).
 *
 * The ids and the relations are not rows here: an id is a key with rules of its own (unique per kind,
 * changed in place, v2's `ext_id` beside the service id), a relation (a unit's owner, parent or department,
 * a team's members) names another record; each is read and answered where its rules live.
 */
import type { FieldCheck } from './validation.js';

/** What a value in a request must be: the documents' "Type / format" column. */
export type FieldValue =
  /** A non-blank string; null refused ("can't be blank"). */
  | { kind: 'text' }
  /** A non-blank string that is a valid e-mail address. */
  | { kind: 'email' }
  /** A string; null clears it ("may be null"). */
  | { kind: 'text_or_null' }
  /** A string, blank allowed; null is stored as the empty string. */
  | { kind: 'text_or_blank' }
  /** YYYY-MM-DD, a day of the calendar; null clears it. */
  | { kind: 'date_or_null' }
  /** One of `values`; null clears it (`clears`) or is taken as not sent (`unsent`). */
  | { kind: 'one_of'; values: readonly string[]; whenNull: 'clears' | 'unsent' };

/** How one version's requests take a field. */
export interface FieldUse {
  /** The field's name in that version's requests and answers. */
  name: string;
  /** On create: `required`, `optional`, or, when not sent, the value of another field (its key). */
  create: 'required' | 'optional' | { defaultsTo: string };
  /**
   * On update: `accepted`, or `ignored` when the documents leave it out of the update's field list (the
   * request is answered as if it had not been sent).
   */
  update: 'accepted' | 'ignored';
  /** v2: required when the create adds a second employment to a person; the service's words when missing. */
  secondEmployment?: string;
  /** What a value must be in this version, where it differs from the field's `value`. */
  value?: FieldValue;
}

export interface SandboxField {
  /** The stored record's property (and the snapshot's). */
  key: string;
  value: FieldValue;
  /** Stored when a create does not give the field; absent for a field every create must give. */
  unset?: string | null;
  v3?: FieldUse;
  v2?: FieldUse;
  /** v2: a rehire or a second employment repeats it exactly, so it names the person (v2.md, create rules). */
  identifies?: true;
}

const TEXT = { kind: 'text' } as const;
const EMAIL = { kind: 'email' } as const;
const TEXT_OR_NULL = { kind: 'text_or_null' } as const;
const DATE_OR_NULL = { kind: 'date_or_null' } as const;

const required = (name: string) => ({ name, create: 'required', update: 'accepted' }) as const;
const optional = (name: string) => ({ name, create: 'optional', update: 'accepted' }) as const;

/** The v3 user; on v2 every employee carries its user's fields. */
export const USER_FIELDS = [
  { key: 'name', value: TEXT, v3: required('name'), v2: required('name'), identifies: true },
  { key: 'email', value: EMAIL, v3: required('email'), v2: required('email'), identifies: true },
  {
    key: 'username',
    value: TEXT,
    v3: required('username'),
    // The v2 table says required, its description that it defaults to the e-mail: default it.
    v2: { name: 'username', create: { defaultsTo: 'email' }, update: 'accepted' },
    identifies: true,
  },
  {
    key: 'gender',
    value: { kind: 'one_of', values: ['f', 'm'], whenNull: 'clears' },
    unset: null,
    v3: optional('gender'),
    v2: optional('gender'),
  },
  { key: 'birthday', value: DATE_OR_NULL, unset: null, v3: optional('birthday'), v2: optional('birthday') },
] as const satisfies readonly SandboxField[];

/**
 * The employee (one employment). v3's one illustrative answer spelling `employement` is not followed: every
 * field table of both documents says `employment`.
 */
export const EMPLOYEE_FIELDS = [
  {
    key: 'employment',
    value: TEXT_OR_NULL,
    unset: null,
    v3: optional('employment'),
    v2: { ...optional('employment'), secondEmployment: 'is required when adding a second employment' },
  },
  {
    key: 'systemLanguage',
    // A null is taken as not sent, so a create gets the default (da).
    value: { kind: 'one_of', values: ['en', 'da'], whenNull: 'unsent' },
    unset: 'da',
    // "not accepted in the update field list"; v2 has no system language.
    v3: { name: 'system_language', create: 'optional', update: 'ignored' },
  },
] as const satisfies readonly SandboxField[];

/** A department's or a team's. */
export const UNIT_FIELDS = [
  // v3 requires a name; v2's table has it optional on both, so a v2 unit may have none (stored blank).
  { key: 'name', value: TEXT, unset: '', v3: required('name'), v2: { ...optional('name'), value: { kind: 'text_or_blank' } } },
] as const satisfies readonly SandboxField[];

type Version = 'v3' | 'v2';

/** The stored value of a field: its values, or any string; null where it may be cleared or left unset. */
type StoredValue<F> =
  | (F extends { value: { kind: 'one_of'; values: readonly (infer V)[] } } ? V : string)
  | (F extends { unset: null } | { value: { whenNull: 'clears' } } ? null : never);

/** A record's values of the fields of one table. */
export type FieldValues<Fields extends readonly SandboxField[]> = { [F in Fields[number] as F['key']]: StoredValue<F> };
export type UserValues = FieldValues<typeof USER_FIELDS>;
export type EmployeeValues = FieldValues<typeof EMPLOYEE_FIELDS>;
export type UnitValues = FieldValues<typeof UNIT_FIELDS>;

/** The values a request gave: a field not sent (or refused) is undefined. */
export type GivenValues<Fields extends readonly SandboxField[]> = { [K in keyof FieldValues<Fields>]?: FieldValues<Fields>[K] };

function readValue(check: FieldCheck, name: string, value: FieldValue, required: boolean): unknown {
  switch (value.kind) {
    case 'text':
      return check.text(name, required);
    case 'email':
      return check.email(name, required);
    case 'text_or_null':
      return check.nullableText(name);
    case 'text_or_blank': {
      const text = check.nullableText(name);
      return text === null ? '' : text;
    }
    case 'date_or_null':
      return check.nullableDate(name);
    case 'one_of':
      return value.whenNull === 'clears' ? check.oneOfOrNull(name, value.values) : check.oneOf(name, value.values, required);
  }
}

/**
 * The fields of `fields` a create or update request of `version` gives, checked in the table's order (the
 * order of the answer's `errors`); a refused value is reported to `check` and read as not sent.
 */
export function readFields<const Fields extends readonly SandboxField[]>(
  check: FieldCheck,
  fields: Fields,
  version: Version,
  creating: boolean,
): GivenValues<Fields> {
  const given: Record<string, unknown> = {};
  for (const field of fields as readonly SandboxField[]) {
    const use = field[version];
    if (!use || (!creating && use.update === 'ignored')) continue;
    given[field.key] = readValue(check, use.name, use.value ?? field.value, creating && use.create === 'required');
    if (creating && typeof use.create === 'object') given[field.key] ??= given[use.create.defaultsTo];
  }
  return given as GivenValues<Fields>;
}

/** A new record's values: the given ones, the unset value of the rest (a required field was checked given). */
export function newValues<const Fields extends readonly SandboxField[]>(fields: Fields, given: GivenValues<Fields>): FieldValues<Fields> {
  const values: Record<string, unknown> = {};
  for (const field of fields as readonly SandboxField[]) values[field.key] = (given as Record<string, unknown>)[field.key] ?? field.unset;
  return values as FieldValues<Fields>;
}

/** The record's values of the fields, for the snapshot (the record's own property names). */
export function valuesOf<const Fields extends readonly SandboxField[]>(fields: Fields, record: FieldValues<Fields>): FieldValues<Fields> {
  const values: Record<string, unknown> = {};
  for (const field of fields as readonly SandboxField[]) values[field.key] = (record as Record<string, unknown>)[field.key];
  return values as FieldValues<Fields>;
}

/** The fields as an answer of `version` shows them; every field null when there is no record (v2: an employee whose user is gone). */
export function answerFields<const Fields extends readonly SandboxField[]>(
  fields: Fields,
  version: Version,
  record: FieldValues<Fields> | undefined,
): Record<string, unknown> {
  const answer: Record<string, unknown> = {};
  for (const field of fields as readonly SandboxField[]) {
    const use = field[version];
    if (use) answer[use.name] = (record as Record<string, unknown> | undefined)?.[field.key] ?? null;
  }
  return answer;
}

/** The rows of `fields` with (`true`) or without (`false`) the `identifies` mark. */
export function identifyingFields(fields: readonly SandboxField[], identifying: boolean): SandboxField[] {
  return fields.filter((field) => (field.identifies === true) === identifying);
}
