/**
 * `orgsync-import sandbox`: starts the sandbox on 127.0.0.1 and prints how to reach it. The access token
 * printed here is the sandbox's own credential (good for this sandbox only); this banner is the one place
 * it is ever printed.
 */
import { SANDBOX_DEFAULTS, startSandbox } from './index.js';
import type { FaultOptions, RunningSandbox, SandboxOptions } from './types.js';

function describeFaults(faults: FaultOptions | undefined): string {
  if (!faults) return 'none';
  const parts: string[] = [];
  if (faults.latencyMs) parts.push(`+${faults.latencyMs} ms latency`);
  if (faults.unavailableRate) parts.push(`${Math.round(faults.unavailableRate * 100)}% answered 503`);
  if (faults.rateLimitPerSecond) parts.push(`429 above ${faults.rateLimitPerSecond} requests/s`);
  if (faults.dropAfterCommitRate) parts.push(`${Math.round(faults.dropAfterCommitRate * 100)}% of writes dropped after commit`);
  return parts.length > 0 ? parts.join(', ') : 'none';
}

export async function runSandboxCommand(options: SandboxOptions & { stdout: NodeJS.WritableStream }): Promise<RunningSandbox> {
  const { stdout, ...rest } = options;
  const sandbox = await startSandbox({ ...rest, host: SANDBOX_DEFAULTS.host, log: rest.log ?? stdout });
  const lines = [
    `Organisation Sync API sandbox (v3 and v2) listening on ${sandbox.baseUrl}`,
    `  base URL:      ${sandbox.baseUrl}   (paths /v3/... and /v2/...)`,
    `  company id:    ${sandbox.companyId}`,
    `  access token:  ${sandbox.accessToken}   (the sandbox's own credential, valid for this sandbox only; it also signs JWTs)`,
    `  state file:    ${options.statePath ?? 'none (the company is lost when the sandbox stops; use --state FILE to keep it)'}`,
    `  faults:        ${describeFaults(options.faults)}`,
    '',
    'Import into it, from another terminal:',
    `  orgsync-import WORKBOOK.xlsx --base-url ${sandbox.baseUrl} --company-id ${sandbox.companyId} --access-token ${sandbox.accessToken}`,
    '',
    'Press Ctrl-C to stop.',
    '',
  ];
  stdout.write(lines.join('\n'));
  return sandbox;
}
