/** The world a command talks to, injected so tests can run commands in-process. */
import type { Readable, Writable } from 'node:stream';
import type { RunEvents } from './events.js';
import type { Progress } from './progress.js';

export interface AppIO {
  stdout: Writable;
  stderr: Writable;
  stdin: Readable;
  /** Both stdin and stdout are terminals: prompts and progress bars are allowed. */
  interactive: boolean;
  /** ANSI colours allowed on stdout. */
  colour: boolean;
  /** Aborted on Ctrl-C: stop sending, finish what is in flight, record it. */
  signal?: AbortSignal;
  /** `--json`: the run's events, one JSON line each (app/events.ts). */
  events?: RunEvents;
  /** The phases' reporter when the output mode chooses one (`--json`, `--quiet`); else a bar or lines. */
  progress?: Progress;
}

export function println(stream: Writable, line = ''): void {
  stream.write(`${printable(line)}\n`);
}

/**
 * Text from a file (a value, an id, a sheet name) can carry control characters; printed raw, they would
 * drive the user's terminal (clear it, move the cursor, set the title or the clipboard). They are shown
 * as visible symbols instead; only colour sequences (ESC [ … m), tabs and line breaks pass.
 */
export function printable(text: string): string {
  return text.replace(/\u001b(?!\[[0-9;]*m)|[\u0000-\u0008\u000b-\u001a\u001c-\u001f\u007f-\u009f]/g, (c) => {
    const code = c.charCodeAt(0);
    return code < 0x20 ? String.fromCharCode(0x2400 + code) : code === 0x7f ? '\u2421' : '\ufffd';
  });
}
