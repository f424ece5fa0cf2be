/**
 * One reader per value kind of the field table (src/model/fields.ts): how a cell becomes a field's value.
 * A reader returns the value, null for a blank cell, or undefined when the cell cannot be read (reported
 * on the cell). The row readers run them over the fields whose column a sheet has.
 */
import type { ColumnDef, EMPLOYEE_FIELDS, UNIT_FIELDS, USER_FIELDS, ValueKind } from '../model/fields.js';
import type { RowCursor } from './cursor.js';
import { identityKey, isValidEmail, parseGender, parseLanguage, parseResponsibility, parseStatus, parseUnitType } from './values.js';
import { validateRowWords, type DateColumn } from '../words/validate-rows.js';
import { validateSheetWords } from '../words/validate-sheets.js';

/** The kinds the value fields use (the other kinds belong to ids, relations and statuses, read by their own rules). */
export type FieldValueKind = (typeof USER_FIELDS | typeof EMPLOYEE_FIELDS | typeof UNIT_FIELDS)[number]['value'];

/** `blank`: the message for a blank cell of a required column (reported); without it a blank is null. */
export type CellReader = (c: RowCursor, column: string, blank: string | undefined) => unknown;

export interface ValueReader {
  read: CellReader;
  /** Whether two values of one person's rows are the same: an e-mail address compares as an identity. */
  same: (a: string, b: string) => boolean;
  /** A value read from its spellings is shown to the user as written in the cell, not as understood. */
  shownAsWritten: boolean;
  /** Why a column of this kind is ignored on API version 2, which lacks its field (the table's wire names). */
  ignoredOnV2?: () => string;
}

const textOf = (c: RowCursor, column: string, blank: string | undefined): string | null =>
  blank === undefined ? c.text(column) : c.required(column, blank);

export const sameText = (a: string, b: string): boolean => a === b;
export const sameIdentity = (a: string, b: string): boolean => identityKey(a) === identityKey(b);

/** A value from one of its accepted spellings; `ifBlank`: what a blank cell means. */
function spelled<T>(parse: (text: string) => T | undefined, notRecognised: (text: string) => string, ifBlank: T | null): CellReader {
  return (c, column, blank) => {
    const text = textOf(c, column, blank);
    if (text === null) return ifBlank;
    const value = parse(text);
    if (value === undefined) c.error(column, 'invalid_value', notRecognised(text));
    return value;
  };
}

const plain = (read: CellReader): ValueReader => ({ read, same: sameText, shownAsWritten: false });

export const VALUE_READERS: Record<FieldValueKind, ValueReader> = {
  id: plain(textOf),
  text: plain(textOf),
  email: {
    read: (c, column, blank) => {
      const text = textOf(c, column, blank);
      if (text !== null && !isValidEmail(text)) c.error(column, 'invalid_email', validateRowWords().invalidEmail(text));
      return text;
    },
    same: sameIdentity,
    shownAsWritten: false,
  },
  gender: { read: spelled(parseGender, (text) => validateRowWords().unknownGender(text), null), same: sameText, shownAsWritten: true },
  date: plain((c, column) => c.date(column as DateColumn)),
  // A blank system language is Danish, as the service makes it.
  system_language: {
    read: spelled(parseLanguage, (text) => validateRowWords().unknownSystemLanguage(text), 'da'),
    same: sameText,
    shownAsWritten: true,
    ignoredOnV2: () => validateSheetWords().v2HasNoSystemLanguage,
  },
};

/** The kinds read from a fixed set of spellings, each with its parser (undefined: not one of them). */
export const SPELLINGS: Partial<Record<ValueKind, (text: string) => unknown>> = {
  gender: parseGender,
  system_language: parseLanguage,
  status: parseStatus,
  unit_type: parseUnitType,
  responsibility: parseResponsibility,
};

// ---- Reading the value fields of a sheet's rows

/** What is particular to one field, beyond its value kind (a hook of the row reader that owns the field). */
export interface FieldRule<Key extends string = string> {
  /** Reads the field instead of its kind's reader. */
  read?: (c: RowCursor, column: string) => unknown;
  /** The message for a blank cell of a required column. */
  blank?: () => string;
  same?: (a: string, b: string) => boolean;
  /** A blank cell means this other field's value (a blank username: the e-mail address). */
  blankMeans?: Key;
}

/** How a sheet reads one value field: worked out once per sheet, for the fields it reads. */
export interface FieldRead {
  /** The field's position in its entity's table, and so in the row's values. */
  index: number;
  column: string;
  read: (c: RowCursor) => unknown;
  same: (a: string, b: string) => boolean;
  shownAsWritten: boolean;
  /** A blank cell is a value of its own ("not stated") that two rows of one person can disagree on. */
  blankIsValue: boolean;
}

type ValueField = ColumnDef & { key: string; value: FieldValueKind; wire: Partial<Record<'v3' | 'v2', unknown>> };

/**
 * The value fields of `fields` a sheet reads: those whose column it has, and the required ones (a
 * missing required column is reported once for the sheet; its cells read as blank). A field the API
 * version does not have is not read (its column is reported once as ignored).
 */
export function fieldReads(
  fields: readonly ValueField[],
  c: RowCursor,
  api: 'v3' | 'v2',
  rules: Readonly<Record<string, FieldRule | undefined>> = {},
): FieldRead[] {
  const reads: FieldRead[] = [];
  fields.forEach((field, index) => {
    if (!(field.required === true || c.has(field.column)) || field.wire[api] === undefined) return;
    const rule = rules[field.key];
    const kind = VALUE_READERS[field.value];
    const blank = rule?.blank?.();
    const { column } = field;
    const hook = rule?.read;
    reads.push({
      index,
      column,
      read: hook ? (cursor) => hook(cursor, column) : (cursor) => kind.read(cursor, column, blank),
      same: rule?.same ?? kind.same,
      shownAsWritten: kind.shownAsWritten,
      blankIsValue: field.required === false && rule?.blankMeans === undefined,
    });
  });
  return reads;
}

/**
 * This row's value of every field read into `values`, by the field's index: one array per sheet, each row
 * overwriting the same places (a field the sheet does not read stays undefined).
 */
export function readFields(c: RowCursor, reads: readonly FieldRead[], values: unknown[]): void {
  for (let i = 0; i < reads.length; i++) {
    const field = reads[i]!;
    values[field.index] = field.read(c);
  }
}
