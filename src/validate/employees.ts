/**
 * The employees sheet: one row per employment. Builds users (one per user_id) and employees, and checks
 * what one row or the rows seen so far can tell: required cells, value spellings, unique employee ids,
 * one person = one name/e-mail/username/gender/birthday, usernames and e-mails unique across people.
 * References (team_id) are checked after every sheet is read.
 */
import type { Employee, Gender, Organisation, Source, User } from '../model/organisation.js';
import type { RowCursor } from './cursor.js';
import { readEmployeeUnit, type ExportShapesState } from './export-shapes.js';
import { readEmployment, readName } from './people-columns.js';
import { identityKey, isValidEmail, parseGender, parseLanguage } from './values.js';
import { validateRowWords, type PersonField } from '../words/validate-rows.js';

export interface EmployeeRowsState {
  /** Lower-cased e-mail → the user who has it. */
  emails: Map<string, string>;
  /** Lower-cased username → the user who has it. */
  usernames: Map<string, string>;
  /** previous_employee_id → the row that claimed it, to keep renames unambiguous. */
  previousIds: Map<string, number>;
  /**
   * Employee → their user in the service, when the sheet has no user_id column and a service is known:
   * an existing employment keeps the person it has (a person with two jobs stays one person).
   */
  serviceUserOf?: ReadonlyMap<string, string>;
  api: 'v3' | 'v2';
  today: string;
  /** Units, paths and leader flags on employee rows (exports.md). */
  shapes?: ExportShapesState;
}

export function newEmployeeRowsState(api: 'v3' | 'v2', today: string, shapes?: ExportShapesState): EmployeeRowsState {
  return { emails: new Map(), usernames: new Map(), previousIds: new Map(), api, today, ...(shapes && { shapes }) };
}

/** The person fields of one row, as read (undefined: column absent or value unreadable). */
interface PersonFields {
  name: string | null;
  email: string | null;
  /** undefined: no username column (not managed); null: blank (the e-mail). */
  username: string | null | undefined;
  gender: Gender | null | undefined;
  birthday: string | null | undefined;
}

export function readEmployeeRow(c: RowCursor, org: Organisation, state: EmployeeRowsState): void {
  const id = c.required('employee_id', validateRowWords().employeeIdEmpty);
  const person = readPerson(c, state.today);
  const employment = c.has('employment') ? c.text('employment') : undefined;
  const systemLanguage = readLanguage(c, state.api);
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
  // Without a user_id column the person is the one the service has behind this employment (before a rename: its old id).
  const serviceUser = c.has('user_id') ? undefined : (previousId !== undefined ? state.serviceUserOf?.get(previousId) : undefined) ?? state.serviceUserOf?.get(id);
  const userId = userIdText ?? serviceUser ?? id;
  const source = c.source();
  if (state.shapes) teamId = readEmployeeUnit(c, id, teamId, source, state.shapes);
  const employee: Employee = { id, userId, employment, systemLanguage, teamId, status, previousId, source };
  org.employees.set(id, employee);

  const user = org.users.get(userId);
  if (user) comparePerson(c, user, person);
  else org.users.set(userId, newUser(c, state, userId, person, source));
}

function readPerson(c: RowCursor, today: string): PersonFields {
  const name = readName(c);
  const email = c.required('email', validateRowWords().emailEmpty);
  if (email !== null && !isValidEmail(email)) {
    c.error('email', 'invalid_email', validateRowWords().invalidEmail(email));
  }
  const username = c.has('username') ? c.text('username') : undefined;
  let gender: Gender | null | undefined;
  if (c.has('gender')) {
    const text = c.text('gender');
    gender = text === null ? null : parseGender(text);
    if (gender === undefined && text !== null) {
      c.error('gender', 'invalid_value', validateRowWords().unknownGender(text));
    }
  }
  let birthday: string | null | undefined;
  if (c.has('birthday')) {
    birthday = c.date('birthday');
    if (birthday && birthday > today) {
      c.error('birthday', 'future_date', validateRowWords().futureBirthday(birthday));
      birthday = undefined;
    }
  }
  return { name, email, username, gender, birthday };
}

function readLanguage(c: RowCursor, api: 'v3' | 'v2'): Employee['systemLanguage'] {
  if (api === 'v2' || !c.has('system_language')) return undefined;
  const text = c.text('system_language');
  if (text === null) return 'da';
  const language = parseLanguage(text);
  if (language === undefined) {
    c.error('system_language', 'invalid_value', validateRowWords().unknownSystemLanguage(text));
  }
  return language;
}

function checkPreviousId(c: RowCursor, state: EmployeeRowsState, previousId: string): string | undefined {
  const claimedBy = state.previousIds.get(previousId);
  if (claimedBy !== undefined) {
    c.error(
      'previous_employee_id',
      'duplicate_id',
      validateRowWords().previousEmployeeIdTaken(previousId, claimedBy),
    );
    return undefined;
  }
  state.previousIds.set(previousId, c.row);
  return previousId;
}

function newUser(c: RowCursor, state: EmployeeRowsState, userId: string, person: PersonFields, source: Source): User {
  const email = person.email ?? '';
  // Blank: the e-mail. No column: not managed (a new person gets the e-mail, an existing one keeps theirs).
  const username = person.username === undefined ? undefined : (person.username ?? email);
  let emailTaken = false;
  if (email !== '') {
    const key = identityKey(email);
    const owner = state.emails.get(key);
    if (owner !== undefined) {
      emailTaken = true;
      c.error('email', 'duplicate_username', validateRowWords().emailTaken(email, owner, c.has('user_id')));
    } else state.emails.set(key, userId);
  }
  const effective = username ?? email;
  if (effective !== '' && (username !== undefined || !emailTaken)) {
    const key = identityKey(effective);
    const owner = state.usernames.get(key);
    if (owner === undefined) state.usernames.set(key, userId);
    else if (person.username) {
      c.error('username', 'duplicate_username', validateRowWords().usernameTaken(effective, owner));
    } else if (!emailTaken) {
      c.error('email', 'duplicate_username', validateRowWords().emailIsUsername(email, owner));
    }
  }
  return {
    id: userId,
    name: person.name ?? '',
    email,
    ...(username !== undefined && { username }),
    gender: person.gender,
    birthday: person.birthday,
    source,
  };
}

/** A later row of a person must agree with the person's first row. */
function comparePerson(c: RowCursor, user: User, person: PersonFields): void {
  const firstRow = user.source?.row;
  const words = validateRowWords();
  const disagree = (column: PersonField, first: string, here: string) =>
    c.error(column, 'conflicting_user', words.conflictingPerson(column, here, first, firstRow, user.id), here);
  if (person.name !== null && user.name !== '' && person.name !== user.name) disagree('name', user.name, person.name);
  if (person.email !== null && user.email !== '' && identityKey(person.email) !== identityKey(user.email)) {
    disagree('email', user.email, person.email);
  }
  // A username taken from a differing e-mail is already reported on the e-mail cell.
  if (person.username && user.username && identityKey(person.username) !== identityKey(user.username)) {
    disagree('username', user.username, person.username);
  }
  if (person.gender !== undefined && user.gender !== undefined && person.gender !== user.gender) {
    disagree('gender', user.gender ?? words.empty, c.text('gender') ?? words.empty);
  }
  if (person.birthday !== undefined && user.birthday !== undefined && person.birthday !== user.birthday) {
    disagree('birthday', user.birthday ?? words.empty, person.birthday ?? words.empty);
  }
}
