/**
 * Run before every file of the fast layer, whose files share one module graph per worker (vitest.config.ts,
 * `isolate: false`): each file starts as a process does, in English and settled, whatever the file before
 * it chose.
 */
import { beforeAll } from 'vitest';
import { chooseLanguage } from '../../src/words/language.js';

beforeAll(() => chooseLanguage('en'));
