/**
 * A real file from another program: Microsoft's Entra ID inbound-provisioning sample
 * (test/fixtures/real/entra-csv2scim/README.md), 1,000 worker rows with repeated worker ids, managers that
 * are nobody in the file and no e-mail column. Validated offline with a --map profile for its headers, as
 * it comes and then with the e-mail column a user would add.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../helpers/cli.js';

const DIR = fileURLToPath(new URL('../fixtures/real/entra-csv2scim/', import.meta.url));
const FILE = 'csv-with-1000-records.csv';
const MAP = 'entra.map.json';
const TEXT = readFileSync(join(DIR, FILE), 'utf8');

/** The sample's rows as its program wrote them: `,`, LF, no field quoted, no final line break. */
const LINES = TEXT.split('\n');
const HEADER = LINES[0]!.split(',');
const ROWS = LINES.slice(1).map((line, i) => ({ row: i + 2, cells: line.split(',') }));
const cell = (cells: string[], header: string) => cells[HEADER.indexOf(header)]!;

interface Issue {
  severity: string;
  code: string;
  row: number | null;
  column: string | null;
  header: string | null;
  value: string | null;
  message: string;
}

function folder(text = TEXT): string {
  const cwd = tempDir('entra-');
  writeFileSync(join(cwd, FILE), text);
  copyFileSync(join(DIR, MAP), join(cwd, MAP));
  return cwd;
}

async function validate(cwd: string) {
  const result = await runCli(['validate', FILE, '--map', MAP, '--report', 'report.json'], { cwd });
  const output = result.stdout + result.stderr;
  expect(output).not.toMatch(/unexpected problem|\n\s+at .+\(.*:\d+:\d+\)/);
  const report = JSON.parse(readFileSync(join(cwd, 'report.json'), 'utf8')) as { issues: Issue[] };
  return { ...result, output, issues: report.issues, errors: report.issues.filter((i) => i.severity === 'error') };
}

describe('the Entra ID CSV2SCIM sample', () => {
  it('is committed character for character as Microsoft publishes it', () => {
    expect(
      createHash('sha256')
        .update(readFileSync(join(DIR, FILE)))
        .digest('hex'),
    ).toBe('7d9ca28579499c01f966223f926b2fdd11159d5b8376d842daf55f13c014462f');
    expect(TEXT).toHaveLength(210_735);
    expect(LINES).toHaveLength(1001);
    expect(ROWS.every((r) => r.cells.length === HEADER.length)).toBe(true);
    expect(new Set(ROWS.map((r) => cell(r.cells, 'WorkerID'))).size).toBe(624);
  });

  it('as it comes: read as the Employees sheet the profile names; the e-mail column it lacks is named, and its rows are read', async () => {
    const cwd = folder();
    const result = await validate(cwd);
    expect(result.code).toBe(1);
    // Issue 26 point 2: a file read through the profile's employees section is the Employees sheet.
    expect(result.errors[0]).toMatchObject({ code: 'missing_column', column: 'email', row: null });
    expect(result.errors[0]!.message).toMatch(/has no "Email" column \(email\)/);
    expect(result.issues.some((i) => i.code === 'ignored_sheet' || i.code === 'missing_sheet')).toBe(false);
    // Its rows are read too: each repeated worker id is named at its row (as with the e-mail column below).
    expect(result.errors.slice(1).every((e) => e.code === 'duplicate_id' && e.column === 'employee_id')).toBe(true);
    expect(result.errors).toHaveLength(1 + 376);
  });

  it('with an e-mail column added: every repeated worker id at its row and cell, the manager column ignored', async () => {
    // The user's fix: the address each worker has in the directory (here made from the UserID).
    const withEmail = [
      `${LINES[0]},Email`,
      ...ROWS.map((r) => `${r.cells.join(',')},${cell(r.cells, 'UserID').toLowerCase()}@woodgrove.example`),
    ].join('\n');
    const cwd = folder(withEmail);
    const result = await validate(cwd);
    expect(result.code).toBe(1);

    expect(result.errors.length).toBeGreaterThan(0);
    for (const error of result.errors) {
      expect(error.row, error.message).toEqual(expect.any(Number));
      expect(error.column, error.message).toEqual(expect.any(String));
    }

    // Each occurrence after the first of a worker id, counted from the file itself.
    const seen = new Set<string>();
    const repeated = ROWS.filter((r) => {
      const id = cell(r.cells, 'WorkerID');
      if (seen.has(id)) return true;
      seen.add(id);
      return false;
    }).map((r) => ({ code: 'duplicate_id', row: r.row, column: 'employee_id', header: 'WorkerID', value: cell(r.cells, 'WorkerID') }));
    expect(repeated).toHaveLength(ROWS.length - seen.size);
    const duplicates = result.errors.filter((e) => e.code.startsWith('duplicate_'));
    expect(duplicates.map(({ code, row, column, header, value }) => ({ code, row, column, header, value }))).toEqual(repeated);
    expect(result.errors).toHaveLength(duplicates.length);

    // Managers that are nobody in the file: the Employees sheet has no manager column (a leader is a
    // unit's owner), so the profile ignores ManagerID on purpose and nothing points at it.
    const managers = new Set(ROWS.map((r) => cell(r.cells, 'ManagerID')));
    expect([...managers].filter((m) => !seen.has(m)).length).toBeGreaterThan(0);
    expect(result.issues.filter((i) => i.header === 'ManagerID')).toEqual([]);

    const marked = readFileSync(join(cwd, 'csv-with-1000-records.errors.csv'), 'utf8');
    const first = repeated[0]!;
    expect(marked).toContain(`WorkerID: The employee_id ""${first.value}"" is already used in row`);
  });
});
