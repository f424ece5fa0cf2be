/**
 * Progress is an injected reporter: a bar per phase on a terminal, plain log lines otherwise, nothing
 * at all when asked to be quiet.
 */
import type cliProgressTypes from 'cli-progress';
import { createRequire } from 'node:module';
import type { Writable } from 'node:stream';
import { appRunWords } from '../words/app-run.js';
import { formatNumber, whenLanguageSettled } from '../words/language.js';

// Bars are drawn only on a terminal: load the library only then.
const require = createRequire(import.meta.url);
const loadBars = (): typeof cliProgressTypes => require('cli-progress') as typeof cliProgressTypes;

export interface Progress {
  /**
   * Starts a phase ("reading", "validating", "reading the service", "applying"); total null when unknown;
   * `startedAt` (Date.now()) when it began before it could be named (see phaseInRunLanguage).
   */
  phase(name: string, total: number | null, startedAt?: number): void;
  /** Moves the current phase to `done` (absolute). */
  update(done: number, total?: number | null): void;
  /** Ends the current phase with a line that says what it did. */
  end(message?: string): void;
}

/** Plain lines: one when a phase starts, one every ~10% (at most every 2 s) and one at the end. */
export function lineProgress(stream: Writable, clock: () => number = Date.now): Progress {
  let name = '';
  let started = 0;
  let lastPrinted = 0;
  let lastShare = 0;
  let total: number | null = null;
  return {
    phase(phaseName, phaseTotal, startedAt) {
      name = phaseName;
      total = phaseTotal;
      started = startedAt ?? clock();
      lastPrinted = started;
      lastShare = 0;
      stream.write(`${name}${total !== null ? ` (${formatNumber(total)})` : ''}…\n`);
    },
    update(done, newTotal) {
      if (newTotal !== undefined) total = newTotal;
      const now = clock();
      const share = total ? done / total : 0;
      if (total && share - lastShare >= 0.1 && now - lastPrinted >= 2000) {
        lastShare = share;
        lastPrinted = now;
        stream.write(`${name}: ${formatNumber(done)}/${formatNumber(total)}\n`);
      }
    },
    end(message) {
      const seconds = ((clock() - started) / 1000).toFixed(1);
      stream.write(`${name}: ${message ?? appRunWords().phaseDone} (${seconds} s)\n`);
    },
  };
}

/**
 * A phase that begins before the workbook has chosen the run's language (reading it is how it chooses):
 * its first line waits until the language is settled, or until the phase ends, so a Danish workbook's
 * run does not open with an English line. The time it reports still counts from now.
 */
export function phaseInRunLanguage(progress: Progress, name: () => string, total: number | null = null): { end(message?: string): void } {
  const startedAt = Date.now();
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    progress.phase(name(), total, startedAt);
  };
  const stopWaiting = whenLanguageSettled(start);
  return {
    end(message) {
      stopWaiting();
      start();
      progress.end(message);
    },
  };
}

/**
 * The rate over the last few seconds and the time left at that rate: an average since the start hides a
 * slowdown for minutes when a phase has 300,000 operations.
 */
export function recentRate(windowMs = 5000, clock: () => number = Date.now) {
  let samples: { at: number; done: number }[] = [];
  return {
    reset() {
      samples = [{ at: clock(), done: 0 }];
    },
    /** Operations per second over the window, and the seconds left for `total` (null when unknown). */
    add(done: number, total: number | null): { rate: number; secondsLeft: number | null } {
      const now = clock();
      if (now - (samples.at(-1)?.at ?? 0) >= 250) samples.push({ at: now, done });
      while (samples.length > 2 && now - samples[1]!.at > windowMs) samples.shift();
      const first = samples[0] ?? { at: now, done };
      const rate = (done - first.done) / Math.max(0.001, (now - first.at) / 1000);
      const secondsLeft = total && rate > 0 ? Math.max(0, total - done) / rate : null;
      return { rate, secondsLeft };
    },
  };
}

function formatLeft(seconds: number | null): string {
  if (seconds === null) return '';
  const whole = Math.round(seconds);
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = whole % 60;
  return appRunWords().timeLeft(h, m, s);
}

/** A cli-progress bar per phase, with counts, the recent rate and the time left. */
export function barProgress(stream: Writable): Progress {
  const cliProgress = loadBars();
  let bar: cliProgressTypes.SingleBar | null = null;
  let name = '';
  let started = 0;
  let phaseTotal: number | null = null;
  const rate = recentRate();
  return {
    phase(phaseName, total, startedAt) {
      bar?.stop();
      name = phaseName;
      started = startedAt ?? Date.now();
      bar = new cliProgress.SingleBar(
        {
          stream: stream as NodeJS.WritableStream,
          format: `${phaseName.padEnd(20)} {bar} {value}/{total} {rate}/s{left}`,
          hideCursor: true,
          clearOnComplete: true,
          etaBuffer: 50,
        },
        cliProgress.Presets.shades_classic,
      );
      phaseTotal = total;
      rate.reset();
      bar.start(total ?? 0, 0, { rate: '0', left: '' });
    },
    update(done, total) {
      if (!bar) return;
      if (total !== undefined && total !== null) {
        bar.setTotal(total);
        phaseTotal = total;
      }
      const recent = rate.add(done, phaseTotal);
      bar.update(done, { rate: recent.rate.toFixed(0), left: formatLeft(recent.secondsLeft) });
    },
    end(message) {
      bar?.stop();
      bar = null;
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      stream.write(`${name}: ${message ?? appRunWords().phaseDone} (${seconds} s)\n`);
    },
  };
}

/** Several reporters as one: the JSON events and the human lines on stderr. */
export function bothProgress(...reporters: Progress[]): Progress {
  return {
    phase: (name, total, startedAt) => {
      for (const r of reporters) r.phase(name, total, startedAt);
    },
    update: (done, total) => {
      for (const r of reporters) r.update(done, total);
    },
    end: (message) => {
      for (const r of reporters) r.end(message);
    },
  };
}

/** A reporter that says nothing (`--quiet`). */
export const silentProgress: Progress = { phase() {}, update() {}, end() {} };
