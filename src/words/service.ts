/**
 * The sentences of src/service: the HTTP client (base URL, credentials, the service unreachable,
 * unavailable or refusing) and the v2 adapter (what v2 cannot do, what the read could not match). What
 * the service itself wrote is quoted as it wrote it: `said` and `detail` below are its words.
 */
import { andList, formatNumber, phrasebook, plural } from './language.js';

/** " after 3 attempts" / "" — shared by the sentences that say a request failed. */
const afterAttempts = (attempts: number) => (attempts > 1 ? ` after ${attempts} attempts` : '');
const efterForsøg = (attempts: number) => (attempts > 1 ? ` efter ${attempts} forsøg` : '');
const more = (shown: readonly string[], total: number) => `${shown.join(', ')}${total > shown.length ? ', …' : ''}`;

const en = {
  htmlNotJson: (status: number) => `the service answered with an HTML page instead of JSON (status ${status}) — is the base URL right?`,
  notJson: (status: number) => `the service answered with something that is not JSON (status ${status}) — is the base URL right?`,

  tokenNeedsCompanyId: 'an access token needs a company id: set --company-id (or ORGSYNC_COMPANY_ID)',
  noCredentials:
    'no credentials: set --access-token with --company-id, --jwt, or --jwt-secret with --company-id (or their ORGSYNC_ variables)',
  jwtNeedsCompanyId: 'minting a JWT needs a company id: set --company-id (or ORGSYNC_COMPANY_ID)',
  companyIdNotNumber: (given: string) => `the company id must be a number to mint a JWT (got "${given}")`,

  notUrl: (given: string) => `the base URL is not a URL: "${given}" (expected e.g. https://api.example.com)`,
  urlWithUserInfo: 'the base URL must not carry a user name or password; use --access-token, --jwt or --jwt-secret',
  urlWithQuery: (where: string) => `the base URL must not carry a query or fragment: ${where}`,
  notHttps: (protocol: string) => `the base URL must start with https:// (got ${protocol}//)`,
  plainHttp: (where: string) =>
    `the base URL ${where} uses plain http: https:// is required except for loopback addresses (127.0.0.1, ::1, localhost)`,

  cappedWait: (asked: string, cap: string) =>
    `The service asked to wait ${asked} before trying again (Retry-After); this importer waits at most ${cap} and then tries again. If the service is still unavailable, the run stops and a later run finishes the job.`,
  tooLarge: (megabytes: number, status: number) =>
    `the answer is larger than ${megabytes} MB, far more than a page of this API (status ${status}) — is the base URL right?`,
  redirect: (status: number, location: string | null) =>
    `the service answered with a redirect (${status}${location !== null ? ` to ${location}` : ''}) instead of an answer — check the base URL (https://, the full address)`,
  noCompleteAnswer: (within: string) => `no complete answer within ${within}`,
  connectionRefused: 'the connection was refused',
  hostUnknown: 'the host name could not be resolved',
  noConnection: (within: string) => `no connection within ${within}`,
  noAnswer: (within: string) => `no answer within ${within}`,
  connectionReset: 'the connection was reset',
  connectionClosed: 'the connection was closed by the other side',
  tls: (code: string) =>
    `the secure connection (TLS) could not be set up (${code}) — check that the base URL is the service's https:// address and that its certificate is valid`,
  networkError: (code: string | null) => (code ? `network error (${code})` : 'network error'),

  gatewayAnswered: (status: number) => `the gateway answered ${status}`,
  unknownOutcome: (where: string, why: string) =>
    `${where}: ${why} after the request was sent; whether the service carried it out is unknown`,
  failed: (where: string, attempts: number, reason: string) => `${where}${afterAttempts(attempts)}: ${reason}`,
  authRefused: (where: string) => `${where}: the service refused the credentials (401) — check the company id and the access token or JWT`,
  rejected: (where: string, status: number, detail: string) => `${where} was rejected (${status})${detail ? `: ${detail}` : ''}`,
  unavailable: (where: string, status: number, attempts: number, said: string) =>
    `${where}: the service is unavailable (${status})${afterAttempts(attempts)}${said ? ` — ${said}` : ''}`,
  waitedLess: (asked: string, cap: string) =>
    `; it asked to wait ${asked} before trying again (Retry-After), longer than the ${cap} this importer waits, so run again after that`,

  /** `total` and `pages` are quoted as the service's headers gave them, like any of its own words. */
  listTooLong: (where: string, total: number, pages: number, maxItems: number, maxPages: number) =>
    `${where}: the service says the list holds ${total} entries in ${pages} pages (headers Total and Per-Page), more than this importer reads (at most ${formatNumber(maxItems)} entries in ${formatNumber(maxPages)} pages) — is the base URL right?`,
  notAList: (where: string) => `${where}: the service answered a list request without a list`,

  sickSinceCannotAddEarlier: (employee: string, since: string, start: string, end: string) =>
    `employee ${employee} is listed sick since ${since}; v2 cannot record the earlier period ${start} to ${end} without ending that sickness. It is sent once the employee is no longer listed sick`,
  noOpenSickness: (employee: string, end: string) =>
    `employee ${employee} could not be reported fit on ${end}: the service has no open sickness dialog for them (404)`,
  rehireWithinWindow: (id: string) =>
    `; ${id} belongs to an employee deleted within the last 14 days, who is rehired only by a create with exactly the name, e-mail and username they had: make the row match them, or wait until the 14 days have passed (then a new employee is created)`,
  rehireOnlyByCreate: (employee: string) =>
    `v2 rehires a deleted employee only by creating it again with the same name, e-mail, username and ext_id; employee ${employee} must come as a new row to be created`,
  noUsers: 'v2 has no users apart from employees: the person is created with the employee',
  noDelegations: 'v2 has no delegations: delegation rows can only be imported with --api v3',
  membersWithoutExtId: (team: string, count: number) =>
    `team ${team} has ${formatNumber(count)} member(s) without ext_id; v2 changes members by sending the whole list, which cannot name them, so they would be taken out of the team. Give them an ext_id on the site first`,
  belowUnnamedDepartment: (department: string) =>
    `department ${department} is below a department without ext_id; v2 needs the parent on every update, so give the department a parent from the workbook first`,
  inUnnamedDepartment: (team: string) =>
    `team ${team} is in a department without ext_id; v2 needs the department on every team update, so give the team a department from the workbook first`,

  topWithoutExtId:
    'The top department has no ext_id, so the workbook cannot name it: give it an ext_id on the site (v2 accepts one on the department) before importing.',
  withoutParent: (shown: readonly string[], total: number) =>
    `${formatNumber(total)} department(s) show no parent because their parent has no ext_id (${more(shown, total)}): the plan places them where the workbook says.`,
  teamsWithAnonymousMembers: (shown: readonly string[], total: number) =>
    `Team(s) ${more(shown, total)} have members without ext_id: v2 changes members by sending the whole list, which cannot name them, so members of these teams are not changed until those employees get an ext_id.`,
  unmatched: (employees: number, departments: number, teams: number) =>
    `The service has ${[
      [employees, 'employee(s)'],
      [departments, 'department(s)'],
      [teams, 'team(s)'],
    ]
      .filter(([count]) => Number(count) > 0)
      .map(([count, what]) => `${count} ${what}`)
      .join(', ')} without ext_id (made on the site): the workbook cannot refer to them, and the import leaves them as they are.`,
  sickWithoutExtId: (count: number) => `${formatNumber(count)} sick employee(s) without ext_id are left out of the absence comparison.`,
  sickWithoutDate: (shown: readonly { employeeId: string; answered: string }[], count: number) =>
    `The service's sick list is malformed: it answered no date for ${formatNumber(count)} sick ${plural(count, 'employee', 'employees')} (${shown.map((e) => `${e.employeeId}: "date": ${e.answered}`).join('; ')}${count > shown.length ? '; …' : ''}). Since when ${plural(count, 'that sickness', 'those sicknesses')} began cannot be compared with the workbook: where the workbook reports the employee sick, its date is set on the service's sickness (not reported a second time); otherwise it is left as it is.`,
};

