/**
 * The sentences of validation about one row's cells (src/validate/cursor.ts, employees.ts,
 * people-columns.ts, absence.ts, trimmed.ts): what an HR person reads for every bad cell.
 */
import { formatNumber, phrasebook, plural } from './language.js';

/** The columns read as dates, each named in a sentence by its own word. */
export type DateColumn = 'start_date' | 'end_date' | 'birthday' | 'leaving_date' | 'hiring_date';

/** The person fields that must agree on every row of one person. */
export type PersonField = 'name' | 'email' | 'username' | 'gender' | 'birthday';

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const en = {
  dateLabel: (column: DateColumn): string =>
    ({ start_date: 'start date', end_date: 'end date', birthday: 'birthday', leaving_date: 'leaving date', hiring_date: 'hiring date' })[
      column
    ],
  controlCharacter: (value: string, code: string, shown: string) =>
    `The value "${value}" holds an invisible control character (U+${code}, shown as ${shown}), which no name or id contains. Retype the value.`,
  dateIsOtherType: (label: string, text: string, type: 'number' | 'boolean') =>
    `The ${label} "${text}" is a ${type}, not a date. Format the cell as a date or type the date as YYYY-MM-DD.`,
  dateNotInProfileFormat: (label: string, text: string, format: string) =>
    `The ${label} "${text}" is not a date in the format ${format} that the --map profile gives for this column. Type it as ${format} or YYYY-MM-DD.`,
  ambiguousDate: (label: string, text: string) =>
    `The ${label} "${text}" could be day/month or month/day. Type it as YYYY-MM-DD, or run with --date-order dmy (or mdy).`,
  notADate: (label: string, text: string) => `The ${label} "${text}" is not a date. Type it as YYYY-MM-DD (for example 2024-03-31).`,

  absenceEmployeeEmpty: 'The employee_id is empty. Write the id of the employee who is sick.',
  placementPersonEmpty: 'The person is empty. Every placement names the person placed, by their employee id.',
  placementUnitEmpty: 'The unit is empty. Every placement names the unit the person is placed in, by its id or name.',
  startDateEmpty: 'The start date is empty. Write the first sick day.',
  endBeforeStart: (end: string, start: string) => `The end date ${end} is before the start date ${start}. Correct one of the dates.`,
  absenceOfLeaver: (id: string, sheet: string) =>
    `Employee "${id}" has left (status in the ${sheet} sheet), so this absence is skipped: the service no longer shows the employee.`,
  absenceInNoTeam: (id: string) =>
    `Employee "${id}" will be in no team, and the service cannot report an employee sick who is in no team. Give the employee a team_id in the Employees sheet.`,
  period: (start: string, end: string | null) => `${start} to ${end ?? '(still sick)'}`,
  mergedAbsence: (row: number, period: string) =>
    `This absence starts the day after the absence in row ${row} ends, so the service keeps them as one period: they are sent as one, ${period}.`,
  overlappingAbsence: (id: string, period: string, row: number, other: string) =>
    `This absence of employee "${id}" (${period}) overlaps the absence in row ${row} (${other}). The service would merge them silently: correct the dates or remove one of the rows.`,

  trimmedCells: (count: number, firstRow: number) =>
    `${plural(count, 'One cell', `${formatNumber(count)} cells`)} in this column had spaces around the text (first in row ${firstRow}); the spaces were removed.`,

  nameEmpty: "The name is empty. Type the person's full name.",
  firstAndLastNameEmpty: "The first and last name are both empty. Type the person's name.",
  unknownStatus: (text: string) =>
    `The status "${text}" is not recognised. Use active, or left for an employee who has left (aktiv/fratrådt).`,
  conflictingStatus: (leaving: string, hasLeft: boolean, today: string, status: string) =>
    `The leaving date ${leaving} says the employee ${hasLeft ? 'has left' : 'is still employed'} (today is ${today}), but the status says "${status}". Correct one of them.`,
  comingLeave: (leaving: string) => `The employee leaves on ${leaving}: active until then; the first run on or after that date fires them.`,
  notYetHired: (hiring: string, today: string) =>
    `The employee starts on ${hiring}: the row is not imported before then (today is ${today}).`,

  employeeIdEmpty: 'The employee_id is empty. Every employment needs its own id.',
  duplicateEmployeeId: (id: string, row: number | undefined) =>
    `The employee_id "${id}" is already used in row ${row}. Each employment needs its own id.`,
  emailEmpty: 'The e-mail address is empty. Every person needs an e-mail address.',
  invalidEmail: (email: string) => `The e-mail address "${email}" is not valid. Type it as name@example.com.`,
  unknownGender: (text: string) => `The gender "${text}" is not recognised. Use F or M (female/male, kvinde/mand), or leave it empty.`,
  futureBirthday: (birthday: string) => `The birthday ${birthday} is in the future. Correct the date or leave it empty.`,
  unknownSystemLanguage: (text: string) =>
    `The system language "${text}" is not recognised. Use en (English) or da (Danish), or leave it empty for Danish.`,
  previousEmployeeIdTaken: (previousId: string, row: number) =>
    `The previous employee id "${previousId}" is already given in row ${row}. One old id can become only one new id.`,
  emailTaken: (email: string, owner: string, hasUserIdColumn: boolean) =>
    `The e-mail address "${email}" already belongs to another person (user ${owner}). ` +
    (hasUserIdColumn
      ? 'If it is the same person with another job, give both rows the same user_id; otherwise each person needs their own e-mail address.'
      : 'If it is the same person with another job, add a user_id column and give both rows the same user_id; otherwise each person needs their own e-mail address.'),
  usernameTaken: (username: string, owner: string) =>
    `The username "${username}" already belongs to another person (user ${owner}). Choose another username.`,
  emailIsUsername: (email: string, owner: string) =>
    `The e-mail address "${email}" is already another person's username (user ${owner}). Give this person a username of their own.`,
  conflictingPerson: (field: PersonField, here: string, first: string, row: number | undefined, user: string) =>
    `The ${{ name: 'name', email: 'e-mail address', username: 'username', gender: 'gender', birthday: 'birthday' }[field]} "${here}" differs from "${first}" in row ${row} for the same person (user ${user}). Rows of one person must agree.`,
  empty: '(empty)',
};

