import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatIssue } from '../../src/report/location.js';
import { codes, samplesDir, validateSample, type SampleOptions } from './validate-samples.js';

interface Expectation {
  file: string;
  /** Error codes, one per issue, sorted. */
  errors: string[];
  options?: SampleOptions;
  warnings?: string[];
}

// The promises of samples/README.md, file by file. Validated against a fresh sandbox (as
// `orgsync-import validate --sandbox` does), except where an entry says offline.
const EXPECTED: Expectation[] = [
  { file: 'duplicate-employee-id.xlsx', errors: ['duplicate_id'] },
  { file: 'bad-email.csv', errors: ['invalid_email', 'invalid_email'] },
  { file: 'slash-date.csv', errors: ['ambiguous_date'] },
  { file: 'missing-column.xlsx', errors: ['missing_column'] },
  { file: 'shared-email.csv', errors: ['duplicate_username'] },
  { file: 'future-birthday.csv', errors: ['future_date'] },
  { file: 'unknown-gender.csv', errors: ['invalid_value'] },
  { file: 'conflicting-person.xlsx', errors: ['conflicting_user'] },
  { file: 'team-parent-missing.xlsx', errors: ['unknown_reference'] },
  { file: 'team-parent-missing.xlsx', errors: [], options: { online: false }, warnings: ['unresolved_reference'] },
  { file: 'department-cycle.xlsx', errors: ['cycle', 'cycle'] },
  { file: 'two-top-departments.xlsx', errors: ['top_department'] },
  { file: 'absence-without-team.xlsx', errors: ['no_team'] },
  { file: 'overlapping-absence.xlsx', errors: ['overlapping_absence'] },
  { file: 'end-before-start.xlsx', errors: ['end_before_start'] },
  { file: 'wrong-responsibility.xlsx', errors: ['invalid_value', 'invalid_value'] },
  { file: 'several-mistakes.xlsx', errors: ['end_before_start', 'invalid_date', 'invalid_email', 'invalid_value'] },
  { file: 'windows-1252.csv', errors: [] },
  { file: 'title-row.csv', errors: [] },
];

describe('each file in samples/bad', () => {
  it.each(EXPECTED.map((e) => [e.file, e.options?.online === false ? 'offline' : 'with a service', e] as const))(
    '%s gives the errors its README entry promises (%s)',
    async (file, _mode, expected) => {
      const result = await validateSample(join('bad', file), { online: true, ...expected.options });
      expect(codes(result, 'error')).toEqual(expected.errors);
      if (expected.warnings) expect(codes(result, 'warning')).toEqual(expected.warnings);
    },
  );

  it.each(EXPECTED.filter((e) => e.errors.length > 0 && e.options === undefined).map((e) => [e.file]))(
    'the README quotes a message %s really gives, as the terminal shows it',
    async (file) => {
      const result = await validateSample(join('bad', file), { online: true });
      const seen = readmeCell(await readme(), file, 3);
      expect(
        result.issues.map(formatIssue).some((line) => seen.includes(line)),
        seen,
      ).toBe(true);
    },
  );

  it('slash-date.csv reads without errors once the date order is given', async () => {
    const result = await validateSample(join('bad', 'slash-date.csv'), { dateOrder: 'dmy' });
    expect(codes(result, 'error')).toEqual([]);
    expect(result.desired.users.get('102')?.birthday).toBe('1985-06-02');
  });

  it('windows-1252.csv keeps its Danish letters', async () => {
    const { desired } = await validateSample(join('bad', 'windows-1252.csv'));
    expect([...desired.users.values()].map((u) => u.name)).toEqual(['Søren Ærø', 'Åse Øster', 'Bjørn Kjær', 'Kåre Møller', 'Mette Bæk']);
  });

  it('every file is in the table above and in the README, with the codes the table names', async () => {
    const files = (await readdir(join(samplesDir, 'bad'))).sort();
    expect([...new Set(EXPECTED.map((e) => e.file))].sort()).toEqual(files);
    const text = await readme();
    for (const expected of EXPECTED) {
      const codeCell = readmeCell(text, expected.file, 2);
      for (const code of new Set([...expected.errors, ...(expected.warnings ?? [])])) {
        expect(codeCell, expected.file).toContain(`\`${code}\``);
      }
    }
  });
});

async function readme(): Promise<string> {
  return readFile(join(samplesDir, 'README.md'), 'utf8');
}

/** A cell of the README's table row of one file: 0 file, 1 what is wrong, 2 code, 3 what the user sees. */
function readmeCell(text: string, file: string, index: number): string {
  const line = text.split('\n').find((l) => l.startsWith(`| \`${file}\``));
  expect(line, `README row for ${file}`).toBeDefined();
  return ((line as string).split(' | ')[index] ?? '').trim();
}
