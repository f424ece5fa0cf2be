#!/usr/bin/env node
/**
 * The command's first module. Before the command line itself is loaded (program.ts: commander, the words,
 * the command's stages), it catches Ctrl-C and SIGTERM (src/interrupts.ts), so no signal goes unanswered while
 * the rest loads, and settles the folder the command runs in. Nothing of the command line is loaded here:
 * `--version` pays for none of it.
 */
import { catchInterrupts } from '../interrupts.js';
import { runInInvokingFolder } from './invoking-folder.js';

// First of all: a Ctrl-C while the rest loads waits for program.ts, which ends the run in words (and the
// one `--json` summary line) instead of the process dying silently.
catchInterrupts();
try {
  runInInvokingFolder();
} catch {
  // program.ts tries again where a failure is reported in a sentence (a folder gone since npm started).
}
await import('./program.js');
