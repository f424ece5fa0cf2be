/**
 * The sentences of a run's own steps (src/app/ and the notices of src/view/run-notices.ts): the phases,
 * the confirmation question, how a run ends.
 */
import { andList, formatNumber, phrasebook, plural } from './language.js';

const twoDigits = (n: number): string => String(n).padStart(2, '0');

const en = {
  // The phases (progress.ts shows them; events.ts names them for --json).
  phaseReadingAndValidating: 'Reading and validating',
  phaseReadingServiceAndWorkbook: 'Reading the service and the workbook',
  phaseReadingService: 'Reading the service',
  phaseApplying: 'Applying',
  /** A phase's end when it has nothing more to say. */
  phaseDone: 'done',
  /** The time left on a progress bar: ", 1 h 05 min left". */
  timeLeft: (h: number, m: number, s: number) =>
    `, ${h > 0 ? `${h} h ${twoDigits(m)} min` : m > 0 ? `${m} min ${twoDigits(s)} s` : `${s} s`} left`,

  // run-import.ts
  checkedOffline: 'Checked offline: references the workbook does not define were not checked against a service.',
  fixErrorsFirst: 'Nothing was sent: fix the errors above and run again.',
  note: (note: string) => `Note: ${note}`,
  serviceAndWorkbookRead: (employees: number, departments: number, teams: number, workbook: string) =>
    `the service has ${formatNumber(employees)} employees, ${formatNumber(departments)} departments, ${formatNumber(teams)} teams; the workbook: ${workbook}`,
  workbookRead: (rows: number, sheets: number, errors: number) =>
    `${formatNumber(rows)} rows in ${formatNumber(sheets)} sheets, ${formatNumber(errors)} errors`,
  couldNotRead: (service: string, why: string) => `Could not read ${service}: ${why}`,
  nothingSent: 'Nothing was sent.',
  needsYes: 'Not applied: without a terminal to ask, applying needs --yes (see the plan above).',
  /** The question before anything is sent; the answers prompt.ts takes follow it in brackets. */
  confirmApply: (count: number, service: string) => `Apply these ${formatNumber(count)} changes to ${service}? [y/N] `,
  resuming: (startedAt: string, confirmed: number) =>
    `Resuming the run of ${startedAt}: ${formatNumber(confirmed)} operations were confirmed then; the rest follows.`,
  previousUnfinished: (startedAt: string, sameService: boolean) =>
    `The previous run (${startedAt}, ${sameService ? 'another workbook' : 'another service or company'}) did not finish; this run starts from what the service has now.`,
  journalCannotBegin: (why: string) => `${why} Nothing was sent: make room (or choose another --journal) and run again.`,
  interrupted: 'Interrupted. Run the same command again to finish: nothing done is sent twice.',
  journalStopped:
    'The run stopped because its progress could not be recorded. Nothing the service confirmed is lost (a re-run reads the service again and checks what was unconfirmed): make room and run the same command again.',
  someRefused: 'Some operations did not succeed (see above). Fix what the service refused and run the same command again.',
  someUnavailable:
    'Some operations did not succeed because the service was unavailable or unreachable, not because of the workbook. Run the same command again to finish.',
  /** How a refused or failed run ends (the last line in words; the `error` of --json's summary). */
  refusedNothingSent: 'Refused: nothing was sent.',
  workbookErrors: (errors: number) =>
    `The workbook has ${errors} ${plural(errors, 'error', 'errors')}: nothing was sent. Fix them and run again.`,
  operationsFailed: (failed: number, total: number, why: string) =>
    `${failed} of ${total} ${plural(total, 'operation', 'operations')} did not succeed. ${why}`,
  endedWith: (exitCode: number) => `The run ended with exit code ${exitCode}.`,

  // inputs.ts
  nameTheWorkbook: 'Name the workbook to import, e.g. orgsync-import employees.xlsx',
  profileUnreadable: (path: string, missing: boolean) =>
    `--map ${path}: ${missing ? 'the file does not exist' : 'it is not valid JSON'} (expected e.g. {"employees": {"headers": {"Medarb.nr.": "employee_id"}}})`,
  oldTemplate: (version: string, current: string, changes: string) =>
    `This workbook was made from template version ${version}; the current one is ${current}. Since then: ${changes} Run "orgsync-import template" for a fresh copy.`,

  // service.ts
  howToConfigure:
    'No service is configured: give --base-url URL (or ORGSYNC_BASE_URL) with credentials ' +
    '(--company-id and --access-token, --jwt, or --jwt-secret), or use --sandbox to rehearse against the embedded sandbox.',
  embeddedSandbox: (api: string, statePath: string) => `the embedded sandbox (${api}, state in ${statePath})`,
  serviceAt: (baseUrl: string, api: string, company: string | undefined) => `${baseUrl} (${api}, company ${company ?? '?'})`,
  insecure: (baseUrl: string) =>
    `Warning: --insecure: sending to ${baseUrl} over plain http; anyone on the network can read the data and the credentials.`,

  // run-undo.ts, run-history.ts
  noSuchRun: (runId: string, stateDir: string) => `No run ${runId} is recorded in ${stateDir}: \`orgsync-import history\` lists the runs.`,
  nothingToUndo: (runId: string) => `Run ${runId} changed nothing in the service: there is nothing to undo.`,
  undoOtherService: (runId: string) =>
    `Run ${runId} went to another service or company than the one given: give the same service options (--base-url, --company-id, --api) as that run.`,
  laterRuns: (count: number, ids: string, runId: string) =>
    `Note: ${formatNumber(count)} later run(s) changed this service (${ids}); what they changed in the entities ${runId} touched is set back too.`,
  undoing: (runId: string, startedAt: string, changed: { people: number; units: number }, created: boolean) => {
    const subjects = [
      ...(changed.people > 0 ? [`the ${formatNumber(changed.people)} ${plural(changed.people, 'person', 'people')}`] : []),
      ...(changed.units > 0 ? [`the ${formatNumber(changed.units)} ${plural(changed.units, 'unit', 'units')}`] : []),
    ];
    const one = changed.people + changed.units === 1;
    const parts = [
      ...(subjects.length > 0 ? [`${andList(subjects)} it changed ${one ? 'goes back to how it was' : 'go back to how they were'}`] : []),
      ...(created ? ['what it created is removed'] : []),
    ];
    return `Undoing run ${runId} (${startedAt})${parts.length > 0 ? `: ${parts.join('; ')}` : ''}.`;
  },
  cannotBeUndone: (what: string) => `Cannot be undone: ${what}`,
};

