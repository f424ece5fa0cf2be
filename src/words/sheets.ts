/**
 * The sentences of src/sheets/ while it reads a workbook: sheets it ignores (recognise.ts), cells it
 * cannot take as they are (cells.ts, csv/parse.ts, xlsx/merged.ts) and the note of a starter profile
 * (starter.ts). A sheet's name is given as both of the template's names; each language uses its own.
 */
import { orList, phrasebook } from './language.js';

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
      lookalike
        ? ` It looks like an ${lookalike.english} sheet, but a hidden sheet is never imported.`
        : ' A hidden sheet is never imported.'
    } If it should be imported, unhide it (right-click a sheet tab, Unhide) and run again.`,
  /** A column the kind requires, with the headers the two templates give it. */
  missingColumn: (column: string, english: string, danish: string) =>
    `${column} (${english === danish ? `"${english}"` : `"${english}" or "${danish}"`})`,
  /** What one kind of sheet found in the best header row, and what it lacks. */
  asSheet: (names: SheetNames, headerRow: number, found: readonly string[], missing: readonly string[]) =>
    `As ${names.english} sheet (headers in row ${headerRow}) it has ${found.join(', ')} but lacks ${missing.join(', ')}.`,
  unmatchedSheet: (asSheets: readonly string[], noHeaderOf: readonly SheetNames[]) =>
    `ignored: its name is no known sheet and its headers are not complete for any kind. ${asSheets.join(' ')}` +
    (noHeaderOf.length > 0 ? ` No header of ${orList(noHeaderOf.map((names) => names.english))} sheet was recognised.` : '') +
    ` Add the missing columns, or map your own headers with --map mapping.json, for example ${MAP_EXAMPLE}.`,
  unknownColumn: (header: string) => `unknown column "${header}" is ignored`,
  unknownColumnOfPaths: (header: string) =>
    `unknown column "${header}" is ignored; its values look like paths of units: if it is the unit path, map it to unit_path (--map, e.g. {"employees": {"headers": {"${header}": "unit_path"}}})`,
  readAsPath: (header: string, separator: string) =>
    `the column "${header}" is read as the unit path (unit_path): its values are paths of units with "${separator.trim()}" between the levels, under one top department. If that is wrong, map it in a --map profile.`,
  /** A header of the `--map` profile that no column of the sheet has; `nearest` is the sheet's closest header. */
  readAsLeaderFlag: (header: string) =>
    `the column "${header}" is read as the leader flag (is_manager): its values are yes/no. If it names each person's manager, map it to manager in a --map profile.`,
  readAsManager: (header: string) =>
    `the column "${header}" is read as each person's manager (manager), not as a yes/no leader flag: its values name people. Each unit's leader is found from the reporting line.`,
  profileHeaderAbsent: (header: string, column: string, nearest: string | undefined) =>
    `The profile maps "${header}" to ${column}, but the sheet has no column "${header}", so ${column} would not be imported.` +
    (nearest === undefined
      ? ' Correct the header in the profile, or remove it.'
      : ` Did you mean "${nearest}"? Correct the header in the profile.`),
  ignoredColumn: (header: string, first: string, column: string) =>
    `column "${header}" is ignored: column "${first}" already gives ${column}`,
  formulaWithoutValue: (formula: string) =>
    `The cell holds the formula "${formula}" but no calculated value: the file was saved by a program that does not calculate formulas. Open the file in Excel or LibreOffice, save it, and import it again.`,
  errorCell: (error: string) =>
    `The cell shows the spreadsheet error "${error}" instead of a value. Correct the formula or type the value.`,
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
    '"_unrecognised" the headers mapped to null (ignored): map each to a column or leave it null; "_check" says why a header that looks like a column is not mapped, ' +
    '"_lacks" what an import still needs, "_sheets" which sheet each section reads and "_not_placed" the sheets it reads none of. Add "values" (e.g. {"status": {"Fratrådt": "left"}}) ' +
    'and "dates" (e.g. {"birthday": "DD.MM.YYYY"}) beside "headers" where the export needs them. Keys starting with "_" are notes and are never read.',
  sheetNotPlaced: 'none of its headers is a column a sheet requires: not imported',
  firstRowTaken: (row: number) =>
    `no header in the first rows is one the importer knows, so row ${row}, the first that is not blank, is taken as the header row: map each header to a column`,
  sheetKindTaken: (first: string, names: SheetNames) =>
    `also looks like an ${names.english} sheet, but "${first}" is read as that: not imported`,
  importLacks: (names: SheetNames, column: string) =>
    column === 'email'
      ? `${names.english}: no column holds e-mail addresses (email), and the service requires one for every person: add it to the export, or map the column that holds them.`
      : `${names.english}: no column is read as ${column}, which the sheet requires: map the column that holds it, or add it to the export.`,
  emailsByValues: 'read as email by its values (e-mail addresses)',
  rolesByValues: (leaders: readonly string[]) =>
    `read as each placement's role: ${leaders.map((role) => `"${role}"`).join(', ')} makes the person the unit's leader, any other role places them in it (see "values"; check it)`,
  managerByValues:
    "read as manager by its values: each names another person of this list (by employee id, e-mail or name), the person's manager; each unit's leader is found from the reporting line",
  managersNotInList: (examples: readonly string[]) =>
    `holds people's names (${examples.join(', ')}) who are not this list's people, so it is neither each person's manager as the importer reads it (manager: one of the list's people by employee id, e-mail or name) nor the leader flag (is_manager): mapped to null. If it is the person's own name, map it to name.`,
  unitByValues:
    "read as team_id by its values, the units of the unit list: the unit each person works in (a department's people work in its own team)",
  unitsNotInList:
    'holds units by their names or ids, but no unit list read with it has them: if the service has these units, map it to team_id (exports.md "Units by name")',
  idByValues: (column: string) => `read as ${column} by its values (a different one on every row)`,
  emailAsId: (names: SheetNames, header: string) =>
    `${names.english}: no column is read as employee_id, which the sheet requires. If the export has no employee number, the e-mail can be both: "${header}": ["email", "employee_id"].`,
  pathsByValues: (separator: string) =>
    `read as unit_path by its values: paths of units with "${separator.trim()}" between the levels, under one top department`,
  holdsCodes: (column: string, examples: readonly string[]) => `holds codes (${examples.join(', ')}), not ${column}: mapped to null`,
  namesNotAFlag: (examples: readonly string[]) =>
    `holds people's names (${examples.join(', ')}), not yes/no, so it is not the leader flag (is_manager). If it names each person's leader, ` +
    "leave it null (a unit's leader is its owner, named on the organisation sheet: owner or owner_name); if it is the person's own name, map it to name.",
  holdsNames: (column: string, examples: readonly string[]) =>
    `holds people's names (${examples.join(', ')}), not ${column}: mapped to null`,
  notUnique: (column: string) => `its values repeat, so it is not ${column} (one value per row): mapped to null`,
  dateOrderUnknown: (column: string, examples: readonly string[]) =>
    `holds dates (${examples.join(', ')}) whose order (day/month or month/day) no value tells: map it to ${column} and give its format under "dates", e.g. "DD/MM/YYYY"`,
  datesNotRead: (column: string, examples: readonly string[]) =>
    `named like ${column}, but its values (${examples.join(', ')}) are dates in no format the importer finds: mapped to null. ` +
    `If it is ${column}, map it and give its formats under "dates", a list tried in order (e.g. {"${column}": ["DD.MM.YYYY", "D.M.YY"]}).`,
  valuesNotRead: (column: string, examples: readonly string[]) =>
    `named like ${column}, but its values (${examples.join(', ')}) are not ones ${column} takes: probably another column, mapped to null. ` +
    `If it is ${column}, map it and add each spelling under "values" (e.g. {"${column}": {"${examples[0] ?? ''}": "…"}}).`,
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
        ? ` Ingen af overskrifterne hører til et ark af typen ${orList(noHeaderOf.map((names) => names.danish))}.`
        : '') +
      ` Tilføj de manglende kolonner, eller knyt dine egne overskrifter til kolonnerne med --map mapping.json, for eksempel ${MAP_EXAMPLE}.`,
    unknownColumn: (header) => `ukendt kolonne "${header}" ignoreres`,
    unknownColumnOfPaths: (header) =>
      `ukendt kolonne "${header}" ignoreres; værdierne ligner stier af enheder: hvis det er enhedens sti, så knyt den til unit_path (--map, f.eks. {"employees": {"headers": {"${header}": "unit_path"}}})`,
    readAsPath: (header, separator) =>
      `kolonnen "${header}" læses som enhedens sti (unit_path): værdierne er stier af enheder med "${separator.trim()}" mellem niveauerne under én øverste afdeling. Hvis det er forkert, så knyt den i en --map-profil.`,
    readAsLeaderFlag: (header) =>
      `kolonnen "${header}" læses som ledermarkering (is_manager): værdierne er ja/nej. Hvis den angiver hver persons leder, så knyt den til manager i en --map-profil.`,
    readAsManager: (header) =>
      `kolonnen "${header}" læses som hver persons leder (manager), ikke som en ja/nej-ledermarkering: værdierne er personer. Hver enheds leder findes ud fra ledelseslinjen.`,
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
      '"_unrecognised" de overskrifter, der er knyttet til null (ignoreres): knyt hver af dem til en kolonne, eller lad den være null; "_check" siger, hvorfor en overskrift, der ligner en kolonne, ikke er knyttet, ' +
      '"_lacks" hvad en indlæsning stadig mangler, "_sheets" hvilket ark hver sektion læser, og "_not_placed" de ark, den ikke læser. Tilføj "values" ' +
      '(f.eks. {"status": {"Fratrådt": "left"}}) og "dates" (f.eks. {"birthday": "DD.MM.YYYY"}) ved siden af "headers", hvor eksporten har brug for dem. ' +
      'Nøgler, der begynder med "_", er bemærkninger og bliver aldrig læst.',
    sheetNotPlaced: 'ingen af overskrifterne er en kolonne, som et ark kræver: indlæses ikke',
    firstRowTaken: (row) =>
      `ingen overskrift i de første rækker er en, importen kender, så række ${row}, den første der ikke er tom, læses som overskriftsrækken: knyt hver overskrift til en kolonne`,
    sheetKindTaken: (first, names) => `ligner også et ${names.danish}-ark, men "${first}" læses som det: indlæses ikke`,
    importLacks: (names, column) =>
      column === 'email'
        ? `${names.danish}: ingen kolonne indeholder e-mailadresser (email), og tjenesten kræver en for hver person: tilføj den til eksporten, eller knyt den kolonne, der har dem.`
        : `${names.danish}: ingen kolonne læses som ${column}, som arket kræver: knyt den kolonne, der har den, eller tilføj den til eksporten.`,
    emailsByValues: 'læst som email ud fra værdierne (e-mailadresser)',
    rolesByValues: (leaders) =>
      `læst som hver placerings rolle: ${leaders.map((role) => `"${role}"`).join(', ')} gør personen til enhedens leder, enhver anden rolle placerer personen i den (se "values"; kontrollér det)`,
    managerByValues:
      'læst som manager ud fra værdierne: hver angiver en anden person i listen (efter medarbejder-id, e-mail eller navn), personens leder; hver enheds leder findes ud fra ledelseslinjen',
    managersNotInList: (examples) =>
      `indeholder personnavne (${examples.join(', ')}), som ikke er listens personer, så den er hverken hver persons leder, som importen læser den (manager: en af listens personer efter medarbejder-id, e-mail eller navn), eller ledermarkeringen (is_manager): sat til null. Hvis det er personens eget navn, så knyt den til name.`,
    unitByValues:
      'læst som team_id ud fra værdierne, enhederne i enhedslisten: den enhed, hver person arbejder i (en afdelings folk arbejder i dens eget team)',
    unitsNotInList:
      'indeholder enheder ved navn eller id, men ingen enhedsliste læst sammen med den har dem: hvis tjenesten har enhederne, så knyt den til team_id (exports.md "Units by name")',
    idByValues: (column) => `læst som ${column} ud fra værdierne (en ny på hver række)`,
    emailAsId: (names, header) =>
      `${names.danish}: ingen kolonne læses som employee_id, som arket kræver. Hvis eksporten ikke har et medarbejdernummer, kan e-mailen være begge dele: "${header}": ["email", "employee_id"].`,
    pathsByValues: (separator) =>
      `læst som unit_path ud fra værdierne: stier af enheder med "${separator.trim()}" mellem niveauerne under én øverste afdeling`,
    holdsCodes: (column, examples) => `indeholder koder (${examples.join(', ')}), ikke ${column}: sat til null`,
    namesNotAFlag: (examples) =>
      `indeholder personnavne (${examples.join(', ')}), ikke ja/nej, så den er ikke lederflaget (is_manager). Hvis den nævner hver persons leder, ` +
      'så lad den være null (en enheds leder er dens ejer, som angives i organisationsarket: owner eller owner_name); hvis det er personens eget navn, så knyt den til name.',
    holdsNames: (column, examples) => `indeholder personnavne (${examples.join(', ')}), ikke ${column}: sat til null`,
    notUnique: (column) => `værdierne gentages, så den er ikke ${column} (én værdi pr. række): sat til null`,
    dateOrderUnknown: (column, examples) =>
      `indeholder datoer (${examples.join(', ')}), hvor ingen værdi viser rækkefølgen (dag/måned eller måned/dag): knyt den til ${column}, og angiv formatet under "dates", f.eks. "DD/MM/YYYY"`,
    datesNotRead: (column, examples) =>
      `hedder noget med ${column}, men værdierne (${examples.join(', ')}) er datoer i et format, importen ikke finder: sat til null. ` +
      `Hvis det er ${column}, så knyt den og angiv formaterne under "dates", en liste der prøves i rækkefølge (f.eks. {"${column}": ["DD.MM.YYYY", "D.M.YY"]}).`,
    valuesNotRead: (column, examples) =>
      `hedder noget med ${column}, men værdierne (${examples.join(', ')}) er ikke nogen, ${column} tager imod: sandsynligvis en anden kolonne, sat til null. ` +
      `Hvis det er ${column}, så knyt den, og tilføj hver stavemåde under "values" (f.eks. {"${column}": {"${examples[0] ?? ''}": "…"}}).`,
  },
});
