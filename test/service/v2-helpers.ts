/**
 * The v2 adapter wired to a fresh sandbox over loopback, with every request the adapter sends recorded,
 * and a raw caller (no key_field, the service's own ids) for setting up what a user made on the site.
 */
import { startSandbox, type RunningSandbox, type SandboxOptions } from '../../src/sandbox/index.js';
import type { Operation } from '../../src/model/operations.js';
import { HttpClient, type HttpMethod, type HttpResponse, type RequestOptions } from '../../src/service/http/client.js';
import { V2Adapter } from '../../src/service/v2/adapter.js';

export interface Sent {
  method: string;
  path: string;
  body: unknown;
}

class RecordingClient extends HttpClient {
  readonly sent: Sent[] = [];

  override request(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<HttpResponse> {
    this.sent.push({ method, path, body: options.body });
    return super.request(method, path, options);
  }
}

export interface V2Rig {
  sandbox: RunningSandbox;
  adapter: V2Adapter;
  /** Every request the adapter sent, in order. */
  sent: Sent[];
  /** A request as a user or another system would send it, with the service's ids. */
  raw(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }>;
  close(): Promise<void>;
}

export async function startV2Rig(options: SandboxOptions = {}, perPage?: number): Promise<V2Rig> {
  const sandbox = await startSandbox({ quiet: true, ...options });
  const client = new RecordingClient({
    baseUrl: sandbox.baseUrl,
    credentials: { companyId: sandbox.companyId, accessToken: sandbox.accessToken },
    concurrency: 8,
    sleep: async () => {},
  });
  const adapter = new V2Adapter(client, perPage === undefined ? {} : { perPage });
  const raw = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${sandbox.baseUrl}${path}`, {
      method,
      headers: {
        company_id: String(sandbox.companyId),
        access_token: sandbox.accessToken,
        accept: 'application/json',
        ...(body !== undefined && { 'content-type': 'application/json' }),
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, body: text === '' ? null : JSON.parse(text) };
  };
  return {
    sandbox,
    adapter,
    sent: client.sent,
    raw,
    close: async () => {
      await adapter.close();
      await sandbox.close();
    },
  };
}

const base = { key: 'k', reason: { code: 'as_saved' as const, text: 'r' } };

type WithoutBase<T> = T extends Operation ? Omit<T, 'key' | 'reason'> : never;

/** Operations read more easily without the key and reason every one carries. */
export function op(fields: WithoutBase<Operation>): Operation {
  return { ...base, ...fields } as Operation;
}

export function person(name: string, extra: { gender?: 'f' | 'm' | null; birthday?: string | null } = {}) {
  const handle = name.toLowerCase().replace(/[^a-z0-9]+/g, '.');
  return { name, email: `${handle}@example.com`, username: handle, ...extra };
}

export function hire(id: string, who: ReturnType<typeof person>, employment: string | null = null): Operation {
  return op({ type: 'createEmployee', id, userId: `u-${who.username}`, user: who, employment });
}
