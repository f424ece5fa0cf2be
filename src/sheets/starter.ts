/**
 * `orgsync-import map --init`: a starter profile from an export's own header rows and the values below
 * them (exports.md "A starter profile that guesses right"). Each header is a column the importer knows
 * by name or alias, a guess (marked, for the user to check), or unrecognised (mapped to null: ignored
 * until the user maps it). The values decide with the words: a header is mapped to a column only when
 * the importer can read its values as that column. Nothing here is applied by itself: the user edits
 * the file and passes it with --map.
 */
import { SHEET_KINDS, type SheetKind } from '../model/sheet-kind.js';
import { canonicalColumn, columnsOf, missingRequired, normaliseName, SHEETS, sheetKindFromName } from './columns.js';
import { looksLikeIds, pathSeparatorOf, READABLE_SHARE, verdictFor, type Misfit, type ValueChecks } from './column-values.js';
import type { SheetHead } from './read.js';
import type { PhysicalRow } from './sheet-source.js';
import type { RawCell } from './types.js';
import { sheetWords } from '../words/sheets.js';
import { workbookLanguage } from '../words/language.js';
import { languageOfSheet } from './recognise.js';

export interface StarterProfile {
  /** The profile as written to the file (notes under `_` keys, which the profile check skips). */
  json: Record<string, unknown>;
  recognised: number;
  guessed: number;
  unrecognised: number;
  /** What an import with this profile still lacks, one sentence each. */
  lacks: string[];
}

interface Placed {
  header: string;
  column: string | null;
  guessed: boolean;
  dateFormat?: string;
  /** Why the header is not mapped, or what to check about it. */
  note?: string;
}

interface Reading {
  kind: SheetKind;
  sheetName: string;
  /** Index of the header row among the head's rows. */
  header: number;
  score: number;
}

export function starterProfile(heads: readonly SheetHead[], source: string, checks: ValueChecks): StarterProfile {
  const readings = heads.map((head) => ({ head, reading: readHead(head) }));
  // The sheets choose the run's language as they do for validate (recognise.ts), before a word is said.
  for (const { head, reading } of readings) {
    if (reading === null || !placeable(reading, head)) continue;
    const written = languageOfSheet(reading.kind, head.sheetName, head.rows[reading.header]);
    if (written) {
      workbookLanguage(written);
      break;
    }
  }
  const words = sheetWords();
  const json: Record<string, unknown> = { _about: words.starterProfileNote(source) };
  const notes = {
    guessed: {} as Record<string, Record<string, string>>,
    unrecognised: {} as Record<string, string[]>,
    check: {} as Record<string, Record<string, string>>,
  };
  const sheets: Record<string, string> = {};
  const notPlaced: Record<string, string> = {};
  const counts = { recognised: 0, guessed: 0, unrecognised: 0 };
  const lacks: string[] = [];
  const sections: Partial<Record<SheetKind, Record<string, unknown>>> = {};
  // The sheet that names a kind's columns best is that kind's; a second one of the kind is listed.
  const ranked = [...readings].sort((a, b) => (b.reading?.score ?? 0) - (a.reading?.score ?? 0));
  const placedKinds = new Map<SheetKind, SheetHead>();
  for (const { head, reading } of ranked) {
    if (reading === null || !placeable(reading, head)) {
      notPlaced[head.sheetName] = words.sheetNotPlaced;
      continue;
    }
    const first = placedKinds.get(reading.kind);
    if (first) {
      notPlaced[head.sheetName] = words.sheetKindTaken(first.sheetName, SHEETS[reading.kind]);
      continue;
    }
    placedKinds.set(reading.kind, head);
  }
  for (const { head, reading } of readings) {
    if (reading === null || placedKinds.get(reading.kind) !== head) continue;
    const kind = reading.kind;
    sheets[kind] = head.sheetName;
    const placed = placeColumns(kind, head.rows[reading.header]!, head.rows.slice(reading.header + 1), checks);
    const headers: Record<string, string | null> = {};
    const dates: Record<string, string> = {};
    for (const { header, column, guessed, dateFormat, note } of placed) {
      headers[header] = column;
      if (dateFormat !== undefined && column !== null) dates[column] = dateFormat;
      if (note !== undefined) (notes.check[kind] ??= {})[header] = note;
      if (column === null) {
        (notes.unrecognised[kind] ??= []).push(header);
        counts.unrecognised++;
      } else if (guessed) {
        (notes.guessed[kind] ??= {})[header] = column;
        counts.guessed++;
      } else counts.recognised++;
    }
    sections[kind] = Object.keys(dates).length > 0 ? { headers, dates } : { headers };
    const mapped = new Set(placed.flatMap(({ column }) => (column === null ? [] : [column])));
    const email = placed.find(({ column }) => column === 'email')?.header;
    for (const column of missingRequired(kind, mapped)) {
      lacks.push(
        column === 'employee_id' && email !== undefined ? words.emailAsId(SHEETS[kind], email) : words.importLacks(SHEETS[kind], column),
      );
    }
  }
  for (const kind of SHEET_KINDS) if (sections[kind]) json[kind] = sections[kind];
  if (Object.keys(sheets).length > 0) json._sheets = sheets;
  if (Object.keys(notPlaced).length > 0) json._not_placed = notPlaced;
  if (Object.keys(notes.guessed).length > 0) json._guessed = notes.guessed;
  if (Object.keys(notes.unrecognised).length > 0) json._unrecognised = notes.unrecognised;
  if (Object.keys(notes.check).length > 0) json._check = notes.check;
  if (lacks.length > 0) json._lacks = lacks;
  return { json, ...counts, lacks };
}

