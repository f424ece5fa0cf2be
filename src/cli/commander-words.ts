/**
 * commander in the run's language: its help titles, the notes after an option (choices, default), its
 * help option, and its usage errors. Where commander has a way to set its words (helpOption, the Help
 * methods) it is used; its error lines have none, so they are read back into their parts and said again
 * from the phrasebook (in English that gives commander's own line, word for word).
 */
import type { Argument, Command, Help, Option } from 'commander';
import { commanderWords } from '../words/commander.js';

/** Sets commander's own words on `program`; the sub-commands made after this inherit them. */
export function speakCommanderWords(program: Command): Command {
  const w = commanderWords();
  return program
    .helpOption('-h, --help', w.helpOption)
    .configureHelp({
      styleTitle: (title) => w.titles[title] ?? title,
      styleOptionText: (text) => (text === '[options]' ? w.optionsPlaceholder : inWords(text, w.placeholders)),
      styleArgumentText: (text) => inWords(text, w.placeholders),
      styleSubcommandText: (text) => (text === '[command]' ? w.commandPlaceholder : text),
      optionDescription: (option) => withNotes(option.description, optionNotes(option)),
      argumentDescription: (argument) => withNotes(argument.description, argumentNotes(argument)),
    } satisfies Partial<Help>)
    .configureOutput({ outputError: (text, write) => write(commanderErrorInWords(text)) });
}

/**
 * The placeholders of an option or argument (`--map <file>`, `[files...]`, an argument's bare name) in
 * the run's words; only the help shows them, commander parses by the flag, so renaming them changes nothing else.
 */
function inWords(text: string, placeholders: Record<string, string>): string {
  const named = (name: string): string => placeholders[name] ?? name;
  if (/^[a-z-]+$/.test(text)) return named(text);
  return text.replace(/([<[])([a-z-]+)((?:\.\.\.)?[>\]])/g, (_all, open: string, name: string, close: string) => `${open}${named(name)}${close}`);
}

/** commander's own notes (Help.optionDescription), in the run's words. */
function optionNotes(option: Option): string[] {
  const w = commanderWords();
  const notes: string[] = [];
  if (option.argChoices) notes.push(`${w.choices}: ${option.argChoices.map((choice) => JSON.stringify(choice)).join(', ')}`);
  const showDefault = option.required || option.optional || (option.isBoolean() && typeof option.defaultValue === 'boolean');
  if (option.defaultValue !== undefined && showDefault && !saysItsDefault(option.description)) {
    notes.push(`${w.default}: ${option.defaultValueDescription || JSON.stringify(option.defaultValue)}`);
  }
  if (option.presetArg !== undefined && option.optional) notes.push(`${w.preset}: ${JSON.stringify(option.presetArg)}`);
  if (option.envVar !== undefined) notes.push(`${w.env}: ${option.envVar}`);
  return notes;
}

function argumentNotes(argument: Argument): string[] {
  const w = commanderWords();
  const notes: string[] = [];
  if (argument.argChoices) notes.push(`${w.choices}: ${argument.argChoices.map((choice) => JSON.stringify(choice)).join(', ')}`);
  if (argument.defaultValue !== undefined && !saysItsDefault(argument.description)) {
    notes.push(`${w.default}: ${argument.defaultValueDescription || JSON.stringify(argument.defaultValue)}`);
  }
  return notes;
}

/**
 * A description that already states its default in its own words ("(default: the first 8 …)") gets no
 * second one from commander ("(default: false)").
 */
function saysItsDefault(description: string): boolean {
  return description.includes(`(${commanderWords().default}`);
}

function withNotes(description: string, notes: string[]): string {
  if (notes.length === 0) return description;
  return description ? `${description} (${notes.join(', ')})` : `(${notes.join(', ')})`;
}

type Said = (m: RegExpMatchArray) => string;

/** commander's error lines (command.js, suggestSimilar.js, option.js), each with the way to say it again. */
function errorLines(): [RegExp, Said][] {
  const w = commanderWords();
  return [
    [/^error: unknown option '(.*)'$/, (m) => w.unknownOption(m[1]!)],
    [/^error: unknown command '(.*)'$/, (m) => w.unknownCommand(m[1]!)],
    [/^\(Did you mean one of (.*)\?\)$/, (m) => w.didYouMeanOneOf(m[1]!)],
    [/^\(Did you mean (.*)\?\)$/, (m) => w.didYouMean(m[1]!)],
    [/^error: missing required argument '(.*)'$/, (m) => w.missingArgument(w.placeholders[m[1]!] ?? m[1]!)],
    [/^error: option '(.*)' argument missing$/, (m) => w.optionMissingArgument(inWords(m[1]!, w.placeholders))],
    [
      /^error: too many arguments(?: for '(.*)')?\. Expected (\d+) arguments? but got (\d+)\.$/,
      (m) => w.tooManyArguments(m[1] ?? null, Number(m[2]), Number(m[3])),
    ],
    [
      /^error: option '(.*)' argument '(.*)' is invalid\.(?: (.*))?$/s,
      (m) => [w.invalidOptionValue(inWords(m[1]!, w.placeholders), m[2]!), m[3] === undefined ? null : choicesInWords(m[3])].filter((p) => p !== null).join(' '),
    ],
    [
      /^error: command-argument value '(.*)' is invalid for argument '(.*)'\.(?: (.*))?$/s,
      (m) => [w.invalidArgumentValue(m[1]!, w.placeholders[m[2]!] ?? m[2]!), m[3] === undefined ? null : choicesInWords(m[3])].filter((p) => p !== null).join(' '),
    ],
  ];
}

/** "Allowed choices are a, b." is commander's; any other reason is the importer's own, already in words. */
function choicesInWords(reason: string): string {
  const allowed = /^Allowed choices are (.*)\.$/.exec(reason);
  return allowed ? commanderWords().allowedChoices(allowed[1]!) : reason;
}

/** An error text of commander's, line by line in the run's words; a line it does not know stays as it is. */
export function commanderErrorInWords(text: string): string {
  const lines = errorLines();
  return text
    .split('\n')
    .map((line) => {
      for (const [pattern, say] of lines) {
        const match = pattern.exec(line);
        if (match) return say(match);
      }
      return line;
    })
    .join('\n');
}
