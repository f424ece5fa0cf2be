/**
 * The sandbox shares no code with the client side but the error base class and the process lock
 * (docs/architecture.md), so a misreading of the API documents cannot hide in both. What a person reads
 * of `orgsync-import sandbox` (its banner, in the run's language) is the client side's: src/view/sandbox-banner.ts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve(import.meta.dirname, '../../src');
const SHARED = new Set(['errors.ts', 'process-lock.ts']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
  );
}

/** `file → target` for each import of src/sandbox that reaches outside it, as paths below src/. */
function importsOutside(): string[] {
  return sourceFiles(join(SRC, 'sandbox')).flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    const specifiers = [...text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s+'([^']+)'|import\(\s*'([^']+)'\s*\)/g)].map(
      (m) => m[1] ?? m[2]!,
    );
    return specifiers
      .filter((specifier) => specifier.startsWith('.'))
      .map((specifier) =>
        relative(SRC, resolve(dirname(file), specifier.replace(/\.js$/, '.ts')))
          .split(sep)
          .join('/'),
      )
      .filter((target) => !target.startsWith('sandbox/'))
      .map((target) => `${relative(SRC, file).split(sep).join('/')} → ${target}`);
  });
}

describe('src/sandbox', () => {
  it('imports from outside itself only the error base class and the process lock', () => {
    const outside = importsOutside();
    expect(outside.length).toBeGreaterThan(0);
    expect(outside.filter((line) => !SHARED.has(line.split(' → ')[1]!))).toEqual([]);
  });
});
