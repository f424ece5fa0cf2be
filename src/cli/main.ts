#!/usr/bin/env node
/**
 * The command line: parses flags (environment variables underneath), calls one command, and is the only
 * place that turns an error into a message and an exit code.
 */
import { Command, InvalidArgumentError, Option } from 'commander';
import { resolve } from 'node:path';
import { EXIT, OrgsyncError, type ExitCode } from '../errors.js';
import { printable, type AppIO } from '../app/io.js';
import { ENV, type CommandName, type ImportOptions } from '../app/options.js';
import { CONFIG_FILE_NAME, importOptionsFrom } from '../app/config.js';
import { outputModeOf, RunOutput } from '../app/output-mode.js';
import { runImport, runValidate } from '../app/run-import.js';
import { knownSecrets, rememberSecrets, scrubSecrets } from './scrub.js';
import { boundHeapGrowth } from './heap.js';
import { chooseLanguage, languageOfEnvironment, letWorkbookChooseLanguage, parseLang } from '../words/language.js';

const VERSION = '0.1.0';

function positiveInt(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError('expected a whole number of 1 or more');
  return n;
}

function nonNegativeInt(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new InvalidArgumentError('expected a whole number of 0 or more');
  return n;
}

function withInputOptions(cmd: Command): Command {
  return cmd
    .option('--map <file>', 'JSON file mapping your own headers to the template columns')
    .addOption(new Option('--date-order <order>', 'how to read slash dates like 03/04/2025').choices(['dmy', 'mdy']))
    .option('--encoding <name>', 'CSV encoding (detected when not given): utf-8, utf-16le, windows-1252, …')
    .option('--report <file>', 'write everything the run found and did as JSON')
    .option('--errors-out <file>', 'where to write the marked-up copy of the input (default NAME.errors.xlsx/csv)')
    .option('--json', 'one JSON object per line on stdout (events, then a summary with the exit code); words go to stderr', false)
    .option('--quiet', 'print nothing when the run succeeds (exit 0); a failure still says everything on stderr', false)
    .option('--path-separator <text>', 'the separator of a unit path column (detected when not given: " > ", /, \\, |)')
    .option('--accept-renames', 'rename the units that look renamed in the export instead of creating them anew', false)
    .option('--today <date>', 'the date the run takes as today, YYYY-MM-DD (to rehearse leaving and hiring dates)', isoDay);
}

function isoDay(value: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`))) {
    throw new InvalidArgumentError('expected a date as YYYY-MM-DD');
  }
  return value;
}

function withServiceOptions(cmd: Command): Command {
  return cmd
    .option('--base-url <url>', `the service (env ${ENV.baseUrl}); https:// except loopback`)
    .addOption(new Option('--api <version>', `API version (env ${ENV.api})`).choices(['v3', 'v2']))
    .option('--company-id <id>', `company id (env ${ENV.companyId})`)
    .option('--access-token <token>', `legacy header authentication (env ${ENV.accessToken})`)
    .option('--jwt <token>', `a ready JWT for the JWT header (env ${ENV.jwt})`)
    .option('--jwt-secret <secret>', `mint short-lived HS256 tokens per request (env ${ENV.jwtSecret})`)
    .option('--insecure', 'allow plain http:// to a host that is not loopback (not recommended)', false)
    .option('--sandbox', 'start the embedded sandbox in-process and import into it (state in .orgsync/sandbox.json)', false)
    .option('--config <file>', `settings file (default ${CONFIG_FILE_NAME} in this folder when there is one); flags win over it`)
    .option('--state-dir <dir>', 'the folder of the journal, ledgers and sandbox state (default .orgsync beside the config file, else here)')
    .option('--root-id <id>', 'with --sandbox: the fresh sandbox\'s top department id (default: the workbook\'s)')
    .option('--root-name <name>', 'with --sandbox: the fresh sandbox\'s top department name (default: the workbook\'s)')
    .option('--concurrency <n>', 'requests in flight at once (default 8)', positiveInt)
    .option('--timeout <ms>', 'per-request timeout in milliseconds', positiveInt)
    .option('--page-param <name>', 'query parameter that selects a list page', 'page')
    .option('--per-page <n>', 'list page size to ask for (the service may give less)', positiveInt);
}

