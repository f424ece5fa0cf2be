/**
 * The fast layer (`npm run test:unit`, vitest.config.ts) stays fast and needs no build: none of its files
 * starts a process, a worker, the sandbox or a server, or loads the build (dist/). A file that does belongs
 * in FULL_ONLY, which `npm test` alone runs. The files of both layers share one module graph per worker,
 * except those that replace a module (`vi.mock`): they are listed in OWN_MODULES and each runs with its own.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FULL_ONLY, OWN_MODULES, UNIT_FOLDERS } from '../../vitest.config.js';

const ROOT = resolve(import.meta.dirname, '../..');

/** What a test file writes when it leaves the process or needs the build. */
const IMPURE =
  /node:child_process|\b(runCli|startCli|startSandbox|Worker)\b|worker-support|helpers\/(sync|nightly|recorder|browser)|dist\//;

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? testFiles(join(dir, entry.name)) : entry.name.endsWith('.test.ts') ? [join(dir, entry.name)] : [],
  );
}

describe('the fast layer', () => {
  it('holds no test that starts a process, a worker or the sandbox, or needs the build', () => {
    const unit = UNIT_FOLDERS.flatMap((folder) => testFiles(join(ROOT, 'test', folder)))
      .map((file) => relative(ROOT, file).split('\\').join('/'))
      .filter((file) => !FULL_ONLY.includes(file) && file !== 'test/architecture/test-layers.test.ts'); // this file names the words it looks for
    expect(unit.length).toBeGreaterThan(0);
    expect(unit.filter((file) => IMPURE.test(readFileSync(join(ROOT, file), 'utf8')))).toEqual([]);
  });
});

describe('the shared module graph', () => {
  it('runs every file that replaces a module (vi.mock) in a graph of its own, and no other', () => {
    const mocking = testFiles(join(ROOT, 'test'))
      .map((file) => relative(ROOT, file).split('\\').join('/'))
      .filter(
        (file) => file !== 'test/architecture/test-layers.test.ts' && /\bvi\.(mock|doMock)\(/.test(readFileSync(join(ROOT, file), 'utf8')),
      );
    expect(mocking.length).toBeGreaterThan(0);
    expect(mocking.sort()).toEqual([...OWN_MODULES].sort());
  });
});
