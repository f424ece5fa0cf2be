/**
 * The pipeline's direction, read from the source files: a stage imports only stages before it, and the
 * shared vocabulary in src/model/ imports no stage at all (docs/architecture.md).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve(import.meta.dirname, '../../src');
const STAGES = ['sheets', 'validate', 'service', 'plan', 'load', 'report'] as const;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
  );
}

/** Every module a file imports or re-exports, as a path below src/ (`plan/graph.ts`); packages left out. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s+'([^']+)'|import\(\s*'([^']+)'\s*\)/g)].map(
    (match) => match[1] ?? match[2]!,
  );
  return specifiers
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => relative(SRC, resolve(dirname(file), specifier.replace(/\.js$/, '.ts'))).split(sep).join('/'));
}

function folderOf(path: string): string {
  return path.includes('/') ? path.slice(0, path.indexOf('/')) : '';
}

/** `from → to` for every import in the files of `folder` that `allowed` refuses. */
function violations(folder: string, allowed: (target: string) => boolean): string[] {
  return sourceFiles(join(SRC, folder)).flatMap((file) =>
    importsOf(file)
      .filter((target) => !allowed(target))
      .map((target) => `${relative(SRC, file).split(sep).join('/')} → ${target}`),
  );
}

describe('import rules', () => {
  it('reads imports the way they are written (the check itself can see a violation)', () => {
    const imports = importsOf(join(SRC, 'load/executor.ts'));
    expect(imports.some((target) => folderOf(target) === 'model')).toBe(true);
  });

  it('src/model imports no stage, only itself', () => {
    expect(violations('model', (target) => folderOf(target) === 'model')).toEqual([]);
  });

  it('src/words (the sentences in both languages) imports only the shared vocabulary and itself', () => {
    expect(violations('words', (target) => ['words', 'model'].includes(folderOf(target)))).toEqual([]);
  });

  it.each(STAGES.map((stage, index) => [stage, STAGES.slice(index + 1)] as const))(
    'src/%s imports no later stage, nor the view, the app or the CLI',
    (stage, later) => {
      const refused = new Set<string>([...later, 'app', 'cli', ...(stage === 'report' ? [] : ['view'])]);
      expect(violations(stage, (target) => !refused.has(folderOf(target)))).toEqual([]);
    },
  );

  it('src/sheets imports nothing of src/validate; src/service nothing of src/plan', () => {
    expect(violations('sheets', (target) => folderOf(target) !== 'validate')).toEqual([]);
    expect(violations('service', (target) => folderOf(target) !== 'plan')).toEqual([]);
  });
});
