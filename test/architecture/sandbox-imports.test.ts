/**
 * The sandbox shares no code with the client side but the error base class and the process lock
 * (docs/architecture.md), so a misreading of the API documents cannot hide in both. What a person reads
 * of `orgsync-import sandbox` (its banner, in the run's language) is the client side's: src/view/sandbox-banner.ts.
 */
import { describe, expect, it } from 'vitest';
import { importsOf, sourceFilesIn } from '../helpers/source-tree.js';

const SHARED = new Set(['errors.ts', 'process-lock.ts']);

/** `file → target` for each import of src/sandbox that reaches outside it, as paths below src/. */
function importsOutside(): string[] {
  return sourceFilesIn('sandbox').flatMap((file) =>
    importsOf(file)
      .filter((target) => !target.startsWith('sandbox/'))
      .map((target) => `${file.path} → ${target}`),
  );
}

describe('src/sandbox', () => {
  it('imports from outside itself only the error base class and the process lock', () => {
    const outside = importsOutside();
    expect(outside.length).toBeGreaterThan(0);
    expect(outside.filter((line) => !SHARED.has(line.split(' → ')[1]!))).toEqual([]);
  });
});