export const validateRowWords = phrasebook({
  en,
  da: {
    dateLabel: (column) =>
      ({
        start_date: 'startdatoen',
        end_date: 'slutdatoen',
        birthday: 'fødselsdatoen',
        leaving_date: 'fratrædelsesdatoen',
        hiring_date: 'ansættelsesdatoen',
      })[column],
    controlCharacter: (value, code, shown) =>
      `Værdien "${value}" indeholder et usynligt kontroltegn (U+${code}, vist som ${shown}), som ingen navne eller id'er indeholder. Skriv værdien igen.`,
    dateIsOtherType: (label, text, type) =>
      `${capital(label)} "${text}" er ${type === 'number' ? 'et tal' : 'en sandhedsværdi (SAND/FALSK)'}, ikke en dato. Formatér cellen som en dato, eller skriv datoen som ÅÅÅÅ-MM-DD.`,
    dateNotInProfileFormat: (label, text, format) =>
      `${capital(label)} "${text}" er ikke en dato i formatet ${format}, som --map-profilen angiver for denne kolonne. Skriv den som ${format} eller ÅÅÅÅ-MM-DD.`,
    ambiguousDate: (label, text) =>
      `${capital(label)} "${text}" kan læses både som dag/måned og som måned/dag. Skriv den som ÅÅÅÅ-MM-DD, eller kør med --date-order dmy (eller mdy).`,
    notADate: (label, text) => `${capital(label)} "${text}" er ikke en dato. Skriv den som ÅÅÅÅ-MM-DD (for eksempel 2024-03-31).`,

    absenceEmployeeEmpty: "Medarbejder-id'et er tomt. Skriv id'et på den medarbejder, der er syg.",
    placementPersonEmpty: 'Personen er tom. Hver placering angiver den placerede person med medarbejder-id.',
    placementUnitEmpty: 'Enheden er tom. Hver placering angiver den enhed, personen er placeret i, med id eller navn.',
    startDateEmpty: 'Startdatoen er tom. Skriv den første sygedag.',
    endBeforeStart: (end, start) => `Slutdatoen ${end} ligger før startdatoen ${start}. Ret en af datoerne.`,
    absenceOfLeaver: (id, sheet) =>
      `Medarbejderen "${id}" er fratrådt (status i arket ${sheet}), så dette fravær springes over: tjenesten viser ikke længere medarbejderen.`,
    absenceInNoTeam: (id) =>
      `Medarbejderen "${id}" kommer ikke til at være i noget team, og tjenesten kan ikke sygemelde en medarbejder, der ikke er i et team. Giv medarbejderen et team_id i arket Medarbejdere.`,
    period: (start, end) => `${start} til ${end ?? '(stadig syg)'}`,
    mergedAbsence: (row, period) =>
      `Dette fravær begynder dagen efter, at fraværet i række ${row} slutter, så tjenesten gemmer dem som én periode: de sendes samlet, ${period}.`,
    overlappingAbsence: (id, period, row, other) =>
      `Dette fravær for medarbejderen "${id}" (${period}) overlapper fraværet i række ${row} (${other}). Tjenesten ville lægge dem sammen uden at sige det: ret datoerne, eller slet en af rækkerne.`,

    trimmedCells: (count, firstRow) =>
      `${plural(count, 'Én celle', `${formatNumber(count)} celler`)} i denne kolonne havde mellemrum før eller efter teksten (første gang i række ${firstRow}); mellemrummene er fjernet.`,

    nameEmpty: 'Navnet er tomt. Skriv personens fulde navn.',
    firstAndLastNameEmpty: 'Både fornavn og efternavn er tomme. Skriv personens navn.',
    unknownStatus: (text) =>
      `Statussen "${text}" kendes ikke. Skriv aktiv, eller fratrådt for en medarbejder, der er fratrådt (active/left).`,
    conflictingStatus: (leaving, hasLeft, today, status) =>
      `Ifølge fratrædelsesdatoen ${leaving} er medarbejderen ${hasLeft ? 'fratrådt' : 'stadig ansat'} (i dag er det ${today}), men statussen siger "${status}". Ret en af dem.`,
    comingLeave: (leaving) =>
      `Medarbejderen fratræder den ${leaving}: vedkommende er aktiv indtil da, og den første kørsel på eller efter den dato fratræder medarbejderen.`,
    notYetHired: (hiring, today) => `Medarbejderen begynder den ${hiring}: rækken indlæses først fra den dag (i dag er det ${today}).`,

    employeeIdEmpty: "Medarbejder-id'et er tomt. Hver ansættelse skal have sit eget id.",
    duplicateEmployeeId: (id, row) => `Medarbejder-id'et "${id}" bruges allerede i række ${row}. Hver ansættelse skal have sit eget id.`,
    emailEmpty: 'E-mailadressen er tom. Alle personer skal have en e-mailadresse.',
    invalidEmail: (email) => `E-mailadressen "${email}" er ugyldig. Skriv den som navn@firma.dk.`,
    unknownGender: (text) => `Kønnet "${text}" kendes ikke. Skriv K eller M (kvinde/mand, female/male), eller lad cellen stå tom.`,
    futureBirthday: (birthday) => `Fødselsdatoen ${birthday} ligger i fremtiden. Ret datoen, eller lad cellen stå tom.`,
    unknownSystemLanguage: (text) =>
      `Systemsproget "${text}" kendes ikke. Skriv da (dansk) eller en (engelsk), eller lad cellen stå tom for dansk.`,
    previousEmployeeIdTaken: (previousId, row) =>
      `Det tidligere medarbejder-id "${previousId}" er allerede angivet i række ${row}. Et gammelt id kan kun blive til ét nyt id.`,
    emailTaken: (email, owner, hasUserIdColumn) =>
      `E-mailadressen "${email}" tilhører allerede en anden person (bruger ${owner}). ` +
      (hasUserIdColumn
        ? 'Hvis det er samme person med et job mere, så giv begge rækker samme user_id; ellers skal hver person have sin egen e-mailadresse.'
        : 'Hvis det er samme person med et job mere, så tilføj en kolonne user_id, og giv begge rækker samme user_id; ellers skal hver person have sin egen e-mailadresse.'),
    usernameTaken: (username, owner) =>
      `Brugernavnet "${username}" tilhører allerede en anden person (bruger ${owner}). Vælg et andet brugernavn.`,
    emailIsUsername: (email, owner) =>
      `E-mailadressen "${email}" er allerede en anden persons brugernavn (bruger ${owner}). Giv denne person sit eget brugernavn.`,
    conflictingPerson: (field, here, first, row, user) =>
      `${{ name: 'Navnet', email: 'E-mailadressen', username: 'Brugernavnet', gender: 'Kønnet', birthday: 'Fødselsdatoen' }[field]} "${here}" afviger fra "${first}" i række ${row} for samme person (bruger ${user}). Alle rækker for én person skal stemme overens.`,
    empty: '(tom)',
  },
});
