/**
 * commander's usage errors in the run's language, made from their parameters (never read back from
 * commander's English): in English exactly what plain commander prints, in Danish Danish.
 */
import { Argument, Command, InvalidArgumentError, Option } from 'commander';
import { afterEach, describe, expect, it } from 'vitest';
import { CommandInWords } from '../../src/cli/commander-words.js';
import { chooseLanguage } from '../../src/words/language.js';

afterEach(() => chooseLanguage('en'));

function wholeNumber(value: string): number {
  if (!/^[1-9]\d*$/.test(value)) throw new InvalidArgumentError('expected a whole number of 1 or more');
  return Number(value);
}

/** A program shaped like the importer's, with one sub-command per kind of usage error commander has. */
function program(root: Command): Command {
  root
    .enablePositionalOptions()
    .argument('[files...]')
    .option('--prune')
    .option('--map <file>')
    .addOption(new Option('--date-order <order>').choices(['dmy', 'mdy']))
    .option('--concurrency <n>', 'requests at once', wholeNumber);
  root.command('apply').argument('<plan-file>').option('--yes');
  root.command('template').option('--overwrite');
  root.command('mandatory').requiredOption('--name <name>');
  root.command('both').addOption(new Option('--yes').conflicts('dryRun')).option('--dry-run');
  root.command('pick').addArgument(new Argument('<order>').choices(['dmy', 'mdy']));
  root.command('validate');
  return root;
}

/** What commander writes for `args` and the code it ends with. */
function said(make: (name: string) => Command, args: string[]): { code: string; text: string } {
  let text = '';
  const root = make('orgsync-import');
  root.exitOverride().configureOutput({ writeErr: (written) => (text += written), writeOut: () => {} });
  program(root);
  for (const command of root.commands) command.exitOverride();
  try {
    root.parse(args, { from: 'user' });
  } catch (error) {
    return { code: (error as { code: string }).code, text };
  }
  throw new Error(`no usage error for ${args.join(' ')}`);
}

const inWords = (name: string) => new CommandInWords(name);
const plain = (name: string) => new Command(name);

/** One command line per usage error commander makes, with the code it makes it with. */
const MISTAKES: [string, string[]][] = [
  ['commander.unknownOption', ['--pune']],
  ['commander.unknownOption', ['--xyzzy']],
  ['commander.unknownCommand', ['validat']],
  ['commander.unknownOption', ['apply', 'plan.json', '--yess']],
  ['commander.missingArgument', ['apply']],
  ['commander.optionMissingArgument', ['--map']],
  ['commander.missingMandatoryOptionValue', ['mandatory']],
  ['commander.conflictingOption', ['both', '--yes', '--dry-run']],
  ['commander.excessArguments', ['apply', 'a.json', 'b.json']],
  ['commander.excessArguments', ['template', 'x', 'y', 'z']],
  ['commander.invalidArgument', ['--date-order', 'xyz']],
  ['commander.invalidArgument', ['--concurrency', '0']],
  ['commander.invalidArgument', ['pick', 'ymd']],
];

describe("commander's usage errors", () => {
  it.each(MISTAKES)('%s in English is what plain commander says, word for word (%j)', (code, args) => {
    const ours = said(inWords, args);
    expect(ours).toEqual(said(plain, args));
    expect(ours.code).toBe(code);
  });

  it('each kind is said in Danish, the option, command and value as typed', () => {
    chooseLanguage('da');
    expect(MISTAKES.map(([, args]) => said(inWords, args))).toEqual([
      { code: 'commander.unknownOption', text: "fejl: ukendt tilvalg '--pune'\n(Mente du --prune?)\n" },
      { code: 'commander.unknownOption', text: "fejl: ukendt tilvalg '--xyzzy'\n" },
      { code: 'commander.unknownCommand', text: "fejl: ukendt kommando 'validat'\n(Mente du validate?)\n" },
      { code: 'commander.unknownOption', text: "fejl: ukendt tilvalg '--yess'\n(Mente du --yes?)\n" },
      { code: 'commander.missingArgument', text: "fejl: det påkrævede argument 'planfil' mangler\n" },
      { code: 'commander.optionMissingArgument', text: "fejl: tilvalget '--map <fil>' mangler sin værdi\n" },
      { code: 'commander.missingMandatoryOptionValue', text: "fejl: det påkrævede tilvalg '--name <navn>' er ikke angivet\n" },
      { code: 'commander.conflictingOption', text: "fejl: tilvalget '--yes' kan ikke bruges sammen med tilvalget '--dry-run'\n" },
      { code: 'commander.excessArguments', text: "fejl: for mange argumenter til 'apply'. Forventede 1 argument, men fik 2.\n" },
      { code: 'commander.excessArguments', text: "fejl: for mange argumenter til 'template'. Forventede 0 argumenter, men fik 3.\n" },
      {
        code: 'commander.invalidArgument',
        text: "fejl: tilvalget '--date-order <rækkefølge>' har en ugyldig værdi 'xyz'. Mulige valg er dmy, mdy.\n",
      },
      // The reason after it is the importer's own, already in the run's words where it was made.
      {
        code: 'commander.invalidArgument',
        text: "fejl: tilvalget '--concurrency <n>' har en ugyldig værdi '0'. expected a whole number of 1 or more\n",
      },
      { code: 'commander.invalidArgument', text: "fejl: værdien 'ymd' er ugyldig for argumentet 'rækkefølge'. Mulige valg er dmy, mdy.\n" },
    ]);
  });

  it('a sub-command made by a command in words is one too', () => {
    expect(new CommandInWords('x').command('y')).toBeInstanceOf(CommandInWords);
  });
});
