/**
 * A `--map` profile (exports.md "Mapping files"): per sheet, the export's own headers, its own spellings
 * of fixed values and its date formats; and the path separator. Checked whole before anything is read:
 * a key that would be silently ignored would import the wrong column, or none. What the readers use of a
 * checked profile is in profile/rules.ts, so that reading without a profile does not load zod.
 */
import { z } from 'zod';
import { UsageError } from '../../errors.js';
import { ALL_SHEET_KINDS, type SheetKind } from '../../model/sheet-kind.js';
import { canonicalColumn, columnsOf, SHEETS, sheetKindFromName, targetsOf, type HeaderTarget } from '../columns.js';
import { DATE_COLUMNS, valueKey, type Profile, type SheetProfile, type ValueRules } from './rules.js';
import { profileWords } from '../../words/profile.js';
import { language, type Lang } from '../../words/language.js';

export type { Profile, SheetProfile, ValueRules } from './rules.js';

/** Top-level keys starting with `_` are notes for people (`map --init` writes `_unrecognised`); never read. */
const NOTE = /^_/;

const TEXT_MAP = z.record(z.string(), z.string());
/** A date column's format, or several tried in order (one column, two formats: `04/15/15` and `9/25/2013`). */
const DATE_FORMATS = z.record(z.string(), z.union([z.string(), z.array(z.string()).min(1)]));
/** A header's target: a column, several (one header read as two, exports.md), or null (ignored). */
const TARGET = z.union([z.string(), z.array(z.string()).min(1), z.null()]);
const GROWN_SHEET = z.strictObject({
  /** The file (or a workbook's sheet) this section reads, by name or glob: `"hr.employee*.csv"`. */
  file: z.string().trim().min(1).optional(),
  headers: z.record(z.string(), TARGET).optional(),
  values: z.record(z.string(), TEXT_MAP).optional(),
  dates: DATE_FORMATS.optional(),
});
const FLAT_SHEET = z.record(z.string(), TARGET);
const GROWN_KEYS = new Set(['file', 'headers', 'values', 'dates']);
const ZOD_LOCALES: Record<Lang, () => { localeError: z.core.$ZodErrorMap }> = { en: z.locales.en, da: z.locales.da };
const EXAMPLE_PROFILE =
  '{"employees": {"file": "medarbejdere*.csv", "headers": {"Medarb.nr.": "employee_id"}, "values": {"status": {"Fratrådt": "left"}}, "dates": {"birthday": "DD.MM.YYYY"}}}';

/**
 * The profile a `--map` file holds, in either form: the grown one (`headers`, `values`, `dates` per sheet,
 * `path_separator`) or the old flat one (`{"employees": {"Medarb.nr.": "employee_id"}}`). Every problem is
 * a UsageError naming the key that holds it.
 */
export function checkProfile(parsed: unknown, file: string, valueRules: ValueRules): Profile {
  const fail = (where: string, problem: string): never => {
    throw new UsageError(`--map ${file}: ${where}${problem}`);
  };
  const words = profileWords();
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) fail('', words.notAnObject(example()));
  const profile: Profile = { headers: {}, sheets: {}, files: {} };
  for (const [key, body] of Object.entries(parsed as Record<string, unknown>)) {
    if (NOTE.test(key)) continue;
    if (key === 'path_separator') {
      if (typeof body !== 'string' || body.trim() === '') fail('"path_separator": ', words.pathSeparator);
      profile.pathSeparator = body as string;
      continue;
    }
    const kind = sheetKindFromName(key);
    if (kind === null) {
      fail(`"${key}" `, words.noSheet(ALL_SHEET_KINDS.map((k) => `"${k}"`).join(', '), example()));
    }
    const sheet = readSheet(kind!, key, body, fail);
    profile.headers[kind!] = { ...profile.headers[kind!], ...sheet.headers };
    profile.sheets[kind!] = checkSheetRules(kind!, key, sheet, valueRules, fail);
    if (sheet.file !== undefined) profile.files[kind!] = sheet.file;
  }
  return profile;
}

interface SheetBody {
  file?: string;
  headers: Record<string, HeaderTarget>;
  values: Record<string, Record<string, string>>;
  dates: Record<string, string | readonly string[]>;
}

type Fail = (where: string, problem: string) => never;

function readSheet(kind: SheetKind, key: string, body: unknown, fail: Fail): SheetBody {
  const isObject = typeof body === 'object' && body !== null && !Array.isArray(body);
  // The grown form as soon as one of its parts holds an object (a flat map's values are column names), or
  // when it names its file and has no key but the grown form's.
  const entries = isObject ? Object.entries(body) : [];
  const grown =
    entries.some(([k, v]) => GROWN_KEYS.has(k) && typeof v === 'object' && v !== null) ||
    (entries.some(([k]) => k === 'file') && entries.every(([k]) => GROWN_KEYS.has(k)));
  if (!grown) {
    const flat = FLAT_SHEET.safeParse(body);
    if (!flat.success) fail(`"${key}${pathOf(flat.error)}": `, profileWords().notHeaderMap(example()));
    return { headers: resolveHeaders(kind, key, flat.data!, fail), values: {}, dates: {} };
  }
  // zod says what is wrong with a part of the file; in the run's language, as zod words it.
  const result = GROWN_SHEET.safeParse(body, { error: ZOD_LOCALES[language()]().localeError });
  if (!result.success)
    fail(`"${key}${pathOf(result.error)}": `, `${result.error.issues[0]?.message ?? profileWords().notReadable} (${example()})`);
  const sheet = result.data!;
  return {
    ...(sheet.file !== undefined && { file: sheet.file }),
    headers: resolveHeaders(kind, `${key}.headers`, sheet.headers ?? {}, fail),
    values: sheet.values ?? {},
    dates: sheet.dates ?? {},
  };
}

