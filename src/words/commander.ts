/**
 * The words commander itself prints (src/cli/commander-words.ts): the help's titles and notes, its help
 * and version options, and its usage errors. The English book is commander's own text, so English output
 * is commander's, word for word.
 */
import { formatNumber, phrasebook, plural } from './language.js';

/** An option as given: by its environment variable, or on the command line. */
type Given = { env: string } | { flags: string };

const givenEn = (given: Given): string => ('env' in given ? `environment variable '${given.env}'` : `option '${given.flags}'`);
const givenDa = (given: Given): string => ('env' in given ? `miljøvariablen '${given.env}'` : `tilvalget '${given.flags}'`);

const en = {
  titles: {
    'Usage:': 'Usage:',
    'Arguments:': 'Arguments:',
    'Options:': 'Options:',
    'Global Options:': 'Global Options:',
    'Commands:': 'Commands:',
  } as Record<string, string>,
  optionsPlaceholder: '[options]',
  commandPlaceholder: '[command]',
  /** The name of what an option or argument takes, as the help shows it (`--map <file>`): none is renamed in English. */
  placeholders: {} as Record<string, string>,
  choices: 'choices',
  default: 'default',
  preset: 'preset',
  env: 'env',
  helpOption: 'display help for command',
  versionOption: 'output the version number',

  unknownOption: (flag: string) => `error: unknown option '${flag}'`,
  unknownCommand: (name: string) => `error: unknown command '${name}'`,
  didYouMean: (one: string) => `(Did you mean ${one}?)`,
  missingArgument: (name: string) => `error: missing required argument '${name}'`,
  optionMissingArgument: (flags: string) => `error: option '${flags}' argument missing`,
  missingMandatoryOption: (flags: string) => `error: required option '${flags}' not specified`,
  conflictingOptions: (one: Given, other: Given) => `error: ${givenEn(one)} cannot be used with ${givenEn(other)}`,
  tooManyArguments: (command: string | null, expected: number, got: number) =>
    `error: too many arguments${command === null ? '' : ` for '${command}'`}. Expected ${formatNumber(expected)} ${plural(expected, 'argument', 'arguments')} but got ${formatNumber(got)}.`,
  invalidOptionValue: (flags: string, value: string) => `error: option '${flags}' argument '${value}' is invalid.`,
  invalidArgumentValue: (value: string, name: string) => `error: command-argument value '${value}' is invalid for argument '${name}'.`,
  allowedChoices: (list: string) => `Allowed choices are ${list}.`,
};

export const commanderWords = phrasebook({
  en,
  da: {
    titles: {
      'Usage:': 'Brug:',
      'Arguments:': 'Argumenter:',
      'Options:': 'Tilvalg:',
      'Global Options:': 'Fælles tilvalg:',
      'Commands:': 'Kommandoer:',
    },
    optionsPlaceholder: '[tilvalg]',
    commandPlaceholder: '[kommando]',
    placeholders: {
      file: 'fil',
      files: 'filer',
      'plan-file': 'planfil',
      dir: 'mappe',
      date: 'dato',
      format: 'format',
      id: 'id',
      lang: 'sprog',
      ms: 'ms',
      n: 'n',
      name: 'navn',
      order: 'rækkefølge',
      run: 'kørsel',
      secret: 'hemmelighed',
      share: 'andel',
      text: 'tekst',
      token: 'token',
      url: 'url',
      version: 'version',
      words: 'ord',
      at: 'hvor',
    },
    choices: 'valg',
    default: 'standard',
    preset: 'forvalgt',
    env: 'miljøvariabel',
    helpOption: 'vis hjælp til kommandoen',
    versionOption: 'vis versionsnummeret',

    unknownOption: (flag) => `fejl: ukendt tilvalg '${flag}'`,
    unknownCommand: (name) => `fejl: ukendt kommando '${name}'`,
    didYouMean: (one) => `(Mente du ${one}?)`,
    missingArgument: (name) => `fejl: det påkrævede argument '${name}' mangler`,
    optionMissingArgument: (flags) => `fejl: tilvalget '${flags}' mangler sin værdi`,
    missingMandatoryOption: (flags) => `fejl: det påkrævede tilvalg '${flags}' er ikke angivet`,
    conflictingOptions: (one, other) => `fejl: ${givenDa(one)} kan ikke bruges sammen med ${givenDa(other)}`,
    tooManyArguments: (command, expected, got) =>
      `fejl: for mange argumenter${command === null ? '' : ` til '${command}'`}. Forventede ${formatNumber(expected)} ${plural(expected, 'argument', 'argumenter')}, men fik ${formatNumber(got)}.`,
    invalidOptionValue: (flags, value) => `fejl: tilvalget '${flags}' har en ugyldig værdi '${value}'.`,
    invalidArgumentValue: (value, name) => `fejl: værdien '${value}' er ugyldig for argumentet '${name}'.`,
    allowedChoices: (list) => `Mulige valg er ${list}.`,
  },
});
