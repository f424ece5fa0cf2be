/**
 * Turns a physical sheet into a RawSheet: which kind it is (by name, else by headers), where its header
 * row is, what each column means, and its data rows keyed by canonical column.
 */
import { issue, type Issue, type Wording } from '../model/issue.js';
import {
  canonicalColumns,
  columnsOf,
  EVERYDAY_UNIT_HEADERS,
  ignoredByMap,
  missingRequired,
  nearestHeader,
  normaliseName,
  requiredColumns,
  SHEETS,
  sheetKindFromName,
  targetsOf,
  type HeaderMap,
  type SheetSpec,
} from './columns.js';
import { workbookLanguage, type Lang } from '../words/language.js';
import { sheetWords } from '../words/sheets.js';
import { instructionWords } from '../words/template-instructions.js';
import { withProfileRules, type SheetRules } from './profile/cells.js';
import { kindNamedByProfile } from './profile/files.js';
import type { SheetFiles } from './profile/rules.js';
import { pathSeparatorOf } from './column-values.js';
import { isLeaderFlag } from '../model/flags.js';
import { SHEET_KINDS, type SheetKind } from '../model/sheet-kind.js';
import { HEADER_SEARCH_ROWS } from './limits.js';
import type { PhysicalRow, PhysicalSheet } from './sheet-source.js';
import type { RawCell, RawRow, RawSheet, RowCells, SheetColumn } from './types.js';

interface Layout {
  kind: SheetKind;
  /** Index into the peeked rows, or -1 when the sheet has no non-empty row at all. */
  header: number;
}

/**
 * The sheet as the validator reads it, or null (with an `ignored_sheet` warning) when it is none of the
 * known kinds. Reads ahead at most ten non-empty rows; the rest stays streamed.
 */
export async function recogniseSheet(
  source: PhysicalSheet,
  headerMap: HeaderMap | undefined,
  issues: Issue[],
  rules?: SheetRules,
  files?: SheetFiles,
): Promise<RawSheet | null> {
  // A file a profile section names is that sheet, whatever its name or headers say (exports.md).
  const namedKind = kindNamedByProfile(files, source.file, source.sheetName) ?? sheetKindFromName(source.sheetName);
  // A visible sheet named as a template names it is recognised whatever its rows hold: its name may
  // choose the run's language before its first rows are read, so what they give rise to is worded in it.
  const named = namedKind && !source.hidden ? languageOfName(namedKind, source.sheetName) : undefined;
  if (named) workbookLanguage(named);
  const peeked: PhysicalRow[] = [];
  while (peeked.length < HEADER_SEARCH_ROWS) {
    const next = await source.rows.next();
    if (next.done) break;
    peeked.push(...next.value);
  }
  const candidates = peeked.slice(0, HEADER_SEARCH_ROWS);
  const layout = namedKind ? layoutForKind(namedKind, candidates, headerMap) : layoutFromHeaders(candidates, headerMap);
  if (source.hidden) {
    issues.push(warning(source, null, 'ignored_sheet', () => hiddenSheetMessage(source.sheetName, layout?.kind), null, null));
    return null;
  }
  if (!layout) {
    if (!isTemplateInstructions(source.sheetName, peeked[0])) {
      issues.push(warning(source, null, 'ignored_sheet', () => unmatchedSheetMessage(candidates, headerMap), null, null));
    }
    return null;
  }
  const headerRow = peeked[layout.header];
  const written = languageOfSheet(layout.kind, source.sheetName, headerRow);
  if (written) workbookLanguage(written);
  const columns = headerRow ? sheetColumns(layout.kind, headerRow, peeked.slice(layout.header + 1), headerMap, source, issues) : [];
  if (headerRow) issues.push(...absentProfileHeaders(layout.kind, headerRow, headerMap, source));
  return {
    file: source.file,
    sheetName: source.sheetName,
    kind: layout.kind,
    headerRow: headerRow?.row ?? 1,
    columns,
    rows: dataRows(peeked.slice(layout.header + 1), source.rows, columns, rules?.[layout.kind]),
  };
}

