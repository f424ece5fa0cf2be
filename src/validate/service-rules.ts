/**
 * What the service refuses, refused before anything is sent (with a service configured): a username the
 * service already has for a person the workbook does not list (usernames are unique in the service, for
 * every user, also one whose employments were all fired), an e-mail address such a person has given to a
 * new person (it would make a second person; ids exported as "101.0" or "0101" look new), and firing the
 * owner of the top department (v3 "States and transitions").
 */
import type { Organisation, User } from '../model/organisation.js';
import type { IssueCollector } from './collector.js';
import type { CurrentView, ServicePerson } from './types.js';
import { suggestMatches } from './suggested-matches.js';
import { identityKey } from './values.js';
import { validateReferenceWords } from '../words/validate-references.js';

export function checkServiceRules(org: Organisation, current: CurrentView | undefined, issues: IssueCollector): void {
  if (!current) return;
  checkTopOwnerStays(org, current, issues);
  if (!current.users || !current.userOf) return;
  const refused = checkIdentities(org, current, current.users, current.userOf, issues);
  suggestMatches(org, current, current.users, current.userOf, refused, issues);
}

function checkIdentities(
  org: Organisation,
  current: CurrentView,
  people: ReadonlyMap<string, ServicePerson>,
  userOf: ReadonlyMap<string, string>,
  issues: IssueCollector,
): Set<string> {
  const refused = new Set<string>();
  // Grouped only when a person the workbook does not list is met: in a nightly run every person is listed.
  let grouped: Map<string, string[]> | undefined;
  const employeesOf = (): ReadonlyMap<string, string[]> => (grouped ??= employeesByPerson(userOf));
  // The service's person behind each person of the workbook: the same user id, or the user of a listed employee.
  const serviceOf = new Map<string, string>();
  // The service's people behind them: serviceOf's values, gathered as they are set.
  const listed = new Set<string>();
  for (const user of org.users.values()) {
    if (!people.has(user.id)) continue;
    serviceOf.set(user.id, user.id);
    listed.add(user.id);
  }
  for (const employee of org.employees.values()) {
    // A person the workbook names by the service's user id is theirs already (the nightly run's every row).
    if (serviceOf.has(employee.userId)) continue;
    const person = (employee.previousId !== undefined ? userOf.get(employee.previousId) : undefined) ?? userOf.get(employee.id);
    if (person === undefined) continue;
    serviceOf.set(employee.userId, person);
    listed.add(person);
  }
  const byUsername = new Map<string, string>();
  const byEmail = new Map<string, string>();
  for (const [id, person] of people) {
    // A person with no active employee and no row is adopted by the row that matches them (the plan says so).
    if (listed.has(id) || !(employeesOf().get(id) ?? []).some((e) => current.employees.has(e))) continue;
    // Exactly as the service compares usernames; e-mail addresses compare without case.
    if (person.username !== '') byUsername.set(person.username, id);
    if (person.email !== '') byEmail.set(identityKey(person.email), id);
  }
  if (byUsername.size === 0 && byEmail.size === 0) return refused;

  for (const user of org.users.values()) {
    if (!user.source) continue;
    const existing = serviceOf.get(user.id);
    const meta = issues.sheetOf(user.source);
    const usernameGiven = user.username !== undefined && meta.headers.has('username') && user.username !== user.email;
    // A new person gets the username the workbook gives, else the e-mail; an existing one changes only a given one.
    const username = existing === undefined ? (user.username ?? user.email) : user.username;
    const holder = username ? byUsername.get(username) : undefined;
    if (holder !== undefined) {
      const column = usernameGiven ? 'username' : 'email';
      const message = validateReferenceWords().serviceHasUsername(
        usernameGiven,
        username ?? '',
        describe(holder, people, employeesOf()),
        advice(user, holder, employeesOf(), current),
      );
      issues.error(meta, user.source.row, column, 'duplicate_username', message, username ?? null);
      refused.add(user.id);
      continue;
    }
    if (existing !== undefined || user.email === '') continue;
    const emailHolder = byEmail.get(identityKey(user.email));
    if (emailHolder === undefined) continue;
    issues.error(
      meta,
      user.source.row,
      'email',
      'duplicate_username',
      validateReferenceWords().serviceHasEmail(
        user.email,
        describe(emailHolder, people, employeesOf()),
        advice(user, emailHolder, employeesOf(), current),
      ),
      user.email,
    );
    refused.add(user.id);
  }
  return refused;
}

/** Each person's active employments, in the order the service lists them. */
function employeesByPerson(userOf: ReadonlyMap<string, string>): Map<string, string[]> {
  const employeesOf = new Map<string, string[]>();
  for (const [employee, person] of userOf) {
    const employees = employeesOf.get(person);
    if (employees) employees.push(employee);
    else employeesOf.set(person, [employee]);
  }
  return employeesOf;
}

function describe(person: string, people: ReadonlyMap<string, ServicePerson>, employeesOf: ReadonlyMap<string, string[]>): string {
  return validateReferenceWords().servicePerson(people.get(person)?.name, person, employeesOf.get(person) ?? []);
}

/** What probably happened: the same person under an id the export changed, or a person who left. */
function advice(user: User, holder: string, employeesOf: ReadonlyMap<string, string[]>, current: CurrentView): string {
  const employees = employeesOf.get(holder) ?? [];
  const id = employees[0] ?? holder;
  const sameDigits = employees.find((e) => digitsOf(e) !== '' && digitsOf(e) === digitsOf(user.id));
  if (sameDigits !== undefined) {
    return validateReferenceWords().adviceSameDigits(sameDigits, user.id);
  }
  if (employees.length === 0 || !employees.some((e) => current.employees.has(e))) {
    return validateReferenceWords().adviceComingBack(id);
  }
  // exports.md "Suggested matches": the same person whose number changed is a rename, never a second person.
  return validateReferenceWords().adviceRename(id, Boolean(user.username));
}

/** "0101", "101.0" and "101" are the same number; anything else has no digits to compare. */
function digitsOf(id: string): string {
  const match = /^0*(\d+)(?:\.0+)?$/.exec(id.trim());
  return match ? match[1]! : '';
}

function checkTopOwnerStays(org: Organisation, current: CurrentView, issues: IssueCollector): void {
  const owner = current.topDepartmentOwner;
  if (!owner) return;
  const employee = org.employees.get(owner);
  if (employee?.status !== 'fired' || !employee.source) return;
  // The workbook gives the top department an owner (or none): the plan changes it before firing.
  if (org.departments.get(current.topDepartmentId)?.owner !== undefined) return;
  issues.error(
    issues.sheetOf(employee.source),
    employee.source.row,
    issues.sheetOf(employee.source).headers.has('status') ? 'status' : 'employee_id',
    'invalid_value',
    validateReferenceWords().topOwnerLeaves(owner, current.topDepartmentId),
    null,
  );
}
