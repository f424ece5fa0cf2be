/**
 * The sentences of saved plans: writing one (src/app/plan-file.ts), reading one (src/app/saved-plan.ts),
 * its approvals file (src/app/approvals.ts) and `apply plan.json` (src/app/run-apply.ts), and what a run
 * says of them on its way (src/view/run-notices.ts).
 */
import { andList, formatNumber, phrasebook, plural } from './language.js';

/** What a saved plan was made from that is not as it was then (run-apply.ts): each said where it is. */
export interface InputChanges {
  /** The input files whose bytes changed, or that came or went, by name. */
  files: readonly string[];
  /** The --map profile, when its contents changed. */
  profile: string | null;
  service: boolean;
  /** The importer's own records of the service (its ledgers), when they changed and the service did not. */
  records: boolean;
}

function changedEn(c: InputChanges): string {
  const parts = [
    ...(c.files.length > 0 ? [`the workbook (${c.files.join(', ')})`] : []),
    ...(c.profile !== null ? [`the profile ${c.profile}`] : []),
    ...(c.service ? ['the service'] : []),
    ...(c.records ? ["the importer's records of the service (the absences it reported, the employees it fired)"] : []),
  ];
  if (parts.length === 0)
    return 'nothing it was made from changed (the workbook, the profile, the service), yet it comes out otherwise now';
  return `${andList(parts)} changed since the plan was made`;
}

