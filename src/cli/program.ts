/**
 * The command line: parses flags (environment variables underneath), calls one command, and is the only
 * place that turns an error into a message and an exit code.
 */
import { type Command, InvalidArgumentError, Option } from 'commander';
import { resolve } from 'node:path';
import { PACKAGE } from '../package-info.js';
import { EXIT, isOrgsyncErrorCode, OrgsyncError, runErrorOf, type ExitCode, type RunError } from '../errors.js';
import { printable, type AppIO } from '../app/io.js';
import { CONFIG_FILE_NAME, ENV, type CommandName, type ImportOptions } from '../app/options.js';
import { outputModeOf } from '../app/output-flags.js';
import type { JsonEvents } from '../app/events.js';
import type { RunOutput } from '../app/output-mode.js';
import type { RunView } from '../app/run-view.js';
import { knownSecrets, rememberSecrets, scrubSecrets } from '../scrub.js';
import { boundHeapGrowth } from './heap.js';
import { runInInvokingFolder } from './invoking-folder.js';
import { handleInterrupts, hasBegunSending } from '../interrupts.js';
import { chooseLanguage, language, languageOfEnvironment, letWorkbookChooseLanguage, parseLang } from '../words/language.js';
import { cliWords } from '../words/cli.js';
import { commanderWords } from '../words/commander.js';
import { CommandInWords, speakCommanderWords } from './commander-words.js';

function positiveInt(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError(cliWords().wholeNumberFrom(1));
  return n;
}

function nonNegativeInt(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new InvalidArgumentError(cliWords().wholeNumberFrom(0));
  return n;
}

function withInputOptions(cmd: Command): Command {
  const w = cliWords();
  return cmd
    .option('--map <file>', w.map)
    .addOption(new Option('--date-order <order>', w.dateOrder).choices(['dmy', 'mdy']))
    .option('--encoding <name>', w.encoding)
    .option('--report <file>', w.report)
    .option('--errors-out <file>', w.errorsOut)
    .option('--json', w.json, false)
    .option('--quiet', w.quiet, false)
    .option('--path-separator <text>', w.pathSeparator)
    .option('--accept-renames', w.acceptRenames, false)
    .option('--today <date>', w.today, isoDay);
}

