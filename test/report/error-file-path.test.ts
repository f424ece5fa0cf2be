import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { errorFilePath } from '../../src/report/error-file-path.js';

describe('errorFilePath', () => {
  it('puts NAME.errors.xlsx beside a workbook', () => {
    expect(errorFilePath(join('hr', 'staff.xlsx'))).toBe(join('hr', 'staff.errors.xlsx'));
  });

  it('puts NAME.errors.csv beside a CSV file', () => {
    expect(errorFilePath(join('hr', 'medarbejdere.csv'))).toBe(join('hr', 'medarbejdere.errors.csv'));
  });

  it('uses an --errors-out file as given', () => {
    expect(errorFilePath('staff.xlsx', join('out', 'fix-me.xlsx'))).toBe(join('out', 'fix-me.xlsx'));
  });

  it('puts the default name inside an --errors-out folder', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'orgsync-errpath-'));
    expect(errorFilePath(join('hr', 'absence.csv'), dir)).toBe(join(dir, 'absence.errors.csv'));
    expect(errorFilePath(join('hr', 'absence.csv'), 'later/')).toBe(join('later', 'absence.errors.csv'));
  });
});
