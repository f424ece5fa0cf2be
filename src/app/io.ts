/** The world a command talks to, injected so tests can run commands in-process. */
import type { Readable, Writable } from 'node:stream';

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
}

export function println(stream: Writable, line = ''): void {
  stream.write(`${line}\n`);
}
