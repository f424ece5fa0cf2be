import { describe, expect, it } from 'vitest';
import { neutraliseCell, neutraliseOptional } from '../../src/report/neutralise.js';

describe('neutraliseCell', () => {
  it.each(['=HYPERLINK("http://x")', '+45 12 34 56 78', '-2+3', '@SUM(A1)', '\tcmd', '\rcmd', '＝1+1', '＋1', '－1', '＠x'])(
    'prefixes %j with an apostrophe so a spreadsheet shows it as text',
    (text) => {
      expect(neutraliseCell(text)).toBe(`'${text}`);
    },
  );

  it.each(['Søren Ærø', 'soren@example.dk', '2024-01-31', '0042', '', "'already"])('leaves %j unchanged', (text) => {
    expect(neutraliseCell(text)).toBe(text);
  });

  it('turns a missing value into an empty cell', () => {
    expect(neutraliseOptional(null)).toBe('');
    expect(neutraliseOptional(undefined)).toBe('');
    expect(neutraliseOptional('=1')).toBe("'=1");
  });
});
