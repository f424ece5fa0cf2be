/**
 * The language of everything a person reads (cli.md "Language"): English or Danish, chosen
 * once per process, like a locale. Codes, JSON keys and file formats never change with it.
 *
 * Who chooses, first wins: `--lang`, the configuration file's `lang`, the environment (LC_ALL,
 * LC_MESSAGES, LANG naming Danish or English), the workbook (the template's Danish or English sheet
 * names and headers, decided by the first sheet recognised), else English. Until the CLI says the
 * workbook may choose, the language is English and settled, so library callers and tests that do not
 * ask get English.
 */
export type Lang = 'en' | 'da';

interface Choice {
  lang: Lang;
  /** True once a person (flag, file, environment) or the workbook has chosen: nothing later changes it. */
  settled: boolean;
}

let choice: Choice = { lang: 'en', settled: true };
let waiting: (() => void)[] = [];

export function language(): Lang {
  return choice.lang;
}

/** A language chosen by the person running the importer (flag, configuration file, environment). */
export function chooseLanguage(lang: Lang): void {
  choice = { lang, settled: true };
  settled();
}

/** Nobody chose yet: English for now, and the workbook's own language may still choose. */
export function letWorkbookChooseLanguage(): void {
  choice = { lang: 'en', settled: false };
  waiting = [];
}

/** The workbook is written in this language (its sheet names, its headers): it decides when nobody else did. */
export function workbookLanguage(lang: Lang): void {
  if (choice.settled) return;
  choice = { lang, settled: true };
  settled();
}

/**
 * Calls `then` once the language is settled (now, when it is): what is written once and stays, like the
 * line that starts a phase, waits for the workbook to choose. Returns a function that stops the wait.
 */
export function whenLanguageSettled(then: () => void): () => void {
  if (choice.settled) {
    then();
    return () => {};
  }
  waiting.push(then);
  return () => {
    waiting = waiting.filter((waiter) => waiter !== then);
  };
}

function settled(): void {
  const waiters = waiting;
  waiting = [];
  for (const waiter of waiters) waiter();
}

/**
 * The language the environment names, in POSIX order (LC_ALL, then LC_MESSAGES, then LANG); undefined
 * when it names neither Danish nor English ("C", "POSIX", unset, another language).
 */
export function languageOfEnvironment(env: NodeJS.ProcessEnv): Lang | undefined {
  for (const name of ['LC_ALL', 'LC_MESSAGES', 'LANG'] as const) {
    const value = env[name]?.trim();
    if (!value) continue;
    const tag = value.toLowerCase();
    if (/^(da|dan|danish)([_.@-]|$)/.test(tag)) return 'da';
    if (/^(en|eng|english)([_.@-]|$)/.test(tag)) return 'en';
    return undefined;
  }
  return undefined;
}

/** `--lang` as written by a person: en, da, and the spellings sheets.md accepts for a language. */
export function parseLang(value: string): Lang | undefined {
  const tag = value.trim().toLowerCase();
  if (['en', 'english', 'engelsk'].includes(tag)) return 'en';
  if (['da', 'danish', 'dansk'].includes(tag)) return 'da';
  return undefined;
}

/**
 * A set of sentences in both languages, side by side; the Danish book must have every entry of the
 * English one with the same parameters, so a sentence cannot be left in one language (a type error).
 * Returns the book of the language chosen now (or of `lang`, for what is written in a language of its
 * own, like the template): call it where the sentence is made, not at module load.
 */
export function phrasebook<T extends object>(books: { en: T; da: NoInfer<T> }): (lang?: Lang) => T {
  return (lang) => books[lang ?? choice.lang];
}

/** The locale whose conventions each language writes numbers and lists by. */
const LOCALE: Record<Lang, string> = { en: 'en-GB', da: 'da-DK' };

// Made on first use: the first Intl object of a process loads the locale data, which `--version` and a
// run that writes no count need not load.
const NUMBERS: Partial<Record<Lang, Intl.NumberFormat>> = {};
const PLURALS: Partial<Record<Lang, Intl.PluralRules>> = {};
const LISTS: Partial<Record<`${Lang} ${Intl.ListFormatType}`, Intl.ListFormat>> = {};

/**
 * A count, a limit or a size as the language writes it: "1,048,576" / "1.048.576" (in Danish the comma is
 * the decimal separator). Not for what names something, like a row number, a port, a status or an id.
 */
export function formatNumber(value: number, lang: Lang = choice.lang): string {
  return (NUMBERS[lang] ??= new Intl.NumberFormat(LOCALE[lang])).format(value);
}

/** "1 team" / "3 teams": the word for a count, by the language's plural rules (both have one and other). */
export function plural(count: number, one: string, other: string, lang: Lang = choice.lang): string {
  return (PLURALS[lang] ??= new Intl.PluralRules(LOCALE[lang])).select(count) === 'one' ? one : other;
}

/** "a, b and c" / "a, b og c". */
export function andList(items: readonly string[]): string {
  return listFormat('conjunction').format(items);
}

/** "a, b or c" / "a, b eller c". */
export function orList(items: readonly string[]): string {
  return listFormat('disjunction').format(items);
}

function listFormat(type: Intl.ListFormatType): Intl.ListFormat {
  const lang = choice.lang;
  return (LISTS[`${lang} ${type}`] ??= new Intl.ListFormat(LOCALE[lang], { type }));
}
