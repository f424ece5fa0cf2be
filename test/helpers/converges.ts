/** A run of the built command that has nothing left to do: the same input again sends nothing. */
import { expect } from 'vitest';
import type { RunningSandbox } from '../../src/sandbox/index.js';
import { runCli, serviceArgs } from './cli.js';

/** Runs `args` (with `--yes` and `extra`) against the sandbox again: exit 0, "Nothing to do", no write sent. */
export async function expectNothingSent(sb: RunningSandbox, args: string[], cwd: string, extra: string[] = []): Promise<void> {
  const writes = sb.stats().writes;
  const again = await runCli([...args, '--yes', ...extra, ...serviceArgs(sb)], { cwd });
  expect(again.code, again.stdout + again.stderr).toBe(0);
  expect(again.stdout).toContain('Nothing to do');
  expect(sb.stats().writes).toBe(writes);
}
