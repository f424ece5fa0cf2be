/** `--json` and `--quiet`, read from the arguments before they are parsed (output-mode.ts says what they do). */

export interface OutputMode {
  json: boolean;
  quiet: boolean;
}

/** Read from the arguments before they are parsed: a usage error must end with a JSON line too. */
export function outputModeOf(argv: readonly string[]): OutputMode {
  const options = argv.includes('--') ? argv.slice(0, argv.indexOf('--')) : argv;
  return { json: options.includes('--json'), quiet: options.includes('--quiet') };
}
