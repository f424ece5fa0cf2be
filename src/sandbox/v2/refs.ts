/**
 * v2 identifier resolution. A path or body id is a service id or a client id (ext_id); the mode decides
 * which is tried first: the client id with `key_field=ext_id`, the service id otherwise.
 */
import type { FastifyRequest } from 'fastify';
import { notFound, type ResourceName } from '../errors.js';
import { query } from '../http/kit.js';
import type { Company } from '../store/company.js';
import type { Table } from '../store/records.js';
import type { V2Refs } from '../store/v2-organisation.js';
import type { KeyMode } from './serialize.js';

export function keyMode(request: FastifyRequest): KeyMode {
  return query(request).key_field === 'ext_id' ? 'ext' : 'service';
}

export function lookup<T extends { sid: number; id: string | null }>(table: Table<T>, text: string, mode: KeyMode): T | undefined {
  return mode === 'ext' ? (table.byId(text) ?? table.bySidText(text)) : (table.bySidText(text) ?? table.byId(text));
}

export function mustFind<T extends { sid: number; id: string | null }>(
  table: Table<T>,
  text: string,
  mode: KeyMode,
  resource: ResourceName,
  accept: (record: T) => boolean = () => true,
): T {
  const found = lookup(table, text, mode);
  if (!found || !accept(found)) throw notFound(resource, text);
  return found;
}

export function refsFor(company: Company, mode: KeyMode): V2Refs {
  return {
    department: (text) => lookup(company.departments, text, mode),
    employee: (text) => {
      const employee = lookup(company.employees, text, mode);
      return employee?.active ? employee : undefined;
    },
  };
}
