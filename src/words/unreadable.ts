/**
 * The sentences of src/sheets/unreadable.ts and read.ts: why a file cannot be read at all, worded once
 * for an HR person (what is wrong and what to do), and the input a command needs.
 */
import { formatNumber, phrasebook } from './language.js';

const SAVE_AGAIN = 'open it in Excel, save it again as .xlsx and try again';
const CSV_HINT = ' (this usually means a quotation mark has no closing partner)';

const en = {
  /** One reason per way a file fails; unreadable.ts adds the full stop. */
  reasons: {
    missing: 'the file cannot be found; check the name and the folder',
    not_permitted: 'you do not have permission to open the file',
    empty: 'the file is empty',
    folder_without_csv: 'the folder holds no .csv files',
    unsupported_extension: 'only Excel workbooks (.xlsx) and CSV files (.csv) can be read; save the file in one of those formats',
    legacy_xls: 'it is an old-style Excel 97–2003 workbook (.xls); save it as .xlsx or CSV and try again',
    password_protected: 'it is password-protected; save an unprotected copy and try again',
    opendocument: 'it is an OpenDocument spreadsheet (.ods); save it as .xlsx or CSV and try again',
    not_a_workbook: `it is not an Excel workbook (.xlsx); ${SAVE_AGAIN}`,
    text_named_xlsx: 'it is a text file, not an Excel workbook; if it holds CSV data, rename it to end in .csv',
    other_zip: 'it is a packed file (a zip archive) but not an Excel workbook; save the sheets from Excel as .xlsx',
    no_sheets: `the workbook has no sheets with cells; ${SAVE_AGAIN}`,
    damaged: `it is damaged or incomplete (perhaps a download or copy did not finish); ${SAVE_AGAIN}`,
    too_large: 'it would unpack to more than 1 GB, far more than any HR workbook, so it was refused to protect this computer',
    zip_bomb: 'it is built to unpack to an enormous size (a so-called zip bomb), so it was refused to protect this computer',
    unsupported_packing: `it is packed in a way Excel does not use; ${SAVE_AGAIN}`,
    doctype: `it contains a document type declaration, which no Excel workbook has, so it was refused as unsafe; ${SAVE_AGAIN}`,
    workbook_as_csv: 'it is an Excel workbook, not a CSV file; rename it to end in .xlsx',
    xls_as_csv: 'it is an Excel file, not a CSV file; save it from Excel as CSV or .xlsx',
    binary_as_csv: 'it is not a text file, so it cannot be CSV; export the data from your system as CSV',
  },
  cellTooLong: (sheet: string, cell: string, limit: number, csv: boolean) =>
    `sheet "${sheet}", cell ${cell} holds more than ${formatNumber(limit)} characters, Excel's own limit for a cell${csv ? CSV_HINT : ''}.`,
  tooManyColumns: (sheet: string, row: number, limit: number) =>
    `sheet "${sheet}", row ${row} has values in more than ${formatNumber(limit)} columns, far more than an import sheet has; check that the file is the right one.`,
  rowTooLarge: (sheet: string, row: number | null, megabytes: number, csv: boolean) =>
    `sheet "${sheet}", ${row === null ? 'a row' : `row ${row}`} holds more than ${megabytes} MB of text, far more than an import row${csv ? CSV_HINT : ''}.`,
  tooManyRows: (sheet: string, limit: number) =>
    `sheet "${sheet}" goes on past row ${formatNumber(limit)}, Excel's own limit for a sheet; split the file or check that it is the right one.`,
  rowOutOfOrder: (sheet: string, row: number, after: number | null) =>
    after === null
      ? `sheet "${sheet}": row ${row} is written twice in the file, which Excel refuses; ${SAVE_AGAIN}.`
      : `sheet "${sheet}": row ${row} is written after row ${formatNumber(after)} in the file, too far from its place to be put back in it; ${SAVE_AGAIN}.`,
  tooFarRight: (sheet: string, row: number, column: string) =>
    `sheet "${sheet}", row ${row}: too many rows have values far to the right (as far as column ${column}); delete the stray values there or check that the file is the right one.`,
  mergedTooLarge: (sheet: string, range: string | null, ranges: number, cells: number) =>
    range === null
      ? `sheet "${sheet}" has more than ${formatNumber(ranges)} merged cells, far more than an import sheet; unmerge them (Excel: Merge & Center, Unmerge Cells) and try again.`
      : `sheet "${sheet}": the merged cells, up to ${range}, cover more than ${formatNumber(cells)} cells, far more than an import sheet; unmerge them (Excel: Merge & Center, Unmerge Cells) and try again.`,
  sheetPartMissing: (sheet: string) =>
    `the workbook lists sheet "${sheet}", but the sheet itself is missing from the file (perhaps a program that wrote it failed); ${SAVE_AGAIN}.`,
  partEncoding: (sheet: string | null, part: string, encoding: string, problem: 'encoding' | 'bytes' | 'mark') => {
    const where = sheet === null ? `its part ${part}` : `sheet "${sheet}" (${part})`;
    if (problem === 'bytes')
      return `${where} holds characters that are not ${encoding}, the encoding it is written in, so it would be read wrong; ${SAVE_AGAIN}.`;
    if (problem === 'mark')
      return `${where} is written in ${encoding} without the byte order mark the standard requires of it, so it cannot be read safely; ${SAVE_AGAIN}.`;
    return `${where} is written in the encoding ${encoding}, which a workbook may not use (only UTF-8 or UTF-16), so it would be read wrong; ${SAVE_AGAIN}.`;
  },
  unknownEncoding: (encoding: string) => `unknown encoding "${encoding}"; use utf-8, utf-16le, utf-16be or windows-1252`,
  noInput: 'give an Excel workbook (.xlsx), one or more CSV files, or a folder of CSV files',
  mixedInput: 'give one Excel workbook (.xlsx) on its own, or CSV files, not several workbooks or a mix',
};

