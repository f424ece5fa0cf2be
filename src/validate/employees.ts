/**
 * The employees sheet: one row per employee (a person with two jobs has two). Builds users (one per
 * user_id) and employees, and checks what one row or the rows seen so far can tell: required cells, value
 * spellings, unique employee ids, the person's fields alike on every row of one person, usernames and
 * e-mails unique across people. The value fields are the field table's (src/model/fields.ts).
 * References (team_id) are checked after every sheet is read.
 */
import { EMPLOYEE_FIELDS, USER_FIELDS, type UserFieldKey } from '../model/fields.js';
import type { Employee, Organisation, Source, User } from '../model/organisation.js';
import type { SheetMeta } from './collector.js';
import type { RowCursor } from './cursor.js';
import { readEmployeeUnit, type ExportShapesState } from './export-shapes.js';
import { readEmployment, readName } from './people-columns.js';
import { identityKey } from './values.js';
import { fieldReads, readFields, sameIdentity, type FieldRead, type FieldRule } from './value-readers.js';
import { validateRowWords, type DateColumn, type PersonField } from '../words/validate-rows.js';

export interface EmployeeRowsState {
  /** Lower-cased e-mail → the user who has it. */
  emails: Map<string, string>;
  /** Lower-cased username → the user who has it. */
  usernames: Map<string, string>;
  /** previous_employee_id → the row that claimed it, to keep renames unambiguous. */
  previousIds: Map<string, number>;
  /**
   * Employee → their user in the service, when the sheet has no user_id column and a service is known:
   * an existing employee keeps the person it has (a person with two jobs stays one person).
   */
  serviceUserOf?: ReadonlyMap<string, string>;
  api: 'v3' | 'v2';
  today: string;
  /** Units, paths and leader flags on employee rows (exports.md). */
  shapes?: ExportShapesState;
  /** The value fields the employees sheet reads, worked out at its first row. */
  fields?: SheetFields;
  /**
   * Every unit an employee's row names, as read (ids, or names, exports.md "Units by name"): a few
   * thousand to check once every sheet is read instead of 100,000 employees.
   */
  unitsWritten: Set<string>;
}

export function newEmployeeRowsState(api: 'v3' | 'v2', today: string, shapes?: ExportShapesState): EmployeeRowsState {
  return {
    emails: new Map(),
    usernames: new Map(),
    previousIds: new Map(),
    api,
    today,
    unitsWritten: new Set(),
    ...(shapes && { shapes }),
  };
}

/** The value fields one sheet reads, and this row's values of every field (undefined: not read). */
interface SheetFields {
  meta: SheetMeta;
  /**
   * Every user and every employee of the sheet is a copy of one of these, its keys in the order of the
   * type's: one object shape for 100,000 of them (a field whose blank means another's is left out of the
   * user when the sheet has no column for it).
   */
  userShape: User;
  employeeShape: Employee;
  person: FieldRead[];
  employee: FieldRead[];
  personValues: unknown[];
  employeeValues: unknown[];
}

/** What is particular to one of the person's fields, beyond its value kind. */
const PERSON_RULES: { readonly [K in UserFieldKey]?: FieldRule<UserFieldKey> } = {
  // Without a name column: first + last name (exports.md).
  name: { read: readName },
  email: { blank: () => validateRowWords().emailEmpty },
  username: { same: sameIdentity, blankMeans: 'email' },
  birthday: { read: dayNotInFuture },
};

/** Per person's field (by its index), the field a blank cell stands for. */
const BLANK_MEANS = USER_FIELDS.map((field) => PERSON_RULES[field.key]?.blankMeans);

const PERSON_INDEX = Object.fromEntries(USER_FIELDS.map((field, index) => [field.key, index])) as Record<UserFieldKey, number>;

/**
 * An object of these keys, each undefined, whose copies hold every property in the object itself: one
 * built by Object.fromEntries keeps most of them in a second, separate array, and each of its 200,000
 * copies (every employee and user) did too. JSON.parse lays an object out with room for all its keys.
 */
function shapeOf<T>(keys: readonly string[]): T {
  const shape = JSON.parse(JSON.stringify(Object.fromEntries(keys.map((key) => [key, null])))) as Record<string, unknown>;
  for (const key of keys) shape[key] = undefined;
  return shape as T;
}

function sheetFields(c: RowCursor, state: EmployeeRowsState): SheetFields {
  if (state.fields?.meta !== c.meta) {
    state.fields = {
      meta: c.meta,
      userShape: shapeOf([
        'id',
        ...USER_FIELDS.filter((f) => PERSON_RULES[f.key]?.blankMeans === undefined || c.has(f.column)).map((f) => f.key),
        'source',
      ]),
      employeeShape: shapeOf(['id', 'userId', ...EMPLOYEE_FIELDS.map((f) => f.key), 'teamId', 'status', 'previousId', 'source']),
      person: fieldReads(USER_FIELDS, c, state.api, PERSON_RULES),
      employee: fieldReads(EMPLOYEE_FIELDS, c, state.api),
      personValues: new Array<unknown>(USER_FIELDS.length).fill(undefined),
      employeeValues: new Array<unknown>(EMPLOYEE_FIELDS.length).fill(undefined),
    };
  }
  return state.fields;
}

