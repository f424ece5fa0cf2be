/**
 * v3 response objects → the canonical organisation. Responses are read leniently: nested objects are
 * abbreviated in the documents, so a field that is absent stays undefined ("not exposed"), one that is
 * present but empty becomes null.
 */
import { EMPLOYEE_FIELDS, UNIT_FIELDS, USER_FIELDS } from '../../model/fields.js';
import type { Delegation, Department, Employee, Team, UnitKind, User } from '../../model/organisation.js';
import { readFields, readResponsible } from '../field-wire.js';
import { isRecord } from '../http/answer.js';

type Wire = Record<string, unknown>;

export function text(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return null;
}

/** The id of an abbreviated object, or a bare id. */
export function idOf(value: unknown): string | null {
  return isRecord(value) ? text(value.id) : text(value);
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

export function userFromWire(wire: Wire): User | null {
  const id = text(wire.id);
  if (id === null) return null;
  return { id, ...(readFields(USER_FIELDS, 'v3', wire) as Omit<User, 'id'>) };
}

export function employeeFromWire(wire: Wire): Employee | null {
  const id = text(wire.id);
  if (id === null) return null;
  return {
    id,
    userId: nestedId(wire, 'user') ?? '',
    ...(readFields(EMPLOYEE_FIELDS, 'v3', wire) as Partial<Employee>),
    // Membership comes from the teams list; until then, in no team.
    teamId: null,
    status: 'active',
  };
}

/**
 * A unit's value fields by the table, and who is responsible for it: v3 shows the effective responsible
 * employee, not the owner, so the owner is left out of the values and read as `responsible`.
 */
function unitValues(wire: Wire): Omit<Department, 'id' | 'parentId'> {
  const values = readFields(UNIT_FIELDS, 'v3', wire) as Omit<Department, 'id' | 'parentId'>;
  const responsible = readResponsible(UNIT_FIELDS, 'v3', wire);
  return { ...values, ...(responsible !== undefined && { responsible }) };
}

export function departmentFromWire(wire: Wire): Department | null {
  const id = text(wire.id);
  if (id === null) return null;
  const parentId = 'parent_id' in wire ? text(wire.parent_id) : (nestedId(wire, 'parent') ?? null);
  return { id, ...unitValues(wire), parentId: parentId === '' ? null : parentId };
}

export function teamFromWire(wire: Wire): { team: Team; memberIds: string[] } | null {
  const id = text(wire.id);
  if (id === null) return null;
  const members = Array.isArray(wire.employees) ? wire.employees : [];
  return {
    team: { id, ...unitValues(wire), departmentId: nestedId(wire, 'department') ?? '' },
    memberIds: members.map(idOf).filter((member): member is string => member !== null),
  };
}

export function delegationFromWire(wire: Wire, unitKind: UnitKind, unitId: string): Delegation | null {
  const responsibility = text(wire.responsibility);
  const employeeId = nestedId(wire, 'employee');
  if (responsibility === null || !employeeId) return null;
  const serviceId = text(wire.id);
  return { unitKind, unitId, responsibility, employeeId, ...(serviceId !== null && { serviceId }) };
}

export function records(items: readonly unknown[]): Wire[] {
  return items.filter(isRecord);
}
