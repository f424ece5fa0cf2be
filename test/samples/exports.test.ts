/**
 * Issue 14 point 7: each export in samples/exports is read by the profile beside it. Every header of the
 * export is mapped (by the profile or as a known alias: no unknown or ignored column), and the profile is
 * checked as the command checks it, and the export is validated against a sandbox-like service (top
 * department "Nordlys Energi") and must give no error at all. Each profile targets columns of exports.md
 * (unit_path, level_N, is_manager, first/last name, leaving_date): the profile check accepts them.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SheetKind } from '../../src/model/sheet-kind.js';
import { canonicalColumn, columnsOf, normaliseName } from '../../src/sheets/columns.js';
import { checkProfile } from '../../src/sheets/profile/check.js';
import { readInput, readSheetHeads } from '../../src/sheets/read.js';
import { validate } from '../../src/validate/index.js';
import { valueRules } from '../../src/validate/value-maps.js';
import { samplesDir } from './validate-samples.js';

const EXPORTS = join(samplesDir, 'exports');

/** Each export, its sheets' kinds (by file or sheet name), and the columns of exports.md it relies on. */
const SAMPLES = [
  { input: 'path-column.csv', sheets: { 'path-column': 'employees' }, needs: ['unit_path'] },
  { input: 'level-columns.xlsx', sheets: { Personale: 'employees' }, needs: ['level_1', 'level_2', 'level_3'] },
  // Its unit list gives the top department's id (100): the service's top department has that id.
  { input: 'units-and-leaders', sheets: { organisation: 'organisation', employees: 'employees' }, needs: ['is_manager'], top: '100' },
  { input: 'two-name-columns.csv', sheets: { 'two-name-columns': 'employees' }, needs: ['first_name', 'last_name'] },
  { input: 'leaving-date.csv', sheets: { 'leaving-date': 'employees' }, needs: ['leaving_date'] },
] as const;

const isColumn = (kind: SheetKind, name: string) => columnsOf(kind).some((c) => c.name === name);

function profileOf(input: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(EXPORTS, `${input.replace(/\.(csv|xlsx)$/, '')}.map.json`), 'utf8'));
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

  it('is read by its profile, the columns of exports.md it relies on included, and validates without an error', async () => {
    for (const column of sample.needs)
      expect(
        Object.values(sample.sheets).some((kind) => isColumn(kind as SheetKind, column)),
        column,
      ).toBe(true);
    const top = 'top' in sample ? sample.top : 'root';
    const checked = checkProfile(profile, file, valueRules);
    const reading = await readInput([join(EXPORTS, input)], { headerMap: checked.headers, sheetRules: checked.sheets });
    const result = await validate(reading, {
      today: '2025-11-22',
      current: {
        employees: new Set(),
        departments: new Set([top]),
        teams: new Set(),
        topDepartmentId: top,
        teamOf: new Map(),
        departmentNames: new Map([[top, 'Nordlys Energi']]),
      },
    });
    const problems = result.issues.filter((i) => i.severity === 'error' || i.code === 'unknown_column' || i.code === 'ignored_column');
    expect(problems.map((i) => `${i.row ?? ''} ${i.column ?? ''} ${i.message}`)).toEqual([]);
  });
});
