/**
 * The view of a command's run, chosen once from `--json` and `--quiet`, and where its words go. `--json`:
 * stdout carries only the JSON events, the human text goes to stderr. `--quiet`: the human text is held
 * back and shown (on stderr) only when the run does not end with exit 0, so a scheduler that mails
 * whatever a job prints mails only failures. Both leave nobody to answer a question: applying needs `--yes`.
 */
import { Writable, type Readable } from 'node:stream';
import type { RunError } from '../errors.js';
import { colourFor } from '../report/summary.js';
import type { JsonEvents } from './events.js';
import type { AppIO } from './io.js';
import { bothProgress, lineProgress, silentProgress } from './progress.js';
import type { RunView } from './run-view.js';
import { TextView } from './text-view.js';
import { appOutputWords } from '../words/app-output.js';

export { outputModeOf, type OutputMode } from './output-flags.js';
import type { OutputMode } from './output-flags.js';

/** The most held text kept for a failure (the beginning: the problems are said first). */
const HELD_LIMIT = 4 << 20;

/** Text kept in memory until the run's outcome is known. */
export class HeldText extends Writable {
  private chunks: string[] = [];
  private size = 0;
  private dropped = false;

  override _write(chunk: Buffer | string, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    const text = chunk.toString();
    if (this.size + text.length <= HELD_LIMIT) {
      this.chunks.push(text);
      this.size += text.length;
    } else {
      this.dropped = true;
    }
    callback();
  }

  /** Writes what was held to `target`, once. */
  release(target: { write(text: string): unknown }): void {
    const text = this.chunks.join('');
    this.chunks = [];
    this.size = 0;
    if (text !== '') target.write(text);
    if (this.dropped) target.write(`${appOutputWords().moreLeftOut}\n`);
    this.dropped = false;
  }
}

export interface Streams {
  stdout: Writable & { isTTY?: boolean };
  stderr: Writable & { isTTY?: boolean };
  stdin: Readable & { isTTY?: boolean };
}

export class RunOutput {
  readonly events: JsonEvents | undefined;
  private readonly held: HeldText | undefined;

  /** `events`: the JSON events written to stdout, under --json (made by the caller, which loads them only then). */
  constructor(
    readonly mode: OutputMode,
    private readonly streams: Streams,
    events: JsonEvents | undefined,
  ) {
    this.events = events;
    this.held = mode.quiet ? new HeldText() : undefined;
  }

  /** The terminal of a command: its words (held back under --quiet, on stderr under --json). */
  io(): AppIO {
    const { stdout, stderr, stdin } = this.streams;
    const humanOut = this.held ?? (this.mode.json ? stderr : stdout);
    return {
      stdout: humanOut,
      stderr: this.held ?? stderr,
      stdin,
      interactive: !this.mode.json && !this.mode.quiet && Boolean(stdin.isTTY && stdout.isTTY),
      colour: !this.held && colourFor(humanOut as { isTTY?: boolean }),
    };
  }

  /** The view of a run: its words on the terminal, and under --json its events beside them. */
  view(): RunView {
    const io = this.io();
    if (this.events) {
      const progress = this.held ? this.events.progress : bothProgress(this.events.progress, lineProgress(this.streams.stderr));
      return this.events.view(new TextView(io, progress), progress);
    }
    return this.held ? new TextView(io, silentProgress) : new TextView(io);
  }

  /** Shows the held text now (before an error's message). */
  releaseHeld(): void {
    this.held?.release(this.streams.stderr);
  }

  /** The run ended: held text only for a failure, and the closing JSON line. */
  finish(exitCode: number, error?: RunError): void {
    if (exitCode !== 0) this.releaseHeld();
    this.events?.close(exitCode, error);
  }
}
