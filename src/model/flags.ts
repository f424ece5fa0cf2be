/**
 * The leader flag's spellings (exports.md "The leader"): yes/no, ja/nej, true/false, 1/0, x or blank. One
 * list for the validator (reading a flag), a profile's value maps (what a flag takes) and the readers (a
 * "Manager" column of flags is the flag, one of people the person's manager).
 */
const YES: ReadonlySet<string> = new Set(['yes', 'ja', 'true', '1', 'x', 'y', 'j', 'sand']);
const NO: ReadonlySet<string> = new Set(['no', 'nej', 'false', '0', 'n', 'falsk']);

/** true: a leader; false: not (a blank cell too); undefined: no spelling of the flag. */
export function leaderFlag(text: string | null | undefined): boolean | undefined {
  const spelled = text?.trim().toLowerCase() ?? '';
  if (spelled === '' || NO.has(spelled)) return false;
  return YES.has(spelled) ? true : undefined;
}

/** The text is a spelling of the flag (a blank is not one). */
export function isLeaderFlag(text: string): boolean {
  return text.trim() !== '' && leaderFlag(text) !== undefined;
}
