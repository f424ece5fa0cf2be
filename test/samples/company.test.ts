import { execFile } from 'node:child_process';
import { mkdtemp, readFile, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { codes, samplesDir, validateSample, withoutSources } from './validate-samples.js';

describe('the sample company Nordlys Energi A/S', () => {
  it('validates offline without a single issue', async () => {
    const result = await validateSample('company.xlsx');
    expect(result.issues).toEqual([]);
  });

  it('validates against a fresh sandbox without errors: a clean first import', async () => {
    const result = await validateSample('company.xlsx', { online: true });
    expect(codes(result, 'error')).toEqual([]);
  });

  it('has about 300 employments of 290 people in a tree of 21 departments and 29 teams', async () => {
    const { desired } = await validateSample('company.xlsx');
    expect(desired.employees.size).toBe(300);
    expect(desired.users.size).toBe(290);
    expect(desired.departments.size).toBe(21);
    expect(desired.teams.size).toBe(29);
    expect(desired.absences.length).toBe(40);
    expect(desired.absences.filter((a) => a.endDate === null).length).toBeGreaterThan(0);
    expect(desired.delegations.length).toBe(14);
    expect(desired.departments.get('root')).toMatchObject({ name: 'Company', parentId: null });
    expect([...desired.users.values()].some((u) => /[æøåÆØÅ]/.test(u.name))).toBe(true);
  });

  it('says the same in the CSV files as in the workbook', async () => {
    const workbook = await validateSample('company.xlsx');
    const csv = await validateSample('csv');
    expect(csv.issues).toEqual([]);
    expect(withoutSources(csv.desired)).toEqual(withoutSources(workbook.desired));
  });
});

describe('samples/generate.mjs', () => {
  it('writes exactly the committed sample files, byte for byte', async () => {
    const out = await mkdtemp(join(tmpdir(), 'orgsync-samples-'));
    await promisify(execFile)(process.execPath, [join(samplesDir, 'generate.mjs'), out]);
    const generated = await listFiles(out);
    const committed = (await listFiles(samplesDir)).filter((f) => /\.(xlsx|csv|json)$/.test(f));
    expect(committed).toEqual(generated);
    for (const file of generated) {
      expect(await readFile(join(samplesDir, file)), file).toEqual(await readFile(join(out, file)));
    }
  });
});

async function listFiles(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => relative(root, join(e.parentPath, e.name)))
    .sort();
}
