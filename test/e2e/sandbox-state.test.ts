/**
 * The sandbox instance id (src/sandbox/store/company.ts, src/app/service.ts): a state file
 * written before instance ids existed must stay the same sandbox, with the journal and ledgers it had.
 */
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { serviceKey } from '../../src/app/service.js';
import { runCli, SAMPLE_XLSX, tempDir } from '../helpers/cli.js';

/** Turns a state folder written by this version into what the version before instance ids left behind. */
function asWrittenBeforeInstanceIds(cwd: string): void {
  const statePath = join(cwd, '.orgsync', 'sandbox.json');
  const state = JSON.parse(readFileSync(statePath, 'utf8')) as Record<string, unknown>;
  delete state.instanceId;
  writeFileSync(statePath, JSON.stringify(state));
  // The key a state file without an instance id gives its journal and ledgers.
  const oldKey = serviceKey('v3', 'sandbox', '1');
  for (const kind of ['absences', 'fired', 'journal']) {
    const dir = join(cwd, '.orgsync', kind);
    if (!existsSync(dir)) continue;
    for (const name of readdirSync(dir)) renameSync(join(dir, name), join(dir, `${oldKey}.jsonl`));
  }
}

describe('a sandbox state file from before instance ids', () => {
  it('keeps its absence ledger: the run after the upgrade has nothing to do', async () => {
    const cwd = tempDir();
    const first = await runCli([SAMPLE_XLSX, '--sandbox', '--yes'], { cwd });
    expect(first.code, first.stdout + first.stderr).toBe(0);
    expect(Number(first.stdout.match(/(\d+) absences/)?.[1])).toBeGreaterThan(0);

    asWrittenBeforeInstanceIds(cwd);
    const again = await runCli([SAMPLE_XLSX, '--sandbox', '--yes'], { cwd });
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain('Nothing to do');
  });
});
