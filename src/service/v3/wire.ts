/**
 * v3 response objects → the canonical organisation. Responses are read leniently: nested objects are
 * abbreviated in the documents, so a field that is absent stays undefined ("not exposed"), one that is
 * present but empty becomes null.
 */
import type { Delegation, Department, Employee, Gender, SystemLanguage, Team, UnitKind, User } from '../../model/organisation.js';
import { isRecord } from '../http/answer.js';

type Wire = Record<string, unknown>;

export function text(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return null;
}

/** The id of an abbreviated object, or a bare id. */
export function idOf(value: unknown): string | null {
  return isRecord(value) ? text(value['id']) : text(value);
}

/** The id of the nested object under `key`, or of a `${key}_id` field; undefined when neither is sent. */
export function nestedId(wire: Wire, key: string): string | null | undefined {
  if (key in wire) return wire[key] === null ? null : idOf(wire[key]);
  if (`${key}_id` in wire) return text(wire[`${key}_id`]);
  return undefined;
}

/** A single-resource answer, possibly wrapped as {user: {...}}. */
export function unwrap(body: unknown, name: string): Wire | null {
  if (!isRecord(body)) return null;
  if (!('id' in body) && isRecord(body[name])) return body[name] as Wire;
  return body;
}

const present = (wire: Wire, key: string): boolean => key in wire;
const optionalText = (wire: Wire, key: string): string | null | undefined =>
  present(wire, key) ? (text(wire[key]) ?? null) : undefined;

export function userFromWire(wire: Wire): User | null {
  const id = text(wire['id']);
  if (id === null) return null;
  const gender = optionalText(wire, 'gender');
  const birthday = optionalText(wire, 'birthday');
  return {
    id,
    name: text(wire['name']) ?? '',
    email: text(wire['email']) ?? '',
    username: text(wire['username']) ?? '',
    ...(gender !== undefined && { gender: gender === 'f' || gender === 'm' ? (gender as Gender) : null }),
    ...(birthday !== undefined && { birthday: birthday === null ? null : birthday.slice(0, 10) }),
  };
}

/** One response spells it `employement`; the tables say `employment`. Both are read. */
export function employmentOf(wire: Wire): string | null | undefined {
  return present(wire, 'employment') ? optionalText(wire, 'employment') : optionalText(wire, 'employement');
}

export function employeeFromWire(wire: Wire): Employee | null {
  const id = text(wire['id']);
  if (id === null) return null;
  const employment = employmentOf(wire);
  const language = text(wire['system_language']);
  return {
    id,
    userId: nestedId(wire, 'user') ?? '',
    ...(employment !== undefined && { employment }),
    ...((language === 'en' || language === 'da') && { systemLanguage: language as SystemLanguage }),
    // Membership comes from the teams list; until then, in no team.
    teamId: null,
    status: 'active',
  };
}

export function departmentFromWire(wire: Wire): Department | null {
  const id = text(wire['id']);
  if (id === null) return null;
  const parentId = 'parent_id' in wire ? text(wire['parent_id']) : (nestedId(wire, 'parent') ?? null);
  const responsible = nestedId(wire, 'responsible_employee');
  return {
    id,
    name: text(wire['name']) ?? '',
    parentId: parentId === '' ? null : parentId,
    ...(responsible !== undefined && { responsible }),
  };
}

export function teamFromWire(wire: Wire): { team: Team; memberIds: string[] } | null {
  const id = text(wire['id']);
  if (id === null) return null;
  const responsible = nestedId(wire, 'responsible_employee');
  const members = Array.isArray(wire['employees']) ? wire['employees'] : [];
  return {
    team: {
      id,
      name: text(wire['name']) ?? '',
      departmentId: nestedId(wire, 'department') ?? '',
      ...(responsible !== undefined && { responsible }),
    },
    memberIds: members.map(idOf).filter((member): member is string => member !== null),
  };
}

export function delegationFromWire(wire: Wire, unitKind: UnitKind, unitId: string): Delegation | null {
  const responsibility = text(wire['responsibility']);
  const employeeId = nestedId(wire, 'employee');
  if (responsibility === null || !employeeId) return null;
  const serviceId = text(wire['id']);
  return { unitKind, unitId, responsibility, employeeId, ...(serviceId !== null && { serviceId }) };
}

export function records(items: readonly unknown[]): Wire[] {
  return items.filter(isRecord);
}
