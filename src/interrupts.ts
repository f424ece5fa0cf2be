/**
 * Ctrl-C and SIGTERM, caught from the command's first moment. `cli/main.ts` catches them before anything
 * slow loads, so a signal that comes while the command line is still loading does not kill the process
 * without a word (no `--json` summary): it waits for whoever handles it once that is loaded (`cli/program.ts`,
 * then the running command), and is handed on at once. Shared like `errors.ts`: the command line handles
 * the signals, the app says when a run begins to send (before that an interrupt leaves at once, since
 * nothing is in flight) and `orgsync-import sandbox` waits for one. Imports nothing, so it loads in no time.
 */

export type InterruptHandler = (signal: NodeJS.Signals) => void;

let handler: InterruptHandler | undefined;
let caught = false;
const waiting: NodeJS.Signals[] = [];
let sending = false;

function received(signal: NodeJS.Signals): void {
  if (handler) handler(signal);
  else waiting.push(signal);
}

/** From now on SIGINT and SIGTERM no longer end the process by themselves: they wait for a handler. */
export function catchInterrupts(): void {
  if (caught) return;
  caught = true;
  process.on('SIGINT', received);
  process.on('SIGTERM', received);
}

/** `next` handles every signal from now on; one that came while nobody handled them is handed to it at once. */
export function handleInterrupts(next: InterruptHandler): void {
  catchInterrupts();
  handler = next;
  for (const signal of waiting.splice(0)) next(signal);
}

/** Resolves at the next Ctrl-C or SIGTERM (a command that runs until it is stopped). */
export function untilInterrupted(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => handleInterrupts(resolve));
}

/**
 * The run has begun to send writes (its journal is open): from now on an interrupt waits for the requests
 * in flight. Before, nothing is in flight that the journal must record, and an interrupt leaves at once.
 */
export function sendingBegins(): void {
  sending = true;
}

export function hasBegunSending(): boolean {
  return sending;
}
