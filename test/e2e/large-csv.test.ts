/**
 * Issue 25 point 5, end to end: a CSV file large enough to be read in a worker thread (threads/csv-reading.ts,
 * from 2 MB) is reported as the in-thread reader reports one: each problem by file, row and column, in
 * the language of the run, quote problems and trimmed cells included, and the marked-up copy written.
 */
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../helpers/cli.js';

const ROWS = 45_000;

/** What Danish Excel saves as "CSV": Windows-1252, semicolons, CRLF; problems far down the file. */
function largeExport(): string {
  const lines = ['Medarbejdernummer;Navn;E-mail;Fødselsdato;Stilling'];
  for (let i = 1; i <= ROWS; i++) {
    const name = i === 12_000 ? '  Åse Ærø ' : `Åse ${i}`;
    const email = i === 40_000 ? 'ikke-en-adresse' : `p${i}@firma.dk`;
    const birthday = i === 25_000 ? '31-02-1980' : '1980-02-01';
    const title = i === 15_000 ? '"Senior" udvikler' : 'Udvikler';
    lines.push([1000 + i, name, email, birthday, title].join(';'));
  }
  lines.push('1005;Dup;dup@firma.dk;;');
  const file = join(tempDir('large-csv-'), 'medarbejdere.csv');
  writeFileSync(file, iconv.encode(`${lines.join('\r\n')}\r\n`, 'windows-1252'));
  return file;
}

describe('validate of a large CSV file', () => {
  it('names every problem by file, row and column, and marks them in the copy', async () => {
    const file = largeExport();
    expect(statSync(file).size).toBeGreaterThan(2 * 1024 * 1024);
    const run = await runCli(['validate', file], { cwd: tempDir(), env: { LANG: 'da_DK.UTF-8' } });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('medarbejdere række 40001, kolonne email ("E-mail"): E-mailadressen "ikke-en-adresse" er ugyldig.');
    expect(run.stdout).toContain('medarbejdere række 25001, kolonne birthday ("Fødselsdato"): Fødselsdatoen "31-02-1980" er ikke en dato.');
    expect(run.stdout).toContain(
      `medarbejdere række ${ROWS + 2}, kolonne employee_id ("Medarbejdernummer"): Medarbejder-id'et "1005" bruges allerede i række 6.`,
    );
    expect(run.stdout).toContain(
      'medarbejdere række 15001: Cellen i kolonne E har tekst efter sit afsluttende anførselstegn ("Senior" udvikler).',
    );
    expect(run.stdout).toContain('(første gang i række 12001)');
    expect(run.stdout).toContain('3 fejl (duplicate_id 1, invalid_date 1, invalid_email 1), 2 advarsler (csv_quotes 1, trimmed_value 1)');
    // The copy is written as UTF-8, its new column quoted as CSV quotes it.
    const marked = readFileSync(file.replace(/\.csv$/, '.errors.csv'), 'utf8').split(/\r?\n/);
    expect(marked.find((line) => line.startsWith('41000;'))).toBe(
      '41000;Åse 40000;ikke-en-adresse;1980-02-01;Udvikler;"E-mail: E-mailadressen ""ikke-en-adresse"" er ugyldig. Skriv den som navn@firma.dk."',
    );
  });
});