export function readEmployeeRow(c: RowCursor, org: Organisation, state: EmployeeRowsState): void {
  const id = c.required('employee_id', validateRowWords().employeeIdEmpty);
  const fields = sheetFields(c, state);
  readFields(c, fields.person, fields.personValues);
  readFields(c, fields.employee, fields.employeeValues);
  const { status, notYetHired } = readEmployment(c, state.today);
  let teamId = c.has('team_id') ? c.text('team_id') : undefined;
  const previousText = c.has('previous_employee_id') ? c.text('previous_employee_id') : null;
  const userIdText = c.has('user_id') ? c.text('user_id') : null;
  if (id === null || notYetHired) return;

  if (org.employees.has(id)) {
    const first = org.employees.get(id)!.source?.row;
    c.error('employee_id', 'duplicate_id', validateRowWords().duplicateEmployeeId(id, first));
    return;
  }
  const previousId = previousText !== null && previousText !== id ? checkPreviousId(c, state, previousText) : undefined;
  // Without a user_id column the person is the one the service has behind this employee (before a rename: its old id).
  const serviceUser = c.has('user_id')
    ? undefined
    : ((previousId !== undefined ? state.serviceUserOf?.get(previousId) : undefined) ?? state.serviceUserOf?.get(id));
  const userId = userIdText ?? serviceUser ?? id;
  const source = c.source();
  if (state.shapes) teamId = readEmployeeUnit(c, id, teamId, source, state.shapes);
  const employee: Employee = { ...fields.employeeShape, id, userId, teamId, status, previousId, source };
  const byKey = employee as unknown as Record<string, unknown>;
  for (let i = 0; i < EMPLOYEE_FIELDS.length; i++) byKey[EMPLOYEE_FIELDS[i]!.key] = fields.employeeValues[i];
  org.employees.set(id, employee);
  if (teamId) state.unitsWritten.add(teamId);

  const user = org.users.get(userId);
  if (user) comparePerson(c, user, fields);
  else org.users.set(userId, newUser(c, state, userId, fields, source));
}

function dayNotInFuture(c: RowCursor, column: string): string | null | undefined {
  const day = c.date(column as DateColumn);
  if (day && day > c.today) {
    c.error(column, 'future_date', validateRowWords().futureBirthday(day));
    return undefined;
  }
  return day;
}

function checkPreviousId(c: RowCursor, state: EmployeeRowsState, previousId: string): string | undefined {
  const claimedBy = state.previousIds.get(previousId);
  if (claimedBy !== undefined) {
    c.error('previous_employee_id', 'duplicate_id', validateRowWords().previousEmployeeIdTaken(previousId, claimedBy));
    return undefined;
  }
  state.previousIds.set(previousId, c.row);
  return previousId;
}

function newUser(c: RowCursor, state: EmployeeRowsState, userId: string, fields: SheetFields, source: Source): User {
  const user: User = { ...fields.userShape, id: userId, source };
  const byKey = user as unknown as Record<string, unknown>;
  for (let i = 0; i < USER_FIELDS.length; i++) {
    const { key, required } = USER_FIELDS[i]!;
    const value = fields.personValues[i];
    const means = BLANK_MEANS[i];
    if (required === true) byKey[key] = value ?? '';
    else if (means === undefined) byKey[key] = value;
    // No column: not managed (a new person gets what the blank means, an existing one keeps theirs).
    else if (value !== undefined) byKey[key] = value ?? byKey[means];
  }
  const { email, username } = user;
  let emailTaken = false;
  const emailKey = email === '' ? '' : identityKey(email);
  if (email !== '') {
    const owner = state.emails.get(emailKey);
    if (owner !== undefined) {
      emailTaken = true;
      c.error('email', 'duplicate_username', validateRowWords().emailTaken(email, owner, c.has('user_id')));
    } else state.emails.set(emailKey, userId);
  }
  const effective = username ?? email;
  if (effective !== '' && (username !== undefined || !emailTaken)) {
    const key = effective === email ? emailKey : identityKey(effective);
    const owner = state.usernames.get(key);
    if (owner === undefined) state.usernames.set(key, userId);
    else if (fields.personValues[PERSON_INDEX.username]) {
      c.error('username', 'duplicate_username', validateRowWords().usernameTaken(effective, owner));
    } else if (!emailTaken) {
      c.error('email', 'duplicate_username', validateRowWords().emailIsUsername(email, owner));
    }
  }
  return user;
}

/** A later row of a person must agree with the person's first row, field by field. */
function comparePerson(c: RowCursor, user: User, fields: SheetFields): void {
  const firstRow = user.source?.row;
  const words = validateRowWords();
  const firstValues = user as unknown as Record<string, unknown>;
  for (const field of fields.person) {
    const here = fields.personValues[field.index] as string | null | undefined;
    const { key, column } = USER_FIELDS[field.index]!;
    const first = firstValues[key] as string | null | undefined;
    // Not read here or on the first row; a blank that stands for something else was reported or filled in.
    if (here === undefined || first === undefined || (!field.blankIsValue && (!here || !first))) continue;
    if (here === first || (here !== null && first !== null && field.same(first, here))) continue;
    const shown = field.shownAsWritten ? c.text(column) : here;
    c.error(
      column,
      'conflicting_user',
      words.conflictingPerson(column as PersonField, shown ?? words.empty, first ?? words.empty, firstRow, user.id),
      shown ?? words.empty,
    );
  }
}