/**
 * A sheet is placed as its kind when its name names the kind, or its headers name one of the kind's
 * required columns (a path for a unit list): a lookup list of codes is none of the sheets.
 */
function placeable(reading: Reading, head: SheetHead): boolean {
  if (sheetKindFromName(head.sheetName) === reading.kind) return true;
  const known = new Set<string>();
  for (const cell of head.rows[reading.header]?.cells ?? []) {
    const column = cell ? canonicalColumn(reading.kind, cell.text) : null;
    if (column !== null) known.add(column);
  }
  const required = SHEETS[reading.kind].columns.filter((c) => c.required).map((c) => c.name);
  return (
    required.some((column) => known.has(column)) || (reading.kind === 'organisation' && (known.has('unit_path') || known.has('level_1')))
  );
}

/**
 * The sheet's kind and header row: the row and kind whose headers name the most columns (a known header
 * counts twice a guess); a sheet's own name decides the kind when it names one. Null for an empty sheet.
 */
function readHead(head: SheetHead): Reading | null {
  const named = sheetKindFromName(head.sheetName);
  let best: Reading | null = null;
  for (const [index, row] of head.rows.slice(0, 10).entries()) {
    for (const kind of named ? [named] : SHEET_KINDS) {
      let score = 0;
      const taken = new Set<string>();
      for (const cell of row.cells) {
        if (!cell || cell.text === '') continue;
        const known = canonicalColumn(kind, cell.text);
        if (known !== null) score += 2;
        else if (wordGuesses(kind, cell.text, taken).length > 0) score += 1;
      }
      if (best === null || score > best.score) best = { kind, sheetName: head.sheetName, header: index, score };
    }
  }
  return best;
}

/**
 * Each header's column: first every exact name or alias (an alias always beats a guess), then guesses by
 * the words, then by the values alone (e-mail addresses, paths). A header is mapped only to a column
 * whose values the importer can read; otherwise it stays null with a note saying why.
 */
