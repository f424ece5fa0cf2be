/**
 * A real file from another program: OS2mo's test export of every leader of a fictional municipality
 * (test/fixtures/real/os2mo/README.md), a five-level path tree with leaders by name and e-mail and
 * "Administration" under nine parents. Imported as it is, with a --map file for its headers, together
 * with an employee list of its leaders, into the sandbox over loopback.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox, type SandboxSnapshot } from '../../src/sandbox/index.js';
import { runCli, serviceArgs, tempDir } from '../helpers/cli.js';

const DIR = fileURLToPath(new URL('../fixtures/real/os2mo/', import.meta.url));
const FILE = 'test_data_alle_ledere_uden_nedarvinger_os2mo.csv';
const BYTES = readFileSync(join(DIR, FILE));

/** The file's rows as its own program wrote them: every field quoted, `;`, CRLF. */
const ROWS = BYTES.toString('utf8')
  .split('\r\n')
  .filter((line) => line !== '')
  .map((line) => line.slice(1, -1).split('";"'));
const DATA = ROWS.slice(1).map((cells, i) => ({
  row: i + 2,
  path: cells.slice(0, 5).filter((name) => name !== ''),
  leader: cells[6]!,
  phone: cells[7]!,
  email: cells[8]!,
}));
/** How the municipality's HR would register an e-mail the e-mail rule refuses (ø in the local part). */
const registered = (email: string) => email.replace(/ø/g, 'oe');

let sandbox: RunningSandbox | undefined;
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

function folder(): string {
  const cwd = tempDir('os2mo-');
  copyFileSync(join(DIR, FILE), join(cwd, FILE));
  copyFileSync(join(DIR, 'os2mo.map.json'), join(cwd, 'os2mo.map.json'));
  const leaders = DATA.filter((d) => d.email !== '');
  writeFileSync(
    join(cwd, 'employees.csv'),
    ['Medarbejder_id;Navn;E-mail', ...leaders.map((d) => `${d.phone};${d.leader};${registered(d.email)}`)].join('\r\n'),
  );
  return cwd;
}

/** Each unit of the snapshot as its path of names from the top. */
function namePaths(s: SandboxSnapshot) {
  const departments = new Map(s.departments.map((d) => [d.id, d]));
  const pathOf = (id: string | null): string[] => {
    const d = id === null ? undefined : departments.get(id);
    return d ? [...pathOf(d.parentId), d.name] : [];
  };
  return {
    departments: s.departments.map((d) => pathOf(d.id).join(' / ')).sort(),
    teams: s.teams
      .filter((t) => t.id !== t.departmentId)
      .map((t) => [...pathOf(t.departmentId), t.name].join(' / '))
      .sort(),
  };
}

describe('the OS2mo leader export', () => {
  it('is committed byte for byte as its program wrote it', () => {
    expect(createHash('sha256').update(BYTES).digest('hex')).toBe('1fe72cd06cfa05713c4ccdf910968972794212af3f725114d57315c534c424f0');
    expect(BYTES.length).toBe(9988);
    expect(BYTES.toString('utf8')).toHaveLength(9781); // the characters the source reports
  });

  it('finds the two leaders whose e-mail no employee can have (ø in the address), at their cells', async () => {
    sandbox = await startSandbox({ quiet: true, rootName: 'Kolding Kommune' });
    const cwd = folder();
    const result = await runCli(
      ['validate', FILE, 'employees.csv', '--map', 'os2mo.map.json', '--report', 'report.json', ...serviceArgs(sandbox)],
      { cwd },
    );
    expect(result.code).toBe(1);
    const report = JSON.parse(readFileSync(join(cwd, 'report.json'), 'utf8'));
    const errors = report.issues.filter((i: { severity: string }) => i.severity === 'error');
    const expected = DATA.filter((d) => /[^\x00-\x7f]/.test(d.email)).map((d) => ({
      code: 'unknown_reference',
      row: d.row,
      column: 'owner_email',
      value: d.email,
    }));
    expect(expected).toHaveLength(2);
    expect(errors.map(({ code, row, column, value }: Record<string, unknown>) => ({ code, row, column, value }))).toEqual(expected);
  });

  it('imports the tree, Administration ×9 kept apart, the leaders as owners; a second run sends nothing', async () => {
    sandbox = await startSandbox({ quiet: true, rootName: 'Kolding Kommune' });
    const cwd = folder();
    // The user's correction of those two cells: the addresses as the employees have them.
    writeFileSync(
      join(cwd, FILE),
      BYTES.toString('utf8').replace(/"([^"]*ø[^"]*@kolding\.dk)"/g, (_, email: string) => `"${registered(email)}"`),
    );
    const args = [FILE, 'employees.csv', '--map', 'os2mo.map.json', '--yes', ...serviceArgs(sandbox)];
    const first = await runCli(args, { cwd });
    expect(first.code, first.stdout + first.stderr).toBe(0);
    const s = sandbox.snapshot();

    // As exports.md derives it: a unit with units below it is a department, any other unit a team.
    const paths = new Set(DATA.flatMap((d) => d.path.map((_, i) => d.path.slice(0, i + 1).join(' / '))));
    const parents = new Set([...paths].filter((p) => [...paths].some((q) => q.startsWith(`${p} / `))));
    expect(namePaths(s)).toEqual({ departments: [...parents].sort(), teams: [...paths].filter((p) => !parents.has(p)).sort() });
    const administrations = s.teams.filter((t) => t.name === 'Administration');
    expect(administrations).toHaveLength(9);
    expect(new Set(administrations.map((t) => t.departmentId)).size).toBe(9);
    for (const unit of [...s.departments, ...s.teams]) expect(unit.id).toMatch(/^[a-z0-9.-]{1,64}$|^root$/);

    // Each unit's owner is the employee with the leader's e-mail; a unit without a leader has none (it inherits).
    const ownerOf = new Map<string, string | null>();
    for (const d of DATA) ownerOf.set(d.path.join(' / '), d.email === '' ? null : d.phone);
    const departments = new Map(s.departments.map((d) => [d.id, d]));
    const pathOf = (id: string | null): string[] =>
      id === null ? [] : [...pathOf(departments.get(id)!.parentId), departments.get(id)!.name];
    for (const d of s.departments)
      expect([pathOf(d.id).join(' / '), d.owner]).toEqual([pathOf(d.id).join(' / '), ownerOf.get(pathOf(d.id).join(' / '))]);
    for (const t of s.teams) {
      const path = [...pathOf(t.departmentId), t.name].join(' / ');
      expect([path, t.owner]).toEqual([path, ownerOf.get(path)]);
    }
    expect(departments.get('root')!.owner).toBe('67338448'); // Tracy Andersen, the municipality's leader

    const writes = sandbox.stats().writes;
    const second = await runCli(args, { cwd });
    expect(second.stdout).toContain('Nothing to do');
    expect(sandbox.stats().writes).toBe(writes);
  });
});
