/**
 * Unit ids derived from a path below the top department (exports.md "The tree as a path"): each name a
 * readable slug, joined with `.`; a short stable hash when the slug would not be the unit's alone (another
 * path gives it, or it is the top department's id or an id the export gives in an id column) or grows too
 * long. Only `a-z`, `0-9`, `-` and `.` appear, so a derived id never needs escaping in a URL path.
 */
import { createHash } from 'node:crypto';

/** Longer derived ids are cut and carry the hash instead (the contract's limit). */
export const MAX_DERIVED_ID_LENGTH = 64;
/**
 * The hash's length in hex digits; should two hashed ids still meet (or meet an id the export gives), each
 * of them takes the next length. Distinct names never give one SHA-256, so the last length ends it.
 */
const HASH_LENGTHS = [8, 16, 24] as const;

/** How two names are compared: trimmed, case- and whitespace-insensitively. */
export function nameKey(name: string): string {
  return name
    .replace(/\u00a0/g, ' ')
    .trim()
    .replace(/\s+/g, ' ')
    .toLowerCase();
}

/** One name as a slug: lower case, æ→ae, ø→oe, å→aa, other letters without accents, anything else `-`. */
export function slug(name: string): string {
  return nameKey(name)
    .replace(/æ/g, 'ae')
    .replace(/ø/g, 'oe')
    .replace(/å/g, 'aa')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

function hashOf(names: readonly string[], length: number): string {
  return createHash('sha256').update(names.map(nameKey).join('\u0000')).digest('hex').slice(0, length);
}

function withHash(id: string, names: readonly string[], length: number): string {
  const suffix = `-${hashOf(names, length)}`;
  const stem = id.slice(0, MAX_DERIVED_ID_LENGTH - suffix.length).replace(/[.-]+$/, '');
  return `${stem}${suffix}`;
}

/**
 * The derived id of each path (names below the top department), keyed as given. A path whose slug another
 * path shares, that is one of the `taken` ids (the top department's, those the export's id columns give),
 * or that is too long, gets `-HASH` of its compared names. The ids answered are distinct from each other
 * and from every taken id, and the same export always gives the same ids, whatever the order of its rows:
 * which paths get a hash depends on the set of paths and taken ids, never on their order.
 */
export function derivedIds(paths: ReadonlyMap<string, readonly string[]>, taken: ReadonlySet<string> = new Set()): Map<string, string> {
  const slugs = new Map<string, string>();
  const holders = new Map<string, number>();
  for (const [key, names] of paths) {
    const id = names.map((name) => slug(name) || '-').join('.');
    slugs.set(key, id);
    holders.set(id, (holders.get(id) ?? 0) + 1);
  }
  const ids = new Map<string, string>();
  const hashed: string[] = [];
  for (const [key, id] of slugs) {
    const alone = (holders.get(id) ?? 0) === 1 && !taken.has(id);
    if (alone && id.length <= MAX_DERIVED_ID_LENGTH && !/(^|\.)-($|\.)/.test(id)) ids.set(key, id);
    else hashed.push(key);
  }
  let waiting = hashed;
  for (const [round, length] of HASH_LENGTHS.entries()) {
    const attempt = new Map(waiting.map((key) => [key, withHash(slugs.get(key)!, paths.get(key)!, length)]));
    const count = new Map<string, number>();
    for (const id of attempt.values()) count.set(id, (count.get(id) ?? 0) + 1);
    const given = new Set(ids.values());
    const last = round === HASH_LENGTHS.length - 1;
    const meets = (id: string) => count.get(id)! > 1 || taken.has(id) || given.has(id);
    const next: string[] = [];
    for (const [key, id] of attempt) {
      if (meets(id) && !last) next.push(key);
      else ids.set(key, id);
    }
    waiting = next;
  }
  return ids;
}

/** The id of a top department the export names without an id: derived from its name as a path of one. */
export function derivedTopId(name: string): string {
  return derivedIds(new Map([['', [name]]])).get('')!;
}
