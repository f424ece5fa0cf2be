/**
 * Reads a run's output for words of the other language. The workbook's own values (names of people
 * and departments, job titles: "Net og Forsyning") are taken out first, with quoted values, paths,
 * flags, codes, ids and e-mail addresses: what is left is the importer's own words.
 */
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';

/** Words that only the other language uses in the importer's sentences (none of them is a word of both). */
const ENGLISH = new Set(
  'the is are was were will would not and with from this that these has been no of in it its or but as an which who what when then there their they nothing row rows column columns sheet sheets workbook employee employees department departments created updated deleted fired skipped failed applied warning warnings error errors file files new must cannot already run again unknown invalid missing please should'.split(
    ' ',
  ),
);
const DANISH = new Set(
  'og er ikke med fra på af det der som et har blev skal vil kan række rækker kolonne kolonner ark medarbejder medarbejderen medarbejdere afdeling afdelingen afdelinger oprettet ændret slettet fejl advarsel advarsler fil filen ingen intet eller hvis når allerede kørsel ugyldig ukendt mangler skriv igen findes'.split(
    ' ',
  ),
);

export type Lang = 'en' | 'da';

/** Every value of a workbook or a folder of CSV files, longest first (so "Net og Forsyning" goes before "Net"). */
export async function valuesOf(path: string): Promise<string[]> {
  const values = new Set<string>();
  const files = statSync(path).isDirectory() ? readdirSync(path).map((name) => join(path, name)) : [path];
  for (const file of files) {
    if (file.endsWith('.csv')) {
      // A CSV file's name is its sheet's name ("employees række 2"): the user's word, not the importer's.
      values.add(basename(file, '.csv'));
      const text = readFileSync(file, 'utf8').replace(/^\uFEFF/, '');
      for (const row of Papa.parse<string[]>(text, { delimiter: '' }).data) for (const cell of row) values.add(String(cell).trim());
    } else if (file.endsWith('.xlsx')) {
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.readFile(file);
      workbook.eachSheet((sheet) => {
        values.add(sheet.name);
        sheet.eachRow((row) => row.eachCell((cell) => values.add(String(cell.text).trim())));
      });
    }
  }
  return [...values].filter((value) => value.length > 1).sort((a, b) => b.length - a.length);
}

/** The text a person reads, without the workbook's values and the things that are the same in both languages. */
export function ownWords(text: string, values: readonly string[]): string {
  let rest = text;
  for (const value of values) rest = rest.split(value).join(' ');
  return (
    rest
      .replace(/"[^"\n]*"|“[^”\n]*”|«[^»\n]*»|'[^'\n]*'/g, ' ')
      .replace(/\S+@\S+/g, ' ')
      .replace(/(?:[A-Za-z]:)?[\\/]?(?:[\w.-]+[\\/])+[\w.-]*/g, ' ')
      .replace(/--?[a-z][\w-]*/g, ' ')
      .replace(/`[^`\n]*`/g, ' ')
      // A value named in a Danish sentence by its English spelling, "(department)", and a key:value.
      .replace(/\([A-Za-z]+\)/g, ' ')
      .replace(/\b[A-Za-z]+:\S+/g, ' ')
      .replace(/\b\w*[_\d]\w*\b/g, ' ')
  );
}

/**
 * The English words left in a text once the things that are the same in both languages are taken out
 * (see ownWords): [] for a Danish text. `vocabulary` adds the words of one part of the code's English
 * sentences that Danish never uses.
 */
export function englishWordsIn(text: string, vocabulary: Iterable<string> = [], values: readonly string[] = []): string[] {
  const words = new Set([...ENGLISH, ...vocabulary]);
  return (
    ownWords(text, values)
      .toLowerCase()
      .match(/[a-zæøå]+/g) ?? []
  ).filter((word) => words.has(word));
}

/** Each line that holds a word only the other language uses, with the word: empty when the text is all in `lang`. */
export function linesInOtherLanguage(text: string, lang: Lang, values: readonly string[]): string[] {
  const foreign = lang === 'da' ? ENGLISH : DANISH;
  const found: string[] = [];
  for (const line of text.split('\n')) {
    const words =
      ownWords(line, values)
        .toLowerCase()
        .match(/[a-zæøå]+/g) ?? [];
    const hit = words.find((word) => foreign.has(word));
    if (hit) found.push(`${hit}: ${line.trim()}`);
  }
  return found;
}

/** The words a person sees on a page: no markup, no embedded script or style. */
export function visibleText(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, '\n')
    .replace(/<style[\s\S]*?<\/style>/g, '\n')
    .replace(/<[^>]+>/g, '\n')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .join('\n');
}
