import { SANDBOX_DEFAULTS, SandboxRootError, startSandbox } from '../sandbox/index.js';
import type { RunningSandbox, SandboxOptions } from '../sandbox/types.js';
import { EXIT, type ExitCode } from '../errors.js';
import { sandboxBanner } from '../view/sandbox-banner.js';
import type { AppIO } from './io.js';
import { rootRefusal } from './service.js';
import { untilInterrupted } from '../interrupts.js';

/**
 * `orgsync-import sandbox`: starts the sandbox on 127.0.0.1, logs each request to stdout and prints the
 * banner saying how to reach it.
 */
export async function startSandboxCommand(options: SandboxOptions & { stdout: NodeJS.WritableStream }): Promise<RunningSandbox> {
  const { stdout, ...rest } = options;
  const sandbox = await startSandbox({ ...rest, host: SANDBOX_DEFAULTS.host, log: rest.log ?? stdout }).catch((error: unknown) => {
    throw error instanceof SandboxRootError ? rootRefusal(error.clash) : error;
  });
  const { baseUrl, companyId, accessToken } = sandbox;
  stdout.write(sandboxBanner({ baseUrl, companyId, accessToken, statePath: options.statePath, faults: options.faults }).join('\n'));
  return sandbox;
}

/** Runs the sandbox in the foreground until Ctrl-C. */
export async function runSandbox(flags: Record<string, unknown>, io: AppIO): Promise<ExitCode> {
  const faults: Record<string, number> = {};
  if (flags.latency !== undefined) faults.latencyMs = flags.latency as number;
  if (flags.failRate !== undefined) faults.unavailableRate = flags.failRate as number;
  if (flags.rateLimit !== undefined) faults.rateLimitPerSecond = flags.rateLimit as number;
  if (flags.dropRate !== undefined) faults.dropAfterCommitRate = flags.dropRate as number;
  const options: Parameters<typeof startSandboxCommand>[0] = { stdout: io.stdout, faults };
  if (flags.port !== undefined) options.port = flags.port as number;
  if (flags.state !== undefined) options.statePath = flags.state as string;
  if (flags.companyId !== undefined) options.companyId = flags.companyId as number;
  if (flags.accessToken !== undefined) options.accessToken = flags.accessToken as string;
  if (flags.rootId !== undefined) options.rootId = flags.rootId as string;
  if (flags.rootName !== undefined) options.rootName = flags.rootName as string;
  options.rootAsked = { id: flags.rootId !== undefined, name: flags.rootName !== undefined };
  const sandbox = await startSandboxCommand(options);
  await untilInterrupted();
  await sandbox.close();
  return EXIT.ok;
}
