/**
 * Issue 24 point 3: the arithmetic of words is the platform's (Intl), in the run's language: numbers
 * with the language's digit groups, the word for one or many, lists joined as the language joins them.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { andList, chooseLanguage, formatNumber, orList, plural } from '../../src/words/language.js';
import { reportWords } from '../../src/words/report.js';
import { planWords } from '../../src/words/view-plan.js';
import { validateRowWords } from '../../src/words/validate-rows.js';
import { unreadableWords } from '../../src/words/unreadable.js';
import { instructionWords } from '../../src/words/template-instructions.js';

afterEach(() => chooseLanguage('en'));

describe('numbers', () => {
  it('are written with the digit groups of the language: a comma in English, a point in Danish', () => {
    expect(formatNumber(1_048_576)).toBe('1,048,576');
    expect(unreadableWords().tooManyRows('Ark1', 1_048_576)).toContain('past row 1,048,576,');
    expect(reportWords().issueCount(1234, 'error')).toBe('1,234 errors');
    chooseLanguage('da');
    expect(formatNumber(1_048_576)).toBe('1.048.576');
    expect(unreadableWords().tooManyRows('Ark1', 1_048_576)).toContain('efter række 1.048.576,');
    expect(reportWords().issueCount(1234, 'error')).toBe('1.234 fejl');
    expect(planWords().transient(2500, null)).toMatch(/^2\.500 handlinger kunne ikke udføres/);
  });

  it('are written as the language writes them, the small ones, fractions and negatives too', () => {
    const values = [0, 1, 999, 1000, -1, 0.5, 12_345.678];
    expect(values.map((value) => formatNumber(value, 'en'))).toEqual(['0', '1', '999', '1,000', '-1', '0.5', '12,345.678']);
    expect(values.map((value) => formatNumber(value, 'da'))).toEqual(['0', '1', '999', '1.000', '-1', '0,5', '12.345,678']);
  });
});

describe('the word for one and for many', () => {
  it('in English', () => {
    expect([1, 2, 0].map((n) => plural(n, 'team', 'teams'))).toEqual(['team', 'teams', 'teams']);
    expect(reportWords().issueCount(1, 'warning')).toBe('1 warning');
    expect(reportWords().issueCount(2, 'warning')).toBe('2 warnings');
    expect(planWords().transient(1, null)).toMatch(/^1 operation could not/);
    expect(planWords().transient(3, null)).toMatch(/^3 operations could not/);
    expect(validateRowWords().trimmedCells(1, 4)).toMatch(/^One cell in this column/);
    expect(validateRowWords().trimmedCells(2, 4)).toMatch(/^2 cells in this column/);
  });

  it('in Danish', () => {
    chooseLanguage('da');
    expect([1, 2, 0].map((n) => plural(n, 'advarsel', 'advarsler'))).toEqual(['advarsel', 'advarsler', 'advarsler']);
    expect(reportWords().issueCount(1, 'warning')).toBe('1 advarsel');
    expect(reportWords().issueCount(2, 'warning')).toBe('2 advarsler');
    expect(planWords().transient(1, null)).toMatch(/^1 handling kunne ikke/);
    expect(planWords().transient(3, null)).toMatch(/^3 handlinger kunne ikke/);
    expect(validateRowWords().trimmedCells(1, 4)).toMatch(/^Én celle i denne kolonne/);
    expect(validateRowWords().trimmedCells(2, 4)).toMatch(/^2 celler i denne kolonne/);
  });
});

describe('lists', () => {
  it('in English: "a, b and c", "a, b or c"', () => {
    expect(andList(['a', 'b', 'c'])).toBe('a, b and c');
    expect(orList(['Employees', 'Organisation', 'Absence'])).toBe('Employees, Organisation or Absence');
    expect(reportWords().headline(['2 errors', '1 warning'], 3)).toBe('2 errors and 1 warning in 3 sheets.');
    expect(reportWords().headline(['1 error'], 1)).toBe('1 error.');
  });

  it('in Danish: "a, b og c", "a, b eller c"', () => {
    chooseLanguage('da');
    expect(andList(['a', 'b', 'c'])).toBe('a, b og c');
    expect(orList(['Medarbejdere', 'Organisation', 'Fravær'])).toBe('Medarbejdere, Organisation eller Fravær');
    expect(reportWords().headline(['2 fejl', '1 advarsel'], 3)).toBe('2 fejl og 1 advarsel i 3 ark.');
  });
});

describe('a book of a language of its own', () => {
  it('is given whatever the run speaks: the template is written in its own language', () => {
    chooseLanguage('da');
    expect(instructionWords('en').sheet).toBe('Instructions');
    expect(instructionWords().sheet).toBe('Vejledning');
  });
});
