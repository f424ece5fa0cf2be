/** docs/architecture.md stays the map of the code: every file under src/ is named in it. */
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const SRC = join(ROOT, 'src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(join(dir, entry.name)) : [relative(SRC, join(dir, entry.name)).split(sep).join('/')],
  );
}

/**
 * A file is named by its path below src/ or below its stage's folder (`v3/paths.ts`), or by its own name
 * where no other file has it (`csv.ts`).
 */
function named(doc: string, path: string, basenameCount: Map<string, number>): boolean {
  const parts = path.split('/');
  const candidates = [path, parts.slice(1).join('/')];
  if (basenameCount.get(basename(path)) === 1) candidates.push(basename(path));
  return candidates.some((name) => name !== '' && new RegExp(`(^|[\`/ (])${name.replace(/[.]/g, '\\.')}\``).test(doc));
}

describe('docs/architecture.md', () => {
  const doc = readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8');
  const files = sourceFiles(SRC);
  const basenameCount = new Map<string, number>();
  for (const file of files) basenameCount.set(basename(file), (basenameCount.get(basename(file)) ?? 0) + 1);

  it('names every file under src/', () => {
    expect(files.filter((file) => !named(doc, file, basenameCount))).toEqual([]);
  });

  it('would notice a file it does not name', () => {
    expect(named(doc, 'sheets/no-such-file.ts', new Map([['no-such-file.ts', 1]]))).toBe(false);
  });
});
