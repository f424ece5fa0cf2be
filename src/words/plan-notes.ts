/**
 * The notes of src/plan/'s diff: what the plan cannot do or leaves alone and says plainly, and why
 * --prune keeps what the workbook does not list (diff-common.ts, diff-people.ts, diff-units.ts,
 * diff-absences.ts, renames.ts).
 */
import { phrasebook, plural } from './language.js';

export type RenameLabel = 'Employee' | 'Department' | 'Team';

const en = {
  // Why --prune keeps something the workbook does not list (the end of "… is kept: WHY.").
  keepLooksRenamed: (to: string) => `it looks renamed to ${to} in the export (confirm with --accept-renames)`,
  keepDepartmentUnder: (departmentId: string) => `department ${departmentId} is under it`,
  keepOwnsDepartment: (departmentId: string) => `it owns department ${departmentId}`,
  keepTeamIn: (teamId: string) => `team ${teamId} is in it`,
  keepOwnsTeam: (teamId: string) => `it owns team ${teamId}`,
  keepWorksIn: (employeeId: string) => `employee ${employeeId} works in it`,
  keepDelegationTo: (employeeId: string) => `it holds a delegation to ${employeeId}`,
  keepHoldsResponsibility: (responsibility: string, unitId: string) => `it holds ${responsibility} on ${unitId}`,
  keepReportedSick: 'the absence sheet reports it sick',
  keepOwnsTop: 'it owns the top department',
  keptEmployee: (id: string, why: string) => `Employee ${id} is not in the employees sheet but is kept: ${why}.`,
  keptDepartment: (id: string, why: string) => `Department ${id} is not in the workbook but is kept: ${why}.`,
  keptTeam: (id: string, why: string) => `Team ${id} is not in the workbook but is kept: ${why}.`,

  employmentStaysWithUser: (employeeId: string, serviceUserId: string, userId: string) =>
    `Employee ${employeeId} belongs to user ${serviceUserId} in the service, the workbook says user ${userId}: the API cannot move an employment to another person, so it stays with ${serviceUserId}.`,
  usernameTaken: (holder: { id: string; username?: string | undefined; email: string }, employments: readonly string[], userId: string) =>
    `User ${holder.id} in the service (employee ${employments.join(', ')}) already has the username "${holder.username}" or e-mail ${holder.email} of user ${userId}: creating ${userId} would be refused. If it is the same person, put ${holder.id} as the user_id (or ${employments[0]} as the previous_employee_id); otherwise give one of them another username.`,
  orphanUserUsed: (holder: { id: string; username?: string | undefined }, userId: string) =>
    `User ${holder.id} in the service has the username "${holder.username}" of user ${userId} and no employment (left by an earlier run that stopped before the employee was created): it is used for ${userId} instead of creating a second user.`,
  systemLanguageFixed: (employeeId: string, stays: string) =>
    `Employee ${employeeId}: system_language cannot be changed through the API once the employee exists (it stays ${stays}).`,

  exchangeUndecidable: (label: RenameLabel, from: string, to: string) =>
    `${label} ${from} and ${to} exchange ids, but the service shows nothing that tells them apart, so whether it was done already cannot be told: nothing is exchanged. Change the ids on the site, or give the rows different ${label === 'Employee' ? 'usernames' : 'names'}.`,
  renameTargetTaken: (label: RenameLabel, to: string, from: string) =>
    `${label} ${to} already exists, so ${from} is not renamed to it; ${from} is left as it is.`,
  idDiffersByZeros: (label: RenameLabel, id: string, serviceId: string) =>
    `${label} ${id} is new, but the service has ${label.toLowerCase()} ${serviceId}, whose id differs only by leading zeros (the workbook shows its ids with zeros, and an id is read as the workbook shows it). If they are the same, put ${serviceId} in the ${label === 'Employee' ? 'previous_employee_id' : 'previous_id'} column to give it the new id, or write ${serviceId} as its id.`,

  period: (start: string, end: string | null) => `${start} to ${end ?? 'open'}`,
  overlapsPeriods: (employeeId: string, period: string, held: readonly string[]) =>
    `Employee ${employeeId}: the period ${period} overlaps ${held.length} periods the service holds (${held.join(', ')}); the service refuses a report that overlaps two periods, so it is not sent. Correct the periods on the site.`,
  openStartCannotMoveLater: (employeeId: string, heldStart: string, start: string) =>
    `Employee ${employeeId}: the open period from ${heldStart} cannot be moved to start later (${start}) without an end date: the service moves a start later only when the same end date is sent. It stays as it is; correct it on the site, or give the row its end date.`,
  /** `from` is where the ledger says the period was reported from ("Absence row 4"). */
  absenceNotInWorkbook: (employeeId: string, period: string, from: string | undefined) =>
    `The absence of employee ${employeeId} ${period}${from ? ` (reported from ${from})` : ''} is no longer in the workbook, but the service still holds it: the API cannot delete an absence period. Remove it on the site if it was a mistake.`,
};

const DANISH_LABEL: Record<RenameLabel, string> = { Employee: 'Medarbejder', Department: 'Afdeling', Team: 'Team' };

/**
 * The ledger keeps where a period was reported from as written then ("Absence row 4": the sheet's name
 * and its row); a Danish note says the row in Danish.
 */