function withApplyOptions(cmd: Command): Command {
  return cmd
    .option('-y, --yes', 'apply without asking', false)
    .option('--dry-run', 'show the plan and stop (same as the plan command)', false)
    .option('--prune', 'fire or delete what is in the service but not in the workbook', false)
    .option('--max-deletions <n>', 'most removals per kind allowed with --prune (default 10%, at least 5)', nonNegativeInt)
    .option('--force', 'allow more removals than --max-deletions', false)
    .option('--accept-changes', 'apply an export that differs too much from the last successful run (lost employees, units, columns or values)', false)
    .option('--journal <file>', 'progress journal (default .orgsync/journal/…)')
    .option('--resend-absences', 'send every absence again, even those reported before', false)
    .option('--all', 'list every planned row (default: the first 8 of each kind and action)', false)
    .option('--html <file>', 'where to write the plan or report page (default NAME.plan.html / NAME.report.html)')
    .addOption(new Option('--lang <lang>', 'language of the plan or report page').choices(['en', 'da']))
    .option('--out <file>', 'save the plan for "apply FILE" (default with --hold-removals: NAME.plan.json beside the input)')
    .option('--hold-removals', 'with --prune: apply everything else and hold the removals for approval one by one', false);
}

type Flags = Record<string, unknown>;

/** Flags over the configuration file over the environment (app/config.ts); a secret read from a file is scrubbed too. */
function importOptions(command: CommandName, files: string[], flags: Flags): ImportOptions {
  const options = importOptionsFrom(command, files, flags);
  rememberSecrets([options.accessToken, options.jwt, options.jwtSecret]);
  return options;
}

/** Where words and events go: `--json` and `--quiet` are read before parsing, so a usage error honours them. */
const givenSecrets = knownSecrets();
const output = new RunOutput(outputModeOf(process.argv.slice(2)), process, (text) => scrubSecrets(text, givenSecrets));

function makeIO(signal?: AbortSignal): AppIO {
  return output.io(signal);
}

/** The longest the first Ctrl-C waits for requests in flight (shorter when --timeout is shorter). */
const INTERRUPT_GRACE_MS = 10_000;

/**
 * First Ctrl-C: stop sending and finish what is in flight, for at most one request timeout (10 s at
 * most); second, or when that time is up: leave at once. Either way the journal is intact: a request
 * whose answer did not come is journalled as sent, and the next run checks it before sending it again.
 */
