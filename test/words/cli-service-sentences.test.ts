/** Every sentence the command line and the service client say stands in src/words/, in English and Danish. */
import { expect, it } from 'vitest';
import { ROOT } from '../helpers/cli.js';
import { sentencesOutsideWords } from './sentences.js';

it('no sentence is left in src/cli/ or src/service/', () => {
  expect(sentencesOutsideWords(ROOT).filter((s) => /^src\/(cli|service)\//.test(s.file))).toEqual([]);
});
