/**
 * The template's Instructions sheet (src/template/xlsx.ts), in English and in Danish: its name, a few
 * general rules, the headings of its table and one line per column, and what a drop-down list says to a
 * value not in it. The reader (src/sheets/recognise.ts) knows the sheet by its name and title.
 */
import type { SheetKind } from '../model/sheet-kind.js';
import { phrasebook } from './language.js';

const en = {
  sheet: 'Instructions',
  title: 'How to fill in this workbook',
  general: [
    'The workbook describes your organisation as it should be. orgsync-import compares it with the service and sends only the differences; it shows you the plan before it changes anything.',
    'Replace the example row (row 2) of each sheet with your own rows and keep the header row. Sheets you do not need (Absence, Delegations, Organisation) may be deleted.',
    'A column you delete is not managed: the service keeps what it has. A blank cell in a column you keep means "no value" (a blank Team ID takes the employee out of their team).',
    'Dates: use date cells, or write them as YYYY-MM-DD or DD-MM-YYYY. A date like 03/04/2025 is refused unless you run with --date-order dmy (or mdy).',
    'Nothing is ever deleted unless you run with --prune. Run "orgsync-import validate FILE" to check the workbook without sending anything.',
  ] as readonly string[],
  headings: ['Sheet', 'Column', 'Required', 'What to write'] as readonly [string, string, string, string],
  yes: 'yes',
  no: 'no',
  exceptTop: 'yes, except for the top department',
  /** What to write in each column, by sheet and column name (src/sheets/columns.ts). */
  rules: {
    employees: {
      employee_id: 'The employment’s id in your HR system. One row per employment; unique in the sheet.',
      user_id: 'The person’s login identity. Rows of one person with several employments share it. Blank: the Employee ID is used.',
      name: 'Full name.',
      email: 'A valid e-mail address. One person has one e-mail address.',
      username: 'Login name. Blank: the e-mail address. Unique across people.',
      gender: 'f or m (female, male, woman, man also accepted). Blank: not stated.',
      birthday: 'A date, not in the future.',
      employment: 'Job title.',
      system_language: 'en or da (English, Danish also accepted). Blank: da.',
      team_id: 'The ID of a team in the Organisation sheet or already in the service. Blank: in no team.',
      status: 'active (or blank) or left. left fires the employee; their data is kept and they can come back.',
      previous_employee_id: 'Only when an employee’s id changes: the old id. The employee is renamed, never deleted and created again.',
    },
    organisation: {
      type: 'department or team.',
      id: 'The unit’s id; unique per type.',
      name: 'The unit’s name.',
      parent_id: 'The ID of a department. A team’s parent is its department. Exactly one department (the top department) has no parent.',
      owner: 'Employee ID of the unit’s manager. Blank: the manager of the unit above is responsible.',
      previous_id: 'Only when a unit’s id changes: the old id.',
    },
    absence: {
      employee_id: 'An employee in the Employees sheet or in the service. The employee must be in a team.',
      start_date: 'First sick day.',
      end_date: 'Last sick day, not before the first. Blank: still sick. Periods of one employee must not overlap.',
    },
    delegations: {
      unit_id: 'The ID of a department or a team.',
      responsibility: 'One of the listed responsibilities. manage_organisation_department, configuration and department_task_report_… are for departments; dialog_access_… are for teams.',
      employee_id: 'The employee who is given the responsibility.',
    },
  } satisfies Record<SheetKind, Record<string, string>>,
  dropdownTitle: 'Not in the list',
  dropdownMessage: 'Choose a value from the list.',
};

export const instructionWords = phrasebook({
  en,
  da: {
    sheet: 'Vejledning',
    title: 'Sådan udfylder du projektmappen',
    general: [
      'Projektmappen beskriver organisationen, som den skal være. orgsync-import sammenligner den med tjenesten og sender kun forskellene; du ser planen, før noget ændres.',
      'Erstat eksempelrækken (række 2) i hvert ark med jeres egne rækker, og behold overskriftsrækken. Ark, I ikke bruger (Fravær, Delegeringer, Organisation), må slettes.',
      'En kolonne, du sletter, styres ikke: tjenesten beholder det, den har. En tom celle i en kolonne, du beholder, betyder "ingen værdi" (et tomt Team fjerner medarbejderen fra sit team).',
      'Datoer: brug datoceller, eller skriv ÅÅÅÅ-MM-DD eller DD-MM-ÅÅÅÅ. En dato som 03/04/2025 afvises, medmindre du kører med --date-order dmy (eller mdy).',
      'Intet slettes, medmindre du kører med --prune. Kør "orgsync-import validate FIL" for at kontrollere projektmappen uden at sende noget.',
    ],
    headings: ['Ark', 'Kolonne', 'Påkrævet', 'Hvad skal der stå'],
    yes: 'ja',
    no: 'nej',
    exceptTop: 'ja, undtagen for den øverste afdeling',
    rules: {
      employees: {
        employee_id: 'Ansættelsens id i jeres HR-system. Én række pr. ansættelse; unikt i arket.',
        user_id: 'Personens login-identitet. En person med flere ansættelser har samme Bruger_id i alle rækker. Tom: Medarbejder_id bruges.',
        name: 'Fulde navn.',
        email: 'En gyldig e-mailadresse. En person har én e-mailadresse.',
        username: 'Brugernavn til login. Tomt: e-mailadressen. Unikt for hver person.',
        gender: 'K eller M (kvinde, mand accepteres også). Tomt: ikke oplyst.',
        birthday: 'En dato, ikke i fremtiden.',
        employment: 'Stillingsbetegnelse.',
        system_language: 'dansk eller engelsk (da, en accepteres også). Tomt: dansk.',
        team_id: 'Id på et team i arket Organisation eller i tjenesten. Tomt: ikke i et team.',
        status: 'aktiv (eller tom) eller fratrådt. fratrådt fratræder medarbejderen; data bevares, og medarbejderen kan komme tilbage.',
        previous_employee_id: 'Kun når en medarbejders id ændres: det gamle id. Medarbejderen omdøbes og slettes aldrig.',
      },
      organisation: {
        type: 'afdeling eller team.',
        id: 'Enhedens id; unikt for hver type.',
        name: 'Enhedens navn.',
        parent_id: 'Id på en afdeling. Et teams overordnede er dets afdeling. Præcis én afdeling (den øverste) har ingen overordnet.',
        owner: 'Medarbejder_id på enhedens leder. Tom: lederen af enheden ovenover er ansvarlig.',
        previous_id: 'Kun når en enheds id ændres: det gamle id.',
      },
      absence: {
        employee_id: 'En medarbejder i arket Medarbejdere eller i tjenesten. Medarbejderen skal være i et team.',
        start_date: 'Første sygedag.',
        end_date: 'Sidste sygedag, ikke før første sygedag. Tom: stadig syg. En medarbejders perioder må ikke overlappe.',
      },
      delegations: {
        unit_id: 'Id på en afdeling eller et team.',
        responsibility: 'Et af de viste ansvar. manage_organisation_department, configuration og department_task_report_… gælder afdelinger; dialog_access_… gælder teams.',
        employee_id: 'Medarbejderen, der får ansvaret.',
      },
    },
    dropdownTitle: 'Ikke på listen',
    dropdownMessage: 'Vælg en værdi fra listen.',
  },
});
