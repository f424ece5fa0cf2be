import { copyFile, mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { writeErrorFiles } from '../../src/report/error-files.js';
import { readInput } from '../../src/sheets/read.js';
import { validate } from '../../src/validate/index.js';
import { samplesDir } from './validate-samples.js';

/** Copies a bad sample to a temporary folder, validates it and writes its error file there. */
async function errorFileFor(name: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'orgsync-sample-errors-'));
  const input = join(dir, name);
  await copyFile(join(samplesDir, 'bad', name), input);
  const { issues } = await validate(await readInput([input], {}), { today: '2025-11-22' });
  const written = await writeErrorFiles(issues, { inputs: [input] });
  expect(written).toHaveLength(1);
  return written[0] as string;
}

function noteOf(cell: ExcelJS.Cell): string {
  const note = cell.note as string | ExcelJS.Comment | undefined;
  if (note === undefined) return '';
  return typeof note === 'string' ? note : (note.texts ?? []).map((t) => t.text).join('');
}

describe('error files for the validator’s real issues', () => {
  it('marks each faulty cell of several-mistakes.xlsx and lists the four errors', async () => {
    const path = await errorFileFor('several-mistakes.xlsx');
    expect(path.endsWith('several-mistakes.errors.xlsx')).toBe(true);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(path);
    const employees = workbook.getWorksheet('Medarbejdere')!;
    expect(noteOf(employees.getCell('D4'))).toContain('is not valid');
    expect(noteOf(employees.getCell('F5'))).toContain('"31-02-1990" is not a date');
    expect(noteOf(employees.getCell('E6'))).toContain('The gender "X" is not recognised');
    expect(noteOf(workbook.getWorksheet('Fravær')!.getCell('C2'))).toContain('before the start date');
    expect(noteOf(employees.getCell('D5'))).toBe('');
    expect(workbook.getWorksheet('Errors')!.actualRowCount).toBe(5);
  });

  it('adds the messages of each row of bad-email.csv in an errors column', async () => {
    const path = await errorFileFor('bad-email.csv');
    const lines = (await readFile(path, 'utf8')).slice(1).split('\r\n');
    expect(lines[0]).toBe('Medarbejder_id;Navn;E-mail;Køn;Fødselsdato;Stilling;errors');
    expect(lines[2]).toMatch(
      /^102;Åse Øster;aase oester@nordlysenergi\.dk;.*;"E-mail: The e-mail address ""aase oester@nordlysenergi\.dk"" is not valid/,
    );
    expect(lines[5]).toMatch(/^105;.*;"E-mail: The e-mail address ""mette\.baek\(at\)/);
    expect(lines[1]?.endsWith(';')).toBe(true);
  });
});
