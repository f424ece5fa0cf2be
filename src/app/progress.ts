/**
 * Progress is an injected reporter: a bar per phase on a terminal, plain log lines otherwise, nothing
 * at all when asked to be quiet.
 */
import type cliProgressTypes from 'cli-progress';
import { createRequire } from 'node:module';
import type { Writable } from 'node:stream';

// Bars are drawn only on a terminal: load the library only then.
const require = createRequire(import.meta.url);
const loadBars = (): typeof cliProgressTypes => require('cli-progress') as typeof cliProgressTypes;

export interface Progress {
  /** Starts a phase ("reading", "validating", "reading the service", "applying"); total null when unknown. */
  phase(name: string, total: number | null): void;
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
    phase(phaseName, phaseTotal) {
      name = phaseName;
      total = phaseTotal;
      started = clock();
      lastPrinted = started;
      lastShare = 0;
      stream.write(`${name}${total !== null ? ` (${total})` : ''}…\n`);
    },
    update(done, newTotal) {
      if (newTotal !== undefined) total = newTotal;
      const now = clock();
      const share = total ? done / total : 0;
      if (total && share - lastShare >= 0.1 && now - lastPrinted >= 2000) {
        lastShare = share;
        lastPrinted = now;
        stream.write(`${name}: ${done}/${total}\n`);
      }
    },
    end(message) {
      const seconds = ((clock() - started) / 1000).toFixed(1);
      stream.write(`${name}: ${message ?? 'done'} (${seconds} s)\n`);
    },
  };
}

/** A cli-progress bar per phase, with counts and rate. */
export function barProgress(stream: Writable): Progress {
  const cliProgress = loadBars();
  let bar: cliProgressTypes.SingleBar | null = null;
  let name = '';
  let started = 0;
  return {
    phase(phaseName, total) {
      bar?.stop();
      name = phaseName;
      started = Date.now();
      bar = new cliProgress.SingleBar(
        {
          stream: stream as NodeJS.WritableStream,
          format: `${phaseName.padEnd(20)} {bar} {value}/{total} {rate}/s`,
          hideCursor: true,
          clearOnComplete: true,
          etaBuffer: 50,
        },
        cliProgress.Presets.shades_classic,
      );
      bar.start(total ?? 0, 0, { rate: '0' });
    },
    update(done, total) {
      if (!bar) return;
      if (total !== undefined && total !== null) bar.setTotal(total);
      const seconds = Math.max(0.001, (Date.now() - started) / 1000);
      bar.update(done, { rate: (done / seconds).toFixed(0) });
    },
    end(message) {
      bar?.stop();
      bar = null;
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      stream.write(`${name}: ${message ?? 'done'} (${seconds} s)\n`);
    },
  };
}
