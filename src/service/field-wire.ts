/**
 * The value fields of the field table (src/model/fields.ts) on the wire of either version: read from an
 * answer by their `read` names and value kind, written into a request body by their `write` names, and
 * compared when verify reads an update back. The adapters' readers, bodies and verify are built on these.
 */
import { sameValue, sentValues } from '../model/field-changes.js';
import type { Comparison, ValueKind, WireName } from '../model/fields.js';
import type { ApiVersion } from '../model/service-state.js';
import { isRecord } from './http/answer.js';

type Wire = Record<string, unknown>;
/** A value field of any entity's table, as far as the wire needs it. */
type Field = { key: string; value: ValueKind; compare: Comparison; wire: { v3?: WireName; v2?: WireName } };

/** Each version's reading of a bare value as text: v2 sends a blank as '', v3 keeps it as sent. */
const TEXT: Record<ApiVersion, (value: unknown) => string | null> = {
  v3: (value) => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null),
  v2: (value) => (typeof value === 'string' ? (value === '' ? null : value) : typeof value === 'number' ? String(value) : null),
};

/**
 * A value as its kind reads it: a gender f or m, anything else none; a system language en or da, anything
 * else not shown (undefined); a date its calendar day (an answer may add a time; a blank one is none); an id bare or as an
 * abbreviated object; the rest as text.
 */
export function valueOfKind(kind: ValueKind, raw: unknown, api: ApiVersion): unknown {
  const text = TEXT[api](kind === 'id' && isRecord(raw) ? raw.id : raw);
  switch (kind) {
    case 'gender':
      return text === 'f' || text === 'm' ? text : null;
    case 'system_language':
      return text === 'en' || text === 'da' ? text : undefined;
    case 'date':
      // A blank date is no date: a v3 answer may show a cleared one as "".
      return text ? text.slice(0, 10) : null;
    default:
      return text;
  }
}

/**
 * A field as an answer shows it: by the first of its `read` names present; undefined when the answer has
 * none of them (not shown), or the version has no such field. A field marked `absent: 'blank'` always has
 * a value in the service, so an answer without one reads as blank.
 */
export function readField(field: Field, api: ApiVersion, wire: Wire): unknown {
  const name = field.wire[api];
  if (!name) return undefined;
  const present = name.read.find((read) => read in wire);
  const value = present === undefined ? undefined : valueOfKind(field.value, wire[present], api);
  return name.absent === 'blank' ? (value ?? '') : value;
}

/** The fields an answer shows, by model key (a field it does not show is left out). */
export function readFields(fields: readonly Field[], api: ApiVersion, wire: Wire): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of fields) {
    if (field.wire[api]?.shows === 'effective_responsible') continue;
    const value = readField(field, api, wire);
    if (value !== undefined) values[field.key] = value;
  }
  return values;
}

/**
 * The effective responsible employee, where a field of the version shows only that (a unit's owner on v3):
 * undefined when no field does, or the answer does not show it.
 */
export function readResponsible(fields: readonly Field[], api: ApiVersion, wire: Wire): string | null | undefined {
  const field = fields.find((f) => f.wire[api]?.shows === 'effective_responsible');
  return field && (readField(field, api, wire) as string | null | undefined);
}

/**
 * A request body's value fields, by their `write` names, from values keyed by model key. `create` leaves
 * out "no value" (null or undefined); `update` sends null, which clears the field. A field the version
 * does not have is never sent.
 */
export function writeFields(fields: readonly Field[], api: ApiVersion, values: object, mode: 'create' | 'update'): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  const given = values as Record<string, unknown>;
  for (const field of fields) {
    const name = field.wire[api];
    const value = given[field.key];
    if (!name || value === undefined || (mode === 'create' && value === null)) continue;
    body[name.write] = value;
  }
  return body;
}

/** An update's body: each changed field's new value (`changes` as operations carry them) by its write name. */
export function writeChanges(fields: readonly Field[], api: ApiVersion, changes: object): Record<string, unknown> {
  return writeFields(fields, api, sentValues(changes), 'update');
}

/**
 * Whether an answer shows each sent value (keyed by model key), by each field's comparison. A value the
 * version shows only as the effective responsible employee is seen when set, and cannot be seen cleared.
 */
export function showsValues(fields: readonly Field[], api: ApiVersion, wire: Wire, sent: object): boolean {
  const given = sent as Record<string, unknown>;
  return fields.every((field) => {
    if (!(field.key in given) || given[field.key] === undefined) return true;
    const expected = given[field.key];
    if (field.wire[api]?.shows === 'effective_responsible' && expected === null) return false;
    return sameValue(field.compare, readField(field, api, wire), expected);
  });
}
