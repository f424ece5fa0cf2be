/**
 * One field added to each table, as "Adding a field" in docs/architecture.md adds one: a row of a copy of
 * the client's table (src/model/fields.ts) with its place in the sheet's columns, and the sandbox's own
 * row (src/sandbox/store/fields.ts), written here as the API documents would list it. A test file mocks
 * both modules with these copies (vi.mock), so every stage that reads the tables reads the added rows and
 * nothing else is edited: what the recipe promises.
 *
 * Only types are imported from the tables' modules: this file is loaded by their mocks.
 */
import type * as ClientTables from '../../src/model/fields.js';
import type * as SandboxTables from '../../src/sandbox/store/fields.js';

/** The added fields' keys, which are also their columns and their names on both versions' wire. */
export const ADDED = { user: 'badge', employee: 'grade', unit: 'cost_center' } as const;

const wire = (name: string) => ({ write: name, read: [name] });

type Version = 'v3' | 'v2';

function clientRow(key: string, en: string, da: string, versions: readonly Version[]) {
  return {
    column: key,
    header: { en, da },
    key,
    required: false,
    aliases: [],
    help: { en: `${en}.`, da: `${da}.` },
    value: 'text',
    example: { en: 'X-1', da: 'X-1' },
    wire: Object.fromEntries(versions.map((version) => [version, wire(key)])),
    update: 'updatable',
    compare: 'text',
    undo: true,
  } as const;
}

/**
 * The client's tables with one more row each, placed last among the value columns of their sheet; on the
 * wire of `versions` (a field one version lacks leaves it out).
 */
export function withAddedFields(real: typeof ClientTables, versions: readonly Version[] = ['v3', 'v2']): typeof ClientTables {
  const user = clientRow(ADDED.user, 'Badge', 'Skilt', versions);
  const employee = clientRow(ADDED.employee, 'Grade', 'Løntrin', versions);
  const unit = clientRow(ADDED.unit, 'Cost center', 'Omkostningssted', versions);
  const beforeStatus = (columns: readonly { column: string }[], ...added: object[]) => {
    const at = columns.findIndex((column) => column.column === 'team_id' || column.column === 'previous_id');
    return [...columns.slice(0, at), ...added, ...columns.slice(at)];
  };
  return {
    ...real,
    USER_FIELDS: [...real.USER_FIELDS, user],
    EMPLOYEE_FIELDS: [...real.EMPLOYEE_FIELDS, employee],
    UNIT_FIELDS: [...real.UNIT_FIELDS, unit],
    SHEET_COLUMNS: {
      ...real.SHEET_COLUMNS,
      employees: beforeStatus(real.SHEET_COLUMNS.employees, user, employee),
      organisation: beforeStatus(real.SHEET_COLUMNS.organisation, unit),
    },
  } as unknown as typeof ClientTables;
}

/** The sandbox's tables with the same fields, as optional text that a blank clears on both versions. */
export function withAddedSandboxFields(real: typeof SandboxTables): typeof SandboxTables {
  const row = (key: string) => {
    const use = { name: key, create: 'optional', update: 'accepted' } as const;
    return { key, value: { kind: 'text_or_null' }, unset: null, v3: use, v2: use } as const;
  };
  return {
    ...real,
    USER_FIELDS: [...real.USER_FIELDS, row(ADDED.user)],
    EMPLOYEE_FIELDS: [...real.EMPLOYEE_FIELDS, row(ADDED.employee)],
    UNIT_FIELDS: [...real.UNIT_FIELDS, row(ADDED.unit)],
  } as unknown as typeof SandboxTables;
}
