/**
 * Fault injection for tests and benchmarks: latency, a share of 503s, 429 above a request rate, and writes
 * that are committed and then answered with a dropped connection. Seeded, so a test run is repeatable.
 */
import type { FaultOptions } from '../types.js';

/** mulberry32: small, fast, good enough for fault shares. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface Refusal {
  status: 429 | 503;
  retryAfterSeconds: number;
}

export class FaultInjector {
  private faults: FaultOptions = {};
  private random: () => number = Math.random;
  private recent: number[] = [];

  constructor(faults: FaultOptions = {}) {
    this.set(faults);
  }

  set(faults: FaultOptions): void {
    this.faults = { ...faults };
    this.random = seededRandom(faults.seed ?? Math.floor(Math.random() * 2 ** 32));
    this.recent = [];
  }

  get latencyMs(): number {
    return Math.max(0, this.faults.latencyMs ?? 0);
  }

  private get retryAfterSeconds(): number {
    return Math.max(0, Math.ceil(this.faults.retryAfterSeconds ?? 1));
  }

  /** Decides, for a request arriving now, whether it is refused before anything is done. */
  refusal(nowMs: number): Refusal | null {
    const limit = this.faults.rateLimitPerSecond;
    if (limit !== undefined && limit > 0) {
      while (this.recent.length > 0 && this.recent[0]! <= nowMs - 1000) this.recent.shift();
      if (this.recent.length >= limit) return { status: 429, retryAfterSeconds: this.retryAfterSeconds };
      this.recent.push(nowMs);
    }
    const rate = this.faults.unavailableRate ?? 0;
    if (rate > 0 && this.random() < rate) return { status: 503, retryAfterSeconds: this.retryAfterSeconds };
    return null;
  }

  /** For a committed write: drop the connection instead of answering. */
  dropAfterCommit(): boolean {
    const rate = this.faults.dropAfterCommitRate ?? 0;
    return rate > 0 && this.random() < rate;
  }
}
