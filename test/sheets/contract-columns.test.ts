/**
 * docs/contracts/sheets.md lists each sheet's columns, whether each is required and the headers that mean
 * it; the reader knows them from the field table (src/model/fields.ts, `SHEET_COLUMNS`). The contract is
 * checked against the table, so a column or alias added to the table is added to the contract too (the
 * step "Adding a field" in docs/architecture.md names), and the two cannot drift apart again.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SHEET_COLUMNS } from '../../src/model/fields.js';
import { SHEET_KINDS } from '../../src/model/sheet-kind.js';

const CONTRACT = readFileSync(resolve(import.meta.dirname, '../../docs/contracts/sheets.md'), 'utf8').split('\n');

interface ContractRow {
  column: string;
  required: string;
  aliases: string[];
}

/** The column table under the sheet's heading (`### employees — one row per employment`). */
function contractRows(kind: string): ContractRow[] {
  const start = CONTRACT.findIndex((line) => line.startsWith(`### ${kind} `));
  if (start < 0) throw new Error(`sheets.md has no section for the ${kind} sheet`);
  const from = CONTRACT.findIndex((line, index) => index > start && line.startsWith('|'));
  const to = CONTRACT.findIndex((line, index) => index > from && !line.startsWith('|'));
  const cells = (line: string) =>
    line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim());
  return CONTRACT.slice(from + 2, to).map((line) => {
    const [column, required, aliases] = cells(line);
    return { column: column!, required: required!, aliases: aliases ? aliases.split(',').map((alias) => alias.trim()) : [] };
  });
}

const REQUIRED_IN_WORDS = { true: 'yes', false: 'no', except_top: 'yes except for the top department' } as const;

describe('docs/contracts/sheets.md', () => {
  it.each(SHEET_KINDS)('lists the %s sheet’s columns as the field table declares them: order, required, aliases', (kind) => {
    const table = SHEET_COLUMNS[kind].map((column) => ({
      column: column.column,
      required: REQUIRED_IN_WORDS[String(column.required) as keyof typeof REQUIRED_IN_WORDS],
      aliases: [...column.aliases].sort(),
    }));
    const contract = contractRows(kind).map((row) => ({ ...row, aliases: [...row.aliases].sort() }));
    expect(contract).toEqual(table);
  });
});
