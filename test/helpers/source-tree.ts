/**
 * The files of src/ as the tests that read the code see them (the import rules, the map in
 * docs/architecture.md, the sandbox's imports, the sentences left outside src/words/): walked and read once
 * per test process, which the fast layer shares between its files (vitest.config.ts, `isolate: false`).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');
export const SRC = join(ROOT, 'src');

export interface SourceFile {
  /** Below src/, with `/` whatever the platform: `plan/graph.ts`. */
  path: string;
  text: string;
}

let tree: readonly SourceFile[] | undefined;

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

/** Every file under src/, in a stable order. */
export function sourceTree(): readonly SourceFile[] {
  tree ??= walk(SRC)
    .sort()
    .map((file) => ({ path: relative(SRC, file).split(sep).join('/'), text: readFileSync(file, 'utf8') }));
  return tree;
}

/** The TypeScript files below `folder` of src/ (`plan`, `sheets/xml`), or of all of src/ for ''. */
export function sourceFilesIn(folder: string): readonly SourceFile[] {
  return sourceTree().filter((file) => file.path.endsWith('.ts') && (folder === '' || file.path.startsWith(`${folder}/`)));
}

const IMPORTS = /(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s+'([^']+)'|import\(\s*'([^']+)'\s*\)|(?:^|\n)\s*import\s+'([^']+)'/g;

/**
 * Every module of src/ a file imports or re-exports, as a path below src/ (`plan/graph.ts`); packages are
 * left out. With `runtime`, only what it loads when it runs: less `import type` and a type written
 * `import('…').T`.
 */
export function importsOf(file: SourceFile, { runtime = false }: { runtime?: boolean } = {}): string[] {
  const text = runtime
    ? file.text.replace(/(?:^|\n)\s*(?:import|export) type\b[^']*'[^']+'/g, '').replace(/import\(\s*'[^']+'\s*\)\.(?!then\b)[A-Za-z]/g, '')
    : file.text;
  return [...text.matchAll(IMPORTS)]
    .map((match) => match[1] ?? match[2] ?? match[3]!)
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) =>
      relative(SRC, resolve(join(SRC, dirname(file.path)), specifier.replace(/\.js$/, '.ts')))
        .split(sep)
        .join('/'),
    );
}
