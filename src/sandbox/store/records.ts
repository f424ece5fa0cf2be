/**
 * The stored records. Relations point at service ids (`sid`), never at client ids, so changing a client id
 * keeps every relation. A client id (`id`) is the v3 id and the v2 ext_id; null when a v2 client never gave one.
 */
export const OPEN_END = '9999-12-31';

export interface UserRecord {
  sid: number;
  id: string | null;
  name: string;
  email: string;
  username: string;
  gender: 'f' | 'm' | null;
  birthday: string | null;
}

export interface EmployeeRecord {
  sid: number;
  id: string | null;
  /** null only for a fired employee whose user was deleted since. */
  userSid: number | null;
  employment: string | null;
  systemLanguage: 'en' | 'da';
  active: boolean;
  /** ISO timestamp of the firing; drives the v2 14-day rehire window and username reservation. */
  firedAt: string | null;
  teamSid: number | null;
}

export interface DepartmentRecord {
  sid: number;
  id: string | null;
  name: string;
  parentSid: number | null;
  ownerSid: number | null;
}

export interface TeamRecord {
  sid: number;
  id: string | null;
  name: string;
  departmentSid: number;
  ownerSid: number | null;
}

export interface DelegationRecord {
  sid: number;
  id: null;
  unitKind: 'department' | 'team';
  unitSid: number;
  responsibility: string;
  employeeSid: number;
}

export interface AbsenceRecord {
  sid: number;
  id: null;
  employeeSid: number;
  startDate: string;
  /** OPEN_END when no end date was given. */
  endDate: string;
}

interface Keyed {
  sid: number;
  id: string | null;
}

/** One table: records in creation order, looked up by service id or by client id. */
export class Table<T extends Keyed> {
  private readonly bySid = new Map<number, T>();
  private readonly byClientId = new Map<string, number>();
  private nextSid: number;

  constructor(records: readonly T[] = [], nextSid = 1) {
    this.nextSid = nextSid;
    for (const record of records) this.insert(record);
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
    record.id = id;
    if (id !== null) this.byClientId.set(id, record.sid);
  }

  delete(record: T): void {
    this.bySid.delete(record.sid);
    if (record.id !== null) this.byClientId.delete(record.id);
  }

  values(): T[] {
    return [...this.bySid.values()];
  }
}
