/** `orgsync-import validate FILE | head`: the reader stops reading, and the run still ends as it would, without a stack trace. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { cpSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ROOT, startCli, tempDir } from '../helpers/cli.js';

describe('output nobody reads any more', () => {
  it('is dropped: the run writes its error file and ends with its own exit code, no stack trace', async () => {
    const dir = tempDir('pipe-');
    const file = join(dir, 'several-mistakes.xlsx');
    cpSync(join(ROOT, 'samples', 'bad', 'several-mistakes.xlsx'), file);
    const child = startCli(['validate', file], { cwd: dir });
    // The reader (like `head -1`) goes away before anything is printed.
    child.stdout!.destroy();
    let stderr = '';
    child.stderr!.on('data', (d) => (stderr += d));
    const code = await new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)));
    expect(stderr).not.toMatch(/EPIPE|at .*\.js:\d+/);
    expect(code).toBe(1);
    expect(existsSync(join(dir, 'several-mistakes.errors.xlsx'))).toBe(true);
  });
});
