/**
 * Issue 15 point 5, end to end: the built command validates the same CSV set in Danish when the
 * environment names Danish, and in English when it names English; the issues are the same.
 */
import { describe, expect, it } from 'vitest';
import { runCli, tempDir, writeCsvSet } from '../helpers/cli.js';

const BAD_PEOPLE = {
  medarbejdere: [
    ['Medarbejder_id', 'Navn', 'E-mail', 'Fødselsdato'],
    ['E1', 'Anna Berg', 'ikke-en-adresse', '1980-05-01'],
    ['E1', 'Bo Holm', 'bo@firma.dk', 'i går'],
  ],
};

describe('orgsync-import validate speaks the language of the environment', () => {
  it('writes Danish validation messages under LANG=da_DK and English ones under LANG=en_GB', async () => {
    const input = writeCsvSet(BAD_PEOPLE);
    const danish = await runCli(['validate', input], { cwd: tempDir(), env: { LANG: 'da_DK.UTF-8' } });
    const english = await runCli(['validate', input], { cwd: tempDir(), env: { LANG: 'en_GB.UTF-8' } });
    expect(danish.code).toBe(1);
    expect(english.code).toBe(1);
    expect(danish.stdout).toContain('E-mailadressen "ikke-en-adresse" er ugyldig. Skriv den som navn@firma.dk.');
    expect(danish.stdout).toContain('Medarbejder-id\'et "E1" bruges allerede i række 2. Hver ansættelse skal have sit eget id.');
    expect(danish.stdout).not.toContain('is not valid');
    expect(english.stdout).toContain('The e-mail address "ikke-en-adresse" is not valid. Type it as name@example.com.');
    expect(english.stdout).toContain('The employee_id "E1" is already used in row 2. Each employment needs its own id.');
    expect(english.stdout).not.toContain('er ugyldig');
  });
});
