/**
 * A rehearsal matches the real service: a fresh `--sandbox` starts with the workbook's own top department,
 * so a company whose top department is `HQ` rehearses without editing its workbook. A sandbox that holds
 * people or units keeps its root; one that holds nothing but its top department (a refused rehearsal)
 * counts as fresh, so it takes the workbook's top, or the one `--root-id`/`--root-name` choose; those
 * flags on a sandbox that holds more and has another top are refused, naming the file to delete. And
 * `--quiet` keeps a successful rehearsal silent.
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { startSandbox } from '../../src/sandbox/index.js';
import { ROOT, runCli, SAMPLE_CSV, SAMPLE_XLSX, tempDir } from '../helpers/cli.js';

/** The sample company as CSV files, its top department `root` ("Company") renamed to `HQ` ("Hovedkontor"). */
function hqCompany(folder: string): string {
  const book = join(folder, 'book');
  cpSync(SAMPLE_CSV, book, { recursive: true });
  for (const name of ['organisation.csv', 'delegations.csv']) {
    const path = join(book, name);
    writeFileSync(
      path,
      readFileSync(path, 'utf8')
        .replace(/\broot\b/g, 'HQ')
        .replace(';Company;', ';Hovedkontor;'),
    );
  }
  return book;
}

/**
 * The sample workbook (written by SheetJS) with its top department `root` renamed to `HQ`, and a sheet of
 * notes that brings its sheets' XML over the 10 MB from which the reader reads on a thread of its own
 * (src/sheets/threads/xlsx-reading.ts): a large company's workbook, without a large company to plan.
 */
function largeHqWorkbook(folder: string): string {
  const workbook = XLSX.readFile(SAMPLE_XLSX, { cellNF: true });
  const renamed: Record<string, string> = { root: 'HQ', Company: 'Hovedkontor' };
  // Cell by cell, so the date cells keep their formats.
  for (const name of ['Organisation', 'Delegeringer']) {
    for (const [address, cell] of Object.entries(workbook.Sheets[name]!)) {
      const value = address.startsWith('!') ? undefined : (cell as XLSX.CellObject).v;
      if (typeof value === 'string' && renamed[value]) workbook.Sheets[name]![address] = { t: 's', v: renamed[value] };
    }
  }
  const notes = Array.from({ length: 40_000 }, (_, row) => Array.from({ length: 10 }, (_, column) => row * 10 + column));
  XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet([['Note'], ...notes]), 'Noter');
  const file = join(folder, 'large.xlsx');
  XLSX.writeFile(workbook, file);
  return file;
}

async function sandboxTop(cwd: string): Promise<{ id: string; name: string } | undefined> {
  const sandbox = await startSandbox({ quiet: true, statePath: join(cwd, '.orgsync', 'sandbox.json') });
  const top = sandbox.snapshot().departments.find((d) => d.parentId === null);
  await sandbox.close();
  return top && { id: top.id, name: top.name };
}

