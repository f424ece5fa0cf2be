/**
 * `orgsync-import map --init`: a starter profile from an export's own header rows. Each header is a
 * column the importer knows (by name or alias), a guess (marked, for the user to check), or unrecognised
 * (mapped to null: ignored until the user maps it). Nothing here is applied by itself: the user edits the
 * file and passes it with --map.
 */
import { SHEET_KINDS, type SheetKind } from '../model/sheet-kind.js';
import { canonicalColumn, columnsOf, normaliseName, SHEETS, sheetKindFromName } from './columns.js';
import type { SheetHead } from './read.js';
import type { PhysicalRow } from './sheet-source.js';
import { sheetWords } from '../words/sheets.js';

export interface StarterProfile {
  /** The profile as written to the file (notes under `_` keys, which the profile check skips). */
  json: Record<string, unknown>;
  recognised: number;
  guessed: number;
  unrecognised: number;
}

interface Reading {
  kind: SheetKind;
  headers: { header: string; column: string | null; guessed: boolean }[];
}

export function starterProfile(heads: readonly SheetHead[], source: string): StarterProfile {
  const sheets: Partial<Record<SheetKind, Record<string, string | null>>> = {};
  const guessed: Partial<Record<SheetKind, Record<string, string>>> = {};
  const unrecognised: Partial<Record<SheetKind, string[]>> = {};
  const counts = { recognised: 0, guessed: 0, unrecognised: 0 };
  for (const head of heads) {
    const reading = readHead(head);
    if (reading === null) continue;
    const headers = (sheets[reading.kind] ??= {});
    for (const { header, column, guessed: isGuess } of reading.headers) {
      if (header in headers) continue;
      headers[header] = column;
      if (column === null) {
        (unrecognised[reading.kind] ??= []).push(header);
        counts.unrecognised++;
      } else if (isGuess) {
        (guessed[reading.kind] ??= {})[header] = column;
        counts.guessed++;
      } else counts.recognised++;
    }
  }
  const json: Record<string, unknown> = {
    _about: sheetWords().starterProfileNote(source),
  };
  for (const kind of SHEET_KINDS) if (sheets[kind]) json[kind] = { headers: sheets[kind] };
  if (Object.keys(guessed).length > 0) json._guessed = guessed;
  if (Object.keys(unrecognised).length > 0) json._unrecognised = unrecognised;
  return { json, ...counts };
}

/**
 * The sheet's kind and header row: the row and kind whose headers name the most columns (a known header
 * counts twice a guess); a sheet's own name decides the kind when it names one. Null for an empty sheet.
 */
function readHead(head: SheetHead): Reading | null {
  const named = sheetKindFromName(head.sheetName);
  let best: { score: number; reading: Reading } | null = null;
  for (const row of head.rows) {
    for (const kind of named ? [named] : SHEET_KINDS) {
      const reading = readRow(kind, row);
      const score = reading.headers.reduce((sum, h) => sum + (h.column === null ? 0 : h.guessed ? 1 : 2), 0);
      if (best === null || score > best.score) best = { score, reading };
    }
  }
  return best?.reading ?? null;
}

function readRow(kind: SheetKind, row: PhysicalRow): Reading {
  const headers: Reading['headers'] = [];
  const taken = new Set<string>();
  for (const cell of row.cells) {
    if (!cell || cell.text === '') continue;
    const known = canonicalColumn(kind, cell.text);
    const column = known !== null && !taken.has(known) ? known : guessColumn(kind, cell.text, taken);
    if (column !== null) taken.add(column);
    headers.push({ header: cell.text, column, guessed: column !== null && column !== known });
  }
  return { kind, headers };
}

/** Letters and digits only: "Medarb.nr." and "medarbejder nr" compare as "medarbnr" and "medarbejdernr". */
function bare(text: string): string {
  return normaliseName(text).replace(/[^\p{L}\p{N}]/gu, '');
}

/**
 * A column the header probably means: one name contains the other (at least four letters), or they share
 * a beginning of at least five letters ("Medarb.nr." and "medarbejdernr"). The longest overlap wins.
 */
function guessColumn(kind: SheetKind, header: string, taken: ReadonlySet<string>): string | null {
  const written = bare(header);
  if (written.length < 3) return null;
  let best: { column: string; overlap: number } | null = null;
  for (const column of columnsOf(kind)) {
    if (taken.has(column.name)) continue;
    for (const alias of [column.name, column.english, column.danish, ...column.aliases].map(bare)) {
      const shorter = Math.min(alias.length, written.length);
      const contained = shorter >= 4 && (alias.includes(written) || written.includes(alias));
      const overlap = contained ? shorter : commonPrefix(alias, written);
      if ((contained || overlap >= 5) && overlap > (best?.overlap ?? 0)) best = { column: column.name, overlap };
    }
  }
  return best?.column ?? null;
}

function commonPrefix(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}