function placeColumns(kind: SheetKind, headerRow: PhysicalRow, rows: readonly PhysicalRow[], checks: ValueChecks): Placed[] {
  const columns: { header: string; cells: RawCell[]; placed: Placed }[] = [];
  const seen = new Set<string>();
  for (const [index, cell] of headerRow.cells.entries()) {
    if (!cell || cell.text === '' || seen.has(cell.text)) continue;
    seen.add(cell.text);
    const cells = rows.flatMap((row) => (row.cells[index] ? [row.cells[index]] : []));
    columns.push({ header: cell.text, cells, placed: { header: cell.text, column: null, guessed: false } });
  }
  const taken = new Set<string>();
  const words = sheetWords();
  const take = (entry: (typeof columns)[number], column: string, guessed: boolean, dateFormat: string | undefined) => {
    taken.add(column);
    entry.placed = { ...entry.placed, column, guessed, ...(dateFormat !== undefined && { dateFormat }) };
  };
  const exact = new Set<(typeof columns)[number]>();
  for (const entry of columns) {
    const known = canonicalColumn(kind, entry.header);
    if (known === null) continue;
    exact.add(entry);
    if (taken.has(known)) continue;
    const verdict = verdictFor(kind, known, entry.cells, checks);
    if (verdict.fits) take(entry, known, false, verdict.dateFormat);
    else entry.placed.note = misfitNote(known, verdict);
  }
  const offers = (column: string) => !taken.has(column) && columnsOf(kind).some((c) => c.name === column);
  // A column of paths is the unit path whatever its everyday header says ("Enhed", "Department").
  for (const entry of columns) {
    if (exact.has(entry) || !offers('unit_path')) continue;
    const separator = pathSeparatorOf(entry.cells);
    if (separator === null) continue;
    take(entry, 'unit_path', true, undefined);
    entry.placed.note = words.pathsByValues(separator);
  }
  for (const entry of columns) {
    if (exact.has(entry) || entry.placed.column !== null) continue;
    let rejected: { column: string; misfit: Misfit } | undefined;
    for (const column of wordGuesses(kind, entry.header, taken)) {
      const verdict = verdictFor(kind, column, entry.cells, checks);
      if (verdict.fits) {
        take(entry, column, true, verdict.dateFormat);
        break;
      }
      rejected ??= { column, misfit: verdict };
    }
    if (entry.placed.column === null && rejected) entry.placed.note = misfitNote(rejected.column, rejected.misfit);
  }
  const id = kind === 'employees' ? 'employee_id' : kind === 'organisation' ? 'id' : null;
  for (const entry of columns) {
    if (exact.has(entry) || entry.placed.column !== null || entry.placed.note !== undefined) continue;
    const texts = entry.cells.map((cell) => cell.text).filter((text) => text !== '');
    if (texts.length === 0) continue;
    if (offers('email') && texts.filter(checks.email).length >= texts.length * READABLE_SHARE) {
      take(entry, 'email', true, undefined);
      entry.placed.note = words.emailsByValues;
    } else if (id !== null && offers(id) && looksLikeIds(entry.cells)) {
      take(entry, id, true, undefined);
      entry.placed.note = words.idByValues(id);
    }
  }
  return columns.map(({ placed }) => placed);
}

function misfitNote(column: string, misfit: Misfit): string {
  const words = sheetWords();
  switch (misfit.why) {
    case 'codes':
      return words.holdsCodes(column, misfit.examples);
    case 'names':
      return column === 'is_manager' ? words.namesNotAFlag(misfit.examples) : words.holdsNames(column, misfit.examples);
    case 'not_unique':
      return words.notUnique(column);
    case 'date_order':
      return words.dateOrderUnknown(column, misfit.examples);
    case 'unreadable':
      return words.valuesNotRead(column, misfit.examples);
  }
}

/** Letters and digits only: "Medarb.nr." and "medarbejder nr" compare as "medarbnr" and "medarbejdernr". */
function bare(text: string): string {
  return normaliseName(text).replace(/[^\p{L}\p{N}]/gu, '');
}

/**
 * The columns the header's words may mean, the likeliest first: one name contains the other (at least
 * four letters), or they share a beginning of at least five letters ("Medarb.nr." and "medarbejdernr").
 * The longer the overlap, the likelier.
 */
function wordGuesses(kind: SheetKind, header: string, taken: ReadonlySet<string>): string[] {
  const written = bare(header);
  if (written.length < 3) return [];
  const overlaps = new Map<string, number>();
  for (const column of columnsOf(kind)) {
    if (taken.has(column.name)) continue;
    for (const alias of [column.name, column.english, column.danish, ...column.aliases].map(bare)) {
      const shorter = Math.min(alias.length, written.length);
      const contained = shorter >= 4 && (alias.includes(written) || written.includes(alias));
      const overlap = contained ? shorter : commonPrefix(alias, written);
      if ((contained || overlap >= 5) && overlap > (overlaps.get(column.name) ?? 0)) overlaps.set(column.name, overlap);
    }
  }
  return [...overlaps.entries()].sort((a, b) => b[1] - a[1]).map(([column]) => column);
}

function commonPrefix(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}
