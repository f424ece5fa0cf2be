/**
 * The sandbox's own field table (src/sandbox/store/fields.ts) against the API documents it was read from:
 * every row of the documents' field tables is a row of it or an id or relation, and each row says what the
 * document says (names, required on create, accepted on update, the values, null, the default). Then each
 * field, through the HTTP interface: a create of each version takes it and the answer shows it.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  EMPLOYEE_FIELDS,
  UNIT_FIELDS,
  USER_FIELDS,
  type FieldUse,
  type FieldValue,
  type SandboxField,
} from '../../src/sandbox/store/fields.js';
import { startClient, type Client } from './helpers.js';

const API = resolve(import.meta.dirname, '../../docs/contracts/api');

interface DocRow {
  field: string;
  type: string;
  create: string;
  update: string;
  notes: string;
}

/** The rows of the field table under `### heading` of a document, by the table's own column names. */
function fieldTable(file: string, heading: string): DocRow[] {
  const lines = readFileSync(`${API}/${file}`, 'utf8').split('\n');
  const start = lines.indexOf(`### ${heading}`);
  if (start < 0) throw new Error(`${file} has no section ${heading}`);
  const rows = firstTable(lines.slice(start + 1));
  const cells = (line: string) =>
    line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim());
  const header = cells(rows[0]!);
  const column = (name: RegExp) => header.findIndex((cell) => name.test(cell));
  const at = { type: column(/^Type/), create: column(/create/i), update: column(/update/i), notes: column(/^Notes$/) };
  return rows.slice(2).map((line) => {
    const row = cells(line);
    const cell = (index: number) => (index < 0 ? '' : row[index]!);
    return { field: row[0]!, type: cell(at.type), create: cell(at.create), update: cell(at.update), notes: cell(at.notes) };
  });
}

function firstTable(lines: string[]): string[] {
  const first = lines.findIndex((line) => line.startsWith('|'));
  const rest = lines.slice(first);
  const end = rest.findIndex((line) => !line.startsWith('|'));
  return end < 0 ? rest : rest.slice(0, end);
}

/** Fields that are keys or relations, each with rules of its own outside the table. */
const KEYS_AND_RELATIONS = new Set([
  'id',
  'ext_id',
  'user',
  'owner',
  'responsible_employee',
  'employees',
  'department',
  'parent_id',
  'parent_department',
]);

const SECTIONS: { file: string; version: 'v3' | 'v2'; heading: string; fields: readonly SandboxField[] }[] = [
  { file: 'v3.md', version: 'v3', heading: 'User', fields: USER_FIELDS },
  { file: 'v3.md', version: 'v3', heading: 'Employee', fields: EMPLOYEE_FIELDS },
  { file: 'v3.md', version: 'v3', heading: 'Team', fields: UNIT_FIELDS },
  { file: 'v3.md', version: 'v3', heading: 'Department', fields: UNIT_FIELDS },
  // On v2 an employee carries its user's fields.
  { file: 'v2.md', version: 'v2', heading: 'Employee', fields: [...USER_FIELDS, ...EMPLOYEE_FIELDS] },
  { file: 'v2.md', version: 'v2', heading: 'Team', fields: UNIT_FIELDS },
  { file: 'v2.md', version: 'v2', heading: 'Department', fields: UNIT_FIELDS },
];

const TEXT_KINDS = new Set<FieldValue['kind']>(['text', 'text_or_null', 'text_or_blank']);
const TAKES_NULL = new Set<FieldValue['kind']>(['text_or_null', 'text_or_blank', 'date_or_null']);

function takesNull(value: FieldValue): boolean {
  return TAKES_NULL.has(value.kind) || (value.kind === 'one_of' && value.whenNull === 'clears');
}

