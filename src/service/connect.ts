/**
 * From configuration to a ready adapter. The HTTP client is version-neutral; each API version adds its
 * adapter on top.
 */
import type { ServiceAdapter } from './adapter.js';
import { checkBaseUrl } from './http/base-url.js';
import { HttpClient } from './http/client.js';
import type { RetryPolicy } from './http/retry-policy.js';
import { V2Adapter } from './v2/adapter.js';
import { V3Adapter } from './v3/adapter.js';

export interface ServiceConfig {
  api: 'v3' | 'v2';
  baseUrl: string;
  companyId?: string | number;
  /** Legacy headers company_id + access_token. */
  accessToken?: string;
  /** A ready JWT, sent as the `JWT` header. */
  jwt?: string;
  /** Mint short-lived HS256 JWTs {company_id, nbf, exp} with this secret. */
  jwtSecret?: string;
  /** Requests at once (connections in the pool). */
  concurrency: number;
  /** Per request: longest wait for headers, and between body chunks. Default 30 000. */
  timeoutMs?: number;
  /** Query parameter selecting a list page. Default `page`. */
  pageParam?: string;
  /** Page size asked for. Default 1000. */
  perPage?: number;
  /** Allow plain http to a non-loopback host; the caller must warn the user. */
  insecure?: boolean;
  retry?: Partial<RetryPolicy>;
  /** Told what the user should know while the run goes on (a Retry-After cut to the importer's longest wait). */
  onNotice?: (message: string) => void;
  /** Told each time a request is sent again. */
  onRetry?: () => void;
  /** For tests: waits between retries. */
  sleep?: (ms: number) => Promise<void>;
}

export function createAdapter(config: ServiceConfig): ServiceAdapter {
  const client = new HttpClient({
    baseUrl: config.baseUrl,
    credentials: {
      ...(config.companyId !== undefined && { companyId: config.companyId }),
      ...(config.accessToken !== undefined && { accessToken: config.accessToken }),
      ...(config.jwt !== undefined && { jwt: config.jwt }),
      ...(config.jwtSecret !== undefined && { jwtSecret: config.jwtSecret }),
    },
    concurrency: config.concurrency,
    ...(config.timeoutMs !== undefined && { timeoutMs: config.timeoutMs }),
    ...(config.insecure !== undefined && { insecure: config.insecure }),
    ...(config.retry !== undefined && { retry: config.retry }),
    ...(config.sleep !== undefined && { sleep: config.sleep }),
    ...(config.onNotice !== undefined && { onNotice: config.onNotice }),
    ...(config.onRetry !== undefined && { onRetry: config.onRetry }),
  });
  const pages = {
    ...(config.pageParam !== undefined && { pageParam: config.pageParam }),
    ...(config.perPage !== undefined && { perPage: config.perPage }),
  };
  return config.api === 'v2' ? new V2Adapter(client, pages) : new V3Adapter(client, pages);
}

/**
 * True when the configuration sends over plain http to a host that is not loopback, which `insecure`
 * allowed: the caller warns the user. Throws the same UsageError (src/errors.ts) as createAdapter for a refused URL.
 */
export function sendsInsecurely(config: Pick<ServiceConfig, 'baseUrl' | 'insecure'>): boolean {
  return checkBaseUrl(config.baseUrl, config.insecure ?? false).insecure;
}