export const appRunWords = phrasebook({
  en,
  da: {
    phaseReadingAndValidating: 'Læser og kontrollerer',
    phaseReadingServiceAndWorkbook: 'Læser tjenesten og projektmappen',
    phaseReadingService: 'Læser tjenesten',
    phaseApplying: 'Udfører',
    phaseDone: 'færdig',
    timeLeft: (h, m, s) => `, ${h > 0 ? `${h} t ${twoDigits(m)} min` : m > 0 ? `${m} min ${twoDigits(s)} s` : `${s} s`} tilbage`,

    checkedOffline:
      'Kontrolleret uden tjeneste: henvisninger, som projektmappen ikke selv definerer, blev ikke kontrolleret mod en tjeneste.',
    fixErrorsFirst: 'Intet blev sendt: ret fejlene ovenfor, og kør igen.',
    note: (note) => `Bemærk: ${note}`,
    serviceAndWorkbookRead: (employees, departments, teams, workbook) =>
      `tjenesten har ${formatNumber(employees)} ${plural(employees, 'medarbejder', 'medarbejdere')}, ${formatNumber(departments)} ${plural(departments, 'afdeling', 'afdelinger')}, ${formatNumber(teams)} teams; projektmappen: ${workbook}`,
    workbookRead: (rows, sheets, errors) =>
      `${formatNumber(rows)} ${plural(rows, 'række', 'rækker')} i ${formatNumber(sheets)} ark, ${formatNumber(errors)} fejl`,
    couldNotRead: (service, why) => `Kunne ikke læse ${service}: ${why}`,
    nothingSent: 'Intet blev sendt.',
    needsYes: 'Ikke udført: der er ingen terminal at spørge i, så udførelsen kræver --yes (se planen ovenfor).',
    confirmApply: (count, service) =>
      `${plural(count, 'Udfør denne ene ændring', `Udfør disse ${formatNumber(count)} ændringer`)} på ${service}? [j/N] `,
    resuming: (startedAt, confirmed) =>
      `Genoptager kørslen fra ${startedAt}: ${formatNumber(confirmed)} ${plural(confirmed, 'handling', 'handlinger')} blev bekræftet dengang; resten følger nu.`,
    previousUnfinished: (startedAt, sameService) =>
      `Den forrige kørsel (${startedAt}, ${sameService ? 'en anden projektmappe' : 'en anden tjeneste eller virksomhed'}) blev ikke færdig; denne kørsel tager udgangspunkt i det, tjenesten har nu.`,
    journalCannotBegin: (why) => `${why} Intet blev sendt: skaf plads (eller vælg en anden --journal), og kør igen.`,
    interrupted: 'Afbrudt. Kør den samme kommando igen for at blive færdig: intet, der allerede er udført, sendes to gange.',
    journalStopped:
      'Kørslen stoppede, fordi dens fremskridt ikke kunne gemmes i journalen. Intet, som tjenesten har bekræftet, er tabt (en ny kørsel læser tjenesten igen og kontrollerer det ubekræftede): skaf plads, og kør den samme kommando igen.',
    someRefused: 'Nogle handlinger mislykkedes (se ovenfor). Ret det, tjenesten afviste, og kør den samme kommando igen.',
    someUnavailable:
      'Nogle handlinger mislykkedes, fordi tjenesten var utilgængelig eller ikke kunne nås – ikke på grund af projektmappen. Kør den samme kommando igen for at blive færdig.',
    refusedNothingSent: 'Afvist: intet blev sendt.',
    workbookErrors: (errors) => `Projektmappen har ${errors} fejl: intet blev sendt. Ret dem, og kør igen.`,
    operationsFailed: (failed, total, why) => `${failed} af ${total} ${plural(total, 'handling', 'handlinger')} lykkedes ikke. ${why}`,
    endedWith: (exitCode) => `Kørslen sluttede med afslutningskode ${exitCode}.`,

    nameTheWorkbook: 'Angiv den projektmappe, der skal importeres, f.eks. orgsync-import medarbejdere.xlsx',
    profileUnreadable: (path, missing) =>
      `--map ${path}: ${missing ? 'filen findes ikke' : 'den er ikke gyldig JSON'} (forventede f.eks. {"employees": {"headers": {"Medarb.nr.": "employee_id"}}})`,
    oldTemplate: (version, current, changes) =>
      `Denne projektmappe er lavet ud fra skabelonversion ${version}; den nuværende er ${current}. Siden da: ${changes} Kør "orgsync-import template" for at få en ny kopi.`,

    howToConfigure:
      'Der er ikke sat nogen tjeneste op: angiv --base-url URL (eller ORGSYNC_BASE_URL) med adgangsoplysninger ' +
      '(--company-id og --access-token, --jwt eller --jwt-secret), eller brug --sandbox for at øve mod den indbyggede sandkasse.',
    embeddedSandbox: (api, statePath) => `den indbyggede sandkasse (${api}, tilstand i ${statePath})`,
    serviceAt: (baseUrl, api, company) => `${baseUrl} (${api}, virksomhed ${company ?? '?'})`,
    insecure: (baseUrl) =>
      `Advarsel: --insecure: sender til ${baseUrl} over ukrypteret http; alle på netværket kan læse data og adgangsoplysninger.`,

    noSuchRun: (runId, stateDir) => `Der er ingen kørsel ${runId} registreret i ${stateDir}: \`orgsync-import history\` viser kørslerne.`,
    nothingToUndo: (runId) => `Kørsel ${runId} ændrede intet i tjenesten: der er intet at fortryde.`,
    undoOtherService: (runId) =>
      `Kørsel ${runId} gik til en anden tjeneste eller virksomhed end den angivne: angiv de samme tjenesteindstillinger (--base-url, --company-id, --api) som ved den kørsel.`,
    laterRuns: (count, ids, runId) =>
      `Bemærk: ${formatNumber(count)} ${plural(count, 'senere kørsel', 'senere kørsler')} ændrede denne tjeneste (${ids}); det, ${plural(count, 'den', 'de')} ændrede ved det, ${runId} rørte ved, sættes også tilbage.`,
    undoing: (runId, startedAt, changed, created) => {
      const subjects = [
        ...(changed.people > 0
          ? [`${plural(changed.people, 'den', 'de')} ${formatNumber(changed.people)} ${plural(changed.people, 'person', 'personer')}`]
          : []),
        ...(changed.units > 0
          ? [`${plural(changed.units, 'den', 'de')} ${formatNumber(changed.units)} ${plural(changed.units, 'enhed', 'enheder')}`]
          : []),
      ];
      const one = changed.people + changed.units === 1;
      const parts = [
        ...(subjects.length > 0 ? [`${andList(subjects)}, den ændrede, sættes tilbage til, som ${one ? 'den' : 'de'} var`] : []),
        ...(created ? ['det, den oprettede, fjernes'] : []),
      ];
      return `Fortryder kørsel ${runId} (${startedAt})${parts.length > 0 ? `: ${parts.join('; ')}` : ''}.`;
    },
    cannotBeUndone: (what) => `Kan ikke fortrydes: ${what}`,
  },
});
