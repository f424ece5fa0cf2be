/**
 * The rehearsal (`FILE --sandbox --yes`) killed with SIGKILL: the sandbox lives in the importer's process,
 * so its state file and change log and the importer's journal stop at the same moment. Run again until
 * done, the state on disk equals the workbook.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/sandbox/index.js';
import { runCli, SAMPLE_XLSX, startCli, tempDir } from '../helpers/cli.js';
import { desiredFrom, sandboxView, workbookView } from '../helpers/equality.js';

describe('a rehearsal killed with SIGKILL and run again', () => {
  it('ends with the workbook in the sandbox state, nothing lost and nothing twice', async () => {
    let cwd = tempDir();
    let statePath = join(cwd, '.orgsync', 'sandbox.json');
    let seed = 20261123;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    let killedWithLog = 0;
    for (let i = 0; i < 8 && killedWithLog < 2; i++) {
      const child = startCli([SAMPLE_XLSX, '--sandbox', '--yes', '--concurrency', '2'], { cwd });
      let applying = false;
      child.stderr!.on('data', (chunk: Buffer) => {
        if (!applying && chunk.toString().includes('Applying')) {
          applying = true;
          // Somewhere in the first operations: writes answered, their lines in the log, the run not done.
          setTimeout(() => child.kill('SIGKILL'), 20 + Math.floor(random() * 200));
        }
      });
      const code = await new Promise<number | null>((resolve) => child.on('close', (exitCode) => resolve(exitCode)));
      if (code !== null) {
        // On a loaded machine the test can read "Applying" only after the run has ended: start over in a
        // fresh folder (a kill is what this test is about), unless a killed run is already behind us.
        if (killedWithLog > 0) break;
        cwd = tempDir();
        statePath = join(cwd, '.orgsync', 'sandbox.json');
        continue;
      }
      if (existsSync(`${statePath}.log`)) killedWithLog++;
    }
    expect(killedWithLog).toBeGreaterThanOrEqual(1);

    let last = await runCli([SAMPLE_XLSX, '--sandbox', '--yes'], { cwd });
    if (last.code === 2) last = await runCli([SAMPLE_XLSX, '--sandbox', '--yes'], { cwd });
    expect(last.code, last.stderr).toBe(0);
    const again = await runCli([SAMPLE_XLSX, '--sandbox', '--yes'], { cwd });
    expect(again.stdout).toContain('Nothing to do');

    const sandbox = await startSandbox({ quiet: true, statePath });
    const snapshot = sandbox.snapshot();
    await sandbox.close();
    expect(sandboxView(snapshot)).toEqual(workbookView(await desiredFrom([SAMPLE_XLSX])));
  });
});
