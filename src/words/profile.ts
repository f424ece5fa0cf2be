/**
 * The sentences of src/sheets/profile/check.ts and the date formats of dates.ts: what is wrong with a `--map`
 * profile. profile/check.ts puts `--map FILE: "key" ` in front; keys, column names and JSON stay as written.
 */
import { phrasebook } from './language.js';
import type { SheetNames } from './sheets.js';

const en = {
  /** `json` is an example profile, the same in both languages. */
  example: (json: string) => `e.g. ${json}`,
  notAnObject: (example: string) => `expected an object of sheets, ${example}`,
  pathSeparator: 'must be the text between the levels of a path, e.g. " > " or "/"',
  noSheet: (sheets: string, example: string) => `is no sheet; use one of ${sheets} or "path_separator" (${example})`,
  notHeaderMap: (example: string) => `must map headers to columns, ${example}`,
  /** zod found nothing to say (it always does); the example follows in brackets. */
  notReadable: 'not readable',
  mappedToNoColumn: (target: string, sheet: SheetNames, columns: string) =>
    `is mapped to "${target}", which is no column of the ${sheet.english} sheet; use one of ${columns}`,
  noColumn: (sheet: SheetNames, columns: string) => `is no column of the ${sheet.english} sheet; use one of ${columns}`,
  noFixedValues: (column: string) =>
    `maps values, but ${column} takes no fixed set of values (value maps are for columns like status, gender, type)`,
  valueNotTaken: (meant: string, column: string) => `is mapped to "${meant}", which ${column} does not take`,
  dateWordNotBlank: (meant: string, column: string) =>
    `is mapped to "${meant}", but a word in a date column (${column}) can only mean no date: map it to "" (dates are read by the formats under "dates")`,
  noDates: (column: string) => `gives a date format, but ${column} holds no dates`,
  fileOfTwoSections: (name: string, sections: readonly string[]) =>
    `--map: "${name}" is named by the "file" of ${sections.map((s) => `"${s}"`).join(' and ')}; a file is one sheet: make the file names or patterns tell them apart`,
  notADateFormat: (format: string) =>
    `"${format}" is no date format this importer reads; write day, month and year as DD, MM and YYYY (D and M for one or two digits, YY for a two-digit year) with . - / or a space between them, e.g. DD.MM.YYYY, MM/DD/YYYY or MM/DD/YY`,
};

export const profileWords = phrasebook({
  en,
  da: {
    example: (json) => `f.eks. ${json}`,
    notAnObject: (example) => `forventede et objekt med ark, ${example}`,
    pathSeparator: 'skal være teksten mellem niveauerne i en sti, f.eks. " > " eller "/"',
    noSheet: (sheets, example) => `er ikke et ark; brug et af ${sheets} eller "path_separator" (${example})`,
    notHeaderMap: (example) => `skal knytte overskrifter til kolonner, ${example}`,
    notReadable: 'kan ikke læses',
    mappedToNoColumn: (target, sheet, columns) =>
      `er knyttet til "${target}", som ikke er en kolonne i arket ${sheet.danish}; brug en af ${columns}`,
    noColumn: (sheet, columns) => `er ikke en kolonne i arket ${sheet.danish}; brug en af ${columns}`,
    noFixedValues: (column) =>
      `knytter værdier, men ${column} har ikke en fast liste af værdier (værdier knyttes kun til kolonner som status, gender og type)`,
    valueNotTaken: (meant, column) => `er knyttet til "${meant}", som ${column} ikke tager imod`,
    dateWordNotBlank: (meant, column) =>
      `er knyttet til "${meant}", men et ord i en datokolonne (${column}) kan kun betyde ingen dato: knyt det til "" (datoer læses med formaterne under "dates")`,
    noDates: (column) => `angiver et datoformat, men ${column} indeholder ingen datoer`,
    fileOfTwoSections: (name, sections) =>
      `--map: "${name}" nævnes af "file" i både ${sections.map((s) => `"${s}"`).join(' og ')}; en fil er ét ark: skriv filnavnene eller mønstrene, så de kan skelnes`,
    notADateFormat: (format) =>
      `"${format}" er ikke et datoformat, som importen kan læse; skriv dag, måned og år som DD, MM og YYYY (D og M for et eller to cifre, YY for et tocifret årstal) med . - / eller et mellemrum imellem, f.eks. DD.MM.YYYY, MM/DD/YYYY eller MM/DD/YY`,
  },
});