export type UnreadableReason = keyof typeof en.reasons;

const GEM_IGEN = 'åbn den i Excel, gem den igen som .xlsx, og prøv igen';
const CSV_HINT_DA = ' (det betyder som regel, at et anførselstegn aldrig bliver lukket)';

export const unreadableWords = phrasebook({
  en,
  da: {
    reasons: {
      missing: 'filen findes ikke; tjek navnet og mappen',
      not_permitted: 'du har ikke adgang til at åbne filen',
      empty: 'filen er tom',
      folder_without_csv: 'mappen indeholder ingen .csv-filer',
      unsupported_extension: 'kun Excel-projektmapper (.xlsx) og CSV-filer (.csv) kan læses; gem filen i et af de to formater',
      legacy_xls: 'det er en gammel Excel 97–2003-projektmappe (.xls); gem den som .xlsx eller CSV, og prøv igen',
      password_protected: 'den er beskyttet med adgangskode; gem en kopi uden adgangskode, og prøv igen',
      opendocument: 'det er et OpenDocument-regneark (.ods); gem det som .xlsx eller CSV, og prøv igen',
      not_a_workbook: `det er ikke en Excel-projektmappe (.xlsx); ${GEM_IGEN}`,
      text_named_xlsx:
        'det er en tekstfil, ikke en Excel-projektmappe; hvis den indeholder CSV-data, så omdøb den, så navnet ender på .csv',
      other_zip: 'det er en pakket fil (et zip-arkiv), men ikke en Excel-projektmappe; gem arkene fra Excel som .xlsx',
      no_sheets: `projektmappen har ingen ark med celler; ${GEM_IGEN}`,
      damaged: `den er beskadiget eller ufuldstændig (måske blev en download eller kopiering ikke færdig); ${GEM_IGEN}`,
      too_large:
        'den ville fylde mere end 1 GB udpakket, langt mere end nogen HR-projektmappe, så den blev afvist for at beskytte denne computer',
      zip_bomb:
        'den er lavet til at fylde enormt meget, når den pakkes ud (en såkaldt zip-bombe), så den blev afvist for at beskytte denne computer',
      unsupported_packing: `den er pakket på en måde, som Excel ikke bruger; ${GEM_IGEN}`,
      doctype: `den indeholder en dokumenttypeerklæring, som ingen Excel-projektmappe har, så den blev afvist som usikker; ${GEM_IGEN}`,
      workbook_as_csv: 'det er en Excel-projektmappe, ikke en CSV-fil; omdøb den, så navnet ender på .xlsx',
      xls_as_csv: 'det er en Excel-fil, ikke en CSV-fil; gem den fra Excel som CSV eller .xlsx',
      binary_as_csv: 'det er ikke en tekstfil, så det kan ikke være CSV; eksportér dataene fra jeres system som CSV',
    },
    cellTooLong: (sheet, cell, limit, csv) =>
      `ark "${sheet}", celle ${cell} indeholder mere end ${formatNumber(limit)} tegn, Excels egen grænse for en celle${csv ? CSV_HINT_DA : ''}.`,
    tooManyColumns: (sheet, row, limit) =>
      `ark "${sheet}", række ${row} har værdier i mere end ${formatNumber(limit)} kolonner, langt flere end et importark har; tjek, at det er den rigtige fil.`,
    rowTooLarge: (sheet, row, megabytes, csv) =>
      `ark "${sheet}", ${row === null ? 'en række' : `række ${row}`} indeholder mere end ${megabytes} MB tekst, langt mere end en importrække${csv ? CSV_HINT_DA : ''}.`,
    tooManyRows: (sheet, limit) =>
      `ark "${sheet}" fortsætter efter række ${formatNumber(limit)}, som er Excels egen grænse for et ark; del filen op, eller tjek, at det er den rigtige fil.`,
    rowOutOfOrder: (sheet, row, after) =>
      after === null
        ? `ark "${sheet}": række ${row} står to gange i filen, hvilket Excel afviser; ${GEM_IGEN}.`
        : `ark "${sheet}": række ${row} står efter række ${formatNumber(after)} i filen, for langt fra sin plads til at blive sat tilbage på den; ${GEM_IGEN}.`,
    tooFarRight: (sheet, row, column) =>
      `ark "${sheet}", række ${row}: for mange rækker har værdier langt ude til højre (helt ude i kolonne ${column}); slet de løse værdier der, eller tjek, at det er den rigtige fil.`,
    mergedTooLarge: (sheet, range, ranges, cells) =>
      range === null
        ? `ark "${sheet}" har mere end ${formatNumber(ranges)} flettede celler, langt flere end et importark har; ophæv fletningen (Excel: Flet og centrer, Ophæv fletning af celler), og prøv igen.`
        : `ark "${sheet}": de flettede celler, til og med ${range}, dækker mere end ${formatNumber(cells)} celler, langt flere end et importark har; ophæv fletningen (Excel: Flet og centrer, Ophæv fletning af celler), og prøv igen.`,
    sheetPartMissing: (sheet) =>
      `projektmappen nævner arket "${sheet}", men selve arket mangler i filen (måske gik det galt for det program, der skrev den); ${GEM_IGEN}.`,
    partEncoding: (sheet, part, encoding, problem) => {
      const where = sheet === null ? `dens del ${part}` : `ark "${sheet}" (${part})`;
      if (problem === 'bytes')
        return `${where} indeholder tegn, der ikke er ${encoding}, den tegnkodning delen er skrevet i, så den ville blive læst forkert; ${GEM_IGEN}.`;
      if (problem === 'mark')
        return `${where} er skrevet i ${encoding} uden byte-rækkefølgemærket (BOM), som standarden kræver, så den kan ikke læses sikkert; ${GEM_IGEN}.`;
      return `${where} er skrevet i tegnkodningen ${encoding}, som en projektmappe ikke må bruge (kun UTF-8 eller UTF-16), så den ville blive læst forkert; ${GEM_IGEN}.`;
    },
    unknownEncoding: (encoding) => `ukendt tegnkodning "${encoding}"; brug utf-8, utf-16le, utf-16be eller windows-1252`,
    noInput: 'angiv en Excel-projektmappe (.xlsx), en eller flere CSV-filer eller en mappe med CSV-filer',
    mixedInput: 'angiv én Excel-projektmappe (.xlsx) alene eller CSV-filer, ikke flere projektmapper eller en blanding',
  },
});