/** What the document's row says, in the table's terms. */
function expectAgrees(row: DocRow, field: SandboxField, use: FieldUse): void {
  const value = use.value ?? field.value;
  const listed = [...row.type.matchAll(/`([^`]+)`/g)].map((match) => match[1]!);
  if (/e-mail/.test(row.type)) expect(value.kind).toBe('email');
  else if (/YYYY-MM-DD/.test(row.type)) expect(value.kind).toBe('date_or_null');
  else if (listed.length > 0) expect(value.kind === 'one_of' ? [...value.values].sort() : value.kind).toEqual(listed.sort());
  else expect(TEXT_KINDS.has(value.kind)).toBe(true);

  if (/may be null/.test(row.notes)) expect(takesNull(value)).toBe(true);
  const defaultValue = /default is .*\(`([^`]+)`\)/.exec(row.notes)?.[1];
  if (defaultValue !== undefined) expect(field.unset).toBe(defaultValue);

  if (/defaults to the e-mail/.test(row.notes)) expect(use.create).toEqual({ defaultsTo: 'email' });
  else expect(use.create).toBe(/^(yes|required)/.test(row.create) ? 'required' : 'optional');
  expect(use.secondEmployment !== undefined).toBe(/second employment/.test(row.create));
  expect(use.update).toBe(/not accepted/.test(row.update) ? 'ignored' : 'accepted');
}

describe('the sandbox field table agrees with the API documents', () => {
  for (const { file, version, heading, fields } of SECTIONS) {
    test(`${file} ${heading}: every row is the table's or a key or relation, and says what the table says`, () => {
      const rows = fieldTable(file, heading);
      expect(rows.length).toBeGreaterThan(0);
      const named = fields.filter((field) => field[version] !== undefined);
      for (const row of rows) {
        if (KEYS_AND_RELATIONS.has(row.field)) continue;
        const field = named.find((candidate) => candidate[version]!.name === row.field);
        expect(field, `${file} ${heading}: ${row.field} is not in the sandbox's table`).toBeDefined();
        expectAgrees(row, field!, field![version]!);
      }
      expect(named.map((field) => field[version]!.name).filter((name) => !rows.some((row) => row.field === name))).toEqual([]);
    });
  }
});

/** A value each field takes that is not what a create stores without it. */
function sample(field: SandboxField, version: 'v3' | 'v2'): string {
  const value = field[version]!.value ?? field.value;
  switch (value.kind) {
    case 'email':
      return 'sample@example.com';
    case 'date_or_null':
      return '1985-04-17';
    case 'one_of':
      return value.values.find((option) => option !== field.unset)!;
    default:
      return `sample ${field.key}`;
  }
}

/** A sample value of each field that `version` has, under its name there: what to send and to see again. */
function samples(fields: readonly SandboxField[], version: 'v3' | 'v2'): Record<string, string> {
  const values: Record<string, string> = {};
  for (const field of fields) if (field[version]) values[field[version].name] = sample(field, version);
  return values;
}

describe('each field of the table is taken by a create and shown by its answer', () => {
  let client: Client;
  beforeAll(async () => {
    client = await startClient();
  });
  afterAll(() => client.sandbox.close());

  test('v3: a user, its employee, a department and a team', async () => {
    const user = samples(USER_FIELDS, 'v3');
    const employee = samples(EMPLOYEE_FIELDS, 'v3');
    const unit = samples(UNIT_FIELDS, 'v3');
    const userReply = await client.post('/v3/core/users', { user: { id: 'u1', ...user } });
    expect(userReply.status).toBe(201);
    expect(userReply.body).toEqual({ id: 'u1', ...user });
    const employeeReply = await client.post('/v3/core/users/u1/employees', { employee: { id: 'e1', ...employee } });
    expect(employeeReply.status).toBe(200);
    expect(employeeReply.body).toEqual({ id: 'e1', ...employee, user: { id: 'u1', ...user } });
    expect((await client.get('/v3/core/employees/e1')).body).toEqual(employeeReply.body);
    const departmentReply = await client.post('/v3/core/departments/root/departments', { department: { id: 'd1', ...unit } });
    expect(departmentReply.body).toMatchObject({ id: 'd1', ...unit });
    const teamReply = await client.post('/v3/core/departments/d1/teams', { team: { id: 't1', ...unit } });
    expect(teamReply.body).toMatchObject({ id: 't1', ...unit });
  });

  test('v2: an employee with its user, a department and a team', async () => {
    const person = samples([...USER_FIELDS, ...EMPLOYEE_FIELDS], 'v2');
    const unit = samples(UNIT_FIELDS, 'v2');
    const employeeReply = await client.post('/v2/core/employees?key_field=ext_id', { employee: { ext_id: 'x1', ...person } });
    expect(employeeReply.status).toBe(201);
    expect(employeeReply.body).toEqual({ id: 'x1', ...person });
    const departmentReply = await client.post('/v2/core/departments?key_field=ext_id', {
      department: { ext_id: 'vd', parent_department: 'root', ...unit },
    });
    expect(departmentReply.body).toMatchObject({ id: 'vd', ...unit });
    const teamReply = await client.post('/v2/core/teams?key_field=ext_id', { team: { ext_id: 'vt', department: 'vd', ...unit } });
    expect(teamReply.body).toMatchObject({ id: 'vt', ...unit });
  });
});
