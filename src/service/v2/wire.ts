/**
 * v2 answers (read with key_field=ext_id) → plain records. In that mode `id` and every relation id carry
 * the client id (ext_id); an entity made by hand on the site has none, so its id reads as null: such an
 * entity cannot be matched to a workbook row and is counted instead.
 */
import type { Gender } from '../../model/organisation.js';
import type { UserFields } from '../../model/operations.js';
import { isRecord } from '../http/answer.js';

type Wire = Record<string, unknown>;

export function text(value: unknown): string | null {
  if (typeof value === 'string') return value === '' ? null : value;
  if (typeof value === 'number') return String(value);
  return null;
}

/** A relation id: bare (v2's form) or, leniently, an abbreviated object with an id. */
export function refOf(value: unknown): string | null {
  return isRecord(value) ? text(value['id']) : text(value);
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
  employment?: string | null;
}

export function employeeFromWire(wire: Wire): WireEmployee {
  const person: UserFields = {
    name: text(wire['name']) ?? '',
    email: text(wire['email']) ?? '',
    username: text(wire['username']) ?? '',
  };
  if ('gender' in wire) {
    const gender = text(wire['gender']);
    person.gender = gender === 'f' || gender === 'm' ? (gender as Gender) : null;
  }
  if ('birthday' in wire) person.birthday = text(wire['birthday'])?.slice(0, 10) ?? null;
  return {
    id: text(wire['id']),
    person,
    ...('employment' in wire && { employment: text(wire['employment']) }),
  };
}

export interface WireDepartment {
  id: string | null;
  name: string;
  parentId: string | null;
  /** The explicit manager (v2 shows it, unlike v3's effective one); undefined when not sent. */
  owner?: string | null;
}

export function departmentFromWire(wire: Wire): WireDepartment {
  return {
    id: text(wire['id']),
    name: text(wire['name']) ?? '',
    parentId: refOf(wire['parent_department']),
    ...('responsible_employee' in wire && { owner: refOf(wire['responsible_employee']) }),
  };
}

export interface WireTeam {
  id: string | null;
  name: string;
  departmentId: string | null;
  owner?: string | null;
  /** Members with a client id. */
  members: string[];
  /** Members without one (made on the site): they cannot be named in a member list sent back. */
  anonymousMembers: number;
}

export function teamFromWire(wire: Wire): WireTeam {
  const listed = Array.isArray(wire['employees']) ? wire['employees'].map(refOf) : [];
  const members = listed.filter((id): id is string => id !== null);
  return {
    id: text(wire['id']),
    name: text(wire['name']) ?? '',
    departmentId: refOf(wire['department']),
    ...('responsible_employee' in wire && { owner: refOf(wire['responsible_employee']) }),
    members,
    anonymousMembers: listed.length - members.length,
  };
}

export interface WireDialog {
  /** The employee's id. */
  employeeId: string | null;
  /** The date the employee was reported sick. */
  date: string | null;
}

export function dialogFromWire(wire: Wire): WireDialog {
  return { employeeId: refOf(wire['id'] ?? wire['employee']), date: text(wire['date'])?.slice(0, 10) ?? null };
}
