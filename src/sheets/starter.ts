/**
 * `orgsync-import map --init`: a starter profile from an export's own header rows and the values below
 * them (exports.md "A starter profile that guesses right"). Each header is a column the importer knows
 * by name or alias, a guess (marked, for the user to check), or unrecognised (mapped to null: ignored
 * until the user maps it). The values decide with the words: a header is mapped to a column only when
 * the importer can read its values as that column. Nothing here is applied by itself: the user edits
 * the file and passes it with --map.
 */
import { ALL_SHEET_KINDS, type SheetKind } from '../model/sheet-kind.js';
import { canonicalColumn, columnsOf, EVERYDAY_UNIT_HEADERS, missingRequired, nameMatchKey, normaliseName, SHEETS } from './columns.js';
import { isPersonName, looksLikeIds, pathSeparatorOf, READABLE_SHARE, verdictFor, type Misfit, type ValueChecks } from './column-values.js';
import { isLeaderFlag } from '../model/flags.js';
import type { SheetHead } from './read.js';
import { DATE_COLUMNS } from './profile/rules.js';
import { fileRuleOf, placeable, readHead } from './starter-kinds.js';
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
  /** Each sheet placed, with its headers as placed and a few of the values below each (the page's Columns step). */
  sheets: StarterSheet[];
}

/** A sheet as the starter profile reads it: each header, the column it is taken for, and why. */
export interface StarterSheet {
  kind: SheetKind;
  sheetName: string;
  columns: StarterColumn[];
}

export interface StarterColumn {
  header: string;
  /** The header is a column's own name or alias (the template's, say), whatever its values. */
  known: boolean;
  column: string | null;
  guessed: boolean;
  /** The format its text dates are written in, or the formats, tried in order. */
  dateFormat?: string | readonly string[];
  /** The export's own spellings of the column's values, as the starter read them (a placement's role). */
  values?: Record<string, string>;
  /** Why the header is not mapped, or what to check about it (the profile's `_check`). */
  note?: string;
  /** The first different values below the header. */
  samples: string[];
}

/** How many different values of a column the starter sheet keeps to show. */
const SHOWN_SAMPLES = 12;

interface Placed {
  header: string;
  known: boolean;
  samples: string[];
  column: string | null;
  guessed: boolean;
  dateFormat?: string | readonly string[];
  /** The export's own spellings of the column's values (a placement's role: "Leder" → yes). */
  values?: Record<string, string>;
  /** Why the header is not mapped, or what to check about it. */
  note?: string;
}

/** The `_check` key of the note that says which row was taken as the header row (no header is named so). */
const HEADER_ROW_NOTE = '(header row)';

