/** commander's own error lines, said again in the run's language: English stays commander's, word for word. */
import { afterEach, describe, expect, it } from 'vitest';
import { commanderErrorInWords } from '../../src/cli/commander-words.js';
import { chooseLanguage } from '../../src/words/language.js';

afterEach(() => chooseLanguage('en'));

/** Lines exactly as commander 14 prints them (command.js, suggestSimilar.js, option.js). */
const COMMANDER_LINES = [
  "error: unknown option '--pune'\n(Did you mean --prune?)",
  "error: unknown option '--x'\n(Did you mean one of --a, --b?)",
  "error: unknown command 'validat'",
  "error: missing required argument 'files'",
  "error: option '--map <file>' argument missing",
  "error: too many arguments for 'apply'. Expected 1 argument but got 2.",
  'error: too many arguments. Expected 0 arguments but got 3.',
  "error: option '--date-order <order>' argument 'xyz' is invalid. Allowed choices are dmy, mdy.",
  "error: option '--concurrency <n>' argument '0' is invalid. expected a whole number of 1 or more",
];

describe("commander's error lines", () => {
  it('in English are left exactly as commander wrote them', () => {
    for (const line of COMMANDER_LINES) expect(commanderErrorInWords(line)).toBe(line);
  });

  it('in Danish are Danish, the option and the value as typed', () => {
    chooseLanguage('da');
    expect(COMMANDER_LINES.map(commanderErrorInWords)).toEqual([
      "fejl: ukendt tilvalg '--pune'\n(Mente du --prune?)",
      "fejl: ukendt tilvalg '--x'\n(Mente du en af --a, --b?)",
      "fejl: ukendt kommando 'validat'",
      "fejl: det påkrævede argument 'filer' mangler",
      "fejl: tilvalget '--map <fil>' mangler sin værdi",
      "fejl: for mange argumenter til 'apply'. Forventede 1 argument, men fik 2.",
      'fejl: for mange argumenter. Forventede 0 argumenter, men fik 3.',
      "fejl: tilvalget '--date-order <rækkefølge>' har en ugyldig værdi 'xyz'. Mulige valg er dmy, mdy.",
      // The reason after it is the importer's own, already in the run's words where it was made.
      "fejl: tilvalget '--concurrency <n>' har en ugyldig værdi '0'. expected a whole number of 1 or more",
    ]);
  });

  it('a line commander did not write stays as it is', () => {
    chooseLanguage('da');
    expect(commanderErrorInWords('(kør orgsync-import --help for at se tilvalgene)')).toBe('(kør orgsync-import --help for at se tilvalgene)');
  });
});