function isoDay(value: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`))) {
    throw new InvalidArgumentError(cliWords().isoDay);
  }
  return value;
}

/** Every command takes --lang (main() reads it before parsing, chooseLanguageOfRun); commander only checks it. */
function langOption(): Option {
  return new Option('--lang <lang>', cliWords().lang).choices(['en', 'da']);
}

function withServiceOptions(cmd: Command): Command {
  const w = cliWords();
  return cmd
    .option('--base-url <url>', w.baseUrl(ENV.baseUrl))
    .addOption(new Option('--api <version>', w.api(ENV.api)).choices(['v3', 'v2']))
    .option('--company-id <id>', w.companyId(ENV.companyId))
    .option('--access-token <token>', w.accessToken(ENV.accessToken))
    .option('--jwt <token>', w.jwt(ENV.jwt))
    .option('--jwt-secret <secret>', w.jwtSecret(ENV.jwtSecret))
    .option('--insecure', w.insecure, false)
    .option('--sandbox', w.sandbox, false)
    .option('--config <file>', w.config(CONFIG_FILE_NAME))
    .option('--state-dir <dir>', w.stateDir)
    .option('--root-id <id>', w.rootId)
    .option('--root-name <name>', w.rootName)
    .option('--concurrency <n>', w.concurrency, positiveInt)
    .option('--timeout <ms>', w.timeout, positiveInt)
    .option('--page-param <name>', w.pageParam, 'page')
    .option('--per-page <n>', w.perPage, positiveInt);
}

function withApplyOptions(cmd: Command): Command {
  const w = cliWords();
  return cmd
    .option('-y, --yes', w.yes, false)
    .option('--dry-run', w.dryRun, false)
    .option('--prune', w.prune, false)
    .option('--max-deletions <n>', w.maxDeletions, nonNegativeInt)
    .option('--force', w.force, false)
    .option('--accept-changes', w.acceptChanges, false)
    .option('--journal <file>', w.journal)
    .option('--resend-absences', w.resendAbsences, false)
    .option('--all', w.all, false)
    .option('--html <file>', w.html)
    .addOption(langOption())
    .option('--out <file>', w.out)
    .option('--hold-removals', w.holdRemovals, false);
}

type Flags = Record<string, unknown>;

/** Flags over the configuration file over the environment (app/command-options.ts); a secret read from a file is scrubbed too. */
async function importOptions(command: CommandName, files: string[], flags: Flags): Promise<ImportOptions> {
  const { importOptions } = await import('../app/command-options.js');
  const options = await importOptions(command, files, flags);
  rememberSecrets([options.accessToken, options.jwt, options.jwtSecret]);
  return options;
}

/**
 * Where words and events go: `--json` and `--quiet` are read before parsing, so a usage error honours
 * them. The run's output (and the event and report code under it) is loaded when a command runs, or at
 * once under --json and --quiet; `--version` and `--help` need none of it.
 */
const givenSecrets = knownSecrets();
const outputMode = outputModeOf(process.argv.slice(2));
let output: RunOutput | undefined;

async function loadOutput(): Promise<RunOutput> {
  if (!output) {
    const { RunOutput } = await import('../app/output-mode.js');
    // The JSON events, and the report code under them, are loaded only under --json.
    const events = outputMode.json ? await jsonEvents() : undefined;
    output ??= new RunOutput(outputMode, process, events);
  }
  return output;
}

async function jsonEvents(): Promise<JsonEvents> {
  const { JsonEvents } = await import('../app/events.js');
  return new JsonEvents(
    (line) => process.stdout.write(line),
    (text) => scrubSecrets(text, givenSecrets),
  );
}

/** The terminal of a command that is not a run (history, template, map, sandbox). */
async function makeIO(): Promise<AppIO> {
  return (await loadOutput()).io();
}

/** The view of a run, chosen once from --json and --quiet (app/output-mode.ts). */
async function makeView(): Promise<RunView> {
  return (await loadOutput()).view();
}

/** The longest the first Ctrl-C waits for requests in flight (shorter when --timeout is shorter). */
const INTERRUPT_GRACE_MS = 10_000;

let leaving = false;

/** Ends the run interrupted (exit 130): the words held back, the reason, and the closing `--json` line. */
async function leaveInterrupted(why: string, resume: boolean): Promise<void> {
  if (leaving) process.exit(EXIT.interrupted);
  leaving = true;
  // Under --json the summary line is owed even when the signal came before the output was made.
  const out = outputMode.json || outputMode.quiet ? await loadOutput() : output;
  out?.releaseHeld();
  process.stderr.write(`\n${resume ? cliWords().runAgain(why) : why}\n`);
  out?.finish(EXIT.interrupted, { code: 'interrupted', message: why });
  process.exit(EXIT.interrupted);
}

/**
 * First Ctrl-C: stop sending and finish what is in flight, for at most one request timeout (10 s at
 * most); second, or when that time is up: leave at once. Either way the journal is intact: a request
 * whose answer did not come is journalled as sent, and the next run checks it before sending it again.
 * Before the run has begun to send (reading the workbook and the service, planning), the first leaves at once.
 */
function interruptible(timeoutMs: number | undefined): AbortSignal {
  const controller = new AbortController();
  const graceMs = Math.min(timeoutMs ?? INTERRUPT_GRACE_MS, INTERRUPT_GRACE_MS);
  const leaveNow = (why: string) => void leaveInterrupted(why, true);
  handleInterrupts(() => {
    if (!hasBegunSending()) return void leaveInterrupted(cliWords().interruptedNothingSent, false);
    if (controller.signal.aborted) return leaveNow(cliWords().stoppedAtOnce);
    process.stderr.write(`\n${cliWords().stopping}\n`);
    controller.abort();
    setTimeout(() => leaveNow(cliWords().stoppedInFlight(graceMs / 1000)), graceMs).unref();
  });
  return controller.signal;
}

export function buildProgram(setExit: (code: ExitCode) => void): Command {
  const w = cliWords();
  const program = speakCommanderWords(new CommandInWords('orgsync-import'))
    .description(w.program)
    .version(PACKAGE.version, '-V, --version', commanderWords().versionOption)
    .showHelpAfterError(w.helpAfterError)
    .enablePositionalOptions()
    .argument('[files...]', w.files);
  withApplyOptions(withServiceOptions(withInputOptions(program))).action(async (files: string[], flags: Flags) => {
    if (files.length === 0) {
      program.help();
      return;
    }
    const { runImport } = await import('../app/run-import.js');
    setExit(
      await runImport(await importOptions('run', files, flags), await makeView(), interruptible(flags.timeout as number | undefined)),
    );
  });

  withServiceOptions(withInputOptions(program.command('validate')))
    .description(w.validate)
    .addOption(langOption())
    .argument('<files...>')
    .action(async (files: string[], flags: Flags) => {
      const { runValidate } = await import('../app/run-validate.js');
      setExit(await runValidate(await importOptions('validate', files, flags), await makeView()));
    });

  withApplyOptions(withServiceOptions(withInputOptions(program.command('plan'))))
    .description(w.plan)
    .argument('<files...>')
    .action(async (files: string[], flags: Flags) => {
      const { runImport } = await import('../app/run-import.js');
      setExit(await runImport(await importOptions('plan', files, flags), await makeView()));
    });

  withServiceOptions(program.command('apply'))
    .description(w.apply)
    .argument('<plan-file>')
    .option('--approve <file>', w.approve)
    // The options that shaped the plan: taken from the plan file; given here, they must be the plan's.
    .option('--map <file>', w.applyShaping)
    .addOption(new Option('--date-order <order>', w.applyShaping).choices(['dmy', 'mdy']))
    .option('--encoding <name>', w.applyShaping)
    .option('--path-separator <text>', w.applyShaping)
    .option('--accept-renames', w.applyShaping)
    .option('--today <date>', w.applyShaping, isoDay)
    .option('-y, --yes', w.yes, false)
    .option('--force', w.force, false)
    .option('--max-deletions <n>', w.applyMaxDeletions, nonNegativeInt)
    .option('--journal <file>', w.journal)
    .option('--report <file>', w.report)
    .option('--all', w.all, false)
    .option('--json', w.json, false)
    .option('--quiet', w.quiet, false)
    .addOption(langOption())
    .action(async (planFile: string, flags: Flags) => {
      const { runApply } = await import('../app/run-apply.js');
      const apiGiven = typeof flags.api === 'string' || Boolean(process.env[ENV.api]);
      const shaping = {
        ...(typeof flags.map === 'string' ? { map: flags.map } : {}),
        ...(typeof flags.dateOrder === 'string' ? { dateOrder: flags.dateOrder } : {}),
        ...(typeof flags.encoding === 'string' ? { encoding: flags.encoding } : {}),
        ...(typeof flags.pathSeparator === 'string' ? { pathSeparator: flags.pathSeparator } : {}),
        ...(flags.acceptRenames === true ? { acceptRenames: true } : {}),
        ...(typeof flags.today === 'string' ? { today: flags.today } : {}),
      };
      const request = {
        planFile: resolve(planFile),
        apiGiven,
        shaping,
        ...(typeof flags.approve === 'string' ? { approve: flags.approve } : {}),
      };
      setExit(
        await runApply(
          request,
          await importOptions('apply', [], flags),
          await makeView(),
          interruptible(flags.timeout as number | undefined),
        ),
      );
    });

  program
    .command('history')
    .description(w.history)
    .argument('[words...]', w.historyWords)
    .option('--config <file>', w.historyConfig(CONFIG_FILE_NAME))
    .option('--state-dir <dir>', w.historyStateDir)
    .addOption(langOption())
    .action(async (words: string[], flags: Flags) => {
      const { runHistory, runHistoryShow } = await import('../app/run-history.js');
      const stateDir = (await importOptions('run', [], flags)).stateDir;
      const [first, second, ...rest] = words;
      const runId = first === 'show' ? second : first;
      if (runId === undefined && first === 'show') throw new OrgsyncError('usage', w.historyWhich);
      if (rest.length > 0 || (first !== 'show' && second !== undefined)) throw new OrgsyncError('usage', w.historyUsage);
      setExit(runId === undefined ? await runHistory(stateDir, await makeIO()) : await runHistoryShow(stateDir, runId, await makeIO()));
    });

  withApplyOptions(withServiceOptions(program.command('undo')))
    .description(w.undo)
    .option('--report <file>', w.undoReport)
    .option('--json', w.json, false)
    .option('--quiet', w.quiet, false)
    .argument('<run>', w.undoRun)
    .action(async (runId: string, flags: Flags) => {
      const { runUndo } = await import('../app/run-undo.js');
      setExit(
        await runUndo(await importOptions('undo', [], flags), runId, await makeView(), interruptible(flags.timeout as number | undefined)),
      );
    });

  program
    .command('template')
    .description(w.template)
    .addOption(new Option('--format <format>', w.templateFormat).choices(['xlsx', 'csv']).default('xlsx'))
    .addOption(new Option('--lang <lang>', w.templateLang).choices(['en', 'da']))
    .option('--out <dir>', w.templateOut, '.')
    .option('--overwrite', w.templateOverwrite, false)
    .action(async (flags: { format: 'xlsx' | 'csv'; lang?: 'en' | 'da'; out: string; overwrite: boolean }) => {
      const { runTemplate } = await import('../app/run-template.js');
      // Without --lang, the template is in the run's language (LANG=da_DK… gives the Danish template).
      setExit(await runTemplate({ ...flags, lang: flags.lang ?? language() }, await makeIO()));
    });

  program
    .command('map')
    .description(w.mapCommand)
    .option('--init <file>', w.mapInit)
    .option('--out <file>', w.mapOut)
    .option('--overwrite', w.mapOverwrite, false)
    .option('--encoding <name>', w.mapEncoding)
    .addOption(langOption())
    .action(async (flags: { init?: string; out?: string; overwrite: boolean; encoding?: string }) => {
      const { runMapInit } = await import('../app/run-map-init.js');
      setExit(await runMapInit(flags, await makeIO()));
    });

  program
    .command('ui')
    .description(w.uiCommand)
    .option('--port <n>', w.uiPort, nonNegativeInt)
    .option('--no-open', w.uiNoOpen)
    .option('--sandbox', w.uiSandbox, false)
    .option('--config <file>', w.config(CONFIG_FILE_NAME))
    .option('--state-dir <dir>', w.stateDir)
    .option('--idle-minutes <n>', w.uiIdle, nonNegativeInt)
    .addOption(langOption())
    .action(async (flags: Flags) => {
      const { runUi } = await import('../ui/command.js');
      const options = await importOptions('ui', [], flags);
      setExit(await runUi(options, flags, await makeIO()));
    });

  program
    .command('sandbox')
    .description(w.sandboxCommand)
    .option('--port <n>', w.port, nonNegativeInt)
    .option('--state <file>', w.sandboxState)
    .option('--company-id <n>', w.sandboxCompanyId, positiveInt)
    .option('--access-token <token>', w.sandboxAccessToken)
    .option('--root-id <id>', w.sandboxRootId)
    .option('--root-name <name>', w.sandboxRootName)
    .option('--latency <ms>', w.latency, nonNegativeInt)
    .option('--fail-rate <share>', w.failRate, parseFloat)
    .option('--rate-limit <n>', w.rateLimit, positiveInt)
    .option('--drop-rate <share>', w.dropRate, parseFloat)
    .addOption(langOption())
    .action(async (flags: Flags) => {
      const { runSandbox } = await import('../app/run-sandbox.js');
      setExit(await runSandbox(flags, await makeIO()));
    });
  return program;
}

/**
 * The language is chosen before commander reads anything, so its own messages and the help are in it
 * too: `--lang` wins, then the environment; else the configuration file (read later, config.ts) or the
 * workbook's own language decides.
 */
function chooseLanguageOfRun(args: readonly string[], env: NodeJS.ProcessEnv): void {
  const at = args.findIndex((arg) => arg === '--lang' || arg.startsWith('--lang='));
  const written = at < 0 ? undefined : args[at]!.startsWith('--lang=') ? args[at]!.slice('--lang='.length) : args[at + 1];
  const chosen = (written !== undefined ? parseLang(written) : undefined) ?? languageOfEnvironment(env);
  if (chosen) chooseLanguage(chosen);
  else letWorkbookChooseLanguage();
}

/**
 * A reader that stops reading (`orgsync-import validate FILE | head`) is not a failure of the run: what
 * it would still have printed is dropped and the run goes on to its end (its journal, its error file,
 * its exit code), as it would with a terminal closed under it. Any other write error (output sent to a
 * full disk) stops the run with one sentence on the other stream: the log a scheduled run keeps would
 * otherwise be lost without a word. The journal is written as it goes, so the next run finishes the job.
 */
function dropOutputNobodyReads(stream: NodeJS.WriteStream, name: 'stdout' | 'stderr'): void {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE' || error.code === 'ERR_STREAM_DESTROYED') return;
    const other = name === 'stdout' ? process.stderr : process.stdout;
    try {
      other.write(`${cliWords().outputUnwritable(name, printable(error.message))}\n`);
    } catch {
      // Both outputs are gone: the exit code is all that is left to say it.
    }
    process.exit(EXIT.cannotStart);
  });
}

/**
 * Whatever escapes every handler (an error in a callback no promise awaits) ends as every other
 * unexpected problem does: one sentence, never Node's stack trace, and the closing --json line.
 */
function endOnAnythingUncaught(): void {
  const end = (error: unknown): void => {
    output?.releaseHeld();
    const exitCode = reportError(error);
    output?.finish(exitCode, endingOf(error));
    process.exit(exitCode);
  };
  process.on('uncaughtException', end);
  process.on('unhandledRejection', end);
}

async function main(): Promise<void> {
  dropOutputNobodyReads(process.stdout, 'stdout');
  dropOutputNobodyReads(process.stderr, 'stderr');
  endOnAnythingUncaught();
  boundHeapGrowth();
  runInInvokingFolder();
  chooseLanguageOfRun(process.argv.slice(2), process.env);
  // Until a command that sends takes them over (`interruptible`), Ctrl-C and SIGTERM end the run at once,
  // in the run's language: nothing is in flight that a journal must record. Those that came while this
  // module loaded (main.ts caught them) are handled here.
  handleInterrupts(() => void leaveInterrupted(cliWords().interruptedNothingSent, false));
  let exitCode: ExitCode = EXIT.ok;
  const program = buildProgram((code) => {
    exitCode = code;
  });
  // Every command, not only the top one: bad usage of a sub-command is exit 3 too, and what commander
  // prints (an unknown option with its value, say) is scrubbed of any secret given.
  for (const command of [program, ...program.commands]) {
    command.exitOverride();
    command.configureOutput({
      writeErr: (text) => process.stderr.write(hideOptionValues(scrubSecrets(text))),
      // Under --json, stdout carries only the events: help goes to stderr.
      ...(outputMode.json ? { writeOut: (text: string) => process.stderr.write(text) } : {}),
    });
  }
  // Under --json, even a usage error ends with the closing JSON line; --quiet holds the text back.
  if (outputMode.json || outputMode.quiet) await loadOutput();
  let ended: RunError | undefined;
  try {
    await program.parseAsync(process.argv);
  } catch (error) {
    output?.releaseHeld();
    exitCode = reportError(error);
    if (exitCode !== EXIT.ok) ended = endingOf(error);
  }
  output?.finish(exitCode, ended);
  process.exitCode = exitCode;
}

/** A mistyped option (`--jwt-secrt=…`) is not known to be secret, so no value of an unknown option is echoed. */
function hideOptionValues(text: string): string {
  return text.replace(/('-{1,2}[^'=\s]+=)[^']*'/g, "$1…'"); // in either language: the quoted option only
}

/** The error that ended a run, for the closing JSON line (its message scrubbed there like every value). */
function endingOf(error: unknown): RunError {
  const code = (error as { code?: unknown }).code;
  const message = hideOptionValues(error instanceof Error ? error.message : String(error));
  // commander's usage errors are already in the run's words (CommandInWords).
  if (typeof code === 'string' && code.startsWith('commander.')) return { code: 'usage', message };
  return runErrorOf(error instanceof OrgsyncError && isOrgsyncErrorCode(code) ? code : undefined, message);
}

function reportError(error: unknown): ExitCode {
  const code = (error as { code?: string }).code;
  if (code === 'commander.helpDisplayed' || code === 'commander.version' || code === 'commander.help') return EXIT.ok;
  if (typeof code === 'string' && code.startsWith('commander.')) return EXIT.cannotStart; // commander printed it
  if (error instanceof OrgsyncError) {
    process.stderr.write(`${printable(scrubSecrets(error.message))}\n`);
    return error.exitCode;
  }
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`${cliWords().unexpected(printable(scrubSecrets(message)))}\n`);
  if (process.env.ORGSYNC_DEBUG && error instanceof Error && error.stack) process.stderr.write(`${printable(scrubSecrets(error.stack))}\n`);
  return EXIT.cannotStart;
}

await main();