export function starterProfile(heads: readonly SheetHead[], source: string, checks: ValueChecks): StarterProfile {
  const guess = (kind: SheetKind, header: string) => wordGuesses(kind, header, new Set())[0];
  const readings = heads.map((head) => ({
    head,
    reading: readHead(head, checks, (kind, header) => guess(kind, header) !== undefined),
  }));
  // The sheets choose the run's language as they do for validate (recognise.ts), before a word is said.
  for (const { head, reading } of readings) {
    if (reading === null || !placeable(reading, head, guess)) continue;
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
  const placedSheets: StarterSheet[] = [];
  // The sheet that names a kind's columns best is that kind's; a second one of the kind is listed.
  const ranked = [...readings].sort((a, b) => (b.reading?.score ?? 0) - (a.reading?.score ?? 0));
  const placedKinds = new Map<SheetKind, SheetHead>();
  for (const { head, reading } of ranked) {
    // A sheet whose headers name no column is still read (its first row), unless another sheet has its kind.
    if (reading === null || !(placeable(reading, head, guess) || reading.firstRow)) {
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
  // The unit list first: a people list's unit column is told by the units' ids and names.
  const unitListFirst = [...readings].sort(
    (a, b) => Number(b.reading?.kind === 'organisation') - Number(a.reading?.kind === 'organisation'),
  );
  const context: SheetContext = {};
  for (const { head, reading } of unitListFirst) {
    if (reading === null || placedKinds.get(reading.kind) !== head) continue;
    const kind = reading.kind;
    sheets[kind] = head.sheetName;
    const placed = placeColumns(kind, head.rows[reading.header]!, head.rows.slice(reading.header + 1), checks, context);
    if (kind === 'organisation') context.units = unitKeys(placed, head.rows.slice(reading.header + 1), head.rows[reading.header]!);
    placedSheets.push({
      kind,
      sheetName: head.sheetName,
      columns: placed.map(({ header, known, column, guessed, dateFormat, values, note, samples }) => ({
        header,
        known,
        column,
        guessed,
        samples,
        ...(dateFormat !== undefined ? { dateFormat } : {}),
        ...(values !== undefined ? { values } : {}),
        ...(note !== undefined ? { note } : {}),
      })),
    });
    const headers: Record<string, string | null> = {};
    const dates: Record<string, string | readonly string[]> = {};
    const values: Record<string, Record<string, string>> = {};
    for (const { header, column, guessed, dateFormat, values: spellings, note } of placed) {
      headers[header] = column;
      if (dateFormat !== undefined && column !== null) dates[column] = dateFormat;
      if (spellings !== undefined && column !== null) values[column] = spellings;
      if (note !== undefined) (notes.check[kind] ??= {})[header] = note;
      if (column === null) {
        (notes.unrecognised[kind] ??= []).push(header);
        counts.unrecognised++;
      } else if (guessed) {
        (notes.guessed[kind] ??= {})[header] = column;
        counts.guessed++;
      } else counts.recognised++;
    }
    if (reading.firstRow) (notes.check[kind] ??= {})[HEADER_ROW_NOTE] = words.firstRowTaken(head.rows[reading.header]!.row);
    const file = fileRuleOf(head);
    sections[kind] = {
      file,
      headers,
      ...(Object.keys(values).length > 0 && { values }),
      ...(Object.keys(dates).length > 0 && { dates }),
    };
    const mapped = new Set(placed.flatMap(({ column }) => (column === null ? [] : [column])));
    const email = placed.find(({ column }) => column === 'email')?.header;
    for (const column of missingRequired(kind, mapped)) {
      lacks.push(
        column === 'employee_id' && email !== undefined ? words.emailAsId(SHEETS[kind], email) : words.importLacks(SHEETS[kind], column),
      );
    }
  }
  for (const kind of ALL_SHEET_KINDS) if (sections[kind]) json[kind] = sections[kind];
  if (Object.keys(sheets).length > 0) json._sheets = sheets;
  if (Object.keys(notPlaced).length > 0) json._not_placed = notPlaced;
  if (Object.keys(notes.guessed).length > 0) json._guessed = notes.guessed;
  if (Object.keys(notes.unrecognised).length > 0) json._unrecognised = notes.unrecognised;
  if (Object.keys(notes.check).length > 0) json._check = notes.check;
  if (lacks.length > 0) json._lacks = lacks;
  return { json, ...counts, lacks, sheets: placedSheets };
}

/**
 * Each header's column: first every exact name or alias (an alias always beats a guess), then guesses by
 * the words, then by the values alone (e-mail addresses, paths). A header is mapped only to a column
 * whose values the importer can read; otherwise it stays null with a note saying why.
 */
function placeColumns(
  kind: SheetKind,
  headerRow: PhysicalRow,
  rows: readonly PhysicalRow[],
  checks: ValueChecks,
  context: SheetContext,
): Placed[] {
  const columns: Column[] = [];
  const seen = new Set<string>();
  for (const [index, cell] of headerRow.cells.entries()) {
    if (!cell || cell.text === '' || seen.has(cell.text)) continue;
    seen.add(cell.text);
    const cells = rows.flatMap((row) => (row.cells[index] ? [row.cells[index]] : []));
    const samples = [...new Set(cells.map((c) => c.text).filter((text) => text !== ''))].slice(0, SHOWN_SAMPLES);
    columns.push({ header: cell.text, index, cells, placed: { header: cell.text, known: false, column: null, guessed: false, samples } });
  }
  const taken = new Set<string>();
  const words = sheetWords();
  const take = (entry: Column, column: string, guessed: boolean, dateFormat: string | readonly string[] | undefined) => {
    taken.add(column);
    entry.placed = { ...entry.placed, column, guessed, ...(dateFormat !== undefined && { dateFormat }) };
  };
  const exact = new Set<(typeof columns)[number]>();
  // "Manager", "Leder": the leader flag or the person's manager, told once the people's columns are known.
  const leaderOrManager: Column[] = [];
  for (const entry of columns) {
    const known = canonicalColumn(kind, entry.header);
    if (known === null) continue;
    exact.add(entry);
    entry.placed.known = true;
    if (kind === 'employees' && (known === 'manager' || known === 'is_manager')) {
      leaderOrManager.push(entry);
      continue;
    }
    if (taken.has(known)) continue;
    const verdict = verdictFor(kind, known, entry.cells, checks);
    const roles = kind === 'placements' && known === 'is_manager' && !verdict.fits ? roleSpellings(entry.cells) : undefined;
    if (verdict.fits) take(entry, known, false, verdict.dateFormat);
    else if (roles) {
      take(entry, known, false, undefined);
      entry.placed = {
        ...entry.placed,
        values: roles,
        note: words.rolesByValues(Object.keys(roles).filter((role) => roles[role] === 'yes')),
      };
    } else entry.placed.note = misfitNote(known, verdict);
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
  // A column whose values are the unit list's ids or names ("orgnum", "Department") is each person's unit.
  const units = context.units;
  for (const entry of columns) {
    if (units === undefined || exact.has(entry) || entry.placed.column !== null || !offers('team_id')) continue;
    const texts = entry.cells.map((cell) => cell.text).filter((text) => text !== '');
    if (texts.length === 0 || texts.filter((text) => units.has(nameMatchKey(text))).length < texts.length * READABLE_SHARE) continue;
    take(entry, 'team_id', true, undefined);
    entry.placed.note = words.unitByValues;
  }
  // An everyday unit header on a people list is its unit by the unit list's values (above) or not at all.
  const unitColumn = (entry: (typeof columns)[number]) => kind === 'employees' && EVERYDAY_UNIT_HEADERS.has(normaliseName(entry.header));
  for (const entry of columns) {
    if (exact.has(entry) || entry.placed.column !== null || unitColumn(entry)) continue;
    let rejected: { column: string; misfit: Misfit } | undefined;
    for (const column of wordGuesses(kind, entry.header, taken)) {
      // A unit path by its words only when its values are paths: a unit's name alone is no path.
      if (column === 'unit_path' && pathSeparatorOf(entry.cells) === null) continue;
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
    if (unitColumn(entry)) {
      entry.placed.note = words.unitsNotInList;
    } else if (offers('email') && texts.filter(checks.email).length >= texts.length * READABLE_SHARE) {
      take(entry, 'email', true, undefined);
      entry.placed.note = words.emailsByValues;
    } else if (id !== null && offers(id) && looksLikeIds(entry.cells)) {
      take(entry, id, true, undefined);
      entry.placed.note = words.idByValues(id);
    }
  }
  if (kind === 'employees') placeManager(columns, leaderOrManager, rows, take, offers);
  return columns.map(({ placed }) => placed);
}

/** Words a leader role is called by (OS2mo's "Leder", "Manager", "Chef", "Head of …"). */
const LEADER_ROLE = /\b(leder|leader|manager|chef|head)\b/i;

/**
 * A placement's role column of a few words, one of them a leader's (`Engagement`, `Leder`): each spelling
 * as the leader flag reads it, the leader's yes and the others no; undefined for any other column.
 */
function roleSpellings(cells: readonly RawCell[]): Record<string, string> | undefined {
  const roles = [...new Set(cells.map((cell) => cell.text.trim()).filter((text) => text !== ''))];
  if (roles.length === 0 || roles.length > 8 || !roles.some((role) => LEADER_ROLE.test(role))) return undefined;
  return Object.fromEntries(roles.map((role) => [role, LEADER_ROLE.test(role) ? 'yes' : 'no']));
}

interface Column {
  header: string;
  /** The column's position in the rows. */
  index: number;
  cells: RawCell[];
  placed: Placed;
}

/**
 * The person's manager by the values (exports.md "Who reports to whom"): a column that names this list's
 * own people (by employee id, e-mail or name), other people than the row's own, is `manager`; a "Manager"
 * or "Leder" column of yes/no is the leader flag. A manager's column whose people are not in the list
 * (a manager's name from another system) is left null, and the note says why.
 */
function placeManager(
  columns: readonly Column[],
  leaderOrManager: readonly Column[],
  rows: readonly PhysicalRow[],
  take: (entry: Column, column: string, guessed: boolean, dateFormat: undefined) => void,
  offers: (column: string) => boolean,
): void {
  const words = sheetWords();
  const at = (column: string) => columns.find((entry) => entry.placed.column === column)?.index;
  const own = rows.map((row) =>
    [at('employee_id'), at('email'), at('name')].flatMap((index) =>
      index === undefined || !row.cells[index]?.text ? [] : [nameMatchKey(row.cells[index].text)],
    ),
  );
  const [first, last] = [at('first_name'), at('last_name')];
  if (first !== undefined && last !== undefined) {
    for (const [i, row] of rows.entries()) own[i]!.push(nameMatchKey(`${row.cells[first]?.text ?? ''} ${row.cells[last]?.text ?? ''}`));
  }
  const people = new Set(own.flat());
  /** Whether the column's values name the list's people, other than each row's own. */
  const namesPeople = (entry: Column) => {
    let values = 0;
    let found = 0;
    let self = 0;
    for (const [i, row] of rows.entries()) {
      const text = row.cells[entry.index]?.text;
      if (!text) continue;
      values++;
      const key = nameMatchKey(text);
      if (people.has(key)) found++;
      if (own[i]!.includes(key)) self++;
    }
    return values > 0 && found >= values * READABLE_SHARE && self < values / 2;
  };
  for (const entry of leaderOrManager) {
    const known = canonicalColumn('employees', entry.header);
    const texts = entry.cells.map((cell) => cell.text).filter((text) => text !== '');
    if (texts.length > 0 && texts.every(isLeaderFlag) && offers('is_manager')) take(entry, 'is_manager', known !== 'is_manager', undefined);
    else if (namesPeople(entry) && offers('manager')) {
      take(entry, 'manager', known !== 'manager', undefined);
      entry.placed.note = words.managerByValues;
    } else if (texts.length === 0 && known !== null && offers(known)) take(entry, known, false, undefined);
    else entry.placed.note = managerMisfitNote(texts);
  }
  for (const entry of columns) {
    if (entry.placed.column !== null || leaderOrManager.includes(entry) || !offers('manager') || !namesPeople(entry)) continue;
    take(entry, 'manager', true, undefined);
    entry.placed.note = words.managerByValues;
  }
}

/** Why a manager's column is not read: codes, names of people the list does not have, or values of neither. */
function managerMisfitNote(texts: readonly string[]): string {
  const words = sheetWords();
  const examples = [...new Set(texts)].slice(0, 3);
  if (texts.filter((text) => /^\d{1,3}$/.test(text)).length >= texts.length * READABLE_SHARE) return words.holdsCodes('manager', examples);
  if (texts.filter(isPersonName).length >= texts.length / 2) return words.managersNotInList(examples);
  return words.valuesNotRead('manager', examples);
}

/** What a people list's columns are told by: the unit list's units (ids and names, as `nameMatchKey` writes them). */
interface SheetContext {
  units?: Set<string>;
}

/** The ids and names of a unit list's units (the columns placed as `id`, `name` and `parent_id`). */
function unitKeys(placed: readonly Placed[], rows: readonly PhysicalRow[], headerRow: PhysicalRow): Set<string> {
  const keys = new Set<string>();
  for (const [index, cell] of headerRow.cells.entries()) {
    const column = placed.find((p) => p.header === cell?.text)?.column;
    // A unit the list names only as a parent is a unit too (exports.md: the top that is only a parent).
    if (column !== 'id' && column !== 'name' && column !== 'parent_id') continue;
    for (const row of rows) {
      const text = row.cells[index]?.text;
      if (text) keys.add(nameMatchKey(text));
    }
  }
  return keys;
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
      // A date column is given formats, never values: a value map of dates would hold every date there is.
      return DATE_COLUMNS.has(column) ? words.datesNotRead(column, misfit.examples) : words.valuesNotRead(column, misfit.examples);
  }
}

/** Letters and digits only: "Medarb.nr." and "medarbejder nr" compare as "medarbnr" and "medarbejdernr". */
function bare(text: string): string {
  return normaliseName(text).replace(/[^\p{L}\p{N}]/gu, '');
}

/**
 * The columns the header's words may mean, the likeliest first: one name contains the other (at least
 * four letters), or they share a beginning of at least five letters ("Medarb.nr." and "medarbejdernr").
 * The longer the overlap, the likelier; a header that ends in a column's word is that word's kind of thing
 * before anything it only begins like (a compound's last part names it: "Enhedsnavn" is a name, not an id).
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
      const ending = shorter >= 4 && written.endsWith(alias) ? COMPOUND_END : 0;
      const overlap = contained ? shorter + ending : commonPrefix(alias, written);
      if ((contained || overlap >= 5) && overlap > (overlaps.get(column.name) ?? 0)) overlaps.set(column.name, overlap);
    }
  }
  return [...overlaps.entries()].sort((a, b) => b[1] - a[1]).map(([column]) => column);
}

/** What ending in a column's word weighs beside an overlap's letters: more than any beginning shared. */
const COMPOUND_END = 100;

function commonPrefix(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

/** What a person chose for one sheet of a starter profile (the page's Columns step). */
export interface SheetChoices {
  /** Each header of the sheet → its column, or null: ignored. */
  headers: Record<string, string | null>;
  /** Column → the format its text dates are written in, or the formats, tried in order. */
  dates: Record<string, string | readonly string[]>;
  /** Column → the export's spelling → the value meant. */
  values: Record<string, Record<string, string>>;
}

/**
 * The starter profile with a person's choices: the same file `map --init` writes, each chosen sheet's
 * section's headers, dates and values replaced by the choices (which files it reads stays the starter's)
 * and its notes saying what is still a guess (a guess the person changed is no longer one) and which
 * headers are ignored.
 */
export function profileWithChoices(
  starter: Readonly<Record<string, unknown>>,
  choices: Partial<Record<SheetKind, SheetChoices>>,
): Record<string, unknown> {
  const json: Record<string, unknown> = { ...starter };
  const guessed = { ...(starter._guessed as Record<string, Record<string, string>> | undefined) };
  const unrecognised = { ...(starter._unrecognised as Record<string, string[]> | undefined) };
  for (const kind of ALL_SHEET_KINDS) {
    const chosen = choices[kind];
    if (!chosen) continue;
    const file = (starter[kind] as { file?: unknown } | undefined)?.file;
    const section: Record<string, unknown> = { ...(file !== undefined && { file }), headers: chosen.headers };
    if (Object.keys(chosen.values).length > 0) section.values = chosen.values;
    if (Object.keys(chosen.dates).length > 0) section.dates = chosen.dates;
    json[kind] = section;
    const stillGuessed = Object.entries(guessed[kind] ?? {}).filter(([header, column]) => chosen.headers[header] === column);
    if (stillGuessed.length > 0) guessed[kind] = Object.fromEntries(stillGuessed);
    else delete guessed[kind];
    const ignored = Object.entries(chosen.headers).flatMap(([header, column]) => (column === null ? [header] : []));
    if (ignored.length > 0) unrecognised[kind] = ignored;
    else delete unrecognised[kind];
  }
  for (const [key, notes] of [
    ['_guessed', guessed],
    ['_unrecognised', unrecognised],
  ] as const) {
    if (Object.keys(notes).length > 0) json[key] = notes;
    else delete json[key];
  }
  return json;
}
