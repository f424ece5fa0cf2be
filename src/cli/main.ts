#!/usr/bin/env node
/**
 * The command's first module. Before the command line itself is loaded (program.ts: commander, the words,
 * the command's stages), it settles the folder the command runs in and starts the thread that will read a
 * large workbook named on the command line (sheets/threads/early-reader.ts), so that thread's start-up overlaps
 * the command line's instead of following it. Nothing of the command line is loaded here: `--version` pays for none of it.
 * Before all that it catches Ctrl-C and SIGTERM (src/interrupts.ts), so no signal goes unanswered while the rest loads.
 */
import { catchInterrupts } from '../interrupts.js';
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { runInInvokingFolder } from './invoking-folder.js';

/**
 * From this size on, a zip file named on the command line gets its reading thread at once. The reader
 * takes a thread for 10 MB of sheet XML and more (sheets/threads/xlsx-reading.ts); writers compress that to 2–6
 * MB. A smaller workbook that still needs the thread starts it a little later, as before; a larger one that
 * does not costs a thread's start-up on the other core, stopped when the reader reads in-thread.
 */
const EARLY_READER_MIN_FILE_BYTES = 2 * 1024 * 1024;

/** The first argument naming a zip file (a workbook, whatever its name) large enough to be read in a thread. */
function largeWorkbookNamed(args: readonly string[]): string | undefined {
  for (const arg of args) {
    if (arg.startsWith('-')) continue;
    try {
      const stat = statSync(arg, { throwIfNoEntry: false });
      if (!stat?.isFile() || stat.size < EARLY_READER_MIN_FILE_BYTES) continue;
      const head = Buffer.alloc(4);
      const fd = openSync(arg, 'r');
      try {
        readSync(fd, head, 0, 4, 0);
      } finally {
        closeSync(fd);
      }
      if (head.readUInt32LE(0) === 0x04034b50) return arg;
    } catch {
      // Not readable now: the command says why when it reads it.
    }
  }
  return undefined;
}

// First of all: a Ctrl-C while the rest loads waits for program.ts, which ends the run in words (and the
// one `--json` summary line) instead of the process dying silently.
catchInterrupts();
try {
  runInInvokingFolder();
} catch {
  // program.ts tries again where a failure is reported in a sentence (a folder gone since npm started).
}
const workbook = largeWorkbookNamed(process.argv.slice(2));
if (workbook !== undefined) (await import('../sheets/threads/early-reader.js')).startReaderEarly(workbook);
await import('./program.js');