/**
 * A sheet named for its kind: the header row is the first row holding all the kind's required columns.
 * Without one, the row naming most of the kind's columns (the first on a tie, the first non-empty row
 * when none names any) is taken, so the validator can report each missing required column.
 */
function layoutForKind(kind: SheetKind, rows: readonly PhysicalRow[], headerMap: HeaderMap | undefined): Layout {
  let best = rows.length > 0 ? 0 : -1;
  let bestCount = 0;
  for (const [index, row] of rows.entries()) {
    const known = knownColumns(kind, row, headerMap);
    if (missingRequired(kind, known).length === 0) return { kind, header: index };
    if (known.size > bestCount) {
      best = index;
      bestCount = known.size;
    }
  }
  return { kind, header: best };
}

/**
 * A sheet whose name says nothing: the first row holding all required columns of a kind decides. When a
 * row holds the required columns of several kinds (an employee sheet with a "Start" column also looks
 * like absence), the kind that recognises more of the row's headers wins; a true tie decides nothing.
 */
function layoutFromHeaders(rows: readonly PhysicalRow[], headerMap: HeaderMap | undefined): Layout | null {
  for (const [index, row] of rows.entries()) {
    const candidates = SHEET_KINDS.map((kind) => ({ kind, known: knownColumns(kind, row, headerMap) }))
      .filter(({ kind, known }) => missingRequired(kind, known).length === 0)
      .sort((a, b) => b.known.size - a.known.size);
    const [first, second] = candidates;
    if (first && (!second || second.known.size < first.known.size)) return { kind: first.kind, header: index };
  }
  return layoutFromProfile(rows, headerMap);
}

/**
 * A sheet no kind's required columns complete, read through a profile: the kind whose profile section
 * names the most of a row's headers, one of them a column the kind requires, is the sheet's kind
 * (exports.md "A profile names the sheet"), so a required column it lacks is named as missing rather than
 * the whole sheet ignored. A lookup list that shares a free-text header is not claimed; a tie decides nothing.
 */
function layoutFromProfile(rows: readonly PhysicalRow[], headerMap: HeaderMap | undefined): Layout | null {
  let best: (Layout & { count: number; tie: boolean }) | null = null;
  for (const kind of SHEET_KINDS) {
    const mapped = profileHeaders(kind, headerMap);
    if (mapped.size === 0) continue;
    for (const [index, row] of rows.entries()) {
      const named = row.cells.filter((cell): cell is RawCell => cell !== undefined && mapped.has(normaliseName(cell.text)));
      const known = new Set(named.flatMap((cell) => columnsOfHeader(kind, cell.text, headerMap)));
      const path = kind === 'organisation' && (known.has('unit_path') || known.has('level_1'));
      if (!path && !requiredColumns(kind).some((column) => known.has(column))) continue;
      const count = named.length;
      if (best === null || count > best.count) best = { kind, header: index, count, tie: false };
      else if (count === best.count && kind !== best.kind) best.tie = true;
    }
  }
  return best === null || best.tie ? null : { kind: best.kind, header: best.header };
}

/** The headers (compared as headers are) a profile's section for the kind maps to a column. */
function profileHeaders(kind: SheetKind, headerMap: HeaderMap | undefined): Set<string> {
  const mapped = Object.entries(headerMap?.[kind] ?? {}).filter(([, target]) => target !== null);
  return new Set(mapped.map(([header]) => normaliseName(header)));
}

/**
 * Each header the profile maps to a column that the sheet's header row does not have: an error naming it
 * and the nearest header the sheet has (a typo in a profile would otherwise leave the column out unseen).
 */
