/**
 * The sentences of validation about whole sheets and the input (src/validate/index.ts): a sheet twice,
 * a missing column or sheet, the template's example row, renames that collide.
 */
import { phrasebook } from './language.js';

/** A sheet kind's or column's name as the English and the Danish template write it. */
export interface BothNames {
  english: string;
  danish: string;
}

const en = {
  duplicateSheet: (first: string, second: string, kind: BothNames) =>
    `Both ${first} and ${second} are ${kind.english} sheets, and the importer cannot tell which one is meant. Keep one: delete the other, or hide it if it is an archive.`,
  missingColumn: (sheet: string, header: BothNames, column: string) =>
    `The ${sheet} sheet has no "${header.english}" column (${column}). Add the column: it is required.`,
  v2HasNoSystemLanguage: 'API version 2 has no system language, so the system language column is ignored.',
  v2HasNoField: (column: string) => `API version 2 has no field for the ${column} column, so the column is ignored.`,
  exampleAboveOwnRows: (row: number) =>
    `Row ${row} is the template's example row, left in place above your own rows. Delete it: it is not part of your organisation.`,
  exampleAlone: (row: number) =>
    `Row ${row} is the template's example row. Replace it with your own rows before importing, or it is imported as it stands.`,
  noEmployeesSheet: (sheetsIgnored: boolean) =>
    'The input has no Employees sheet (Medarbejdere). Add one: it is required unless only an Absence sheet is imported.' +
    (sheetsIgnored ? ' The ignored sheets are listed with the headers they lack; map your own headers with --map mapping.json.' : ''),
  lookalikeColumn: (header: string, column: string, examples: readonly string[], refused: number, values: number, sheetKey: string) =>
    `The column "${header}" is read as ${column}, but ${refused} of its ${values} values (${examples.join(', ')}) are not ones ${column} takes: ` +
    `it is probably another column. Map it to null in a --map profile ({"${sheetKey}": {"headers": {"${header}": null}}}) or rename it in the export. ` +
    `If it is ${column}, map its values under "values" in the profile.`,
  renameCollides: (previousId: string, what: 'employee' | 'department' | 'team', row: number) =>
    `The previous id "${previousId}" is still the id of the ${what} in row ${row}. An id cannot be renamed and kept: remove that row or this previous id.`,
};

export const validateSheetWords = phrasebook({
  en,
  da: {
    duplicateSheet: (first, second, kind) =>
      `Både ${first} og ${second} er ark af typen ${kind.danish}, og importen kan ikke afgøre, hvilket af dem der menes. Behold ét: slet det andet, eller skjul det, hvis det er et arkiv.`,
    missingColumn: (sheet, header, column) =>
      `Arket ${sheet} har ingen kolonne "${header.danish}" (${column}). Tilføj kolonnen: den er påkrævet.`,
    v2HasNoSystemLanguage: 'API version 2 har intet systemsprog, så kolonnen med systemsprog ignoreres.',
    v2HasNoField: (column) => `API version 2 har intet felt til kolonnen ${column}, så kolonnen ignoreres.`,
    exampleAboveOwnRows: (row) =>
      `Række ${row} er skabelonens eksempelrække, som er blevet stående over dine egne rækker. Slet den: den hører ikke til din organisation.`,
    exampleAlone: (row) =>
      `Række ${row} er skabelonens eksempelrække. Erstat den med dine egne rækker, før du indlæser, ellers indlæses den, som den står.`,
    noEmployeesSheet: (sheetsIgnored) =>
      'Filen har intet ark Medarbejdere (Employees). Tilføj et: det er påkrævet, medmindre der kun indlæses et ark Fravær.' +
      (sheetsIgnored
        ? ' De ignorerede ark er nævnt med de overskrifter, de mangler; knyt dine egne overskrifter til kolonnerne med --map mapping.json.'
        : ''),
    lookalikeColumn: (header, column, examples, refused, values, sheetKey) =>
      `Kolonnen "${header}" læses som ${column}, men ${refused} af dens ${values} værdier (${examples.join(', ')}) er ikke nogen, ${column} tager imod: ` +
      `den er sandsynligvis en anden kolonne. Knyt den til null i en --map-profil ({"${sheetKey}": {"headers": {"${header}": null}}}), eller omdøb den i eksporten. ` +
      `Hvis det er ${column}, så knyt dens værdier under "values" i profilen.`,
    renameCollides: (previousId, what, row) =>
      `Det tidligere id "${previousId}" er stadig id'et for ${{ employee: 'medarbejderen', department: 'afdelingen', team: 'teamet' }[what]} i række ${row}. Et id kan ikke både omdøbes og beholdes: slet den række eller dette tidligere id.`,
  },
});
