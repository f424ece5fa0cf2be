/**
 * The templates committed under templates/ are what writeTemplate produces today. After changing the
 * template, regenerate them with: ORGSYNC_UPDATE_TEMPLATES=1 npx vitest run test/template/committed.test.ts
 */
import { mkdtemp, readFile, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeTemplate } from '../../src/template/index.js';
import { fingerprintWorkbook } from './fingerprint.js';

const committedRoot = join(import.meta.dirname, '..', '..', 'templates');
const update = process.env.ORGSYNC_UPDATE_TEMPLATES === '1';

describe.each(['en', 'da'] as const)('the committed %s template', (lang) => {
  it('has the same sheets, cells, formats, notes and drop-downs as a freshly generated workbook', async () => {
    const fresh = await mkdtemp(join(tmpdir(), 'orgsync-committed-'));
    const [generated] = await writeTemplate({ format: 'xlsx', lang, outDir: fresh });
    if (update) await writeTemplate({ format: 'xlsx', lang, outDir: join(committedRoot, lang), overwrite: true });
    const committedName = (await readdir(join(committedRoot, lang))).find((f) => f.endsWith('.xlsx'));
    expect(committedName).toBeDefined();
    expect(await fingerprintWorkbook(join(committedRoot, lang, committedName as string))).toEqual(
      await fingerprintWorkbook(generated as string),
    );
  });

  it('has byte-for-byte the CSV files a fresh generation writes', async () => {
    const fresh = await mkdtemp(join(tmpdir(), 'orgsync-committed-'));
    const generated = await writeTemplate({ format: 'csv', lang, outDir: fresh });
    if (update) await writeTemplate({ format: 'csv', lang, outDir: join(committedRoot, lang, 'csv'), overwrite: true });
    expect((await readdir(join(committedRoot, lang, 'csv'))).sort()).toEqual(generated.map((file) => file.slice(fresh.length + 1)).sort());
    for (const file of generated) {
      const name = file.slice(fresh.length + 1);
      expect(await readFile(join(committedRoot, lang, 'csv', name))).toEqual(await readFile(file));
    }
  });
});
