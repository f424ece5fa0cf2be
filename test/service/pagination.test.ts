import { afterEach, describe, expect, it } from 'vitest';
import { HttpClient } from '../../src/service/http/client.js';
import { listAll, listAllAs } from '../../src/service/http/pagination.js';
import { sendJson, startLocalServer, type LocalServer } from './local-server.js';

const items = Array.from({ length: 60 }, (_, i) => ({ id: `u${i + 1}` }));

let server: LocalServer | null = null;
let client: HttpClient | null = null;
afterEach(async () => {
  await client?.close();
  await server?.close();
  client = server = null;
});

interface Behaviour {
  pageSize?: number;
  honourPerPage?: boolean;
  headers?: 'both' | 'none' | 'total';
  pageParam?: string;
  ignorePage?: boolean;
  delayMs?: number;
}

async function listService(behaviour: Behaviour, concurrency = 4) {
  let inFlight = 0;
  let maxInFlight = 0;
  server = await startLocalServer(async (req, res) => {
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    const url = new URL(req.url, 'http://x');
    const asked = Number(url.searchParams.get('per_page') ?? 25);
    const size = behaviour.honourPerPage ? Math.min(asked, 1000) : (behaviour.pageSize ?? 25);
    const page = behaviour.ignorePage ? 1 : Number(url.searchParams.get(behaviour.pageParam ?? 'page') ?? 1);
    const headers: Record<string, string> = {};
    if (behaviour.headers !== 'none') headers.Total = String(items.length);
    if (behaviour.headers === 'both' || behaviour.headers === undefined) headers['Per-Page'] = String(size);
    if (behaviour.delayMs) await new Promise((r) => setTimeout(r, behaviour.delayMs));
    inFlight--;
    sendJson(res, 200, items.slice((page - 1) * size, page * size), headers);
  });
  client = new HttpClient({ baseUrl: server.baseUrl, credentials: { jwt: 'x.y.z' }, concurrency });
  return { server, client, maxInFlight: () => maxInFlight };
}

describe('reading every page', () => {
  it('asks for 1000 per page and needs one request when the service honours it', async () => {
    const { server, client } = await listService({ honourPerPage: true });
    expect(await listAll(client, '/v3/core/users')).toEqual(items);
    expect(server.received.map((r) => r.url)).toEqual(['/v3/core/users?page=1&per_page=1000']);
  });

  it('follows Per-Page and Total when the service ignores per_page, keeping the order', async () => {
    const { server, client } = await listService({ pageSize: 25 });
    expect(await listAll(client, '/v3/core/users')).toEqual(items);
    expect(server.received).toHaveLength(3);
  });

  it('reads the remaining pages concurrently, never more at once than allowed', async () => {
    const { client, maxInFlight } = await listService({ pageSize: 5, delayMs: 20 }, 3);
    expect(await listAll(client, '/v3/core/users')).toEqual(items);
    expect(maxInFlight()).toBeGreaterThan(1);
    expect(maxInFlight()).toBeLessThanOrEqual(3);
  });

  it('works out the page size from the first page when only Total is sent', async () => {
    const { server, client } = await listService({ pageSize: 25, headers: 'total' });
    expect(await listAll(client, '/v3/core/users')).toEqual(items);
    expect(server.received).toHaveLength(3);
  });

  it('keeps reading without headers until a short page', async () => {
    const { server, client } = await listService({ pageSize: 25, headers: 'none' });
    expect(await listAll(client, '/v3/core/users')).toEqual(items);
    expect(server.received).toHaveLength(3);
  });

  it('stops without headers at an empty page when the pages divide evenly', async () => {
    const { server, client } = await listService({ pageSize: 20, headers: 'none' });
    expect(await listAll(client, '/v3/core/users')).toEqual(items);
    expect(server.received).toHaveLength(4);
  });

  it('stops when a service without headers ignores the page parameter', async () => {
    const { client } = await listService({ pageSize: 25, headers: 'none', ignorePage: true });
    expect(await listAll(client, '/v3/core/users')).toEqual(items.slice(0, 25));
  });

  it('uses the configured page parameter name and page size', async () => {
    const { server, client } = await listService({ pageSize: 30, pageParam: 'p' });
    expect(await listAll(client, '/v3/core/users', { pageParam: 'p', perPage: 30 })).toEqual(items);
    expect(server.received.map((r) => r.url)).toEqual(['/v3/core/users?p=1&per_page=30', '/v3/core/users?p=2&per_page=30']);
  });

  it('reports progress with the total the service announced', async () => {
    const { client } = await listService({ pageSize: 25 }, 1);
    const seen: [number, number | null][] = [];
    await listAll(client, '/v3/core/users', { onPage: (read, total) => seen.push([read, total]) });
    expect(seen).toEqual([
      [25, 60],
      [50, 60],
      [60, 60],
    ]);
  });
  it.each(['both', 'none'] as const)(
    'turns each page into records as it is read (headers: %s): the same records in order, the same requests and progress as reading the list whole',
    async (headers) => {
      const odd = (page: unknown[]) =>
        page.flatMap((item) => (Number((item as { id: string }).id.slice(1)) % 2 === 1 ? [(item as { id: string }).id] : []));
      const { server, client } = await listService({ pageSize: 25, headers }, 1);
      const seen: number[] = [];
      expect(await listAllAs(client, '/v3/core/users', { onPage: (read) => seen.push(read) }, odd)).toEqual(odd(items));
      expect(server.received).toHaveLength(3);
      expect(seen).toEqual([25, 50, 60]);
    },
  );

  it('reads on without headers past a page that keeps no records: the end is a short or repeated page as sent', async () => {
    const { server, client } = await listService({ pageSize: 20, headers: 'none' });
    expect(await listAllAs(client, '/v3/core/users', {}, () => [])).toEqual([]);
    expect(server.received).toHaveLength(4);
  });
});
