/**
 * The stored records. Relations point at service ids (`sid`), never at client ids, so changing a client id
 * keeps every relation. A client id (`id`) is the v3 id and the v2 ext_id; null when a v2 client never gave one.
 * A user's, an employee's and a unit's values are stored under their fields' keys (fields.ts), as older state
 * files hold them.
 */
import type { EmployeeValues, UnitValues, UserValues } from './fields.js';

export const OPEN_END = '9999-12-31';

/** A user: its keys, and the values of the person's fields (fields.ts). */
export interface UserRecord extends Readonly<UserValues> {
  readonly sid: number;
  readonly id: string | null;
}

/** An employee: its keys and relations, the values of the employee's fields (fields.ts), its state. */
export interface EmployeeRecord extends Readonly<EmployeeValues> {
  readonly sid: number;
  readonly id: string | null;
  /** null only for a fired employee whose user was deleted since. */
  readonly userSid: number | null;
  readonly active: boolean;
  /** ISO timestamp of the firing; drives the v2 14-day rehire window and username reservation. */
  readonly firedAt: string | null;
  readonly teamSid: number | null;
}

/** A department: its keys, the values of the units' fields (fields.ts), its relations. */
export interface DepartmentRecord extends Readonly<UnitValues> {
  readonly sid: number;
  readonly id: string | null;
  readonly parentSid: number | null;
  readonly ownerSid: number | null;
}

/** A team: its keys, the values of the units' fields (fields.ts), its relations. */
export interface TeamRecord extends Readonly<UnitValues> {
  readonly sid: number;
  readonly id: string | null;
  readonly departmentSid: number;
  readonly ownerSid: number | null;
}

export interface DelegationRecord {
  readonly sid: number;
  readonly id: null;
  readonly unitKind: 'department' | 'team';
  readonly unitSid: number;
  readonly responsibility: string;
  readonly employeeSid: number;
}

export interface AbsenceRecord {
  readonly sid: number;
  readonly id: null;
  readonly employeeSid: number;
  readonly startDate: string;
  /** OPEN_END when no end date was given. */
  readonly endDate: string;
}

interface Keyed {
  readonly sid: number;
  readonly id: string | null;
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/**
 * Records grouped by one of their fields (a user's employees, a unit's delegations, an employee's
 * absences): kept up to date by the table on every insert, update and delete, so a lookup costs the size
 * of the group, not of the table. Records without a key (null) are in no group.
 */
export class Grouping<T extends Keyed, K> {
  private readonly groups = new Map<K, Map<number, T>>();

  constructor(readonly keyOf: (record: T) => K | null) {}

  add(record: T): void {
    const key = this.keyOf(record);
    if (key === null) return;
    let group = this.groups.get(key);
    if (!group) {
      group = new Map();
      this.groups.set(key, group);
    }
    group.set(record.sid, record);
  }

  remove(record: T): void {
    const key = this.keyOf(record);
    if (key === null) return;
    const group = this.groups.get(key);
    group?.delete(record.sid);
    if (group?.size === 0) this.groups.delete(key);
  }

  /** The group's records in creation (service id) order, as a scan of the table would find them. */
  of(key: K): T[] {
    const group = this.groups.get(key);
    if (!group) return [];
    return [...group.values()].sort((a, b) => a.sid - b.sid);
  }

  /** The first record of the group in creation order. */
  first(key: K): T | undefined {
    return this.of(key)[0];
  }
}

/** What changed in a table since the last `takeChanges()`: records as they are now, and deleted service ids. */
export interface TableChanges<T> {
  put: T[];
  deleted: number[];
}

/**
 * One table: records in creation order, looked up by service id, by client id and by its groupings.
 * Every change goes through insert, update, changeId or delete (the record types are read-only), so
 * the indexes never go stale and the state file learns exactly which records changed.
 */
export class Table<T extends Keyed> {
  private readonly bySid = new Map<number, T>();
  private readonly byClientId = new Map<string, number>();
  private readonly groupings: Grouping<T, unknown>[] = [];
  private nextSid: number;
  private listed: readonly T[] | null = null;
  private changed = new Map<number, T | null>();
  /** Goes up on every change, so that views derived from the records know when to be computed again. */
  generation = 0;

  constructor(records: readonly T[] = [], nextSid = 1) {
    this.nextSid = nextSid;
    for (const record of records) this.insert(record);
    this.changed.clear();
  }

  /** A grouping of this table's records by `keyOf`; define before the first lookup. */
  groupBy<K>(keyOf: (record: T) => K | null): Grouping<T, K> {
    const grouping = new Grouping<T, K>(keyOf);
    for (const record of this.bySid.values()) grouping.add(record);
    this.groupings.push(grouping as Grouping<T, unknown>);
    return grouping;
  }

  allocateSid(): number {
    return this.nextSid++;
  }

  get sidCounter(): number {
    return this.nextSid;
  }

  insert(record: T): T {
    if (record.sid >= this.nextSid) this.nextSid = record.sid + 1;
    this.bySid.set(record.sid, record);
    if (record.id !== null) this.byClientId.set(record.id, record.sid);
    for (const grouping of this.groupings) grouping.add(record);
    this.touched(record, record);
    this.listed = null;
    return record;
  }

  /** Changes fields of a stored record (never its sid or client id: see changeId). */
  update(record: T, changes: Partial<Omit<T, 'sid' | 'id'>>): T {
    for (const grouping of this.groupings) grouping.remove(record);
    Object.assign(record as Mutable<T>, changes);
    for (const grouping of this.groupings) grouping.add(record);
    this.touched(record, record);
    return record;
  }

  get(sid: number | null): T | undefined {
    return sid === null ? undefined : this.bySid.get(sid);
  }

  byId(id: string): T | undefined {
    const sid = this.byClientId.get(id);
    return sid === undefined ? undefined : this.bySid.get(sid);
  }

  /** Service ids are shown as decimal strings; anything else is not one. */
  bySidText(text: string): T | undefined {
    return /^[1-9][0-9]{0,14}$/.test(text) ? this.bySid.get(Number(text)) : undefined;
  }

  changeId(record: T, id: string | null): void {
    if (record.id !== null) this.byClientId.delete(record.id);
    (record as Mutable<T>).id = id as T['id'];
    if (id !== null) this.byClientId.set(id, record.sid);
    this.touched(record, record);
  }

  delete(record: T): void {
    for (const grouping of this.groupings) grouping.remove(record);
    this.bySid.delete(record.sid);
    if (record.id !== null) this.byClientId.delete(record.id);
    this.touched(record, null);
    this.listed = null;
  }

  /** Every record in creation order. The list is shared until the next insert or delete: never change it. */
  values(): readonly T[] {
    this.listed ??= [...this.bySid.values()];
    return this.listed;
  }

  get size(): number {
    return this.bySid.size;
  }

  /** The changes since the last call (for the state file's log), and forgets them. */
  takeChanges(): TableChanges<T> {
    const put: T[] = [];
    const deleted: number[] = [];
    for (const [sid, record] of this.changed) {
      if (record) put.push(record);
      else deleted.push(sid);
    }
    this.changed = new Map();
    return { put, deleted };
  }

  private touched(record: T, now: T | null): void {
    this.changed.set(record.sid, now);
    this.generation += 1;
  }
}

/** The changes that were given: a field left undefined (not sent) keeps its value. */
export function given<T extends object>(changes: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(changes)) if (value !== undefined) result[key] = value;
  return result as { [K in keyof T]?: Exclude<T[K], undefined> };
}
