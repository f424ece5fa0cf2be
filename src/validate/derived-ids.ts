/**
 * Unit ids derived from a path below the top department (exports.md "The tree as a path"): each name a
 * readable slug, joined with `.`; a short stable hash when two paths give one slug or it grows too long.
 * Only `a-z`, `0-9`, `-` and `.` appear, so a derived id never needs escaping in a URL path.
 */
import { createHash } from 'node:crypto';

/** Longer derived ids are cut and carry the hash instead (the contract's limit). */
export const MAX_DERIVED_ID_LENGTH = 64;
const HASH_LENGTH = 8;

/** How two names are compared: trimmed, case- and whitespace-insensitively. */
export function nameKey(name: string): string {
  return name.replace(/\u00a0/g, ' ').trim().replace(/\s+/g, ' ').toLowerCase();
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

function hashOf(names: readonly string[]): string {
  return createHash('sha256').update(names.map(nameKey).join('\u0000')).digest('hex').slice(0, HASH_LENGTH);
}

/**
 * The derived id of each path (names below the top department), keyed as given. A path whose slug another
 * path shares, or that is too long, gets `-HASH` of its compared names: the same export always gives the
 * same ids, whatever the order of its rows.
 */
export function derivedIds(paths: ReadonlyMap<string, readonly string[]>): Map<string, string> {
  const slugs = new Map<string, string>();
  const holders = new Map<string, number>();
  for (const [key, names] of paths) {
    const id = names.map((name) => slug(name) || '-').join('.');
    slugs.set(key, id);
    holders.set(id, (holders.get(id) ?? 0) + 1);
  }
  const ids = new Map<string, string>();
  for (const [key, id] of slugs) {
    const names = paths.get(key)!;
    if ((holders.get(id) ?? 0) === 1 && id.length <= MAX_DERIVED_ID_LENGTH && !/(^|\.)-($|\.)/.test(id)) {
      ids.set(key, id);
      continue;
    }
    const suffix = `-${hashOf(names)}`;
    const stem = id.slice(0, MAX_DERIVED_ID_LENGTH - suffix.length).replace(/[.-]+$/, '');
    ids.set(key, `${stem}${suffix}`);
  }
  return ids;
}
