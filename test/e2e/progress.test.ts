/** Progress as cli.md promises it: a bar on a terminal, plain log lines otherwise. */
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { CLI, SAMPLE_XLSX, runCli, tempDir } from '../helpers/cli.js';

const BAR_CELL = '\u2591'; // the empty cell of cli-progress's classic bar

describe('progress', () => {
  it('is plain lines with counts when the output is not a terminal', async () => {
    const result = await runCli([SAMPLE_XLSX, '--sandbox', '--yes'], { cwd: tempDir() });
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/^Applying \(980\)…$/m);
    expect(result.stderr).toMatch(/^Applying: done \(\d+\.\d s\)$/m);
    expect(result.stderr).not.toContain(BAR_CELL);
  });

  it('is a bar per phase on a terminal', () => {
    // `script` gives the command a pseudo-terminal, as a person's shell would.
    const command = `${JSON.stringify(process.execPath)} ${JSON.stringify(CLI)} ${JSON.stringify(SAMPLE_XLSX)} --sandbox --yes`;
    const result = spawnSync('script', ['-qec', command, '/dev/null'], {
      cwd: tempDir(),
      encoding: 'utf8',
      timeout: 60_000,
      env: { ...process.env, NO_COLOR: '1', LANG: 'en_GB.UTF-8', LC_ALL: '', LC_MESSAGES: '' },
    });
    expect(result.status).toBe(0);
    expect(result.stdout).toContain(BAR_CELL);
    expect(result.stdout).toMatch(/Applying\s+\S+ \d+\/980/);
  });
});
