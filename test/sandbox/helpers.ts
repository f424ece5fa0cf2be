/**
 * Raw HTTP to the sandbox with undici — deliberately not the importer's client, so the conformance suite
 * checks the sandbox against the documents on its own.
 */
import { request } from 'undici';
import { SignJWT } from 'jose';
import { startSandbox, type RunningSandbox, type SandboxOptions } from '../../src/sandbox/index.js';
import { replayLog } from '../../src/sandbox/store/change-log.js';
import type { CompanyState } from '../../src/sandbox/store/company.js';
import { loadState } from '../../src/sandbox/store/persistence.js';

export interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: any;
}

export type Auth = 'legacy' | 'none' | { headers: Record<string, string> };

export interface Client {
  sandbox: RunningSandbox;
  call(method: string, path: string, body?: unknown, auth?: Auth): Promise<Reply>;
  get(path: string): Promise<Reply>;
  post(path: string, body?: unknown): Promise<Reply>;
  patch(path: string, body?: unknown): Promise<Reply>;
  put(path: string, body?: unknown): Promise<Reply>;
  del(path: string, body?: unknown): Promise<Reply>;
}

export function legacyHeaders(sandbox: RunningSandbox): Record<string, string> {
  return { company_id: String(sandbox.companyId), access_token: sandbox.accessToken };
}

export async function send(baseUrl: string, method: string, path: string, body: unknown, headers: Record<string, string>): Promise<Reply> {
  const response = await request(`${baseUrl}${path}`, {
    method: method as 'GET',
    headers: {
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.body.text();
  let parsed: unknown = text;
  try {
    parsed = text === '' ? undefined : JSON.parse(text);
  } catch {
    // keep the text: a test asserting JSON will say so
  }
  return { status: response.statusCode, headers: response.headers, body: parsed };
}

export function clientFor(sandbox: RunningSandbox): Client {
  const call = (method: string, path: string, body?: unknown, auth: Auth = 'legacy') => {
    const headers = auth === 'legacy' ? legacyHeaders(sandbox) : auth === 'none' ? {} : auth.headers;
    return send(sandbox.baseUrl, method, path, body, headers);
  };
  return {
    sandbox,
    call,
    get: (path) => call('GET', path),
    post: (path, body) => call('POST', path, body),
    patch: (path, body) => call('PATCH', path, body),
    put: (path, body) => call('PUT', path, body),
    del: (path, body) => call('DELETE', path, body),
  };
}

export async function startClient(options: SandboxOptions = {}): Promise<Client> {
  return clientFor(await startSandbox({ quiet: true, ...options }));
}

export async function mintJwt(secret: string, claims: Record<string, unknown>, times: { nbf: number; exp: number }): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setNotBefore(times.nbf)
    .setExpirationTime(times.exp)
    .sign(new TextEncoder().encode(secret));
}

/** Creates a user with one employee of the same id suffix; returns the employee id. */
export async function person(client: Client, id: string, extra: Record<string, unknown> = {}): Promise<string> {
  const user = await client.post('/v3/core/users', {
    user: { id: `u-${id}`, name: `Person ${id}`, email: `${id}@example.com`, username: `user-${id}` },
  });
  if (user.status !== 201) throw new Error(`user ${id}: ${user.status} ${JSON.stringify(user.body)}`);
  const employee = await client.post(`/v3/core/users/u-${id}/employees`, { employee: { id, ...extra } });
  if (employee.status !== 200) throw new Error(`employee ${id}: ${employee.status} ${JSON.stringify(employee.body)}`);
  return id;
}

export async function department(client: Client, id: string, parent = 'root', extra: Record<string, unknown> = {}): Promise<void> {
  const reply = await client.post(`/v3/core/departments/${parent}/departments`, { department: { id, name: `Dept ${id}`, ...extra } });
  if (reply.status !== 201) throw new Error(`department ${id}: ${reply.status} ${JSON.stringify(reply.body)}`);
}

export async function team(client: Client, id: string, departmentId = 'root', extra: Record<string, unknown> = {}): Promise<void> {
  const reply = await client.post(`/v3/core/departments/${departmentId}/teams`, { team: { id, name: `Team ${id}`, ...extra } });
  if (reply.status !== 201) throw new Error(`team ${id}: ${reply.status} ${JSON.stringify(reply.body)}`);
}

export async function join(client: Client, teamId: string, employeeId: string): Promise<void> {
  const reply = await client.post(`/v3/core/teams/${teamId}/employees/${employeeId}`);
  if (reply.status !== 200) throw new Error(`join ${teamId}/${employeeId}: ${reply.status} ${JSON.stringify(reply.body)}`);
}

/**
 * The state a sandbox started on `statePath` would load now: the state file and its change log, as a
 * restart after a crash or kill -9 finds them.
 */
export async function stateOnDisk(statePath: string): Promise<CompanyState> {
  const loaded = await loadState(statePath);
  if (!loaded) throw new Error(`no state file at ${statePath}`);
  return (await replayLog(statePath, loaded)).state;
}
