/**
 * The template's Instructions sheet (src/template/xlsx.ts), in English and in Danish: its name, a few
 * general rules, the headings of its table, and what a drop-down list says to a value not in it. Its
 * line per column is the column's help in the field table (src/model/fields.ts). The reader
 * (src/sheets/recognise.ts) knows the sheet by its name and title.
 */
import { phrasebook } from './language.js';

const en = {
  sheet: 'Instructions',
  title: 'How to fill in this workbook',
  general: [
    'The workbook describes your organisation as it should be. orgsync-import compares it with the service and sends only the differences; it shows you the plan before it changes anything.',
    'Replace the example row (row 2) of each sheet with your own rows and keep the header row. Sheets you do not need (Absence, Delegations, Organisation) may be deleted.',
    'A column you delete is not managed: the service keeps what it has. A blank cell in a column you keep means "no value" (a blank Team ID takes the employee out of their team).',
    'Dates: use date cells, or write them as YYYY-MM-DD or DD-MM-YYYY. A date like 03/04/2025 is refused unless you run with --date-order dmy (or mdy).',
    'Nothing is ever deleted unless you run with --prune. Run "orgsync-import validate FILE" to check the workbook without sending anything.',
  ] as readonly string[],
  headings: ['Sheet', 'Column', 'Required', 'What to write'] as readonly [string, string, string, string],
  yes: 'yes',
  no: 'no',
  exceptTop: 'yes, except for the top department',
  dropdownTitle: 'Not in the list',
  dropdownMessage: 'Choose a value from the list.',
};

export const instructionWords = phrasebook({
  en,
  da: {
    sheet: 'Vejledning',
    title: 'Sådan udfylder du projektmappen',
    general: [
      'Projektmappen beskriver organisationen, som den skal være. orgsync-import sammenligner den med tjenesten og sender kun forskellene; du ser planen, før noget ændres.',
      'Erstat eksempelrækken (række 2) i hvert ark med jeres egne rækker, og behold overskriftsrækken. Ark, I ikke bruger (Fravær, Delegeringer, Organisation), må slettes.',
      'En kolonne, du sletter, styres ikke: tjenesten beholder det, den har. En tom celle i en kolonne, du beholder, betyder "ingen værdi" (et tomt Team fjerner medarbejderen fra sit team).',
      'Datoer: brug datoceller, eller skriv ÅÅÅÅ-MM-DD eller DD-MM-ÅÅÅÅ. En dato som 03/04/2025 afvises, medmindre du kører med --date-order dmy (eller mdy).',
      'Intet slettes, medmindre du kører med --prune. Kør "orgsync-import validate FIL" for at kontrollere projektmappen uden at sende noget.',
    ],
    headings: ['Ark', 'Kolonne', 'Påkrævet', 'Hvad skal der stå'],
    yes: 'ja',
    no: 'nej',
    exceptTop: 'ja, undtagen for den øverste afdeling',
    dropdownTitle: 'Ikke på listen',
    dropdownMessage: 'Vælg en værdi fra listen.',
  },
});
