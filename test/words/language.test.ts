import { afterEach, describe, expect, it } from 'vitest';
import {
  andList,
  chooseLanguage,
  language,
  languageOfEnvironment,
  letWorkbookChooseLanguage,
  parseLang,
  phrasebook,
  workbookLanguage,
} from '../../src/words/language.js';

afterEach(() => chooseLanguage('en'));

describe('the language of a run', () => {
  it('reads the environment as POSIX does: LC_ALL, then LC_MESSAGES, then LANG', () => {
    expect(languageOfEnvironment({ LANG: 'da_DK.UTF-8' })).toBe('da');
    expect(languageOfEnvironment({ LANG: 'en_US.UTF-8' })).toBe('en');
    expect(languageOfEnvironment({ LC_ALL: 'en_GB.UTF-8', LANG: 'da_DK.UTF-8' })).toBe('en');
    expect(languageOfEnvironment({ LC_MESSAGES: 'da_DK', LANG: 'en_US.UTF-8' })).toBe('da');
    // A locale that names neither language, or none at all, leaves the choice to the workbook.
    expect(languageOfEnvironment({ LANG: 'C.UTF-8' })).toBeUndefined();
    expect(languageOfEnvironment({ LANG: 'de_DE.UTF-8' })).toBeUndefined();
    expect(languageOfEnvironment({})).toBeUndefined();
  });

  it('takes the spellings a person writes for --lang', () => {
    expect(['da', 'Dansk', 'danish'].map(parseLang)).toEqual(['da', 'da', 'da']);
    expect(['en', 'English', 'engelsk'].map(parseLang)).toEqual(['en', 'en', 'en']);
    expect(parseLang('de')).toBeUndefined();
  });

  it('lets the first workbook sheet choose only when nobody else did, and only once', () => {
    letWorkbookChooseLanguage();
    expect(language()).toBe('en');
    workbookLanguage('da');
    workbookLanguage('en');
    expect(language()).toBe('da');
    chooseLanguage('en');
    workbookLanguage('da');
    expect(language()).toBe('en');
  });

  it('gives the book of the language chosen when it is asked, in the language’s own list style', () => {
    const words = phrasebook({ en: { hello: (name: string) => `Hello ${name}` }, da: { hello: (name) => `Hej ${name}` } });
    expect(words().hello('Ida')).toBe('Hello Ida');
    expect(andList(['Ida', 'Bo', 'Åse'])).toBe('Ida, Bo and Åse');
    chooseLanguage('da');
    expect(words().hello('Ida')).toBe('Hej Ida');
    expect(andList(['Ida', 'Bo', 'Åse'])).toBe('Ida, Bo og Åse');
  });
});
