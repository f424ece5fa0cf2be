/**
 * The sentences of validation about ids that point at something (src/validate/references.ts), what the
 * service refuses (service-rules.ts, suggested-matches.ts) and delegations (delegations.ts).
 */
import { formatNumber, phrasebook } from './language.js';
import type { UnitKind } from '../model/organisation.js';

/** What a reference points at. */
export type ReferenceTarget = 'department' | 'team' | 'employee' | 'unit';

/** Why an employee must stay: to lead a unit, or to hold a delegation. */
export type ActiveRole = 'own' | 'delegation';

const enWhat = (target: ReferenceTarget, id: string): string =>
  ({ department: `Department "${id}"`, team: `Team "${id}"`, employee: `Employee "${id}"`, unit: `Unit "${id}" (a department or team)` })[
    target
  ];
const enNoun = (target: ReferenceTarget): string => (target === 'unit' ? 'department or team' : target);

const daWhat = (target: ReferenceTarget, id: string): string =>
  ({
    department: `Afdelingen "${id}"`,
    team: `Teamet "${id}"`,
    employee: `Medarbejderen "${id}"`,
    unit: `Enheden "${id}" (en afdeling eller et team)`,
  })[target];
const daNoun = (target: ReferenceTarget): string =>
  ({ department: 'afdelingen', team: 'teamet', employee: 'medarbejderen', unit: 'afdelingen eller teamet' })[target];
const daKinds: Record<UnitKind, string> = { department: 'afdelinger', team: 'teams' };

const en = {
  unitNameShared: (name: string, paths: readonly string[]) =>
    `"${name}" is the name of ${paths.length} units (${paths.map((p) => `"${p}"`).join(', ')}), so which one is meant cannot be told. ` +
    `Write the unit's id instead, or the unit as a path (a unit_path column, e.g. "${paths[0] ?? ''}").`,
  renamedReference: (id: string, target: Exclude<ReferenceTarget, 'unit'>, to: string) =>
    `"${id}" is the old id of ${target} "${to}", which this workbook renames. Use the new id "${to}".`,
  teamNotDepartment: (id: string) => `"${id}" is a team, not a department. A parent must be a department: give the id of a department.`,
  departmentNotTeam: (id: string) => `"${id}" is a department, not a team. Employees work from teams: give the id of one of its teams.`,
  leaverCannot: (id: string, row: number | string, role: ActiveRole) =>
    `Employee "${id}" has left (status left in row ${row}) and cannot ${role === 'own' ? 'own a unit' : 'hold a delegation'}. Choose someone who stays, or leave it empty.`,
  notFound: (target: ReferenceTarget, id: string, sheet: string) =>
    `${enWhat(target, id)} is not in the ${sheet} sheet and not in the service. Correct the id, or add the ${enNoun(target)} to the ${sheet} sheet.`,
  notFoundOffline: (target: ReferenceTarget, id: string, sheet: string) =>
    `${enWhat(target, id)} is not in the ${sheet} sheet, and no service is configured to look it up. It must already exist in the service, or the import will fail there.`,
  nameNotId: (text: string, kind: Exclude<ReferenceTarget, 'unit'>, column: string, id: string) =>
    `"${text}" is the name of ${kind === 'employee' ? 'a person' : `a ${kind}`}, not an id. Write the ${column} instead: "${id}".`,
  nameOfMany: (text: string, kind: Exclude<ReferenceTarget, 'unit'>, column: string, count: number, listed: string) =>
    `"${text}" is the name of ${kind === 'employee' ? 'a person' : `a ${kind}`}, not an id, and ${formatNumber(count)} have that name (${listed}). Write the ${column} of the one you mean.`,
  /** The sheet a reference is looked up in, when the input has none of that kind. */
  fallbackSheet: (kind: 'employees' | 'organisation'): string => (kind === 'employees' ? 'Employees' : 'Organisation'),

  servicePerson: (name: string | undefined, user: string, employees: readonly string[]) =>
    `${name ? `${name} ` : ''}(user "${user}", ${employees.length === 0 ? 'no active employment' : `employee ${employees.map((e) => `"${e}"`).join(', ')}`})`,
  serviceHasUsername: (usernameGiven: boolean, username: string, holder: string, advice: string) =>
    `The service already has the ${usernameGiven ? `username "${username}"` : `e-mail address "${username}" (the username of a person without one)`} for ${holder}, who is not in this workbook. ${advice}`,
  serviceHasEmail: (email: string, holder: string, advice: string) =>
    `The service already has the e-mail address "${email}" for ${holder}, who is not in this workbook; this row would make a second person. ${advice}`,
  adviceSameDigits: (serviceId: string, newId: string) =>
    `It is probably the same person under id "${serviceId}" in the service: the export seems to have changed the id to "${newId}". Use the id "${serviceId}".`,
  adviceComingBack: (id: string) =>
    `If it is the same person coming back, use their old id "${id}" (they are rehired with their data); otherwise give this person another e-mail address or username.`,
  adviceRename: (id: string, hasUsername: boolean) =>
    `It looks like employee ${id} under a new id: put ${id} in previous_employee_id, or give this person their own e-mail address${hasUsername ? ' and username' : ''}.`,
  topOwnerLeaves: (owner: string, top: string) =>
    `Employee "${owner}" owns the top department "${top}" in the service, and the service refuses to fire the owner of the top department. Give the top department another owner first (owner column of the Organisation sheet), or keep the employee active.`,
  personBorn: (name: string, born: string | undefined) => `${name}, born ${born}`,
  matchEmployee: (id: string, who: string) =>
    `This looks like employee ${id} (${who}) under a new id: put ${id} in previous_employee_id to keep their data. As it stands a second person is created and ${id} stays; if this is someone else, nothing needs doing.`,
  matchLeaver: (who: string, user: string) =>
    `This looks like ${who} (user "${user}" in the service, who has no active employment: someone who left) coming back under a new id: put "${user}" in user_id, and their old employee id in previous_employee_id to rehire them with their data. As it stands a second person is created; if this is someone else, nothing needs doing.`,

  delegationsNeedV3:
    'Delegations cannot be sent with API version 2. Remove this row (or the whole Delegations sheet), or import with --api v3.',
  delegationUnitEmpty: 'The unit_id is empty. Write the id of the department or team.',
  responsibilityEmpty: 'The responsibility is empty. Choose one from the list for the kind of unit.',
  delegateEmpty: 'The employee_id is empty. Write the id of the employee who gets the responsibility.',
  unknownResponsibility: (text: string) =>
    `The responsibility "${text}" is not recognised. Choose one from the list (for example dialog_access_cv for a team, configuration for a department).`,
  responsibilityForOtherKind: (name: string, forKind: UnitKind, unit: string | null, unitKind: UnitKind) =>
    `The responsibility "${name}" is for ${forKind}s, but "${unit}" is a ${unitKind}. Choose a responsibility for ${unitKind}s.`,
  duplicateDelegation: (row: number, responsibility: string, unit: string, employee: string | null) =>
    `This delegation repeats row ${row} (${responsibility} on "${unit}" for employee "${employee}"); it is sent once.`,
};

