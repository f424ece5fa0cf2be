import { runSandboxCommand } from '../sandbox/command.js';
import { EXIT, type ExitCode } from '../errors.js';
import type { AppIO } from './io.js';

/** Runs the sandbox in the foreground until Ctrl-C. */
export async function runSandbox(flags: Record<string, unknown>, io: AppIO): Promise<ExitCode> {
  const faults: Record<string, number> = {};
  if (flags.latency !== undefined) faults.latencyMs = flags.latency as number;
  if (flags.failRate !== undefined) faults.unavailableRate = flags.failRate as number;
  if (flags.rateLimit !== undefined) faults.rateLimitPerSecond = flags.rateLimit as number;
  if (flags.dropRate !== undefined) faults.dropAfterCommitRate = flags.dropRate as number;
  const options: Parameters<typeof runSandboxCommand>[0] = { stdout: io.stdout, faults };
  if (flags.port !== undefined) options.port = flags.port as number;
  if (flags.state !== undefined) options.statePath = flags.state as string;
  if (flags.companyId !== undefined) options.companyId = flags.companyId as number;
  if (flags.accessToken !== undefined) options.accessToken = flags.accessToken as string;
  if (flags.rootId !== undefined) options.rootId = flags.rootId as string;
  if (flags.rootName !== undefined) options.rootName = flags.rootName as string;
  const sandbox = await runSandboxCommand(options);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await sandbox.close();
  return EXIT.ok;
}
