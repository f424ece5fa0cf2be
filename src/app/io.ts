/**
 * The terminal a command talks to, injected so tests can run commands in-process: a run's text view
 * (text-view.ts) writes to it, and so do the commands that are not runs (history, template, map, sandbox).
 */
import type { Readable, Writable } from 'node:stream';

export interface AppIO {
  stdout: Writable;
  stderr: Writable;
  stdin: Readable;
  /** Both stdin and stdout are terminals: prompts and progress bars are allowed. */
  interactive: boolean;
  /** ANSI colours allowed on stdout. */
  colour: boolean;
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
