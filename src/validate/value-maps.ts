/**
 * Which columns take a fixed set of values, for a `--map` profile's value maps: a map may only turn an
 * export's spelling into a value the column's own rules accept (values.ts), so a map can never smuggle in
 * a value the validator would refuse, and a map for a free-text column (a name) is refused as a mistake.
 */
import { SHEET_COLUMNS } from '../model/fields.js';
import { isLeaderFlag } from '../model/flags.js';
import { SHEET_KINDS, type SheetKind } from '../model/sheet-kind.js';
import type { ValueRules } from '../sheets/profile/check.js';
import { SPELLINGS } from './value-readers.js';

type Accepts = (value: string) => boolean;

/** Per sheet, the template's columns of a kind read from spellings (the field table), and the exports' leader flag. */
const RULES: Record<SheetKind, Record<string, Accepts>> = Object.fromEntries(
  SHEET_KINDS.map((kind) => {
    const rules: Record<string, Accepts> = {};
    for (const column of SHEET_COLUMNS[kind]) {
      const parse = SPELLINGS[column.value];
      if (parse) rules[column.column] = (value) => parse(value) !== undefined;
    }
    if (kind === 'employees') rules.is_manager = isLeaderFlag;
    return [kind, rules];
  }),
) as Record<SheetKind, Record<string, Accepts>>;
// A placement's role is the leader flag too ("Leder" mapped to yes under `values`).
RULES.placements = { is_manager: isLeaderFlag };

export const valueRules: ValueRules = (kind, column) => RULES[kind][column];
