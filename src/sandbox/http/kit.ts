/**
 * What every route uses: the store, answers for reads, lists and writes (a write is persisted before it is
 * answered, and may be dropped after commit by fault injection), and the page parameters.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Company } from '../store/company.js';
import type { CreateKind } from '../types.js';
import type { FaultInjector } from './faults.js';
import type { StatsRecorder } from './stats.js';

export const DEFAULT_PER_PAGE = 25;
export const MAX_PER_PAGE = 1000;

export interface Answer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
  /** Counted in stats.successfulCreates when the answer is 2xx. */
  created?: { kind: CreateKind; clientId: string };
}

export interface RouteKit {
  company: Company;
  read(handle: (request: FastifyRequest) => Answer): (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  write(handle: (request: FastifyRequest) => Answer): (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
}

export interface KitParts {
  company: Company;
  stats: StatsRecorder;
  faults: FaultInjector;
  /** Resolves when the change is on disk (immediately without a state file). */
  persist(): Promise<void>;
}

function send(reply: FastifyReply, answer: Answer): void {
  reply.code(answer.status);
  for (const [name, value] of Object.entries(answer.headers ?? {})) reply.header(name, value);
  reply.send(answer.body);
}

export function createKit(parts: KitParts): RouteKit {
  return {
    company: parts.company,
    read: (handle) => async (request, reply) => {
      send(reply, handle(request));
    },
    write: (handle) => async (request, reply) => {
      // The store changes synchronously inside `handle`, so concurrent writers never interleave mid-change.
      const answer = handle(request);
      await parts.persist();
      const ok = answer.status >= 200 && answer.status < 300;
      if (ok && answer.created) parts.stats.created(answer.created.kind, answer.created.clientId);
      if (ok && parts.faults.dropAfterCommit()) {
        reply.hijack();
        reply.raw.destroy();
        return;
      }
      send(reply, answer);
    },
  };
}

export function params(request: FastifyRequest): Record<string, string> {
  return request.params as Record<string, string>;
}

export function query(request: FastifyRequest): Record<string, string | undefined> {
  const raw = (request.query ?? {}) as Record<string, string | string[] | undefined>;
  const flat: Record<string, string | undefined> = {};
  for (const [key, value] of Object.entries(raw)) flat[key] = Array.isArray(value) ? value[0] : value;
  return flat;
}

function positiveInteger(text: string | undefined): number | undefined {
  if (text === undefined || !/^\d+$/.test(text.trim())) return undefined;
  const value = Number(text);
  return value >= 1 ? value : undefined;
}

/** `page` (1-based, default 1) and `per_page` (default 25, at most 1000); headers Total and Per-Page. */
export function listAnswer<T>(request: FastifyRequest, items: readonly T[], serialize: (item: T) => unknown): Answer {
  const q = query(request);
  const page = positiveInteger(q.page) ?? 1;
  const perPage = Math.min(positiveInteger(q.per_page) ?? DEFAULT_PER_PAGE, MAX_PER_PAGE);
  const start = (page - 1) * perPage;
  return {
    status: 200,
    body: items.slice(start, start + perPage).map(serialize),
    headers: { Total: String(items.length), 'Per-Page': String(perPage) },
  };
}
