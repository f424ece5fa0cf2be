#!/usr/bin/env node
/**
 * The command line: parses flags (environment variables underneath), calls one command, and is the only
 * place that turns an error into a message and an exit code.
 */
import { Command, InvalidArgumentError, Option } from 'commander';
import { resolve } from 'node:path';
import { EXIT, OrgsyncError, type ExitCode } from '../errors.js';
import type { AppIO } from '../app/io.js';
import { ENV, type CommandName, type ImportOptions } from '../app/options.js';
import { runImport, runValidate } from '../app/run-import.js';
import { scrubSecrets } from './scrub.js';

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
    .option('--resend-absences', 'send every absence again, even those reported before', false);
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
    stateDir: process.cwd(),
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
    colour: Boolean(process.stdout.isTTY) && !process.env.NO_COLOR,
  };
  if (signal) io.signal = signal;
  return io;
}

/** First Ctrl-C: stop sending and finish what is in flight; second: leave at once (the journal is intact). */
function interruptible(): AbortSignal {
  const controller = new AbortController();
  process.on('SIGINT', () => {
    if (controller.signal.aborted) {
      process.stderr.write('\nStopped at once. Run the same command again to finish.\n');
      process.exit(EXIT.interrupted);
    }
    process.stderr.write('\nStopping: waiting for the requests in flight (Ctrl-C again to stop at once)…\n');
    controller.abort();
  });
  process.on('SIGTERM', () => controller.abort());
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
    setExit(await runImport(importOptions('run', files, flags), makeIO(interruptible())));
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

async function main(): Promise<void> {
  let exitCode: ExitCode = EXIT.ok;
  const program = buildProgram((code) => {
    exitCode = code;
  });
  program.exitOverride();
  try {
    await program.parseAsync(process.argv);
  } catch (error) {
    exitCode = reportError(error);
  }
  process.exitCode = exitCode;
}

function reportError(error: unknown): ExitCode {
  const code = (error as { code?: string }).code;
  if (code === 'commander.helpDisplayed' || code === 'commander.version' || code === 'commander.help') return EXIT.ok;
  if (typeof code === 'string' && code.startsWith('commander.')) return EXIT.cannotStart; // commander printed it
  if (error instanceof OrgsyncError) {
    process.stderr.write(`${scrubSecrets(error.message)}\n`);
    return error.exitCode;
  }
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`orgsync-import stopped on an unexpected problem: ${scrubSecrets(message)}\n`);
  if (process.env.ORGSYNC_DEBUG && error instanceof Error && error.stack) process.stderr.write(`${scrubSecrets(error.stack)}\n`);
  return EXIT.cannotStart;
}

await main();
