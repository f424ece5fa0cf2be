/**
 * The template as HR staff use it: opened and filled in by another program (SheetJS here, standing in
 * for Excel or LibreOffice), saved, and read back by the importer.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as XLSX from 'xlsx';
import { describe, expect, it } from 'vitest';
import { readInput } from '../../src/sheets/read.js';
import { validate } from '../../src/validate/index.js';
import { templateWarnings } from '../../src/app/inputs.js';
import { ROOT } from '../helpers/cli.js';

function fillTemplate(lang: 'en' | 'da', changeVersion?: string): string {
  const source = join(ROOT, 'templates', lang, lang === 'en' ? 'orgsync-template.xlsx' : 'orgsync-skabelon.xlsx');
  const book = XLSX.read(readFileSync(source), { cellDates: true });
  const names =
    lang === 'en'
      ? { employees: 'Employees', organisation: 'Organisation', absence: 'Absence', delegations: 'Delegations' }
      : { employees: 'Medarbejdere', organisation: 'Organisation', absence: 'Fravær', delegations: 'Delegeringer' };
  const headerOf = (sheet: string) => (XLSX.utils.sheet_to_json<string[]>(book.Sheets[sheet]!, { header: 1 })[0] ?? []) as string[];
  const put = (sheet: string, rows: Record<string, unknown>[]) => {
    const header = headerOf(sheet);
    // Replace the example row with the HR person's rows, keeping the template's header as written.
    book.Sheets[sheet] = XLSX.utils.aoa_to_sheet([header, ...rows.map((r) => header.map((_, i) => r[i] ?? null))], { cellDates: true });
  };
  // Column positions follow the template's header order (src/sheets/columns.ts).
  put(names.organisation, [
    { 0: 'department', 1: 'root', 2: 'Nordlys Energi', 4: '7' },
    { 0: 'team', 1: 'T-1', 2: 'Kundeservice', 3: 'root', 4: '7' },
  ]);
  put(names.employees, [
    { 0: '7', 2: 'Åse Øster', 3: 'aase.oester@nordlys.dk', 5: 'K', 6: new Date(Date.UTC(1980, 4, 17)), 7: 'Leder', 8: 'dansk', 9: 'T-1' },
    { 0: '8', 2: 'Bo Ærø', 3: 'bo.aeroe@nordlys.dk', 5: 'M', 9: 'T-1' },
  ]);
  put(names.absence, [{ 0: '8', 1: new Date(Date.UTC(2025, 0, 6)), 2: new Date(Date.UTC(2025, 0, 10)) }]);
  put(names.delegations, [{ 0: 'T-1', 1: 'dialog_access_siab', 2: '7' }]);
  if (changeVersion !== undefined) book.Sheets._template!.B1 = { t: 's', v: changeVersion };
  const out = join(mkdtempSync(join(tmpdir(), 'filled-')), 'filled.xlsx');
  XLSX.writeFile(book, out);
  return out;
}

describe('the template filled in by another program', () => {
  it.each(['en', 'da'] as const)('validates clean in %s and reads as the organisation typed into it', async (lang) => {
    const file = fillTemplate(lang);
    const reading = await readInput([file], {});
    const result = await validate(reading, { today: '2026-11-22' });
    expect(result.issues.filter((i) => i.severity === 'error')).toEqual([]);
    expect(result.desired.users.get('7')).toMatchObject({ name: 'Åse Øster', gender: 'f', birthday: '1980-05-17' });
    expect(result.desired.employees.get('8')).toMatchObject({ teamId: 'T-1', status: 'active' });
    expect(result.desired.absences).toEqual([expect.objectContaining({ employeeId: '8', startDate: '2025-01-06', endDate: '2025-01-10' })]);
    expect(templateWarnings(reading.templateVersion)).toEqual([]);
  });

  it('warns what changed when it was made from an older template version', async () => {
    const reading = await readInput([fillTemplate('da', '0')], {});
    await validate(reading, {});
    const [warning] = templateWarnings(reading.templateVersion);
    expect(warning).toMatchObject({ severity: 'warning', code: 'old_template', value: '0' });
    expect(warning!.message).toContain('template version 0');
  });
});