function interruptible(timeoutMs: number | undefined): AbortSignal {
  const controller = new AbortController();
  const graceMs = Math.min(timeoutMs ?? INTERRUPT_GRACE_MS, INTERRUPT_GRACE_MS);
  const leaveNow = (why: string) => {
    output.releaseHeld();
    process.stderr.write(`\n${why} Run the same command again to finish: nothing done is sent twice.\n`);
    output.finish(EXIT.interrupted, { code: 'interrupted', message: why });
    process.exit(EXIT.interrupted);
  };
  const stop = () => {
    if (controller.signal.aborted) leaveNow('Stopped at once.');
    process.stderr.write('\nStopping: waiting for the requests in flight (Ctrl-C again to stop at once)…\n');
    controller.abort();
    setTimeout(
      () => leaveNow(`Stopped: requests still in flight after ${graceMs / 1000} s; the next run checks whether the service carried them out.`),
      graceMs,
    ).unref();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  return controller.signal;
}

export function buildProgram(setExit: (code: ExitCode) => void): Command {
  const program = new Command('orgsync-import')
    .description('Synchronise an HR workbook (employees, departments, teams, absence, delegations) into the Organisation Sync API')
    .version(VERSION)
    .showHelpAfterError('(run orgsync-import --help for the options)')
    .enablePositionalOptions()
    .argument('[files...]', 'an .xlsx workbook, one or more .csv files, or a folder of them');
  withApplyOptions(withServiceOptions(withInputOptions(program))).action(async (files: string[], flags: Flags) => {
    if (files.length === 0) {
      program.help();
      return;
    }
    setExit(await runImport(importOptions('run', files, flags), makeIO(interruptible(flags.timeout as number | undefined))));
  });

  withServiceOptions(withInputOptions(program.command('validate')))
    .description('check the workbook and report every problem; reads the service only when one is configured')
    .argument('<files...>')
    .action(async (files: string[], flags: Flags) => {
      setExit(await runValidate(importOptions('validate', files, flags), makeIO()));
    });

  withApplyOptions(withServiceOptions(withInputOptions(program.command('plan'))))
    .description('validate, read the service and show what would change (sends no write)')
    .argument('<files...>')
    .action(async (files: string[], flags: Flags) => {
      setExit(await runImport(importOptions('plan', files, flags), makeIO()));
    });

  withServiceOptions(program.command('apply'))
    .description('carry out exactly a plan saved by plan --out (refused when the workbook or the service changed since)')
    .argument('<plan-file>')
    .option('--approve <file>', 'carry out only these held removals: {"version":1,"approved":["<plan entry key>", …]}')
    .option('-y, --yes', 'apply without asking', false)
    .option('--force', 'allow more removals than --max-deletions', false)
    .option('--max-deletions <n>', 'most removals per kind allowed (default: as the plan was made)', nonNegativeInt)
    .option('--journal <file>', 'progress journal (default .orgsync/journal/…)')
    .option('--report <file>', 'write everything the run found and did as JSON')
    .option('--all', 'list every planned row (default: the first 8 of each kind and action)', false)
    .action(async (planFile: string, flags: Flags) => {
      const { runApply } = await import('../app/run-apply.js');
      const apiGiven = typeof flags.api === 'string' || Boolean(process.env[ENV.api]);
      const request = { planFile: resolve(planFile), apiGiven, ...(typeof flags.approve === 'string' ? { approve: flags.approve } : {}) };
      setExit(await runApply(request, importOptions('apply', [], flags), makeIO(interruptible(flags.timeout as number | undefined))));
    });

  program
    .command('history')
    .description('list the runs recorded in this state folder; `history show RUN` prints one run\'s report')
    .argument('[words...]', 'nothing (list), or show RUN')
    .option('--config <file>', `settings file (default ${CONFIG_FILE_NAME} in this folder when there is one)`)
    .option('--state-dir <dir>', 'the folder of the journal, ledgers and history (default .orgsync beside the config file, else here)')
    .action(async (words: string[], flags: Flags) => {
      const { runHistory, runHistoryShow } = await import('../app/run-history.js');
      const stateDir = importOptions('run', [], flags).stateDir;
      const [first, second, ...rest] = words;
      const runId = first === 'show' ? second : first;
      if (runId === undefined && first === 'show') throw new OrgsyncError('usage', 'Name the run to show: orgsync-import history show RUN (`orgsync-import history` lists them).');
      if (rest.length > 0 || (first !== 'show' && second !== undefined)) throw new OrgsyncError('usage', 'Usage: orgsync-import history [show RUN]');
      setExit(runId === undefined ? await runHistory(stateDir, makeIO()) : await runHistoryShow(stateDir, runId, makeIO()));
    });

  withApplyOptions(withServiceOptions(program.command('undo')))
    .description('plan the inverse of a recorded run (rehire whom it fired, move units back, …) and apply it like any plan')
    .option('--report <file>', 'write everything the undo found and did as JSON')
    .argument('<run>', 'the run, as `orgsync-import history` lists it')
    .action(async (runId: string, flags: Flags) => {
      const { runUndo } = await import('../app/run-undo.js');
      setExit(await runUndo(importOptions('undo', [], flags), runId, makeIO(interruptible(flags.timeout as number | undefined))));
    });

  program
    .command('template')
    .description('write the template sheets to fill in')
    .addOption(new Option('--format <format>', 'xlsx workbook or a set of csv files').choices(['xlsx', 'csv']).default('xlsx'))
    .addOption(new Option('--lang <lang>', 'header language').choices(['en', 'da']).default('en'))
    .option('--out <dir>', 'folder to write into', '.')
    .option('--overwrite', 'replace template files that are already there', false)
    .action(async (flags: { format: 'xlsx' | 'csv'; lang: 'en' | 'da'; out: string; overwrite: boolean }) => {
      const { runTemplate } = await import('../app/run-template.js');
      setExit(await runTemplate(flags, makeIO()));
    });

  program
    .command('map')
    .description('write a starter --map profile from an export\'s own headers (extension)')
    .option('--init <file>', 'the export (.xlsx or .csv) whose header rows to read')
    .option('--out <file>', 'where to write the profile (default NAME.map.json)')
    .option('--overwrite', 'replace the profile file if it is already there', false)
    .option('--encoding <name>', 'CSV encoding (detected when not given)')
    .action(async (flags: { init?: string; out?: string; overwrite: boolean; encoding?: string }) => {
      const { runMapInit } = await import('../app/run-map-init.js');
      setExit(await runMapInit(flags, makeIO()));
    });

  program
    .command('sandbox')
    .description('run the embedded Organisation Sync API sandbox (v3 and v2) on 127.0.0.1 in the foreground')
    .option('--port <n>', 'port (default: a free one)', nonNegativeInt)
    .option('--state <file>', 'keep the state in this file across restarts')
    .option('--company-id <n>', 'company id', positiveInt)
    .option('--access-token <token>', 'the access token (also the JWT secret)')
    .option('--root-id <id>', 'id of the top department')
    .option('--root-name <name>', 'name of the top department')
    .option('--latency <ms>', 'fault injection: added latency per request', nonNegativeInt)
    .option('--fail-rate <share>', 'fault injection: share of requests answered 503 (0..1)', parseFloat)
    .option('--rate-limit <n>', 'fault injection: requests per second above which 429 is answered', positiveInt)
    .option('--drop-rate <share>', 'fault injection: share of writes committed, then the connection dropped (0..1)', parseFloat)
    .action(async (flags: Flags) => {
      const { runSandbox } = await import('../app/run-sandbox.js');
      setExit(await runSandbox(flags, makeIO()));
    });
  return program;
}

/**
 * `npm start -- book.xlsx` runs in the package's folder, not the one the user typed it in: file arguments
 * and `.orgsync/` belong to the folder the user was in, which npm passes as INIT_CWD.
 */
function runInInvokingFolder(): void {
  const invokedFrom = process.env.INIT_CWD;
  // Only this package's own `npm start`: another project's script that calls the command keeps its folder.
  const ownStart = process.env.npm_lifecycle_event === 'start' && process.env.npm_package_name === 'orgsync-import';
  if (ownStart && invokedFrom && resolve(invokedFrom) !== process.cwd()) process.chdir(invokedFrom);
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

async function main(): Promise<void> {
  boundHeapGrowth();
  runInInvokingFolder();
  chooseLanguageOfRun(process.argv.slice(2), process.env);
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
      ...(output.mode.json ? { writeOut: (text: string) => process.stderr.write(text) } : {}),
    });
  }
  let ended: { code: string; message: string } | undefined;
  try {
    await program.parseAsync(process.argv);
  } catch (error) {
    output.releaseHeld();
    exitCode = reportError(error);
    if (exitCode !== EXIT.ok) ended = endingOf(error);
  }
  output.finish(exitCode, ended);
  process.exitCode = exitCode;
}

/** A mistyped option (`--jwt-secrt=…`) is not known to be secret, so no value of an unknown option is echoed. */
function hideOptionValues(text: string): string {
  return text.replace(/(unknown option '[^'=\s]+=)[^']*'/g, "$1…'");
}

/** The error that ended a run, for the closing JSON line (its message scrubbed there like every value). */
function endingOf(error: unknown): { code: string; message: string } {
  const code = (error as { code?: unknown }).code;
  const message = hideOptionValues(error instanceof Error ? error.message : String(error));
  return { code: typeof code !== 'string' ? 'unexpected' : code.startsWith('commander.') ? 'usage' : code, message };
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
  process.stderr.write(`orgsync-import stopped on an unexpected problem: ${printable(scrubSecrets(message))}\n`);
  if (process.env.ORGSYNC_DEBUG && error instanceof Error && error.stack) process.stderr.write(`${printable(scrubSecrets(error.stack))}\n`);
  return EXIT.cannotStart;
}

await main();
