/**
 * The sentences of src/sheets/ while it reads a workbook: sheets it ignores (recognise.ts), cells it
 * cannot take as they are (cells.ts, csv.ts, xlsx-merged.ts) and the note of a starter profile
 * (headers.ts). A sheet's name is given as both of the template's names; each language uses its own.
 */
import { phrasebook } from './language.js';

/** A sheet kind's names in the two templates (columns.ts `SHEETS`). */
export interface SheetNames {
  english: string;
  danish: string;
}

const MAP_EXAMPLE = '{"employees": {"Medarb.nr.": "employee_id"}}';

const en = {
  ignoredSheet: 'ignored: no sheet of this name is known and its headers match none',
  hiddenSheet: (sheetName: string, lookalike: SheetNames | undefined) =>
    `ignored: the sheet "${sheetName}" is hidden in Excel.${
      lookalike ? ` It looks like an ${lookalike.english} sheet, but a hidden sheet is never imported.` : ' A hidden sheet is never imported.'
    } If it should be imported, unhide it (right-click a sheet tab, Unhide) and run again.`,
  /** A column the kind requires, with the headers the two templates give it. */
  missingColumn: (column: string, english: string, danish: string) =>
    `${column} (${english === danish ? `"${english}"` : `"${english}" or "${danish}"`})`,
  /** What one kind of sheet found in the best header row, and what it lacks. */
  asSheet: (names: SheetNames, headerRow: number, found: readonly string[], missing: readonly string[]) =>
    `As ${names.english} sheet (headers in row ${headerRow}) it has ${found.join(', ')} but lacks ${missing.join(', ')}.`,
  unmatchedSheet: (asSheets: readonly string[], noHeaderOf: readonly SheetNames[]) =>
    `ignored: its name is no known sheet and its headers are not complete for any kind. ${asSheets.join(' ')}` +
    (noHeaderOf.length > 0 ? ` No header of ${noHeaderOf.map((names) => names.english).join(' or ')} sheet was recognised.` : '') +
    ` Add the missing columns, or map your own headers with --map mapping.json, for example ${MAP_EXAMPLE}.`,
  unknownColumn: (header: string) => `unknown column "${header}" is ignored`,
  /** A header of the `--map` profile that no column of the sheet has; `nearest` is the sheet's closest header. */
  profileHeaderAbsent: (header: string, column: string, nearest: string | undefined) =>
    `The profile maps "${header}" to ${column}, but the sheet has no column "${header}", so ${column} would not be imported.` +
    (nearest === undefined ? ' Correct the header in the profile, or remove it.' : ` Did you mean "${nearest}"? Correct the header in the profile.`),
  ignoredColumn: (header: string, first: string, column: string) => `column "${header}" is ignored: column "${first}" already gives ${column}`,
  formulaWithoutValue: (formula: string) =>
    `The cell holds the formula "${formula}" but no calculated value: the file was saved by a program that does not calculate formulas. Open the file in Excel or LibreOffice, save it, and import it again.`,
  errorCell: (error: string) => `The cell shows the spreadsheet error "${error}" instead of a value. Correct the formula or type the value.`,
  unclosedQuote: (column: string) =>
    `The cell in column ${column} starts with a quote (") that is never closed, so Excel would read the rest of the file into this one cell. ` +
    `The importer read the row up to the end of its line and the next lines as rows of their own. Remove the quote or close it, then import again.`,
  textAfterQuote: (column: string, text: string) =>
    `The cell in column ${column} has text after its closing quote (${text}). The importer read it as written, quotes included, as LibreOffice ` +
    `does; Excel shows it without the quotes. If the quotes are not meant to be there, remove them from the export.`,
  mergedCells: (range: string, value: string) =>
    `The cells ${range} are merged; the importer gave the merged cell's value "${value}" to every cell of the range, as Excel shows it. ` +
    `If that is not meant, unmerge the cells and fill in each row.`,
  /** The `_about` note at the top of the profile `map --init` writes (its keys stay as the file reads them). */
  starterProfileNote: (source: string) =>
    `Starter profile written by "orgsync-import map --init" from ${source}. Check every mapping: "_guessed" lists the guesses, ` +
    '"_unrecognised" the headers mapped to null (ignored): map each to a column or leave it null. Add "values" (e.g. {"status": {"Fratrådt": "left"}}) ' +
    'and "dates" (e.g. {"birthday": "DD.MM.YYYY"}) beside "headers" where the export needs them. Keys starting with "_" are notes and are never read.',
};

