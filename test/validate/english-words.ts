/**
 * Common English words no Danish message may contain (none of them a Danish word too: not "have",
 * "person", "at", "to", "give"). Quoted values, column names (`employee_id`), flags (`--date-order`)
 * and the accepted English spellings a message names in brackets ("(female/male)", "(department)")
 * are not sentences and are left out before looking.
 */
const ENGLISH = new Set(
  ('the is are not with has this that which who from into already must cannot will would should ' +
    'row rows column sheet cell empty employee department service workbook write use correct remove delete ' +
    'date name names leader parent unit path their they it its one two of in on be as if or no more').split(' '),
);

/** The English words of a message's own prose, in order; [] for a message in Danish. */
export function englishWordsIn(message: string): string[] {
  const prose = message
    .replace(/"[^"]*"/g, ' ')
    .replace(/--[a-z-]+/g, ' ')
    .replace(/\b[a-z]+(_[a-z0-9]+)+\b/g, ' ')
    .replace(/\([^()]*\/[^()]*\)|\([a-z]+\)/g, ' ');
  return (prose.toLowerCase().match(/[a-zæøå]+/g) ?? []).filter((word) => ENGLISH.has(word));
}
