#!/usr/bin/env node
/**
 * The command's first module. Before the command line itself is loaded (program.ts: commander, the words,
 * the command's stages), it settles the folder the command runs in. Nothing of the command line is loaded
 * here: `--version` pays for none of it.
 */
import { runInInvokingFolder } from './invoking-folder.js';

try {
  runInInvokingFolder();
} catch {
  // program.ts tries again where a failure is reported in a sentence (a folder gone since npm started).
}
await import('./program.js');
