/**
 * docs/architecture.md stays the map of the code: every file under src/ is named in it, described in one
 * place only, and no line of it pasted in twice (what a careless merge leaves).
 */
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, sourceTree } from '../helpers/source-tree.js';

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

/**
 * How many times each file is described: its name in backticks followed by " — " or " (" is a description;
 * other mentions are references. A bare name is read in its section's folder (`### load (`src/load/`)`,
 * or a bullet that opens with `src/sandbox/`), else below src/, else as the one file of that name.
 */
function descriptions(doc: string, files: Set<string>): Map<string, number> {
  const counts = new Map<string, number>();
  let folder: string | null = null;
  for (const line of doc.split('\n')) {
    const section = /^#{2,3} .*\(`src\/([^`]+)\/`\)/.exec(line);
    if (section) {
      folder = section[1]!;
      continue;
    }
    if (line.startsWith('## ')) folder = null;
    const bullet = /^- `src\/([^`]+?)\/?`/.exec(line);
    if (bullet) folder = files.has(bullet[1]!) ? null : bullet[1]!;
    for (const match of line.matchAll(/`([^`\s]+\.ts)`(?= —| \()/g)) {
      const name = match[1]!.replace(/^src\//, '');
      const file = [folder === null ? undefined : `${folder}/${name}`, name, ...[...files].filter((f) => f.endsWith(`/${name}`))].find(
        (candidate) => candidate !== undefined && files.has(candidate),
      );
      if (file !== undefined) counts.set(file, (counts.get(file) ?? 0) + 1);
    }
  }
  return counts;
}

describe('docs/architecture.md', () => {
  const doc = readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8');
  const files = sourceTree().map((file) => file.path);
  const basenameCount = new Map<string, number>();
  for (const file of files) basenameCount.set(basename(file), (basenameCount.get(basename(file)) ?? 0) + 1);

  it('names every file under src/', () => {
    expect(files.filter((file) => !named(doc, file, basenameCount))).toEqual([]);
  });

  it('describes each file in one place only', () => {
    const counts = descriptions(doc, new Set(files));
    expect([...counts].filter(([, n]) => n > 1).map(([file]) => file)).toEqual([]);
  });

  it('has no line pasted in twice', () => {
    const seen = new Set<string>();
    const twice = doc
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line.length > 40 && (seen.has(line) || !seen.add(line)));
    expect(twice).toEqual([]);
  });

  it('would notice a file described twice and a line pasted twice', () => {
    const files = new Set(['load/journal.ts', 'sheets/csv/parse.ts']);
    const doc = '### load (`src/load/`)\n\n- `journal.ts` — one JSON line per event.\n- `journal.ts` — again.\n';
    expect(descriptions(doc, files).get('load/journal.ts')).toBe(2);
  });

  it('would notice a file it does not name', () => {
    expect(named(doc, 'sheets/no-such-file.ts', new Map([['no-such-file.ts', 1]]))).toBe(false);
  });
});
