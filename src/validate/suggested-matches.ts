/**
 * Suggested matches, never guesses (exports.md): a person new to the service whose name and birthday
 * belong to a person the service has and the workbook lacks is most likely the same person under a new
 * number. Validation says so at the row, as a warning (a namesake born the same day is possible); the
 * importer renames nothing by itself. The same e-mail address is refused outright by the identity check
 * (service-rules.ts), whose message carries the same suggestion, so such a row gets one sentence, not two.
 */
import type { Organisation } from '../model/organisation.js';
import type { IssueCollector } from './collector.js';
import type { CurrentView, ServicePerson } from './types.js';
import { validateReferenceWords } from '../words/validate-references.js';

export function suggestMatches(
  org: Organisation,
  current: CurrentView,
  people: ReadonlyMap<string, ServicePerson>,
  userOf: ReadonlyMap<string, string>,
  alreadyReported: ReadonlySet<string>,
  issues: IssueCollector,
): void {
  // The service's people the workbook does not list: no row names their user id or any of their employments.
  const listed = new Set<string>();
  for (const user of org.users.values()) if (people.has(user.id)) listed.add(user.id);
  for (const employee of org.employees.values()) {
    const person = userOf.get(employee.id);
    if (person !== undefined) listed.add(person);
    const previous = employee.previousId === undefined ? undefined : userOf.get(employee.previousId);
    if (previous !== undefined) listed.add(previous);
  }
  const byNameAndBirthday = new Map<string, string>();
  for (const [id, person] of people) {
    if (!person.birthday || person.name === '' || listed.has(id)) continue;
    byNameAndBirthday.set(matchKey(person.name, person.birthday), id);
  }
  // In a nightly run the workbook lists everyone: nothing below is needed.
  if (byNameAndBirthday.size === 0) return;

  const missingEmployees = new Map<string, string[]>();
  for (const [employee, person] of userOf) {
    if (listed.has(person) || !current.employees.has(employee)) continue;
    const employees = missingEmployees.get(person);
    if (employees) employees.push(employee);
    else missingEmployees.set(person, [employee]);
  }
  const employmentsOf = new Map<string, string[]>();
  for (const employee of org.employees.values()) {
    const employments = employmentsOf.get(employee.userId);
    if (employments) employments.push(employee.id);
    else employmentsOf.set(employee.userId, [employee.id]);
  }
  for (const user of org.users.values()) {
    if (!user.source || alreadyReported.has(user.id) || listed.has(user.id) || !user.birthday || !user.name) continue;
    // A person who keeps an employee the service knows is known already, whatever their user id.
    if ((employmentsOf.get(user.id) ?? []).some((id) => userOf.has(id))) continue;
    const match = byNameAndBirthday.get(matchKey(user.name, user.birthday));
    if (match === undefined) continue;
    const meta = issues.sheetOf(user.source);
    issues.warning(
      meta,
      user.source.row,
      'employee_id',
      'suggested_match',
      suggestion(match, people.get(match)!, missingEmployees.get(match) ?? []),
      null,
    );
  }
}

function suggestion(userId: string, person: ServicePerson, employees: readonly string[]): string {
  const words = validateReferenceWords();
  const who = words.personBorn(person.name, person.birthday);
  if (employees.length > 0) {
    const id = employees[0]!;
    return words.matchEmployee(id, who);
  }
  // v3 shows no fired employee: the person is known, the number they left under is not.
  return words.matchLeaver(who, userId);
}

function matchKey(name: string, birthday: string): string {
  return `${name.normalize('NFC').replace(/\s+/g, ' ').trim().toLocaleLowerCase('da')}\u0000${birthday}`;
}