export const sheetWords = phrasebook({
  en,
  da: {
    ignoredSheet: 'ignoreret: der findes intet ark med dette navn, og overskrifterne passer ikke til nogen slags ark',
    hiddenSheet: (sheetName, lookalike) =>
      `ignoreret: arket "${sheetName}" er skjult i Excel.${
        lookalike ? ` Det ligner et ${lookalike.danish}-ark, men et skjult ark importeres aldrig.` : ' Et skjult ark importeres aldrig.'
      } Hvis det skal importeres, så vis arket (højreklik på en arkfane, Vis) og kør igen.`,
    missingColumn: (column, english, danish) => `${column} (${english === danish ? `"${danish}"` : `"${danish}" eller "${english}"`})`,
    asSheet: (names, headerRow, found, missing) =>
      `Som ${names.danish}-ark (overskrifter i række ${headerRow}) har det ${found.join(', ')}, men mangler ${missing.join(', ')}.`,
    unmatchedSheet: (asSheets, noHeaderOf) =>
      `ignoreret: navnet er ikke et kendt ark, og overskrifterne er ikke fuldstændige for nogen slags ark. ${asSheets.join(' ')}` +
      (noHeaderOf.length > 0
        ? ` Ingen af overskrifterne hører til et ark af typen ${noHeaderOf.map((names) => names.danish).join(' eller ')}.`
        : '') +
      ` Tilføj de manglende kolonner, eller knyt dine egne overskrifter til kolonnerne med --map mapping.json, for eksempel ${MAP_EXAMPLE}.`,
    unknownColumn: (header) => `ukendt kolonne "${header}" ignoreres`,
    profileHeaderAbsent: (header, column, nearest) =>
      `Profilen knytter "${header}" til ${column}, men arket har ingen kolonne "${header}", så ${column} ville ikke blive indlæst.` +
      (nearest === undefined ? ' Ret overskriften i profilen, eller fjern den.' : ` Mente du "${nearest}"? Ret overskriften i profilen.`),
    ignoredColumn: (header, first, column) => `kolonnen "${header}" ignoreres: kolonnen "${first}" giver allerede ${column}`,
    formulaWithoutValue: (formula) =>
      `Cellen indeholder formlen "${formula}", men ingen beregnet værdi: filen er gemt af et program, der ikke beregner formler. Åbn filen i Excel eller LibreOffice, gem den, og importér den igen.`,
    errorCell: (error) => `Cellen viser regnearksfejlen "${error}" i stedet for en værdi. Ret formlen, eller skriv værdien.`,
    unclosedQuote: (column) =>
      `Cellen i kolonne ${column} begynder med et anførselstegn ("), som aldrig bliver lukket, så Excel ville læse resten af filen ind i denne ene celle. ` +
      `Importen læste rækken til enden af linjen og de næste linjer som rækker for sig. Fjern anførselstegnet, eller luk det, og importér igen.`,
    textAfterQuote: (column, text) =>
      `Cellen i kolonne ${column} har tekst efter sit afsluttende anførselstegn (${text}). Importen læste den, som den står, med anførselstegn, ` +
      `sådan som LibreOffice gør; Excel viser den uden anførselstegnene. Hvis anførselstegnene ikke skal være der, så fjern dem fra eksporten.`,
    mergedCells: (range, value) =>
      `Cellerne ${range} er flettet; importen gav den flettede celles værdi "${value}" til alle cellerne i området, sådan som Excel viser det. ` +
      `Hvis det ikke er meningen, så ophæv fletningen, og udfyld hver række.`,
    starterProfileNote: (source) =>
      `Startprofil skrevet af "orgsync-import map --init" ud fra ${source}. Tjek hver tilknytning: "_guessed" viser gættene, ` +
      '"_unrecognised" de overskrifter, der er knyttet til null (ignoreres): knyt hver af dem til en kolonne, eller lad den være null. Tilføj "values" ' +
      '(f.eks. {"status": {"Fratrådt": "left"}}) og "dates" (f.eks. {"birthday": "DD.MM.YYYY"}) ved siden af "headers", hvor eksporten har brug for dem. ' +
      'Nøgler, der begynder med "_", er bemærkninger og bliver aldrig læst.',
  },
});
