/**
 * v2 answers (read with key_field=ext_id) → plain records. In that mode `id` and every relation id carry
 * the client id (ext_id); an entity made by hand on the site has none, so its id reads as null: such an
 * entity cannot be matched to a workbook row and is counted instead.
 */
import { EMPLOYEE_FIELDS, UNIT_FIELDS, USER_FIELDS } from '../../model/fields.js';
import type { Department } from '../../model/organisation.js';
import type { EmployeeValues, UserFields } from '../../model/operations.js';
import { readFields } from '../field-wire.js';
import { isRecord } from '../http/answer.js';

type Wire = Record<string, unknown>;

export function text(value: unknown): string | null {
  if (typeof value === 'string') return value === '' ? null : value;
  if (typeof value === 'number') return String(value);
  return null;
}

/** A relation id: bare (v2's form) or, leniently, an abbreviated object with an id. */
export function refOf(value: unknown): string | null {
  return isRecord(value) ? text(value.id) : text(value);
}

/** A single-resource answer, possibly wrapped as {employee: {...}}. */
export function unwrap(body: unknown, name: string): Wire | null {
  if (!isRecord(body)) return null;
  if (!('id' in body) && isRecord(body[name])) return body[name] as Wire;
  return body;
}

export function records(items: readonly unknown[]): Wire[] {
  return items.filter(isRecord);
}

export interface WireEmployee {
  id: string | null;
  person: UserFields;
  /** The employee's own value fields (EMPLOYEE_FIELDS) the answer shows. */
  values: EmployeeValues;
}

export function employeeFromWire(wire: Wire): WireEmployee {
  return {
    id: text(wire.id),
    person: readFields(USER_FIELDS, 'v2', wire) as UserFields,
    values: readFields(EMPLOYEE_FIELDS, 'v2', wire) as EmployeeValues,
  };
}

/** A unit's value fields the answer shows (UNIT_FIELDS; v2 shows the explicit owner, unlike v3's effective one). */
export type WireUnitValues = Omit<Department, 'id' | 'parentId'>;

export interface WireDepartment {
  id: string | null;
  parentId: string | null;
  values: WireUnitValues;
}

function unitValues(wire: Wire): WireUnitValues {
  return readFields(UNIT_FIELDS, 'v2', wire) as WireUnitValues;
}

export function departmentFromWire(wire: Wire): WireDepartment {
  return { id: text(wire.id), parentId: refOf(wire.parent_department), values: unitValues(wire) };
}

export interface WireTeam {
  id: string | null;
  departmentId: string | null;
  values: WireUnitValues;
  /** Members with a client id. */
  members: string[];
  /** Members without one (made on the site): they cannot be named in a member list sent back. */
  anonymousMembers: number;
}

export function teamFromWire(wire: Wire): WireTeam {
  const listed = Array.isArray(wire.employees) ? wire.employees.map(refOf) : [];
  const members = listed.filter((id): id is string => id !== null);
  return {
    id: text(wire.id),
    departmentId: refOf(wire.department),
    values: unitValues(wire),
    members,
    anonymousMembers: listed.length - members.length,
  };
}

export interface WireDialog {
  /** The employee's id. */
  employeeId: string | null;
  /** The date the employee was reported sick; null when the answer holds no date (`unreadableDate` says what it held). */
  date: string | null;
  /** The date as the service answered it (`""`, `null`, "yesterday") when it is no date: a malformed answer. */
  unreadableDate?: string;
}

export function dialogFromWire(wire: Wire): WireDialog {
  const employeeId = refOf(wire.id ?? wire.employee);
  const date = typeof wire.date === 'string' && /^\d{4}-\d{2}-\d{2}/.test(wire.date) ? wire.date.slice(0, 10) : null;
  return date !== null ? { employeeId, date } : { employeeId, date, unreadableDate: JSON.stringify(wire.date ?? null) };
}