function changedDa(c: InputChanges): string {
  const parts = [
    ...(c.files.length > 0 ? [`projektmappen (${c.files.join(', ')})`] : []),
    ...(c.profile !== null ? [`profilen ${c.profile}`] : []),
    ...(c.service ? ['tjenesten'] : []),
    ...(c.records ? ['importørens egne optegnelser om tjenesten (det fravær, den har meldt, de medarbejdere, den har fratrådt)'] : []),
  ];
  if (parts.length === 0)
    return 'intet af det, den blev lavet ud fra, er ændret (projektmappen, profilen, tjenesten), og alligevel bliver den anderledes nu';
  return `${andList(parts)} er ændret, siden planen blev lavet`;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const en = {
  // plan-file.ts
  planSaved: (path: string) => `Plan saved to ${path}: "orgsync-import apply ${path}" carries out exactly this plan.`,
  planSavedWithHeld: (path: string) =>
    `Plan saved to ${path}, with the removals it holds for approval (how to approve them is said at the end).`,
  couldNotSavePlan: (path: string, why: string) => `Could not write the plan file ${path}: ${why}. Nothing was sent.`,
  heldForApproval: (count: number, page: string, planFile: string) =>
    `${formatNumber(count)} ${plural(count, 'removal', 'removals')} held for approval: tick ${plural(count, 'it', 'them')} in ${page} and save approvals.json, then run orgsync-import apply ${planFile} --approve approvals.json`,

  // saved-plan.ts
  planFileUnreadable: (path: string, missing: boolean) =>
    `${path}: ${missing ? 'the file does not exist' : 'it is not valid JSON'} (expected a plan file written by orgsync-import plan --out)`,
  notAPlanFile: (path: string, where: string, problem: string) => `${path} is not a plan file of orgsync-import (${where}: ${problem}).`,
  /** Where in a file a problem is when it is the whole file. */
  theFile: 'the file',
  madeByOtherVersion: (path: string, made: string, current: string) =>
    `${path} was made by orgsync-import ${made}; this is ${current}, which may plan differently. Nothing was sent: make the plan again.`,
  entryMismatch: (path: string, key: string, carried: string) => `${path}: the plan entry ${key} carries the operation ${carried}.`,
  olderFormat: (path: string, format: number, current: number) =>
    `${path} is a plan file of format ${format}, written by an earlier orgsync-import; this one reads format ${current}. Nothing was sent: make the plan again.`,

  // approvals.ts
  approvalsInvalid: (path: string, why: string) => `${path}: ${why} Nothing was sent.`,
  approvalsMissing: 'the file does not exist.',
  approvalsNotJson: 'it is not valid JSON.',
  approvalsShape: (where: string, problem: string) => `expected {"version":1,"approved":["<plan entry key>", …]} (${where}: ${problem}).`,
  notHeld: (keys: readonly string[], planFile: string, held: number) =>
    `${keys.map((k) => `"${k}"`).join(', ')} ${plural(keys.length, 'is not a removal', 'are not removals')} held by ${planFile} (${formatNumber(held)} held).`,

  // run-apply.ts
  otherApi: (planFile: string, planApi: string, givenApi: string) =>
    `${planFile} was made for API ${planApi}; --api ${givenApi} cannot apply it.`,
  namesNoService: (planFile: string) => `${planFile} names no service.`,
  otherCompany: (planFile: string, company: string | null, given: string) =>
    `${planFile} was made for company ${company ?? '(none)'}, not ${given}.`,
  otherBaseUrl: (planFile: string, planUrl: string | null, baseUrl: string) =>
    `${planFile} was made for ${planUrl ?? 'another service'}; --base-url ${baseUrl} is another service.`,
  stale: (what: string, shown: string, more: number, planFile: string) =>
    `The plan is stale: ${what}: ${shown}${more > 0 ? `; and ${formatNumber(more)} more` : ''}. Nothing was sent. Make the plan again (orgsync-import plan … --out ${planFile}) and review it.`,
  /** Which of the inputs changed, as the reason a plan is stale. */
  changedSince: (changes: InputChanges) => changedEn(changes),
  changedHarmlessly: (changes: InputChanges) => `${capitalise(changedEn(changes))}, but not in a way that changes the plan.`,
  optionNotThePlans: (planFile: string, option: string, planValue: string | null) =>
    `${planFile} was made ${planValue === null ? `without ${option}` : `with ${option} ${planValue}`}: apply carries out the plan as it was made, with the options it was made with. Leave ${option} out, or make the plan again with it (orgsync-import plan … ${option} … --out ${planFile}).`,
  alreadyCarriedOut: (planFile: string, runs: readonly string[]) =>
    `Nothing to do: ${planFile} was carried out already${runs.length > 0 ? ` (${plural(runs.length, 'run', 'runs')} ${runs.join(', ')})` : ''}. Nothing was sent.`,
  carriedOutButHeld: (planFile: string, runs: readonly string[], held: number) =>
    `Nothing to do: ${planFile} was carried out already${runs.length > 0 ? ` (${plural(runs.length, 'run', 'runs')} ${runs.join(', ')})` : ''}, except the ${formatNumber(held)} ${plural(held, 'removal', 'removals')} it holds for approval. Nothing was sent. To carry out some of them, add --approve approvals.json.`,
  approvalCarriedOut: (planFile: string, runs: readonly string[]) =>
    `Nothing to do: the approved removals of ${planFile} were carried out already${runs.length > 0 ? ` (${plural(runs.length, 'run', 'runs')} ${runs.join(', ')})` : ''}. Nothing was sent.`,
  approvedCannotRun: 'the approved removals cannot be carried out as planned',
  approveHeldHint: (held: number) => ` To carry out some of its ${formatNumber(held)} held removals, add --approve approvals.json.`,
  workbookUnreadable: (why: string) => `The workbook the plan was made from cannot be read (${why}). Nothing was sent.`,
  otherServiceThan: (planFile: string, service: string) =>
    `${planFile} was made for another service (or another sandbox state) than ${service}. Nothing was sent.`,
  workbookErrorsNow: 'Nothing was sent: the workbook has errors against the service as it is now.',
  resumingPlan: (done: number, of: number, planFile: string) =>
    `${formatNumber(done)} of the ${formatNumber(of)} operations of ${planFile} were carried out by an earlier apply that did not finish: the rest is carried out now.`,
  approvedCount: (approved: number, held: number, planFile: string) =>
    `Approved: ${formatNumber(approved)} of the ${formatNumber(held)} removals held by ${planFile}.`,
};

export const appSavedPlanWords = phrasebook({
  en,
  da: {
    planSaved: (path) => `Planen er gemt i ${path}: "orgsync-import apply ${path}" udfører præcis denne plan.`,
    planSavedWithHeld: (path) =>
      `Planen er gemt i ${path} med de fjernelser, den holder tilbage til godkendelse (hvordan de godkendes, står til sidst).`,
    couldNotSavePlan: (path, why) => `Kunne ikke skrive planfilen ${path}: ${why}. Intet blev sendt.`,
    heldForApproval: (count, page, planFile) =>
      `${formatNumber(count)} ${plural(count, 'fjernelse', 'fjernelser')} holdt tilbage til godkendelse: sæt flueben ved ${plural(count, 'den', 'dem')} i ${page}, og gem approvals.json; kør så orgsync-import apply ${planFile} --approve approvals.json`,

    planFileUnreadable: (path, missing) =>
      `${path}: ${missing ? 'filen findes ikke' : 'den er ikke gyldig JSON'} (forventede en planfil skrevet af orgsync-import plan --out)`,
    notAPlanFile: (path, where, problem) => `${path} er ikke en planfil fra orgsync-import (${where}: ${problem}).`,
    theFile: 'filen',
    madeByOtherVersion: (path, made, current) =>
      `${path} er lavet af orgsync-import ${made}; dette er ${current}, som kan planlægge anderledes. Intet blev sendt: lav planen igen.`,
    entryMismatch: (path, key, carried) => `${path}: punktet ${key} i planen indeholder handlingen ${carried}.`,
    olderFormat: (path, format, current) =>
      `${path} er en planfil i format ${format}, skrevet af en tidligere orgsync-import; denne læser format ${current}. Intet blev sendt: lav planen igen.`,

    approvalsInvalid: (path, why) => `${path}: ${why} Intet blev sendt.`,
    approvalsMissing: 'filen findes ikke.',
    approvalsNotJson: 'den er ikke gyldig JSON.',
    approvalsShape: (where, problem) => `forventede {"version":1,"approved":["<nøglen til et punkt i planen>", …]} (${where}: ${problem}).`,
    notHeld: (keys, planFile, held) =>
      `${keys.map((k) => `"${k}"`).join(', ')} er ikke ${plural(keys.length, 'en fjernelse', 'fjernelser')}, som ${planFile} holder tilbage (${formatNumber(held)} holdt tilbage).`,

    otherApi: (planFile, planApi, givenApi) => `${planFile} er lavet til API ${planApi}; --api ${givenApi} kan ikke udføre den.`,
    namesNoService: (planFile) => `${planFile} angiver ingen tjeneste.`,
    otherCompany: (planFile, company, given) => `${planFile} er lavet til virksomhed ${company ?? '(ingen)'}, ikke ${given}.`,
    otherBaseUrl: (planFile, planUrl, baseUrl) =>
      `${planFile} er lavet til ${planUrl ?? 'en anden tjeneste'}; --base-url ${baseUrl} er en anden tjeneste.`,
    stale: (what, shown, more, planFile) =>
      `Planen er forældet: ${what}: ${shown}${more > 0 ? `; og ${formatNumber(more)} til` : ''}. Intet blev sendt. Lav planen igen (orgsync-import plan … --out ${planFile}), og gennemgå den.`,
    changedSince: (changes) => changedDa(changes),
    changedHarmlessly: (changes) => `${capitalise(changedDa(changes))}, men ikke på en måde, der ændrer planen.`,
    optionNotThePlans: (planFile, option, planValue) =>
      `${planFile} er lavet ${planValue === null ? `uden ${option}` : `med ${option} ${planValue}`}: apply udfører planen, som den blev lavet, med de valg, den blev lavet med. Udelad ${option}, eller lav planen igen med den (orgsync-import plan … ${option} … --out ${planFile}).`,
    alreadyCarriedOut: (planFile, runs) =>
      `Intet at gøre: ${planFile} er allerede udført${runs.length > 0 ? ` (${plural(runs.length, 'kørsel', 'kørsler')} ${runs.join(', ')})` : ''}. Intet blev sendt.`,
    carriedOutButHeld: (planFile, runs, held) =>
      `Intet at gøre: ${planFile} er allerede udført${runs.length > 0 ? ` (${plural(runs.length, 'kørsel', 'kørsler')} ${runs.join(', ')})` : ''}, bortset fra de ${formatNumber(held)} ${plural(held, 'fjernelse', 'fjernelser')}, den holder tilbage til godkendelse. Intet blev sendt. Tilføj --approve approvals.json for at udføre nogle af dem.`,
    approvalCarriedOut: (planFile, runs) =>
      `Intet at gøre: de godkendte fjernelser i ${planFile} er allerede udført${runs.length > 0 ? ` (${plural(runs.length, 'kørsel', 'kørsler')} ${runs.join(', ')})` : ''}. Intet blev sendt.`,
    approvedCannotRun: 'de godkendte fjernelser kan ikke udføres som planlagt',
    approveHeldHint: (held) =>
      ` Tilføj --approve approvals.json for at udføre nogle af de ${formatNumber(held)} ${plural(held, 'fjernelse', 'fjernelser')}, planen holder tilbage.`,
    workbookUnreadable: (why) => `Projektmappen, som planen blev lavet ud fra, kan ikke læses (${why}). Intet blev sendt.`,
    otherServiceThan: (planFile, service) =>
      `${planFile} er lavet til en anden tjeneste (eller en anden sandkassetilstand) end ${service}. Intet blev sendt.`,
    workbookErrorsNow: 'Intet blev sendt: projektmappen har fejl i forhold til tjenesten, som den er nu.',
    resumingPlan: (done, of, planFile) =>
      `${formatNumber(done)} af de ${formatNumber(of)} handlinger i ${planFile} blev udført af en tidligere udførelse, der ikke blev færdig: resten udføres nu.`,
    approvedCount: (approved, held, planFile) =>
      `Godkendt: ${formatNumber(approved)} af de ${formatNumber(held)} fjernelser, som ${planFile} holder tilbage.`,
  },
});