function absentProfileHeaders(kind: SheetKind, headerRow: PhysicalRow, headerMap: HeaderMap | undefined, source: PhysicalSheet): Issue[] {
  const mapped = Object.entries(headerMap?.[kind] ?? {}).filter(([, target]) => target !== null);
  if (mapped.length === 0) return [];
  const written = headerRow.cells.filter((cell): cell is RawCell => cell !== undefined && cell.text !== '').map((cell) => cell.text);
  const present = new Set(written.map(normaliseName));
  const taken = profileHeaders(kind, headerMap);
  const free = written.filter((header) => !taken.has(normaliseName(header)));
  const absent: Issue[] = [];
  for (const [header, target] of mapped) {
    if (present.has(normaliseName(header))) continue;
    const column = targetsOf(target).join(', ');
    const message = sheetWords().profileHeaderAbsent(header, column, nearestHeader(header, free));
    absent.push(issue('error', 'missing_column', message, { sheet: kind, sheetName: source.sheetName, file: source.file, column, header }));
  }
  return absent;
}

/**
 * The language the template a sheet came from was in: its Danish or English name, else the headers
 * spelled as one template spells them more than as the other (words/language.ts lets the first sheet
 * recognised choose the run's language when nobody else did).
 */
export function languageOfSheet(kind: SheetKind, sheetName: string, headerRow: PhysicalRow | undefined): Lang | undefined {
  const byName = languageOfName(kind, sheetName);
  if (byName) return byName;
  let inDanish = 0;
  let inEnglish = 0;
  for (const cell of headerRow?.cells ?? []) {
    const header = normaliseName(cell?.text ?? '');
    if (header === '') continue;
    for (const column of columnsOf(kind)) {
      const [en, da] = [normaliseName(column.english), normaliseName(column.danish)];
      if (en === da) continue;
      if (header === da) inDanish++;
      else if (header === en) inEnglish++;
    }
  }
  if (inDanish > inEnglish) return 'da';
  if (inEnglish > inDanish) return 'en';
  return undefined;
}

/** The template whose name for the kind the sheet has, when the two templates name it differently. */
function languageOfName(kind: SheetKind, sheetName: string): Lang | undefined {
  const spec = SHEETS[kind];
  const name = normaliseName(sheetName);
  const [english, danish] = [normaliseName(spec.english), normaliseName(spec.danish)];
  if (english === danish) return undefined;
  if (name === danish) return 'da';
  if (name === english) return 'en';
  return undefined;
}

/** A hidden sheet is not what the user sees in Excel (often an archive of leavers): never imported. */
function hiddenSheetMessage(sheetName: string, lookalike: SheetKind | undefined): string {
  return sheetWords().hiddenSheet(sheetName, lookalike ? SHEETS[lookalike] : undefined);
}

/** The template's own Instructions sheet (either language) is part of the template, not a sheet to report. */
function isTemplateInstructions(sheetName: string, firstRow: PhysicalRow | undefined): boolean {
  const title = firstRow?.row === 1 ? firstRow.cells[0]?.text : undefined;
  return (['en', 'da'] as const).some((lang) => sheetName === instructionWords(lang).sheet && title === instructionWords(lang).title);
}

/**
 * An unrecognised sheet: when its headers name some known columns (an export with other headers), what
 * each kind found and lacks, and how to map the rest; a sheet that names none gets the short message.
 */
function unmatchedSheetMessage(rows: readonly PhysicalRow[], headerMap: HeaderMap | undefined): string {
  const words = sheetWords();
  const parts: string[] = [];
  const nothing: SheetSpec[] = [];
  for (const kind of SHEET_KINDS) {
    let best: { row: PhysicalRow; known: Set<string> } | undefined;
    for (const row of rows) {
      const known = knownColumns(kind, row, headerMap);
      if (known.size > (best?.known.size ?? 0)) best = { row, known };
    }
    const spec = SHEETS[kind];
    if (!best) {
      nothing.push(spec);
      continue;
    }
    const recognised = best.row.cells
      .filter((cell): cell is RawCell => cell !== undefined && columnOf(kind, cell.text, headerMap) !== null)
      .map((cell) => `"${cell.text}" (${columnOf(kind, cell.text, headerMap)})`);
    const missing = missingRequired(kind, best.known).map((name) => {
      const column = spec.columns.find((c) => c.name === name)!;
      return words.missingColumn(name, column.english, column.danish);
    });
    parts.push(words.asSheet(spec, best.row.row, recognised, missing));
  }
  if (parts.length === 0) return words.ignoredSheet;
  return words.unmatchedSheet(parts, nothing);
}

