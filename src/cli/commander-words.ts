/**
 * commander in the run's language: its help titles, the notes after an option (choices, default), its
 * help option, and its usage errors. Where commander has a way to set its words (helpOption, the Help
 * methods) it is used. Its usage errors are made each in a method of its own (command.js: unknownOption,
 * missingArgument, …) that has the parameters at hand and calls `error()` with a code; `CommandInWords`
 * makes them again from the phrasebook, with the same codes, so commander's English is never read back
 * (in English the phrasebook gives commander's own line, word for word). test/words/commander-words.test.ts
 * holds each of them against plain commander, so an upgrade that renames one cannot go unseen.
 */
import { Command, type Argument, type CommanderError, type Help, type Option } from 'commander';
import { nearest } from '../edit-distance.js';
import { commanderWords } from '../words/commander.js';

/** What commander keeps of a command's settings that its types do not show (command.js). */
interface Settings {
  _allowUnknownOption: boolean;
  _allowExcessArguments: boolean;
  _showSuggestionAfterError: boolean;
  _enablePositionalOptions: boolean;
}

/** A command whose usage errors are in the run's words; its sub-commands are made the same way. */
export class CommandInWords extends Command {
  override createCommand(name?: string): CommandInWords {
    return new CommandInWords(name);
  }

  private get settings(): Settings {
    return this as unknown as Settings;
  }

  /** commander: `error: unknown option '--pune'`, and the closest option it takes. */
  unknownOption(flag: string): void {
    if (this.settings._allowUnknownOption) return;
    const suggestion = flag.startsWith('--') && this.settings._showSuggestionAfterError ? nearest(flag, this.flagsTaken()) : undefined;
    this.fail('commander.unknownOption', commanderWords().unknownOption(flag), suggestion);
  }

  /** commander: `error: unknown command 'validat'`, and the closest command there is. */
  unknownCommand(): void {
    const name = String(this.args[0]);
    const names = this.createHelp()
      .visibleCommands(this)
      .flatMap((command) => [command.name(), ...(command.alias() ? [command.alias()] : [])]);
    this.fail(
      'commander.unknownCommand',
      commanderWords().unknownCommand(name),
      this.settings._showSuggestionAfterError ? nearest(name, names) : undefined,
    );
  }

  missingArgument(name: string): void {
    const w = commanderWords();
    this.fail('commander.missingArgument', w.missingArgument(w.placeholders[name] ?? name));
  }

  optionMissingArgument(option: Option): void {
    this.fail(
      'commander.optionMissingArgument',
      commanderWords().optionMissingArgument(inWords(option.flags, commanderWords().placeholders)),
    );
  }

  missingMandatoryOptionValue(option: Option): void {
    this.fail(
      'commander.missingMandatoryOptionValue',
      commanderWords().missingMandatoryOption(inWords(option.flags, commanderWords().placeholders)),
    );
  }

  _conflictingOption(option: Option, conflicting: Option): void {
    this.fail('commander.conflictingOption', commanderWords().conflictingOptions(this.givenAs(option), this.givenAs(conflicting)));
  }

  _excessArguments(received: readonly string[]): void {
    if (this.settings._allowExcessArguments) return;
    const command = this.parent ? this.name() : null;
    this.fail('commander.excessArguments', commanderWords().tooManyArguments(command, this.registeredArguments.length, received.length));
  }

  /**
   * commander parses each value here and turns a parser's InvalidArgumentError into its usage error: the
   * option or argument, the value, and the parser's reason (the importer's own, already in the run's
   * words), or, for a value not among the choices, the choices.
   */
  _callParseArg(target: Option | Argument, value: string, previous: unknown, _commandersWords: string): unknown {
    try {
      return target.parseArg!(value, previous);
    } catch (error) {
      if ((error as CommanderError).code !== 'commander.invalidArgument') throw error;
      const w = commanderWords();
      const head =
        'flags' in target
          ? w.invalidOptionValue(inWords(target.flags, w.placeholders), value)
          : w.invalidArgumentValue(value, w.placeholders[target.name()] ?? target.name());
      const choices = target.argChoices;
      const reason = choices && !choices.includes(value) ? w.allowedChoices(choices.join(', ')) : (error as Error).message;
      this.error(`${head} ${reason}`, { exitCode: (error as CommanderError).exitCode, code: 'commander.invalidArgument' });
    }
  }

  private fail(code: string, sentence: string, suggestion?: string): never {
    this.error(suggestion === undefined ? sentence : `${sentence}\n${commanderWords().didYouMean(suggestion)}`, { code });
  }

  /** The long flags a mistyped option may have meant: this command's, and its parents' unless options are positional. */
  private flagsTaken(): string[] {
    const flags: string[] = [];
    let command: Command | null = this;
    do {
      flags.push(
        ...command
          .createHelp()
          .visibleOptions(command)
          .flatMap((option) => (option.long ? [option.long] : [])),
      );
      command = command.parent;
    } while (command && !(command as unknown as Settings)._enablePositionalOptions);
    return flags;
  }

  /** An option as given: from its environment variable, or as typed. */
  private givenAs(option: Option): { env: string } | { flags: string } {
    const source = this.getOptionValueSource(option.attributeName());
    return source === 'env' && option.envVar ? { env: option.envVar } : { flags: inWords(option.flags, commanderWords().placeholders) };
  }
}

/** Sets commander's own words on `program`; the sub-commands made after this inherit them. */
export function speakCommanderWords(program: Command): Command {
  const w = commanderWords();
  return program.helpOption('-h, --help', w.helpOption).configureHelp({
    styleTitle: (title) => w.titles[title] ?? title,
    styleOptionText: (text) => (text === '[options]' ? w.optionsPlaceholder : inWords(text, w.placeholders)),
    styleArgumentText: (text) => inWords(text, w.placeholders),
    styleSubcommandText: (text) => (text === '[command]' ? w.commandPlaceholder : text),
    optionDescription: (option) => withNotes(option.description, optionNotes(option)),
    argumentDescription: (argument) => withNotes(argument.description, argumentNotes(argument)),
  } satisfies Partial<Help>);
}

/**
 * The placeholders of an option or argument (`--map <file>`, `[files...]`, an argument's bare name) in
 * the run's words; only the help shows them, commander parses by the flag, so renaming them changes nothing else.
 */
function inWords(text: string, placeholders: Record<string, string>): string {
  const named = (name: string): string => placeholders[name] ?? name;
  if (/^[a-z-]+$/.test(text)) return named(text);
  return text.replace(
    /([<[])([a-z-]+)((?:\.\.\.)?[>\]])/g,
    (_all, open: string, name: string, close: string) => `${open}${named(name)}${close}`,
  );
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