export const serviceWords = phrasebook({
  en,
  da: {
    htmlNotJson: (status) => `tjenesten svarede med en HTML-side i stedet for JSON (status ${status}) — er basis-URL'en rigtig?`,
    notJson: (status) => `tjenesten svarede med noget der ikke er JSON (status ${status}) — er basis-URL'en rigtig?`,

    tokenNeedsCompanyId: 'et adgangstoken kræver et virksomheds-id: angiv --company-id (eller ORGSYNC_COMPANY_ID)',
    noCredentials:
      'ingen legitimation: angiv --access-token med --company-id, --jwt eller --jwt-secret med --company-id (eller deres ORGSYNC_-variabler)',
    jwtNeedsCompanyId: 'for at lave en JWT kræves et virksomheds-id: angiv --company-id (eller ORGSYNC_COMPANY_ID)',
    companyIdNotNumber: (given) => `virksomheds-id'et skal være et tal for at lave en JWT (fik "${given}")`,

    notUrl: (given) => `basis-URL'en er ikke en URL: "${given}" (forventede f.eks. https://api.example.com)`,
    urlWithUserInfo: "basis-URL'en må ikke indeholde brugernavn eller adgangskode; brug --access-token, --jwt eller --jwt-secret",
    urlWithQuery: (where) => `basis-URL'en må ikke indeholde en forespørgsel eller et fragment: ${where}`,
    notHttps: (protocol) => `basis-URL'en skal begynde med https:// (fik ${protocol}//)`,
    plainHttp: (where) =>
      `basis-URL'en ${where} bruger almindelig http: https:// er påkrævet undtagen for loopback-adresser (127.0.0.1, ::1, localhost)`,

    cappedWait: (asked, cap) =>
      `Tjenesten bad om at vente ${asked}, før der prøves igen (Retry-After); denne importør venter højst ${cap} og prøver så igen. Er tjenesten stadig utilgængelig, stopper kørslen, og en senere kørsel gør arbejdet færdigt.`,
    tooLarge: (megabytes, status) =>
      `svaret er større end ${megabytes} MB, langt mere end en side fra dette API (status ${status}) — er basis-URL'en rigtig?`,
    redirect: (status, location) =>
      `tjenesten svarede med en omdirigering (${status}${location !== null ? ` til ${location}` : ''}) i stedet for et svar — kontrollér basis-URL'en (https://, den fulde adresse)`,
    noCompleteAnswer: (within) => `intet fuldstændigt svar inden for ${within}`,
    connectionRefused: 'forbindelsen blev afvist',
    hostUnknown: 'værtsnavnet kunne ikke slås op',
    noConnection: (within) => `ingen forbindelse inden for ${within}`,
    noAnswer: (within) => `intet svar inden for ${within}`,
    connectionReset: 'forbindelsen blev nulstillet',
    connectionClosed: 'forbindelsen blev lukket af den anden side',
    tls: (code) =>
      `den sikre forbindelse (TLS) kunne ikke oprettes (${code}) — kontrollér at basis-URL'en er tjenestens https://-adresse, og at dens certifikat er gyldigt`,
    networkError: (code) => (code ? `netværksfejl (${code})` : 'netværksfejl'),

    gatewayAnswered: (status) => `gatewayen svarede ${status}`,
    unknownOutcome: (where, why) => `${where}: ${why}, efter at forespørgslen var sendt; det vides ikke, om tjenesten udførte den`,
    failed: (where, attempts, reason) => `${where}${efterForsøg(attempts)}: ${reason}`,
    authRefused: (where) =>
      `${where}: tjenesten afviste legitimationen (401) — kontrollér virksomheds-id'et og adgangstokenet eller JWT'en`,
    rejected: (where, status, detail) => `${where} blev afvist (${status})${detail ? `: ${detail}` : ''}`,
    unavailable: (where, status, attempts, said) =>
      `${where}: tjenesten er utilgængelig (${status})${efterForsøg(attempts)}${said ? ` — ${said}` : ''}`,
    waitedLess: (asked, cap) =>
      `; den bad om at vente ${asked}, før der prøves igen (Retry-After), længere end de ${cap} denne importør venter, så kør igen efter det`,

    listTooLong: (where, total, pages, maxItems, maxPages) =>
      `${where}: tjenesten siger at listen har ${total} poster på ${pages} sider (headerne Total og Per-Page), mere end denne importør læser (højst ${formatNumber(maxItems)} poster på ${formatNumber(maxPages)} sider) — er basis-URL'en rigtig?`,
    notAList: (where) => `${where}: tjenesten svarede på en forespørgsel efter en liste uden en liste`,

    sickSinceCannotAddEarlier: (employee, since, start, end) =>
      `medarbejder ${employee} er meldt syg siden ${since}; v2 kan ikke registrere den tidligere periode ${start} til ${end} uden at afslutte den sygdom. Den sendes, når medarbejderen ikke længere er meldt syg`,
    noOpenSickness: (employee, end) =>
      `medarbejder ${employee} kunne ikke raskmeldes den ${end}: tjenesten har ingen åben sygefraværssamtale for medarbejderen (404)`,
    rehireWithinWindow: (id) =>
      `; ${id} tilhører en medarbejder der er slettet inden for de seneste 14 dage og kun genansættes ved en oprettelse med præcis det navn, den e-mail og det brugernavn medarbejderen havde: ret rækken så de passer, eller vent til de 14 dage er gået (så oprettes en ny medarbejder)`,
    rehireOnlyByCreate: (employee) =>
      `v2 genansætter kun en slettet medarbejder ved at oprette den igen med samme navn, e-mail, brugernavn og ext_id; medarbejder ${employee} skal stå som en ny række for at blive oprettet`,
    noUsers: 'v2 har ingen brugere ud over medarbejderne: personen oprettes sammen med medarbejderen',
    noDelegations: 'v2 har ingen delegeringer: rækker med delegeringer kan kun importeres med --api v3',
    membersWithoutExtId: (team, count) =>
      `team ${team} har ${formatNumber(count)} ${plural(count, 'medlem', 'medlemmer')} uden ext_id; v2 ændrer medlemmer ved at sende hele listen, som ikke kan nævne dem, så de ville blive taget ud af teamet. Giv dem først et ext_id på sitet`,
    belowUnnamedDepartment: (department) =>
      `afdeling ${department} ligger under en afdeling uden ext_id; v2 skal have den overordnede afdeling med ved hver ændring, så giv først afdelingen en overordnet afdeling fra projektmappen`,
    inUnnamedDepartment: (team) =>
      `team ${team} ligger i en afdeling uden ext_id; v2 skal have afdelingen med ved hver ændring af teamet, så giv først teamet en afdeling fra projektmappen`,

    topWithoutExtId:
      'Topafdelingen har intet ext_id, så projektmappen kan ikke henvise til den: giv den et ext_id på sitet (v2 tager imod et på afdelingen), før du importerer.',
    withoutParent: (shown, total) =>
      `${formatNumber(total)} ${plural(total, 'afdeling', 'afdelinger')} står uden overordnet afdeling, fordi den overordnede ikke har et ext_id (${more(shown, total)}): planen placerer dem, hvor projektmappen siger.`,
    teamsWithAnonymousMembers: (shown, total) =>
      `${plural(total, 'Teamet', 'Teamene')} ${more(shown, total)} har medlemmer uden ext_id: v2 ændrer medlemmer ved at sende hele listen, som ikke kan nævne dem, så medlemmerne af ${plural(total, 'dette team', 'disse teams')} ændres ikke, før de medarbejdere får et ext_id.`,
    unmatched: (employees, departments, teams) =>
      `Tjenesten har ${andList(
        [
          employees > 0 ? `${formatNumber(employees)} ${plural(employees, 'medarbejder', 'medarbejdere')}` : '',
          departments > 0 ? `${formatNumber(departments)} ${plural(departments, 'afdeling', 'afdelinger')}` : '',
          teams > 0 ? `${formatNumber(teams)} ${plural(teams, 'team', 'teams')}` : '',
        ].filter((part) => part !== ''),
      )} uden ext_id (oprettet på sitet): projektmappen kan ikke henvise til dem, og importen lader dem være, som de er.`,
    sickWithoutExtId: (count) =>
      `${formatNumber(count)} ${plural(count, 'syg medarbejder', 'syge medarbejdere')} uden ext_id er udeladt af sammenligningen af fravær.`,
    sickWithoutDate: (shown, count) =>
      `Tjenestens sygeliste er fejlbehæftet: den svarede uden dato for ${formatNumber(count)} ${plural(count, 'syg medarbejder', 'syge medarbejdere')} (${shown.map((e) => `${e.employeeId}: "date": ${e.answered}`).join('; ')}${count > shown.length ? '; …' : ''}). Hvornår ${plural(count, 'sygdommen', 'sygdommene')} begyndte, kan ikke sammenlignes med projektmappen: hvor projektmappen melder medarbejderen syg, sættes dens dato på tjenestens sygemelding (ikke meldt en gang til); ellers bliver den, som den er.`,
  },
});
