/**
 * What zod says is wrong with a value of a file the importer reads (the configuration file, a saved plan,
 * an approvals file). English keeps zod's own sentences word for word; Danish says the same in plain words.
 * Pass `schemaProblems` as the parse's error map: `schema.safeParse(value, { error: schemaProblems })`.
 */
import type { z } from 'zod';
import { phrasebook, plural } from './language.js';

type RawIssue = z.core.$ZodRawIssue;

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

const DANISH_KINDS: Record<string, string> = {
  string: 'en tekst',
  number: 'et tal',
  int: 'et helt tal',
  boolean: 'true eller false',
  object: 'et objekt',
  array: 'en liste',
  null: 'null',
  undefined: 'ingenting',
};

const danishKind = (kind: string): string => DANISH_KINDS[kind] ?? kind;
const shown = (value: unknown): string => (typeof value === 'string' ? `"${value}"` : String(value));

function danish(issue: RawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return `ugyldig værdi: forventede ${danishKind(issue.expected)}, fik ${danishKind(kindOf(issue.input))}`;
    case 'invalid_value':
      return issue.values.length === 1
        ? `ugyldig værdi: forventede ${shown(issue.values[0])}`
        : `ugyldigt valg: forventede en af ${issue.values.map(shown).join(' | ')}`;
    case 'too_small':
      if (issue.origin === 'string') return `for kort: skal have mindst ${String(issue.minimum)} tegn`;
      if (issue.origin === 'array') return `for få: skal have mindst ${String(issue.minimum)} elementer`;
      return `for lille: skal være ${issue.inclusive ? 'mindst' : 'større end'} ${String(issue.minimum)}`;
    case 'too_big':
      if (issue.origin === 'string') return `for lang: må højst have ${String(issue.maximum)} tegn`;
      if (issue.origin === 'array') return `for mange: må højst have ${String(issue.maximum)} elementer`;
      return `for stor: skal være ${issue.inclusive ? 'højst' : 'mindre end'} ${String(issue.maximum)}`;
    case 'unrecognized_keys':
      return `${plural(issue.keys.length, 'ukendt nøgle', 'ukendte nøgler')}: ${issue.keys.map(shown).join(', ')}`;
    case 'invalid_union':
      return 'ugyldig værdi: passer ikke til nogen af de tilladte former';
    default:
      return 'ugyldig værdi';
  }
}

const words = phrasebook<{ problem: (issue: RawIssue) => string | undefined }>({
  // Undefined: zod's own English sentence.
  en: { problem: () => undefined },
  da: { problem: danish },
});

/** zod's error map in the run's language. */
export const schemaProblems = (issue: RawIssue): string | undefined => words().problem(issue);
