/**
 * Issue 15: no sentence a person reads is left in one language. Every one is in src/words/, where the
 * Danish book must match the English one entry for entry (a type error otherwise); this test finds the
 * sentences written anywhere else in src/ (the command line and the service client included).
 */
import { describe, expect, it } from 'vitest';
import { sentencesOutsideWords } from './sentences.js';

describe('the sentences of the code', () => {
  it('are all in the phrasebooks of src/words, in English and Danish', () => {
    const left = sentencesOutsideWords().map((s) => `${s.file}:${s.line}: ${s.text}`);
    expect(left).toEqual([]);
  });
});
