/**
 * The Columns step on exports as they come (test/fixtures/exports-round3/, written by its generate.mjs):
 * what the starter profile found — a column's dates in two formats, a placement's roles spelled as the
 * export spells them — is what the page offers and what a profile saved there keeps, so the nightly run
 * reads the export as `map --init` would.
 */
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { starterProfileOf } from '../../src/app/run-map-init.js';
import { checkProfile } from '../../src/sheets/profile/check.js';
import { profileWithChoices } from '../../src/sheets/starter.js';
import { choicesFromForm, columnsScreen } from '../../src/ui/columns.js';
import type { Columns } from '../../src/ui/session.js';
import { valueRules } from '../../src/validate/value-maps.js';

const FIXTURES = resolve(import.meta.dirname, '../fixtures/exports-round3');

async function columnsOf(folder: string, files: string[]): Promise<Columns> {
  const starter = await starterProfileOf(
    files.map((file) => join(FIXTURES, folder, file)),
    folder,
  );
  return { starter, choices: {} };
}

/** The form as the page sends it back untouched: every select at what the screen shows chosen. */
function untouchedForm(columns: Columns): Record<string, string> {
  const form: Record<string, string> = {};
  for (const sheet of columnsScreen(columns).sheets) {
    for (const row of sheet.rows) form[`h.${sheet.kind}.${row.index}`] = row.chosen ?? '';
    for (const date of sheet.dates) form[`d.${sheet.kind}.${date.column}`] = date.format ?? '';
    sheet.spellings.forEach((spelling, n) => {
      const index = sheet.spellings.slice(0, n).filter((s) => s.column === spelling.column).length;
      form[`s.${sheet.kind}.${spelling.column}.${index}`] = spelling.value;
      form[`v.${sheet.kind}.${spelling.column}.${index}`] = spelling.meant ?? '';
    });
  }
  return form;
}

describe("the page's Columns step", () => {
  it("offers a column's two date formats as one choice and saves them, in order, with each sheet's files", async () => {
    const columns = await columnsOf('erp', ['employees.csv', 'departments.csv']);
    const people = columnsScreen(columns).sheets.find((sheet) => sheet.kind === 'employees')!;
    const leaving = people.dates.find((date) => date.column === 'leaving_date')!;
    expect(leaving.format).toBe('M/D/YYYY, MM/DD/YY');
    expect(leaving.formats).toContain('M/D/YYYY, MM/DD/YY');
    expect(leaving.formats).toContain('DD.MM.YYYY');

    columns.choices = choicesFromForm(columns, untouchedForm(columns));
    const saved = profileWithChoices(columns.starter.json, columns.choices);
    const employees = saved.employees as Record<string, unknown>;
    expect(employees.dates).toEqual({ hiring_date: 'M/D/YYYY', leaving_date: ['M/D/YYYY', 'MM/DD/YY'] });
    expect(employees.file).toBe((columns.starter.json.employees as Record<string, unknown>).file);
    expect(employees.file).toBe('employees.csv');
    const profile = checkProfile(JSON.parse(JSON.stringify(saved)), 'saved.map.json', valueRules);
    expect(profile.sheets.employees?.dates.get('leaving_date')).toEqual(['M/D/YYYY', 'MM/DD/YY']);

    // One format chosen instead is one format; a format the profile cannot read is none.
    const one = choicesFromForm(columns, { ...untouchedForm(columns), 'd.employees.leaving_date': 'MM/DD/YY' });
    expect(one.employees?.dates.leaving_date).toBe('MM/DD/YY');
    const unknown = choicesFromForm(columns, { ...untouchedForm(columns), 'd.employees.leaving_date': 'M/D/YYYY, YY/MM/DD' });
    expect(unknown.employees?.dates.leaving_date).toBeUndefined();
  });

  it("shows a placements file's roles as the export spells them, the leader's meant as yes, and saves them", async () => {
    const columns = await columnsOf('kommune', ['bruger.csv', 'organisationenhed.csv', 'organisationfunktion.csv']);
    const placements = columnsScreen(columns).sheets.find((sheet) => sheet.kind === 'placements')!;
    expect(placements.rows.find((row) => row.header === 'funktionsnavn')?.chosen).toBe('is_manager');
    const roles = Object.fromEntries(placements.spellings.map((s) => [s.value, s.meant]));
    expect(roles).toMatchObject({ Leder: 'yes', Engagement: 'no' });

    columns.choices = choicesFromForm(columns, untouchedForm(columns));
    const saved = profileWithChoices(columns.starter.json, columns.choices);
    expect((saved.placements as Record<string, unknown>).values).toMatchObject({ is_manager: { Leder: 'yes', Engagement: 'no' } });
    expect(() => checkProfile(JSON.parse(JSON.stringify(saved)), 'saved.map.json', valueRules)).not.toThrow();
  });
});