export const validateReferenceWords = phrasebook({
  en,
  da: {
    unitNameShared: (name, paths) =>
      `"${name}" er navnet på ${paths.length} enheder (${paths.map((p) => `"${p}"`).join(', ')}), så det kan ikke afgøres, hvilken der menes. ` +
      `Skriv enhedens id i stedet, eller enheden som en sti (en kolonne unit_path, f.eks. "${paths[0] ?? ''}").`,
    renamedReference: (id, target, to) =>
      `"${id}" er det gamle id for ${daNoun(target)} "${to}", som denne projektmappe omdøber. Brug det nye id "${to}".`,
    teamNotDepartment: (id) => `"${id}" er et team, ikke en afdeling. Den overordnede skal være en afdeling: skriv id'et på en afdeling.`,
    departmentNotTeam: (id) =>
      `"${id}" er en afdeling, ikke et team. Medarbejdere hører til teams: skriv id'et på et af afdelingens teams.`,
    leaverCannot: (id, row, role) =>
      `Medarbejderen "${id}" er fratrådt (status fratrådt i række ${row}) og kan ikke ${role === 'own' ? 'være leder af en enhed' : 'have en delegering'}. Vælg en, der bliver, eller lad cellen stå tom.`,
    notFound: (target, id, sheet) =>
      `${daWhat(target, id)} findes hverken i arket ${sheet} eller i tjenesten. Ret id'et, eller tilføj ${daNoun(target)} i arket ${sheet}.`,
    notFoundOffline: (target, id, sheet) =>
      `${daWhat(target, id)} findes ikke i arket ${sheet}, og der er ingen tjeneste sat op, som id'et kan slås op i. Id'et skal allerede findes i tjenesten, ellers mislykkes importen dér.`,
    nameNotId: (text, kind, column, id) =>
      `"${text}" er navnet på ${{ employee: 'en person', department: 'en afdeling', team: 'et team' }[kind]}, ikke et id. Skriv i stedet ${column === 'id' ? "id'et" : column}: "${id}".`,
    nameOfMany: (text, kind, column, count, listed) =>
      `"${text}" er navnet på ${{ employee: 'en person', department: 'en afdeling', team: 'et team' }[kind]}, ikke et id, og ${formatNumber(count)} har det navn (${listed}). Skriv ${column === 'id' ? "id'et" : column} på den, du mener.`,
    fallbackSheet: (kind) => (kind === 'employees' ? 'Medarbejdere' : 'Organisation'),

    servicePerson: (name, user, employees) =>
      `${name ? `${name} ` : ''}(bruger "${user}", ${employees.length === 0 ? 'ingen aktiv ansættelse' : `medarbejder ${employees.map((e) => `"${e}"`).join(', ')}`})`,
    serviceHasUsername: (usernameGiven, username, holder, advice) =>
      `Tjenesten har allerede ${usernameGiven ? `brugernavnet "${username}"` : `e-mailadressen "${username}" (som er brugernavn for en person uden eget brugernavn)`} for ${holder}, som ikke er med i denne projektmappe. ${advice}`,
    serviceHasEmail: (email, holder, advice) =>
      `Tjenesten har allerede e-mailadressen "${email}" for ${holder}, som ikke er med i denne projektmappe; denne række ville oprette en person mere. ${advice}`,
    adviceSameDigits: (serviceId, newId) =>
      `Det er sandsynligvis samme person, som har id'et "${serviceId}" i tjenesten: eksporten ser ud til at have ændret id'et til "${newId}". Brug id'et "${serviceId}".`,
    adviceComingBack: (id) =>
      `Hvis det er samme person, der kommer tilbage, så brug personens gamle id "${id}" (personen genansættes med sine data); ellers giv denne person en anden e-mailadresse eller et andet brugernavn.`,
    adviceRename: (id, hasUsername) =>
      `Det ligner medarbejder ${id} under et nyt id: skriv ${id} i previous_employee_id, eller giv denne person sin egen e-mailadresse${hasUsername ? ' og sit eget brugernavn' : ''}.`,
    topOwnerLeaves: (owner, top) =>
      `Medarbejderen "${owner}" er leder af topafdelingen "${top}" i tjenesten, og tjenesten afviser at fratræde lederen af topafdelingen. Giv først topafdelingen en anden leder (kolonnen owner i arket Organisation), eller lad medarbejderen forblive aktiv.`,
    personBorn: (name, born) => `${name}, født ${born}`,
    matchEmployee: (id, who) =>
      `Det ligner medarbejder ${id} (${who}) under et nyt id: skriv ${id} i previous_employee_id for at beholde personens data. Som det står nu, oprettes en person mere, og ${id} bliver; er det en anden person, skal du ikke gøre noget.`,
    matchLeaver: (who, user) =>
      `Det ligner ${who} (bruger "${user}" i tjenesten, uden aktiv ansættelse: en, der er fratrådt), som kommer tilbage under et nyt id: skriv "${user}" i user_id og personens gamle medarbejder-id i previous_employee_id for at genansætte personen med sine data. Som det står nu, oprettes en person mere; er det en anden person, skal du ikke gøre noget.`,

    delegationsNeedV3:
      'Delegeringer kan ikke sendes med API version 2. Slet denne række (eller hele arket Delegeringer), eller indlæs med --api v3.',
    delegationUnitEmpty: "Enheds-id'et er tomt. Skriv id'et på afdelingen eller teamet.",
    responsibilityEmpty: 'Ansvarsområdet er tomt. Vælg et fra listen for den slags enhed.',
    delegateEmpty: "Medarbejder-id'et er tomt. Skriv id'et på den medarbejder, der får ansvarsområdet.",
    unknownResponsibility: (text) =>
      `Ansvarsområdet "${text}" kendes ikke. Vælg et fra listen (for eksempel dialog_access_cv for et team, configuration for en afdeling).`,
    responsibilityForOtherKind: (name, forKind, unit, unitKind) =>
      `Ansvarsområdet "${name}" gælder ${daKinds[forKind]}, men "${unit}" er ${unitKind === 'department' ? 'en afdeling' : 'et team'}. Vælg et ansvarsområde for ${daKinds[unitKind]}.`,
    duplicateDelegation: (row, responsibility, unit, employee) =>
      `Denne delegering gentager række ${row} (${responsibility} på "${unit}" for medarbejderen "${employee}"); den sendes én gang.`,
  },
});
