/**
 * Counters the tests and benchmarks read: requests, writes, successful creates per entity, and requests per route.
 */
import type { CreateKind, SandboxStats } from '../types.js';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export class StatsRecorder {
  private stats: SandboxStats = StatsRecorder.empty();

  private static empty(): SandboxStats {
    return { requests: 0, writes: 0, successfulCreates: {}, byRoute: {} };
  }

  static isWrite(method: string): boolean {
    return WRITE_METHODS.has(method);
  }

  request(method: string, routePattern: string | undefined): void {
    this.stats.requests += 1;
    if (StatsRecorder.isWrite(method)) this.stats.writes += 1;
    const key = `${method} ${routePattern ?? '(no route)'}`;
    this.stats.byRoute[key] = (this.stats.byRoute[key] ?? 0) + 1;
  }

  created(kind: CreateKind, clientId: string): void {
    const key = `${kind}:${clientId}`;
    this.stats.successfulCreates[key] = (this.stats.successfulCreates[key] ?? 0) + 1;
  }

  read(): SandboxStats {
    return structuredClone(this.stats);
  }

  reset(): void {
    this.stats = StatsRecorder.empty();
  }
}
