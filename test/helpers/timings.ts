/**
 * Wall-clock figures that tests observe are recorded for `npm run bench -- timed`, never asserted: a test
 * on a loaded CI machine is slow, not wrong. With ORGSYNC_TIMINGS_FILE set (the benchmark sets it), each
 * figure is appended there as one JSON line with the bound it is held to; otherwise nothing is written.
 */
import { appendFileSync } from 'node:fs';
import { expect } from 'vitest';

export interface Timing {
  test: string;
  what: string;
  ms: number;
  boundMs: number;
}

export function recordTiming(what: string, ms: number, boundMs: number): void {
  const file = process.env.ORGSYNC_TIMINGS_FILE;
  if (!file) return;
  const timing: Timing = { test: expect.getState().currentTestName ?? '', what, ms: Math.round(ms), boundMs };
  appendFileSync(file, `${JSON.stringify(timing)}\n`);
}

/** Runs `work` and records how long it took against `boundMs`. */
export async function timed<T>(what: string, boundMs: number, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    recordTiming(what, performance.now() - started, boundMs);
  }
}
