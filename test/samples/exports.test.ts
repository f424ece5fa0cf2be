/**
 * Issue 14 point 7: each export in samples/exports is read by the profile beside it. Every header of the
 * export is mapped (by the profile or as a known alias: no unknown or ignored column), and the profile is
 * checked as the command checks it. Where a profile targets a column the importer does not have yet (the
 * shapes of exports.md points 1–4: unit_path, level_N, is_manager, first/last name, leaving_date), the test
 * says which, and that the check names exactly those; once the importer has them, the export is validated
 * against a sandbox-like service and must give no error at all.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/errors.js';
import type { SheetKind } from '../../src/model/sheet-kind.js';
import { canonicalColumn, normaliseName, SHEETS } from '../../src/sheets/columns.js';
import { checkProfile } from '../../src/sheets/profile.js';
import { readInput, readSheetHeads } from '../../src/sheets/read.js';
import { validate } from '../../src/validate/index.js';
import { valueRules } from '../../src/validate/value-maps.js';
import { samplesDir } from './validate-samples.js';

const EXPORTS = join(samplesDir, 'exports');

/** Each export, its sheets' kinds (by file or sheet name), and the columns of exports.md it relies on. */
const SAMPLES = [
  { input: 'path-column.csv', sheets: { 'path-column': 'employees' }, needs: ['unit_path'] },
  { input: 'level-columns.xlsx', sheets: { Personale: 'employees' }, needs: ['level_1', 'level_2', 'level_3'] },
  { input: 'units-and-leaders', sheets: { organisation: 'organisation', employees: 'employees' }, needs: ['is_manager'] },
  { input: 'two-name-columns.csv', sheets: { 'two-name-columns': 'employees' }, needs: ['first_name', 'last_name'] },
  { input: 'leaving-date.csv', sheets: { 'leaving-date': 'employees' }, needs: ['leaving_date'] },
] as const;

const isColumn = (kind: SheetKind, name: string) => SHEETS[kind].columns.some((c) => c.name === name);

function profileOf(input: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(EXPORTS, `${input.replace(/\.(csv|xlsx)$/, '')}.map.json`), 'utf8'));
}

/** The profile with every mention of the given columns taken out. */
function without(profile: Record<string, unknown>, columns: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, body] of Object.entries(profile)) {
    if (typeof body !== 'object' || body === null) {
      out[key] = body;
      continue;
    }
    const sheet = body as Record<string, Record<string, unknown>>;
    out[key] = Object.fromEntries(
      Object.entries(sheet).map(([part, entries]) => [
        part,
        Object.fromEntries(Object.entries(entries).filter(([k, v]) => !columns.includes(part === 'headers' ? String(v) : k))),
      ]),
    );
  }
  return out;
}

describe.each(SAMPLES.map((s) => [s.input, s] as const))('samples/exports/%s', (input, sample) => {
  const profile = profileOf(input);
  const file = `exports/${input}.map.json`;

  it('has every header mapped, by its profile or as a column the importer knows', async () => {
    const heads = await readSheetHeads([join(EXPORTS, input)], {}, 1);
    expect(heads.map((h) => h.sheetName).sort()).toEqual(Object.keys(sample.sheets).sort());
    for (const head of heads) {
      const kind = (sample.sheets as Record<string, SheetKind>)[head.sheetName]!;
      const mapped = Object.keys(((profile[kind] as { headers?: object } | undefined)?.headers ?? {}) as object).map(normaliseName);
      const unmapped = head.rows[0]!.cells.flatMap((cell) =>
        cell && !mapped.includes(normaliseName(cell.text)) && canonicalColumn(kind, cell.text) === null ? [cell.text] : [],
      );
      expect(unmapped, head.sheetName).toEqual([]);
    }
  });

  it('is read by its profile (naming, until the importer has them, only the columns of exports.md it needs)', async () => {
    const pending = sample.needs.filter((column) => !Object.values(sample.sheets).some((kind) => isColumn(kind as SheetKind, column)));
    if (pending.length > 0) {
      let refused: unknown;
      try {
        checkProfile(profile, file, valueRules);
      } catch (error) {
        refused = error;
      }
      expect(refused).toBeInstanceOf(UsageError);
      expect(pending.some((column) => (refused as Error).message.includes(`"${column}"`)), (refused as Error).message).toBe(true);
      // Everything else in the profile is right as it stands.
      expect(() => checkProfile(without(profile, pending), file, valueRules)).not.toThrow();
      return;
    }
    const checked = checkProfile(profile, file, valueRules);
    const reading = await readInput([join(EXPORTS, input)], { headerMap: checked.headers, sheetRules: checked.sheets });
    const result = await validate(reading, {
      today: '2025-11-22',
      current: {
        employees: new Set(),
        departments: new Set(['root']),
        teams: new Set(),
        topDepartmentId: 'root',
        teamOf: new Map(),
        departmentNames: new Map([['root', 'Nordlys Energi']]),
      },
    });
    const problems = result.issues.filter((i) => i.severity === 'error' || i.code === 'unknown_column' || i.code === 'ignored_column');
    expect(problems.map((i) => `${i.row ?? ''} ${i.column ?? ''} ${i.message}`)).toEqual([]);
  });
});
