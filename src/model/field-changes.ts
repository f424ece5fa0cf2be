/**
 * The generic half of the field table (fields.ts): how two values of a field compare, which value fields
 * of an entity differ from the service's, and what an update sends. The planner diffs with these, the
 * after-state applies them, and verify compares what it reads back with the same rule.
 */
import type { Comparison, ValueFieldDef } from './fields.js';
import type { FieldChange } from './reasons.js';

/** Two values of one field, by its comparison: `text` takes a blank for no value, `day` compares the calendar day. */
export function sameValue(compare: Comparison, a: unknown, b: unknown): boolean {
  const blank = (value: unknown) => value === undefined || value === null || (compare === 'text' && value === '');
  if (blank(a) || blank(b)) return blank(a) && blank(b);
  const asText = (value: unknown) => (compare === 'day' ? String(value).slice(0, 10) : String(value));
  return asText(a) === asText(b);
}

type Change<V> = { was?: V | null; now: V };
type Changes<E, K extends keyof E> = { [F in K]?: Change<Exclude<E[F], undefined>> };

export interface FieldDiff<E, K extends keyof E> {
  changes: Changes<E, K>;
  /** Create-only fields whose wanted value differs: the service keeps its own (the plan says so in a note). */
  fixed: { key: K; stays: Exclude<E[K], undefined> }[];
}

/**
 * The value fields whose wanted value differs from the service's. A field the workbook does not manage
 * (undefined) is left alone. One the service does not show (undefined) cannot be compared, and sending it
 * every run would never settle, so it is left out; `unknown: 'send'` sends it instead, for a record whose
 * values are not known rather than not shown (a rehired employee's title may have survived the firing).
 */
export function diffFields<E, K extends keyof E & string>(
  fields: readonly ValueFieldDef<E, K>[],
  wanted: Partial<Pick<E, K>>,
  existing: Partial<Pick<E, K>>,
  unknown: 'skip' | 'send' = 'skip',
): FieldDiff<E, K> {
  const changes: Changes<E, K> = {};
  const fixed: FieldDiff<E, K>['fixed'] = [];
  for (const field of fields) {
    const now = wanted[field.key];
    if (now === undefined) continue;
    const was = existing[field.key];
    if (was === undefined && (unknown === 'skip' || field.update === 'create_only')) continue;
    if (was !== undefined && sameValue(field.compare, was, now)) continue;
    if (field.update === 'create_only') fixed.push({ key: field.key, stays: was as Exclude<E[K], undefined> });
    else changes[field.key] = { ...(was !== undefined && { was: was as Exclude<E[K], undefined> }), now: now as Exclude<E[K], undefined> };
  }
  return { changes, fixed };
}

/** A new record's updatable value fields as the service will show them: one not sent as no value. */
export function shownAfterCreate<E, K extends keyof E & string>(
  fields: readonly ValueFieldDef<E, K>[],
  sent: Partial<Pick<E, K>>,
): Partial<Pick<E, K>> {
  const values: Partial<Pick<E, K>> = {};
  for (const field of fields) if (field.update === 'updatable') values[field.key] = (sent[field.key] ?? null) as E[K];
  return values;
}

/** The value fields a record has a value in (neither not managed nor blank): what a create of it sends. */
export function valuesToSend<E, K extends keyof E & string>(
  fields: readonly ValueFieldDef<E, K>[],
  record: Partial<Pick<E, K>>,
): Partial<Pick<E, K>> {
  const values: Partial<Pick<E, K>> = {};
  for (const field of fields) {
    const value = record[field.key];
    if (value !== undefined && value !== null) values[field.key] = value;
  }
  return values;
}

/** The changes as the reason `fields_changed` gives them: each field with the value the service has and the one sent. */
export function fieldChangeList(changes: object): FieldChange[] {
  return Object.entries(changes as Record<string, Change<string | null> | undefined>).flatMap(([field, change]) =>
    change ? [{ field, was: change.was ?? null, now: change.now ?? null }] : [],
  );
}

/** What an update sends: each changed field's new value. */
export function sentValues<C extends object>(changes: C): { [K in keyof C]?: NonNullable<C[K]> extends { now: infer V } ? V : never } {
  const sent: Record<string, unknown> = {};
  for (const [field, change] of Object.entries(changes) as [string, { now: unknown } | undefined][]) if (change) sent[field] = change.now;
  return sent as { [K in keyof C]?: NonNullable<C[K]> extends { now: infer V } ? V : never };
}

/** The changes applied to a record: each changed field takes its new value. */
export function applyChanges<T extends object>(record: T, changes: object): void {
  Object.assign(record, sentValues(changes));
}