function knownColumns(kind: SheetKind, row: PhysicalRow, headerMap: HeaderMap | undefined): Set<string> {
  const known = new Set<string>();
  for (const cell of row.cells) {
    for (const canonical of cell ? columnsOfHeader(kind, cell.text, headerMap) : []) known.add(canonical);
  }
  return known;
}

/** The canonical column, only when it is a column of this kind (a --map entry may name anything). */
function columnOf(kind: SheetKind, header: string, headerMap: HeaderMap | undefined): string | null {
  return columnsOfHeader(kind, header, headerMap)[0] ?? null;
}

/** The columns of this kind a header means: one, or two for a profile header read as two (exports.md). */
function columnsOfHeader(kind: SheetKind, header: string, headerMap: HeaderMap | undefined): string[] {
  return canonicalColumns(kind, header, headerMap).filter((canonical) => columnsOf(kind).some((column) => column.name === canonical));
}

function sheetColumns(
  kind: SheetKind,
  header: PhysicalRow,
  below: readonly PhysicalRow[],
  headerMap: HeaderMap | undefined,
  source: PhysicalSheet,
  issues: Issue[],
): SheetColumn[] {
  const columns: SheetColumn[] = [];
  const seen = new Map<string, string>();
  const pathsIn = (index: number) => pathSeparatorOf(below.flatMap((row) => (row.cells[index] ? [row.cells[index]] : [])));
  const pathsWanted =
    columnsOf(kind).some((column) => column.name === 'unit_path') &&
    !header.cells.some((cell) => cell && columnsOfHeader(kind, cell.text, headerMap).some((c) => c === 'unit_path' || c === 'level_1'));
  for (const [index, cell] of header.cells.entries()) {
    if (!cell) continue;
    let targets = columnsOfHeader(kind, cell.text, headerMap);
    const told =
      kind === 'employees' && !mappedByProfile(kind, cell.text, headerMap) ? leaderOrManager(cell.text, targets, below, index) : null;
    if (told !== null) {
      const message = told === 'is_manager' ? sheetWords().readAsLeaderFlag(cell.text) : sheetWords().readAsManager(cell.text);
      issues.push(warning(source, kind, 'column_by_values', message, told, cell.text));
      targets = [told];
    }
    if (targets.length === 0 && pathsWanted && !seen.has('unit_path') && !ignoredByMap(kind, cell.text, headerMap)) {
      const separator = pathsIn(index);
      // exports.md: a unit column under an everyday header whose values are paths is the unit path.
      if (separator !== null && EVERYDAY_UNIT_HEADERS.has(normaliseName(cell.text))) {
        issues.push(warning(source, kind, 'column_by_values', sheetWords().readAsPath(cell.text, separator), 'unit_path', cell.text));
        targets = ['unit_path'];
      } else if (separator !== null) {
        issues.push(warning(source, kind, 'unknown_column', sheetWords().unknownColumnOfPaths(cell.text), null, cell.text));
        columns.push({ index: index + 1, header: cell.text, canonical: null });
        continue;
      }
    }
    if (targets.length === 0) {
      // A header the profile maps to null is ignored on purpose: no warning.
      if (!ignoredByMap(kind, cell.text, headerMap))
        issues.push(warning(source, kind, 'unknown_column', sheetWords().unknownColumn(cell.text), null, cell.text));
      columns.push({ index: index + 1, header: cell.text, canonical: null });
      continue;
    }
    let read = false;
    for (const target of targets) {
      if (seen.has(target)) {
        const message = sheetWords().ignoredColumn(cell.text, seen.get(target) ?? '', target);
        issues.push(warning(source, kind, 'ignored_column', message, target, cell.text));
        continue;
      }
      seen.set(target, cell.text);
      columns.push({ index: index + 1, header: cell.text, canonical: target });
      read = true;
    }
    if (!read) columns.push({ index: index + 1, header: cell.text, canonical: null });
  }
  return columns;
}

