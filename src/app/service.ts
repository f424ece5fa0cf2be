/** Where the import goes: a configured service, or the embedded sandbox started in-process. */
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { OrgsyncError, UsageError } from '../errors.js';
import type { ServiceAdapter } from '../service/adapter.js';
import type { ServiceOptions } from './options.js';
import { appRunWords } from '../words/app-run.js';
import { sandboxWords } from '../words/sandbox.js';

export interface Connection {
  adapter: ServiceAdapter;
  /** Names the service + company + API version in file names; never derived from a secret. */
  serviceKey: string;
  /** For messages: the base URL and company, never a credential. */
  description: string;
  close(): Promise<void>;
}

// In options.ts, so that an offline validate can tell it is offline without loading this file.
export { isServiceConfigured } from './options.js';

/**
 * The sandbox's refusal to give a company that holds people or units another top department
 * (--root-id/--root-name), in the run's language, naming the state file to delete.
 */
export function rootRefusal(clash: {
  path: string;
  held: { id: string; name: string };
  asked: { id: string; name: string };
}): OrgsyncError {
  return new OrgsyncError('sandbox_state', sandboxWords().rootHeld(clash.path, clash.held, clash.asked));
}

/** What to give when no service is configured, in the run's language. */
export const howToConfigure = (): string => appRunWords().howToConfigure;

export function serviceKey(api: string, baseUrl: string, companyId: string | undefined): string {
  const hash = createHash('sha256')
    .update(`${api}\n${sameServiceSpelling(baseUrl)}\n${companyId ?? ''}`)
    .digest('hex');
  return `${api}-${hash.slice(0, 16)}`;
}

/**
 * One spelling per service, so its journal and ledgers are found whichever way the URL is written:
 * host in lower case, no default port, no trailing slash, and every loopback name as 127.0.0.1. The
 * plain form `https://host[/path]` stays exactly as it was, so existing ledgers keep their names.
 */
export function sameServiceSpelling(baseUrl: string): string {
  const trimmed = baseUrl.trim().replace(/\/+$/, '');
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return trimmed;
  }
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const loopback = host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
  const hostname = loopback ? '127.0.0.1' : url.hostname;
  const port = url.port === '' ? '' : `:${url.port}`;
  return `${url.protocol}//${hostname}${port}${url.pathname.replace(/\/+$/, '')}`;
}

export async function connect(options: ServiceOptions, stateDir: string, warn: (line: string) => void = () => {}): Promise<Connection> {
  // The HTTP stack is loaded only when a service is used: an offline validate starts faster without it.
  const { createAdapter, sendsInsecurely } = await import('../service/connect.js');
  if (options.sandbox) {
    // Loaded only when asked for: the sandbox's web framework is not needed to talk to a real service.
    // It runs on a thread of its own, beside the importer's (sandbox/worker.ts).
    const { startSandboxInWorker, SandboxRootError } = await import('../sandbox/worker.js');
    const rootId = options.rootId ?? options.workbookTop?.id;
    const rootName = options.rootName ?? options.workbookTop?.name;
    const sandbox = await startSandboxInWorker({
      statePath: join(stateDir, 'sandbox.json'),
      ...(rootId !== undefined ? { rootId } : {}),
      ...(rootName !== undefined ? { rootName } : {}),
      rootAsked: { id: options.rootId !== undefined, name: options.rootName !== undefined },
    }).catch((error: unknown) => {
      throw error instanceof SandboxRootError ? rootRefusal(error.clash) : error;
    });
    const adapter = createAdapter({
      api: options.api,
      baseUrl: sandbox.baseUrl,
      companyId: String(sandbox.companyId),
      accessToken: sandbox.accessToken,
      concurrency: options.concurrency,
      ...(options.onRetry ? { onRetry: options.onRetry } : {}),
    });
    return {
      adapter,
      // The sandbox's port changes every run; its state is what identifies it, and a deleted state file
      // starts a new sandbox whose journal and ledgers start empty too. An older state file keeps the key
      // it always had, and with it its journal and ledgers.
      serviceKey: serviceKey(
        options.api,
        sandbox.instanceId === undefined ? 'sandbox' : `sandbox ${sandbox.instanceId}`,
        String(sandbox.companyId),
      ),
      description: appRunWords().embeddedSandbox(options.api, join(stateDir, 'sandbox.json')),
      close: async () => {
        await adapter.close();
        await sandbox.close();
      },
    };
  }
  if (!options.baseUrl) throw new UsageError(howToConfigure());
  const config = {
    api: options.api,
    baseUrl: options.baseUrl,
    concurrency: options.concurrency,
    insecure: options.insecure,
    onNotice: warn,
    ...(options.onRetry ? { onRetry: options.onRetry } : {}),
    ...(options.companyId !== undefined ? { companyId: options.companyId } : {}),
    ...(options.accessToken !== undefined ? { accessToken: options.accessToken } : {}),
    ...(options.jwt !== undefined ? { jwt: options.jwt } : {}),
    ...(options.jwtSecret !== undefined ? { jwtSecret: options.jwtSecret } : {}),
    ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
    ...(options.pageParam !== undefined ? { pageParam: options.pageParam } : {}),
    ...(options.perPage !== undefined ? { perPage: options.perPage } : {}),
  };
  const adapter = createAdapter(config);
  if (sendsInsecurely(config)) {
    warn(appRunWords().insecure(options.baseUrl));
  }
  return {
    adapter,
    serviceKey: serviceKey(options.api, options.baseUrl, options.companyId),
    description: appRunWords().serviceAt(options.baseUrl, options.api, options.companyId),
    close: () => adapter.close(),
  };
}
