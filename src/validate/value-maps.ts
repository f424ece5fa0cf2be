/**
 * Which columns take a fixed set of values, for a `--map` profile's value maps: a map may only turn an
 * export's spelling into a value the column's own rules accept (values.ts), so a map can never smuggle in
 * a value the validator would refuse, and a map for a free-text column (a name) is refused as a mistake.
 */
import type { SheetKind } from '../model/sheet-kind.js';
import type { ValueRules } from '../sheets/profile.js';
import { parseGender, parseLanguage, parseResponsibility, parseStatus, parseUnitType } from './values.js';

/** The leader flag's spellings (exports.md "The leader"): yes/no, ja/nej, true/false, 1/0, x. */
const FLAG_VALUES = new Set(['yes', 'no', 'ja', 'nej', 'true', 'false', '1', '0', 'x']);

const RULES: Partial<Record<SheetKind, Record<string, (value: string) => boolean>>> = {
  employees: {
    gender: (value) => parseGender(value) !== undefined,
    system_language: (value) => parseLanguage(value) !== undefined,
    status: (value) => parseStatus(value) !== undefined,
    is_manager: (value) => FLAG_VALUES.has(value.trim().toLowerCase()),
  },
  organisation: {
    type: (value) => parseUnitType(value) !== undefined,
  },
  delegations: {
    responsibility: (value) => parseResponsibility(value) !== undefined,
  },
};

export const valueRules: ValueRules = (kind, column) => RULES[kind]?.[column];