/** Each target as its canonical column; a target may be written as any alias ("Medarbejder_id"). */
function resolveHeaders(kind: SheetKind, where: string, headers: Record<string, HeaderTarget>, fail: Fail): Record<string, HeaderTarget> {
  const resolved: Record<string, HeaderTarget> = {};
  for (const [header, target] of Object.entries(headers)) {
    if (target === null) {
      resolved[header] = null;
      continue;
    }
    const columns = targetsOf(target).map((written) => {
      const canonical = columnOf(kind, written);
      if (canonical === null) fail(`"${where}": "${header}" `, profileWords().mappedToNoColumn(written, SHEETS[kind], columnList(kind)));
      return canonical!;
    });
    resolved[header] = typeof target === 'string' ? columns[0]! : [...new Set(columns)];
  }
  return resolved;
}

function checkSheetRules(kind: SheetKind, key: string, sheet: SheetBody, valueRules: ValueRules, fail: Fail): SheetProfile {
  const words = profileWords();
  const values = new Map<string, Map<string, string>>();
  for (const [target, spellings] of Object.entries(sheet.values)) {
    const where = `"${key}.values.${target}" `;
    const column = columnOf(kind, target);
    if (column === null) fail(where, words.noColumn(SHEETS[kind], columnList(kind)));
    // A date column's own words can only mean "no date": `{"leaving_date": {"Ukendt": ""}}`.
    const accepts = DATE_COLUMNS.has(column!) ? (meant: string) => meant === '' : valueRules(kind, column!);
    if (accepts === undefined) fail(where, words.noFixedValues(column!));
    const map = new Map<string, string>();
    for (const [written, meant] of Object.entries(spellings)) {
      const why = DATE_COLUMNS.has(column!) ? words.dateWordNotBlank(meant, column!) : words.valueNotTaken(meant, column!);
      if (!accepts!(meant)) fail(`"${key}.values.${target}": "${written}" `, why);
      map.set(valueKey(written), meant);
    }
    values.set(column!, map);
  }
  const dates = new Map<string, readonly string[]>();
  for (const [target, written] of Object.entries(sheet.dates)) {
    const where = `"${key}.dates.${target}" `;
    const column = columnOf(kind, target);
    if (column === null) fail(where, words.noColumn(SHEETS[kind], columnList(kind)));
    if (!DATE_COLUMNS.has(column!)) fail(where, words.noDates(column!));
    const formats = typeof written === 'string' ? [written] : [...written];
    for (const format of formats) {
      const problem = dateFormatProblem(format);
      if (problem !== null) fail(where, problem);
    }
    dates.set(column!, formats);
  }
  return { values, dates };
}

function columnOf(kind: SheetKind, target: string): string | null {
  const canonical = canonicalColumn(kind, target);
  return canonical !== null && columnsOf(kind).some((c) => c.name === canonical) ? canonical : null;
}

/** The sheet's columns, the exports' included; the level columns as one range, not 24 names. */
function columnList(kind: SheetKind): string {
  const names = columnsOf(kind).map((c) => c.name);
  const plain = names.filter((name) => !/^level_\d+(_id)?$/.test(name));
  return plain.length === names.length ? plain.join(', ') : `${plain.join(', ')}, level_1 … level_N, level_1_id … level_N_id`;
}

function example(): string {
  return profileWords().example(EXAMPLE_PROFILE);
}

function pathOf(error: z.ZodError): string {
  const path = error.issues[0]?.path ?? [];
  return path.length === 0 ? '' : `.${path.map(String).join('.')}`;
}

/**
 * A `--map` profile's date format (`DD.MM.YYYY`, `MM/DD/YYYY`, `D.M.YYYY`, `YYYY-MM-DD`, `MM/DD/YY`): day,
 * month and year once each, between separators. `DD` takes exactly two digits, `D` one or two; `YY` is a
 * two-digit year, read by the century rule (dates.ts).
 */
const FORMAT_PART = /^(DD?|MM?|YYYY|YY)$/;
const FORMAT_SEPARATORS = /([./\- ])/;

export function dateFormatProblem(format: string): string | null {
  const parts = format.split(FORMAT_SEPARATORS).filter((_, i) => i % 2 === 0);
  const letters = parts.map((p) => p[0]);
  const wellFormed = parts.length === 3 && parts.every((p) => FORMAT_PART.test(p)) && new Set(letters).size === 3;
  return wellFormed ? null : profileWords().notADateFormat(format);
}
