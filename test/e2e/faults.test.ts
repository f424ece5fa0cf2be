/**
 * Hostile networks and interruptions: whatever happens on the way, the end state equals the workbook
 * and no entity was created twice (the sandbox counts successful create requests per id).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type FaultOptions, type RunningSandbox } from '../../src/sandbox/index.js';
import { SAMPLE_XLSX, runCli, serviceArgs, startCli, tempDir } from '../helpers/cli.js';
import { desiredFrom, sandboxView, workbookView } from '../helpers/equality.js';

let sandbox: RunningSandbox | undefined;
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

/** Runs the import until it reports success (exit 2 means "re-run to finish"); at most `runs` times. */
async function importUntilDone(cwd: string, runs = 4): Promise<number[]> {
  const codes: number[] = [];
  for (let i = 0; i < runs; i++) {
    const result = await runCli([SAMPLE_XLSX, '--yes', ...serviceArgs(sandbox!)], { cwd });
    codes.push(result.code ?? -1);
    expect(result.stderr).not.toMatch(/\n\s+at .+:\d+:\d+/); // never a stack trace
    if (result.code === 0) break;
    expect(result.code).toBe(2);
  }
  return codes;
}

async function expectEqualsWorkbookWithoutDuplicates(): Promise<void> {
  expect(sandboxView(sandbox!.snapshot())).toEqual(workbookView(await desiredFrom([SAMPLE_XLSX])));
  const twice = Object.entries(sandbox!.stats().successfulCreates).filter(([, n]) => n > 1);
  expect(twice).toEqual([]);
}

async function withFaults(faults: FaultOptions): Promise<number[]> {
  sandbox = await startSandbox({ quiet: true, faults });
  const codes = await importUntilDone(tempDir());
  sandbox.setFaults({});
  await expectEqualsWorkbookWithoutDuplicates();
  return codes;
}

describe('the sample company still lands exactly once', () => {
  it('when 20% of requests are answered 503', async () => {
    const codes = await withFaults({ unavailableRate: 0.2, retryAfterSeconds: 0, seed: 11 });
    expect(codes.at(-1)).toBe(0);
  });

  it('through a 429 storm with Retry-After', async () => {
    const codes = await withFaults({ rateLimitPerSecond: 300, retryAfterSeconds: 1, seed: 12 });
    expect(codes.at(-1)).toBe(0);
  });

  it('when 5% of writes are committed and then the connection drops', async () => {
    const codes = await withFaults({ dropAfterCommitRate: 0.05, seed: 13 });
    expect(codes.at(-1)).toBe(0);
  });

  it('when the importer is killed with SIGKILL at random points and run again', async () => {
    sandbox = await startSandbox({ quiet: true, faults: { latencyMs: 40 } });
    const cwd = tempDir();
    let seed = 20261122;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    let killed = 0;
    for (let i = 0; i < 4; i++) {
      const child = startCli([SAMPLE_XLSX, '--yes', ...serviceArgs(sandbox)], { cwd });
      const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
      const delay = 700 + Math.floor(random() * 900);
      const timer = setTimeout(() => child.kill('SIGKILL'), delay);
      const code = await exited;
      clearTimeout(timer);
      if (code === null) killed++;
      else break;
    }
    expect(killed).toBeGreaterThanOrEqual(3);
    sandbox.setFaults({});
    const codes = await importUntilDone(cwd);
    expect(codes.at(-1)).toBe(0);
    await expectEqualsWorkbookWithoutDuplicates();
  });
});
