/**
 * The sentences of validation about departments and teams (src/validate/organisation.ts, tree.ts,
 * export-shapes.ts, units-from-paths.ts, leaders.ts, plain-tree.ts, rename-proposals.ts).
 */
import { formatNumber, phrasebook } from './language.js';
import type { UnitKind } from '../model/organisation.js';

const en = {
  typeEmpty: 'The type is empty. Write department or team.',
  unknownType: (text: string) => `The type "${text}" is not recognised. Use department (afdeling) or team.`,
  unitIdEmpty: 'The id is empty. Every department and team needs an id.',
  unitNameEmpty: 'The name is empty. Every department and team needs a name.',
  duplicateUnitId: (kind: UnitKind, id: string, row: number | undefined) =>
    `The ${kind} id "${id}" is already used in row ${row}. Each ${kind} needs its own id.`,
  previousIdTaken: (previousId: string, row: number) =>
    `The previous id "${previousId}" is already given in row ${row}. One old id can become only one new id.`,
  teamWithoutParent: (id: string) => `The team "${id}" has no parent_id. Write the id of the department the team belongs to.`,
  cycle: (loop: string) => `The parents of departments ${loop} form a loop. Give one of them another parent_id.`,
  /** A long loop shortened: its first members, how many are left out, its last member, and its size. */
  longLoop: (head: string, hidden: number, last: string, first: string, count: number) =>
    `${head} → … ${formatNumber(hidden)} more … → ${last} → ${first} (${formatNumber(count)} departments)`,
  noTopDepartment: (sheet: string, serviceTop: string | undefined) =>
    `The ${sheet} sheet has no top department. Exactly one department must have an empty parent_id: the top department${serviceTop === undefined ? '' : ` (in the service: "${serviceTop}")`}.`,
  secondTopDepartment: (extra: string, top: string, row: number) =>
    `Department "${extra}" has no parent_id, but "${top}" in row ${row} is already the top department. Only one department can be the top: give "${extra}" a parent.`,
  notServiceTopDepartment: (top: string, serviceTop: string) =>
    `The top department "${top}" is not the service's top department "${serviceTop}". The importer never replaces the top department: use the id "${serviceTop}" for it.`,
  impliedTop: (id: string, name: string, children: number) =>
    `No row of the unit list is the top department, and ${children === 1 ? 'one unit names' : `${formatNumber(children)} units name`} "${id}" as ${children === 1 ? 'its' : 'their'} parent, which no row defines: "${id}" is taken as the top department${name === id ? '' : ` ("${name}")`}.`,
  unitAtRow: (name: string, row: number) => `"${name}" (row ${row})`,
  placedUnderRoot: (id: string, name: string, listed: readonly string[], more: number) =>
    `The units without a parent, ${listed.join(', ')}${more > 0 ? ` and ${formatNumber(more)} more` : ''}, are placed under the top department "${id}"${name === id ? '' : ` ("${name}")`} (--root-id).`,
  severalWithoutParent: (listed: readonly string[], more: number, serviceTop: string | undefined) =>
    `${formatNumber(listed.length + more)} units have no parent: ${listed.join(', ')}${more > 0 ? ` and ${formatNumber(more)} more` : ''}. The unit list leaves the company out: add it as a row and give it as their parent, or run with --root-id ${serviceTop ?? 'ID'} to place them under the top department${serviceTop === undefined ? '' : ` (the service's is "${serviceTop}")`}.`,

  pathEmpty: 'The path is empty. Every unit row names its unit by its path from the top department.',
  plainIdEmpty: 'The id is empty. Every unit needs an id.',
  plainNameEmpty: 'The name is empty. Every unit needs a name.',
  duplicatePlainId: (id: string, row: number) => `The unit id "${id}" is already used in row ${row}. Each unit needs its own id.`,
  unknownLeaderFlag: (flag: string | null) =>
    `The leader flag "${flag}" is not recognised. Use yes or no (ja/nej, true/false, 1/0, x or empty).`,
  leaderWithoutUnit: 'The employee is marked as leader, but the row names no unit to lead. Fill in the unit, or clear the flag.',
  levelGap: (level: number, deeper: string | null | undefined) =>
    `Level ${level} is empty, but a deeper level is filled in ("${deeper}"). Fill in the missing level: a path has no gaps.`,
  pathGap: (level: number, path: string, separator: string | undefined) =>
    `Level ${level} of the path "${path}" is empty (two separators "${separator}" in a row). Remove the extra separator or fill in the level.`,
  wrongPathStart: (name: string, top: string | undefined, fromService: boolean) =>
    `The path starts at "${name}", which is not ${fromService ? `the service's top department "${top}"` : `"${top}", the top department of the first row`}. Every path starts at the top department.`,
  pathIdTaken: (id: string, holder: string) =>
    `The id "${id}" is already the id of "${holder}". Each unit needs its own id: give this unit another one, or leave the cell empty to have its id made from its path.`,

  leaderEmailOffline: (email: string) =>
    `No employee in the workbook has the e-mail address "${email}"; without a service it cannot be checked further.`,
  leaderEmailUnknown: (email: string) =>
    `No employee in the workbook or the service has the e-mail address "${email}", so the leader of this unit cannot be found. Correct the address, or add the leader to the employees.`,
  duplicateLeader: (unit: string, leader: string | null | undefined, row: number) =>
    `The unit "${unit}" already has a leader (${leader}, row ${row}). A unit has one leader: remove one of them.`,

  teamBecomesDepartment: (name: string, id: string) =>
    `The team "${name}" (${id}) has units below it now: it becomes a department with the same id, and the team moves into it as the department's own team (no team is deleted, its members and dialog data stay).`,
  ownTeam: (name: string, id: string) =>
    `The employees who work directly in department "${name}" (${id}) work from its own team: a team with the same id and name is created in the department (the service's employees work from teams).`,
  ownTeamOfServiceDepartment: (name: string, id: string) =>
    `The employee works directly in department "${name}" (${id}), which this export's unit list leaves out but the service has: they work from its own team, a team with the same id and name created in the department.`,
  suggestedRename: (kind: UnitKind, name: string, id: string, oldName: string, old: string) =>
    `The ${kind} "${name}" (${id}) looks like a rename of "${oldName}" (${old}), which is no longer in the export. ` +
    `Run with --accept-renames to rename it (its members and dialog data stay); otherwise "${id}" is created as a new ${kind} and "${old}" is left as it is (also with --prune).`,
};

export const validateUnitWords = phrasebook({
  en,
  da: {
    typeEmpty: 'Typen er tom. Skriv afdeling eller team.',
    unknownType: (text) => `Typen "${text}" kendes ikke. Skriv afdeling (department) eller team.`,
    unitIdEmpty: "Id'et er tomt. Alle afdelinger og teams skal have et id.",
    unitNameEmpty: 'Navnet er tomt. Alle afdelinger og teams skal have et navn.',
    duplicateUnitId: (kind, id, row) =>
      kind === 'department'
        ? `Afdelings-id'et "${id}" bruges allerede i række ${row}. Hver afdeling skal have sit eget id.`
        : `Team-id'et "${id}" bruges allerede i række ${row}. Hvert team skal have sit eget id.`,
    previousIdTaken: (previousId, row) =>
      `Det tidligere id "${previousId}" er allerede angivet i række ${row}. Et gammelt id kan kun blive til ét nyt id.`,
    teamWithoutParent: (id) => `Teamet "${id}" har intet parent_id. Skriv id'et på den afdeling, teamet hører til.`,
    cycle: (loop) => `Afdelingerne ${loop} er hinandens overordnede i en ring. Giv en af dem et andet parent_id.`,
    longLoop: (head, hidden, last, first, count) =>
      `${head} → … ${formatNumber(hidden)} flere … → ${last} → ${first} (${formatNumber(count)} afdelinger)`,
    noTopDepartment: (sheet, serviceTop) =>
      `Arket ${sheet} har ingen topafdeling. Præcis én afdeling skal have et tomt parent_id: topafdelingen${serviceTop === undefined ? '' : ` (i tjenesten: "${serviceTop}")`}.`,
    secondTopDepartment: (extra, top, row) =>
      `Afdelingen "${extra}" har intet parent_id, men "${top}" i række ${row} er allerede topafdelingen. Der kan kun være én topafdeling: giv "${extra}" en overordnet afdeling.`,
    notServiceTopDepartment: (top, serviceTop) =>
      `Topafdelingen "${top}" er ikke tjenestens topafdeling "${serviceTop}". Importen udskifter aldrig topafdelingen: brug id'et "${serviceTop}" til den.`,
    impliedTop: (id, name, children) =>
      `Ingen række i enhedslisten er topafdelingen, og ${children === 1 ? 'én enhed' : `${formatNumber(children)} enheder`} har "${id}" som overordnet, som ingen række definerer: "${id}" læses som topafdelingen${name === id ? '' : ` ("${name}")`}.`,
    unitAtRow: (name, row) => `"${name}" (række ${row})`,
    placedUnderRoot: (id, name, listed, more) =>
      `Enhederne uden overordnet, ${listed.join(', ')}${more > 0 ? ` og ${formatNumber(more)} flere` : ''}, placeres under topafdelingen "${id}"${name === id ? '' : ` ("${name}")`} (--root-id).`,
    severalWithoutParent: (listed, more, serviceTop) =>
      `${formatNumber(listed.length + more)} enheder har ingen overordnet: ${listed.join(', ')}${more > 0 ? ` og ${formatNumber(more)} flere` : ''}. Enhedslisten udelader virksomheden: tilføj den som en række, og angiv den som deres overordnede, eller kør med --root-id ${serviceTop ?? 'ID'} for at placere dem under topafdelingen${serviceTop === undefined ? '' : ` (tjenestens er "${serviceTop}")`}.`,

    pathEmpty: 'Stien er tom. Hver række med en enhed skal angive enheden med dens sti fra topafdelingen.',
    plainIdEmpty: "Id'et er tomt. Alle enheder skal have et id.",
    plainNameEmpty: 'Navnet er tomt. Alle enheder skal have et navn.',
    duplicatePlainId: (id, row) => `Enheds-id'et "${id}" bruges allerede i række ${row}. Hver enhed skal have sit eget id.`,
    unknownLeaderFlag: (flag) => `Ledermarkeringen "${flag}" kendes ikke. Skriv ja eller nej (yes/no, true/false, 1/0, x eller tom).`,
    leaderWithoutUnit:
      'Medarbejderen er markeret som leder, men rækken angiver ingen enhed at lede. Udfyld enheden, eller fjern markeringen.',
    levelGap: (level, deeper) =>
      `Niveau ${level} er tomt, men et dybere niveau er udfyldt ("${deeper}"). Udfyld det manglende niveau: en sti må ikke have huller.`,
    pathGap: (level, path, separator) =>
      `Niveau ${level} i stien "${path}" er tomt (to skilletegn "${separator}" lige efter hinanden). Fjern det ekstra skilletegn, eller udfyld niveauet.`,
    wrongPathStart: (name, top, fromService) =>
      `Stien begynder ved "${name}", som ikke er ${fromService ? `tjenestens topafdeling "${top}"` : `"${top}", topafdelingen i den første række`}. Alle stier begynder ved topafdelingen.`,
    pathIdTaken: (id, holder) =>
      `Id'et "${id}" er allerede id for "${holder}". Hver enhed skal have sit eget id: giv denne enhed et andet, eller lad cellen stå tom, så dens id dannes ud fra stien.`,

    leaderEmailOffline: (email) =>
      `Ingen medarbejder i projektmappen har e-mailadressen "${email}"; uden forbindelse til tjenesten kan den ikke kontrolleres nærmere.`,
    leaderEmailUnknown: (email) =>
      `Ingen medarbejder i projektmappen eller i tjenesten har e-mailadressen "${email}", så enhedens leder kan ikke findes. Ret adressen, eller tilføj lederen blandt medarbejderne.`,
    duplicateLeader: (unit, leader, row) =>
      `Enheden "${unit}" har allerede en leder (${leader}, række ${row}). En enhed har kun én leder: fjern en af dem.`,

    teamBecomesDepartment: (name, id) =>
      `Teamet "${name}" (${id}) har nu enheder under sig: det bliver en afdeling med samme id, og teamet flyttes ind i den som afdelingens eget team (intet team slettes, og dets medlemmer og dialogdata bliver).`,
    ownTeam: (name, id) =>
      `Medarbejderne, der arbejder direkte i afdelingen "${name}" (${id}), hører til afdelingens eget team: et team med samme id og navn oprettes i afdelingen (i tjenesten hører medarbejdere til teams).`,
    ownTeamOfServiceDepartment: (name, id) =>
      `Medarbejderen arbejder direkte i afdelingen "${name}" (${id}), som eksportens enhedsliste udelader, men tjenesten har: medarbejderen hører til afdelingens eget team, et team med samme id og navn, der oprettes i afdelingen.`,
    suggestedRename: (kind, name, id, oldName, old) =>
      (kind === 'department'
        ? `Afdelingen "${name}" (${id}) ligner en omdøbning af "${oldName}" (${old}), som ikke længere er med i eksporten. `
        : `Teamet "${name}" (${id}) ligner en omdøbning af "${oldName}" (${old}), som ikke længere er med i eksporten. `) +
      `Kør med --accept-renames for at omdøbe ${kind === 'department' ? 'den' : 'det'} (medlemmer og dialogdata bliver); ellers oprettes "${id}" som ${kind === 'department' ? 'en ny afdeling' : 'et nyt team'}, og "${old}" bliver stående, som ${kind === 'department' ? 'den' : 'det'} er (også med --prune).`,
  },
});