function rowInDanish(from: string): string {
  const match = /^(.*) row (\d+)$/.exec(from);
  return match ? `arket ${match[1]}, række ${match[2]}` : from;
}

export const planNoteWords = phrasebook({
  en,
  da: {
    keepLooksRenamed: (to) => `enheden ser ud til at være omdøbt til ${to} i eksporten (bekræft med --accept-renames)`,
    keepDepartmentUnder: (departmentId) => `afdeling ${departmentId} ligger under den`,
    keepOwnsDepartment: (departmentId) => `vedkommende er leder af afdeling ${departmentId}`,
    keepTeamIn: (teamId) => `team ${teamId} ligger i den`,
    keepOwnsTeam: (teamId) => `vedkommende er leder af team ${teamId}`,
    keepWorksIn: (employeeId) => `medarbejder ${employeeId} arbejder i det`,
    keepDelegationTo: (employeeId) => `enheden har en delegering til ${employeeId}`,
    keepHoldsResponsibility: (responsibility, unitId) => `vedkommende har ${responsibility} på ${unitId}`,
    keepReportedSick: 'fraværsarket melder vedkommende syg',
    keepOwnsTop: 'vedkommende er leder af topafdelingen',
    keptEmployee: (id, why) => `Medarbejder ${id} står ikke i medarbejderarket, men bevares: ${why}.`,
    keptDepartment: (id, why) => `Afdeling ${id} står ikke i projektmappen, men bevares: ${why}.`,
    keptTeam: (id, why) => `Team ${id} står ikke i projektmappen, men bevares: ${why}.`,

    employmentStaysWithUser: (employeeId, serviceUserId, userId) =>
      `Medarbejder ${employeeId} hører til bruger ${serviceUserId} i tjenesten, men projektmappen siger bruger ${userId}: API'et kan ikke flytte en ansættelse til en anden person, så den bliver hos ${serviceUserId}.`,
    usernameTaken: (holder, employments, userId) =>
      `Bruger ${holder.id} i tjenesten (medarbejder ${employments.join(', ')}) har allerede brugernavnet "${holder.username}" eller e-mailen ${holder.email} fra bruger ${userId}: tjenesten vil afvise at oprette ${userId}. Hvis det er samme person, så skriv ${holder.id} som user_id (eller ${employments[0]} som previous_employee_id); ellers giv en af dem et andet brugernavn.`,
    orphanUserUsed: (holder, userId) =>
      `Bruger ${holder.id} i tjenesten har brugernavnet "${holder.username}" fra bruger ${userId} og ingen ansættelse (efterladt af en tidligere kørsel, der stoppede, før medarbejderen blev oprettet): den bruges til ${userId} i stedet for at oprette en bruger mere.`,
    systemLanguageFixed: (employeeId, stays) =>
      `Medarbejder ${employeeId}: system_language kan ikke ændres gennem API'et, når medarbejderen først findes (det forbliver ${stays}).`,

    exchangeUndecidable: (label, from, to) =>
      `${DANISH_LABEL[label]} ${from} og ${to} bytter id, men tjenesten viser intet, der kan skelne dem fra hinanden, så man kan ikke se, om byttet allerede er sket: intet byttes. Skift id'erne på sitet, eller giv rækkerne forskellige ${label === 'Employee' ? 'brugernavne' : 'navne'}.`,
    renameTargetTaken: (label, to, from) =>
      `${DANISH_LABEL[label]} ${to} findes allerede, så ${from} omdøbes ikke til det; ${from} forbliver som før.`,
    idDiffersByZeros: (label, id, serviceId) =>
      `${DANISH_LABEL[label]} ${id} er ny, men tjenesten har ${DANISH_LABEL[label].toLowerCase()} ${serviceId}, hvis id kun adskiller sig ved foranstillede nuller (projektmappen viser sine id'er med nuller, og et id læses, som projektmappen viser det). Hvis det er den samme, så skriv ${serviceId} i kolonnen ${label === 'Employee' ? 'previous_employee_id' : 'previous_id'} for at give den det nye id, eller skriv ${serviceId} som dens id.`,

    period: (start, end) => `${start} til ${end ?? 'åben'}`,
    overlapsPeriods: (employeeId, period, held) =>
      `Medarbejder ${employeeId}: perioden ${period} overlapper ${held.length} ${plural(held.length, 'periode', 'perioder')}, som tjenesten har (${held.join(', ')}); tjenesten afviser en indberetning, der overlapper to perioder, så den sendes ikke. Ret perioderne på sitet.`,
    openStartCannotMoveLater: (employeeId, heldStart, start) =>
      `Medarbejder ${employeeId}: den åbne periode fra ${heldStart} kan ikke flyttes til at starte senere (${start}) uden en slutdato: tjenesten flytter kun en start til senere, når samme slutdato sendes. Den forbliver som før; ret den på sitet, eller giv rækken dens slutdato.`,
    absenceNotInWorkbook: (employeeId, period, from) =>
      `Fraværet for medarbejder ${employeeId} ${period}${from ? ` (indberettet fra ${rowInDanish(from)})` : ''} står ikke længere i projektmappen, men tjenesten har det stadig: API'et kan ikke slette en fraværsperiode. Fjern det på sitet, hvis det var en fejl.`,
  },
});
