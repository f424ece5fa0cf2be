import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readInput } from '../../src/sheets/read.js';
import { validate } from '../../src/validate/index.js';
import { TEMPLATE_VERSION, writeTemplate } from '../../src/template/index.js';

async function validateTemplate(format: 'xlsx' | 'csv', lang: 'en' | 'da') {
  const outDir = await mkdtemp(join(tmpdir(), `orgsync-read-template-${format}-${lang}-`));
  const files = await writeTemplate({ format, lang, outDir });
  const reading = await readInput(format === 'xlsx' ? files : [outDir], {});
  const result = await validate(reading, { today: '2025-11-22' });
  return { files, result, reading };
}

describe.each([
  ['xlsx', 'en'],
  ['xlsx', 'da'],
  ['csv', 'en'],
  ['csv', 'da'],
] as const)('a fresh %s template in %s', (format, lang) => {
  it('is read with all four sheets recognised, every header known and no errors offline', async () => {
    const { result } = await validateTemplate(format, lang);
    expect(result.sheetsSeen.map((s) => s.kind).sort()).toEqual(['absence', 'delegations', 'employees', 'organisation']);
    expect(result.sheetsSeen.every((s) => s.rows === 1)).toBe(true);
    expect(result.issues.filter((i) => i.severity === 'error')).toEqual([]);
    expect(result.issues.map((i) => i.code)).not.toContain('unknown_column');
  });

  it('reads its example row as the example it means', async () => {
    const { result } = await validateTemplate(format, lang);
    expect(result.desired.employees.get('1001')).toMatchObject({ userId: '1001', teamId: 'T-100', status: 'active' });
    expect(result.desired.users.get('1001')).toMatchObject({ gender: 'f', birthday: '1985-04-17' });
    expect(result.desired.departments.get('D-1')).toMatchObject({ parentId: null, owner: '1001' });
    expect(result.desired.absences).toEqual([expect.objectContaining({ startDate: '2025-01-06', endDate: '2025-01-10' })]);
    expect(result.desired.delegations).toEqual([
      expect.objectContaining({ unitKind: 'department', unitId: 'D-1', responsibility: 'manage_organisation_department' }),
    ]);
  });
});

describe('the template version', () => {
  it('is found by the reader in a fresh workbook', async () => {
    const { reading } = await validateTemplate('xlsx', 'da');
    expect(reading.templateVersion).toBe(TEMPLATE_VERSION);
  });
});