function jsonLines(stdout: string): Record<string, unknown>[] {
  return stdout
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('a rehearsal of a workbook whose top department is HQ', () => {
  it('runs without edits, keeps HQ as the sandbox root, and a second quiet run prints nothing', async () => {
    const cwd = tempDir();
    const book = hqCompany(cwd);
    const first = await runCli([book, '--sandbox', '--yes'], { cwd });
    expect(first.code, first.stdout + first.stderr).toBe(0);
    expect(await sandboxTop(cwd)).toEqual({ id: 'HQ', name: 'Hovedkontor' });

    const again = await runCli([book, '--sandbox', '--yes', '--quiet'], { cwd });
    expect(again.code).toBe(0);
    expect(again.stdout).toBe('');
    expect(again.stderr).toBe('');
  });

  it('read on a thread of its own (a large workbook), it rehearses too: the sandbox starts with HQ and the plan is made', async () => {
    const cwd = tempDir();
    const book = largeHqWorkbook(cwd);
    // A quick pass for the top department that stopped the reading thread under the rows it still read
    // would end the command silently with Node's exit code 13, printing nothing.
    const result = await runCli(['plan', book, '--sandbox'], { cwd });
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toContain('Plan:');
    expect(await sandboxTop(cwd)).toEqual({ id: 'HQ', name: 'Hovedkontor' });
  });

  it('a sandbox that holds a company keeps its root; the failure of a quiet run is told on stderr', async () => {
    const cwd = tempDir();
    const book = hqCompany(cwd);
    expect((await runCli([book, '--sandbox', '--yes', '--quiet'], { cwd })).code).toBe(0);
    expect(await sandboxTop(cwd)).toEqual({ id: 'HQ', name: 'Hovedkontor' });

    const other = await runCli([SAMPLE_CSV, '--sandbox', '--dry-run', '--quiet'], { cwd });
    expect(other.code).toBe(1);
    expect(other.stdout).toBe('');
    expect(other.stderr).toContain('is not the service\'s top department "HQ"');
  });

  it("--root-id and --root-name choose the fresh sandbox's root instead; --json reports the issue and exit code 1", async () => {
    const cwd = tempDir();
    const book = hqCompany(cwd);
    const result = await runCli([book, '--sandbox', '--dry-run', '--root-id', 'company', '--root-name', 'The Company', '--json'], { cwd });
    expect(result.code).toBe(1);
    const events = jsonLines(result.stdout);
    expect(events.filter((e) => e.event === 'issue')).toContainEqual(
      expect.objectContaining({ severity: 'error', code: 'top_department', sheet: 'organisation', row: 2, column: 'id' }),
    );
    expect(events.at(-1)).toMatchObject({ event: 'summary', exit_code: 1, summary: { errors: 1 } });
    expect(await sandboxTop(cwd)).toEqual({ id: 'company', name: 'The Company' });
  });

  it("a refused rehearsal pins no top department: the next rehearsal takes the workbook's", async () => {
    const cwd = tempDir();
    cpSync(join(ROOT, 'samples', 'exports'), cwd, { recursive: true });
    // Without its profile the export's columns are not known: refused, nothing created but the default top.
    const refused = await runCli(['path-column.csv', '--sandbox', '--yes'], { cwd });
    expect(refused.code).toBe(1);
    expect(await sandboxTop(cwd)).toEqual({ id: 'root', name: 'Company' });

    const rehearsed = await runCli(['path-column.csv', '--map', 'path-column.map.json', '--sandbox', '--yes', '--today', '2025-11-22'], {
      cwd,
    });
    expect(rehearsed.code, rehearsed.stdout + rehearsed.stderr).toBe(0);
    expect(await sandboxTop(cwd)).toEqual({ id: 'nordlys-energi', name: 'Nordlys Energi' });
  });

  it('--root-id and --root-name take effect on a sandbox that holds nothing but its top department', async () => {
    const cwd = tempDir();
    const book = hqCompany(cwd);
    expect((await runCli([book, '--sandbox', '--dry-run'], { cwd })).code).toBe(0);
    expect(await sandboxTop(cwd)).toEqual({ id: 'HQ', name: 'Hovedkontor' });

    const chosen = await runCli([book, '--sandbox', '--dry-run', '--root-id', 'company', '--root-name', 'The Company'], { cwd });
    expect(chosen.code).toBe(1); // the workbook's top department is HQ, not the one chosen
    expect(chosen.stdout + chosen.stderr).toContain('is not the service\'s top department "company"');
    expect(await sandboxTop(cwd)).toEqual({ id: 'company', name: 'The Company' });

    // And without the flags, the sandbox (still holding nothing else) takes the workbook's top again.
    expect((await runCli([book, '--sandbox', '--dry-run'], { cwd })).code).toBe(0);
    expect(await sandboxTop(cwd)).toEqual({ id: 'HQ', name: 'Hovedkontor' });
  });

  it('--root-id or --root-name that disagree with a sandbox holding a company are refused, naming the file to delete; nothing is sent', async () => {
    const cwd = tempDir();
    const book = hqCompany(cwd);
    expect((await runCli([book, '--sandbox', '--yes', '--quiet'], { cwd })).code).toBe(0);
    const state = join(cwd, '.orgsync', 'sandbox.json');
    const before = readFileSync(state);

    for (const flags of [
      ['--root-id', 'company'],
      ['--root-name', 'The Company'],
    ]) {
      const refused = await runCli([book, '--sandbox', '--yes', ...flags], { cwd });
      expect(refused.code).toBe(3);
      expect(refused.stderr).toContain(
        `The sandbox company in ${state} already holds people or units under its top department "Hovedkontor" (id "HQ")`,
      );
      expect(refused.stderr).toContain(`delete ${state} and run again`);
      expect(refused.stderr).not.toMatch(/\n\s+at /); // no stack trace
      expect(readFileSync(state).equals(before)).toBe(true);
    }
    const danish = await runCli([book, '--sandbox', '--yes', '--root-id', 'company', '--lang', 'da'], { cwd });
    expect(danish.code).toBe(3);
    expect(danish.stderr).toContain(`Slet ${state} og kør igen`);

    // Flags that say what the sandbox has are no change: the run goes on.
    const agreeing = await runCli([book, '--sandbox', '--yes', '--root-id', 'HQ', '--root-name', 'Hovedkontor'], { cwd });
    expect(agreeing.code, agreeing.stdout + agreeing.stderr).toBe(0);
    expect(agreeing.stdout).toContain('Nothing to do');
    expect(await sandboxTop(cwd)).toEqual({ id: 'HQ', name: 'Hovedkontor' });
  });
});