/** Headers that name either the leader flag or the person's manager ("Manager", "Leder"): the values tell. */
const LEADER_OR_MANAGER = new Set(['manager', 'leder'].map((header) => normaliseName(header)));

function mappedByProfile(kind: SheetKind, header: string, headerMap: HeaderMap | undefined): boolean {
  const wanted = normaliseName(header);
  return Object.keys(headerMap?.[kind] ?? {}).some((written) => normaliseName(written) === wanted);
}

/**
 * A "Manager" or "Leder" column is the leader flag when its values are yes/no, and the person's manager
 * when they name people (exports.md "Who reports to whom"): the other column than its header names by
 * default, or null when the header's own column is meant (or no value says).
 */
function leaderOrManager(header: string, targets: readonly string[], below: readonly PhysicalRow[], index: number): string | null {
  if (!LEADER_OR_MANAGER.has(normaliseName(header)) || targets.length !== 1) return null;
  const values = below.flatMap((row) => (row.cells[index] && row.cells[index].text !== '' ? [row.cells[index].text] : []));
  if (values.length === 0) return null;
  const meant = values.every(isLeaderFlag) ? 'is_manager' : 'manager';
  return meant === targets[0] ? null : meant;
}

/**
 * Data rows keyed by canonical column. A hand-written iterator over batches rather than an async
 * generator: this runs once per row of a 100,000-row file, and a generator costs several promise turns
 * per row where this costs one.
 */
function dataRows(
  peeked: readonly PhysicalRow[],
  rest: AsyncIterator<PhysicalRow[]>,
  columns: readonly SheetColumn[],
  rules: SheetRules[SheetKind],
): AsyncIterable<RawRow> {
  const known = columns.filter((column) => column.canonical !== null);
  const positions = known.map((column) => column.index - 1);
  const names = known.map((column) => column.canonical ?? '');
  const positionOf = new Map(known.map((column) => [column.canonical ?? '', column.index - 1]));
  const toRaw = (row: PhysicalRow): RawRow | null => {
    // A row with values only in ignored columns carries nothing to import: it counts as empty.
    for (const position of positions) {
      if (row.cells[position])
        return { row: row.row, cells: withProfileRules(new CellsByName(row.cells, positionOf, positions, names), rules) };
    }
    return null;
  };
  let batch: readonly PhysicalRow[] = peeked;
  let at = 0;
  let ended = false;
  const iterator: AsyncIterator<RawRow> = {
    async next() {
      for (;;) {
        while (at < batch.length) {
          const raw = toRaw(batch[at++] as PhysicalRow);
          if (raw) return { done: false, value: raw };
        }
        if (ended) return { done: true, value: undefined };
        const next = await rest.next();
        if (next.done) {
          ended = true;
          batch = [];
        } else {
          batch = next.value;
        }
        at = 0;
      }
    },
    async return() {
      ended = true;
      batch = [];
      await rest.return?.();
      return { done: true, value: undefined };
    },
  };
  return { [Symbol.asyncIterator]: () => iterator };
}

function warning(
  source: PhysicalSheet,
  kind: SheetKind | null,
  code: 'ignored_sheet' | 'unknown_column' | 'ignored_column' | 'column_by_values',
  message: Wording,
  column: string | null,
  header: string | null,
): Issue {
  return issue('warning', code, message, { sheet: kind, sheetName: source.sheetName, file: source.file, column, header });
}

/** A row's cells looked up by canonical column through the sheet's one column map: no Map per row. */
class CellsByName implements RowCells {
  constructor(
    private readonly cells: readonly (RawCell | undefined)[],
    private readonly positionOf: ReadonlyMap<string, number>,
    private readonly positions: readonly number[],
    private readonly names: readonly string[],
  ) {}

  get(column: string): RawCell | undefined {
    const position = this.positionOf.get(column);
    return position === undefined ? undefined : this.cells[position];
  }

  forEach(visit: (cell: RawCell, column: string) => void): void {
    for (let i = 0; i < this.positions.length; i++) {
      const cell = this.cells[this.positions[i]!];
      if (cell) visit(cell, this.names[i]!);
    }
  }
}
