/**
 * The README's promises to someone who has just cloned the project: the command runs as written, file
 * names typed with `npm start -- …` are read from the folder the user is in, and a refusal says how to
 * get past it.
 */
import { execFile } from 'node:child_process';
import { copyFileSync, readFileSync, existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ROOT, SAMPLE_XLSX, runCli, tempDir } from '../helpers/cli.js';

const run = promisify(execFile);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

async function npmIn(cwd: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(npm, args, {
      cwd,
      env: { ...process.env, NO_COLOR: '1', LANG: 'en_GB.UTF-8', LC_ALL: '', LC_MESSAGES: '' },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof failed.code === 'number' ? failed.code : -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

describe('a newcomer in a fresh clone', () => {
  // npx links the project into its cache once per folder path; a later clone at the same path reuses that
  // link without making the freshly built bin executable again, so the build has to (CI failed on this).
  it('runs the command with npx from the project folder', async () => {
    expect(statSync(join(ROOT, 'dist', 'cli', 'main.js')).mode & 0o111).not.toBe(0);
    // --ignore-scripts: at a folder path npx has not seen, linking the project runs its `prepare` (the build),
    // which would rebuild dist/ under every other test of the suite running the command at that moment.
    const result = await npmIn(ROOT, ['exec', '--offline', '--ignore-scripts', '--', 'orgsync-import', '--version']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
    expect(result.stdout.trim()).toBe((JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version);
  });

  it('gives npm start a file name from the folder they are in, and keeps the state there too', async () => {
    const folder = tempDir();
    copyFileSync(SAMPLE_XLSX, join(folder, 'book.xlsx'));
    const result = await npmIn(folder, ['--prefix', ROOT, 'start', '--', 'book.xlsx', '--sandbox', '--yes']);
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(existsSync(join(folder, '.orgsync', 'sandbox.json'))).toBe(true);
    expect(existsSync(join(ROOT, 'book.xlsx'))).toBe(false);
  });

  it('is told how to replace a template that is already there', async () => {
    const folder = tempDir();
    expect((await runCli(['template', '--out', folder], { cwd: folder })).code).toBe(0);
    const again = await runCli(['template', '--out', folder], { cwd: folder });
    expect(again.code).toBe(3);
    expect(again.stderr).toMatch(/already exists: .*--overwrite/);
    expect((await runCli(['template', '--out', folder, '--overwrite'], { cwd: folder })).code).toBe(0);
  });
});
