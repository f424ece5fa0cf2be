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
import { runImport, runValidate } from '../app/run-import.js';
import { scrubSecrets } from './scrub.js';
import { colourFor } from '../report/summary.js';

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
    .option('--errors-out <file>', 'where to write the marked-up copy of the input (default NAME.errors.xlsx/csv)');
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
    .option('--concurrency <n>', 'requests in flight at once', positiveInt, 8)
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
    .option('--journal <file>', 'progress journal (default .orgsync/journal/…)')
    .option('--resend-absences', 'send every absence again, even those reported before', false)
    .option('--all', 'list every planned row (default: the first 8 of each kind and action)', false);
}

type Flags = Record<string, unknown>;

function importOptions(command: CommandName, files: string[], flags: Flags): ImportOptions {
  const env = process.env;
  const str = (flag: string, envName?: string): string | undefined => {
    const value = flags[flag];
    if (typeof value === 'string' && value !== '') return value;
    const fromEnv = envName ? env[envName] : undefined;
    return fromEnv && fromEnv !== '' ? fromEnv : undefined;
  };
  const api = str('api', ENV.api) ?? 'v3';
  if (api !== 'v3' && api !== 'v2') throw new OrgsyncError('usage', `${ENV.api} must be v3 or v2 (got "${api}")`);
  const options: ImportOptions = {
    command: flags.dryRun ? 'plan' : command,
    files,
    api,
    insecure: Boolean(flags.insecure),
    sandbox: Boolean(flags.sandbox),
    concurrency: (flags.concurrency as number | undefined) ?? 8,
    yes: Boolean(flags.yes),
    prune: Boolean(flags.prune),
    force: Boolean(flags.force),
    resendAbsences: Boolean(flags.resendAbsences),
    allRows: Boolean(flags.all),
    stateDir: resolve('.orgsync'),
  };
  const optional: [keyof ImportOptions, string | number | undefined][] = [
    ['baseUrl', str('baseUrl', ENV.baseUrl)],
    ['companyId', str('companyId', ENV.companyId)],
    ['accessToken', str('accessToken', ENV.accessToken)],
    ['jwt', str('jwt', ENV.jwt)],
    ['jwtSecret', str('jwtSecret', ENV.jwtSecret)],
    ['timeoutMs', flags.timeout as number | undefined],
    ['pageParam', str('pageParam')],
    ['perPage', flags.perPage as number | undefined],
    ['mapFile', str('map')],
    ['dateOrder', str('dateOrder')],
    ['encoding', str('encoding')],
    ['report', str('report')],
    ['errorsOut', str('errorsOut')],
    ['maxDeletions', flags.maxDeletions as number | undefined],
    ['journal', str('journal')],
  ];
  for (const [key, value] of optional) if (value !== undefined) (options as unknown as Record<string, unknown>)[key] = value;
  if (options.journal) options.journal = resolve(options.journal);
  return options;
}

function makeIO(signal?: AbortSignal): AppIO {
  const interactive = Boolean(process.stdin.isTTY && process.stdout.isTTY);
  const io: AppIO = {
    stdout: process.stdout,
    stderr: process.stderr,
    stdin: process.stdin,
    interactive,
    colour: colourFor(process.stdout),
  };
  if (signal) io.signal = signal;
  return io;
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
    process.stderr.write(`\n${why} Run the same command again to finish: nothing done is sent twice.\n`);
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

async function main(): Promise<void> {
  runInInvokingFolder();
  let exitCode: ExitCode = EXIT.ok;
  const program = buildProgram((code) => {
    exitCode = code;
  });
  // Every command, not only the top one: bad usage of a sub-command is exit 3 too, and what commander
  // prints (an unknown option with its value, say) is scrubbed of any secret given.
  for (const command of [program, ...program.commands]) {
    command.exitOverride();
    command.configureOutput({ writeErr: (text) => process.stderr.write(hideOptionValues(scrubSecrets(text))) });
  }
  try {
    await program.parseAsync(process.argv);
  } catch (error) {
    exitCode = reportError(error);
  }
  process.exitCode = exitCode;
}

/** A mistyped option (`--jwt-secrt=…`) is not known to be secret, so no value of an unknown option is echoed. */
function hideOptionValues(text: string): string {
  return text.replace(/(unknown option '[^'=\s]+=)[^']*'/g, "$1…'");
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
