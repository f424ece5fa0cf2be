/**
 * A rehearsal matches the real service: a fresh `--sandbox` starts with the workbook's own top department,
 * so a company whose top department is `HQ` rehearses without editing its workbook. A sandbox that already
 * has a state keeps its root; `--root-id` chooses another. And `--quiet` keeps a successful rehearsal silent.
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/sandbox/index.js';
import { runCli, SAMPLE_CSV, tempDir } from '../helpers/cli.js';

/** The sample company as CSV files, its top department `root` ("Company") renamed to `HQ` ("Hovedkontor"). */
function hqCompany(folder: string): string {
  const book = join(folder, 'book');
  cpSync(SAMPLE_CSV, book, { recursive: true });
  for (const name of ['organisation.csv', 'delegations.csv']) {
    const path = join(book, name);
    writeFileSync(path, readFileSync(path, 'utf8').replace(/\broot\b/g, 'HQ').replace(';Company;', ';Hovedkontor;'));
  }
  return book;
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

  it('a sandbox that already has a state keeps its root; the failure of a quiet run is told on stderr', async () => {
    const cwd = tempDir();
    const book = hqCompany(cwd);
    expect((await runCli([book, '--sandbox', '--dry-run'], { cwd })).code).toBe(0);
    expect(await sandboxTop(cwd)).toEqual({ id: 'HQ', name: 'Hovedkontor' });

    const other = await runCli([SAMPLE_CSV, '--sandbox', '--dry-run', '--quiet'], { cwd });
    expect(other.code).toBe(1);
    expect(other.stdout).toBe('');
    expect(other.stderr).toContain('is not the service\'s top department "HQ"');
  });

  it('--root-id and --root-name choose the fresh sandbox\'s root instead; --json reports the issue and exit code 1', async () => {
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
});
