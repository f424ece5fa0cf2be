/** exports.md: ids derived from a path below the top department. */
import { describe, expect, it } from 'vitest';
import { derivedIds, slug } from '../../src/validate/derived-ids.js';

describe('derived ids', () => {
  it('make each name a readable slug: lower case, æ→ae, ø→oe, å→aa, accents dropped, anything else "-"', () => {
    expect(slug('Teknik og Miljø')).toBe('teknik-og-miljoe');
    expect(slug('  ÆBLE  Ålborg  ')).toBe('aeble-aalborg');
    expect(slug('Café Ünïcode & Co.')).toBe('cafe-unicode-co');
  });

  it('join the levels with "." and add a stable hash when two paths share a slug or the id grows past 64 characters', () => {
    const ids = derivedIds(new Map([
      ['a', ['Teknik og Miljø', 'Park og vej']],
      ['b', ['Teknik og Miljø', 'Park-og-vej']],
      ['c', ['Skole og Børn', 'Administration']],
      ['d', ['X'.repeat(70)]],
    ]));
    expect(ids.get('c')).toBe('skole-og-boern.administration');
    expect(ids.get('a')).toMatch(/^teknik-og-miljoe\.park-og-vej-[0-9a-f]{8}$/);
    expect(ids.get('b')).toMatch(/^teknik-og-miljoe\.park-og-vej-[0-9a-f]{8}$/);
    expect(ids.get('a')).not.toBe(ids.get('b'));
    expect(ids.get('d')!.length).toBeLessThanOrEqual(64);
    // Stable: the same paths in another order, or spelled with other case and spacing, give the same ids.
    const again = derivedIds(new Map([['b', ['teknik og  miljø', 'Park-og-vej']], ['a', ['Teknik og Miljø', 'PARK og vej']]]));
    expect(again.get('a')).toBe(ids.get('a'));
    expect(again.get('b')).toBe(ids.get('b'));
  });
});
