/**
 * The banner of `orgsync-import sandbox` (src/view/sandbox-banner.ts): where the sandbox listens, how to
 * import into it, how to stop it; and why a saved sandbox cannot take the top department asked for
 * (src/sandbox/store/root.ts refuses, src/app/service.ts says it). The sandbox's answers are the service's own. The access token is never
 * given to this book: the banner puts it after the label, so it stays the one place it is printed.
 */
import { phrasebook } from './language.js';

const en = {
  listening: (baseUrl: string) => `Organisation Sync API sandbox (v3 and v2) listening on ${baseUrl}`,
  /** The banner's labels; the banner lines their values up after the longest. */
  baseUrlLabel: 'base URL:',
  companyIdLabel: 'company id:',
  accessTokenLabel: 'access token:',
  stateFileLabel: 'state file:',
  faultsLabel: 'faults:',
  paths: '(paths /v3/... and /v2/...)',
  tokenNote: "(the sandbox's own credential, valid for this sandbox only; it also signs JWTs)",
  noStateFile: 'none (the company is lost when the sandbox stops; use --state FILE to keep it)',
  noFaults: 'none',
  latency: (ms: number) => `+${ms} ms latency`,
  unavailable: (percent: number) => `${percent}% answered 503`,
  rateLimit: (perSecond: number) => `429 above ${perSecond} requests/s`,
  dropAfterCommit: (percent: number) => `${percent}% of writes dropped after commit`,
  importFromAnotherTerminal: 'Import into it, from another terminal:',
  /** The workbook in the example command line (a placeholder, not a file that exists). */
  workbookPlaceholder: 'WORKBOOK.xlsx',
  pressCtrlC: 'Press Ctrl-C to stop.',
  rootHeld: (path: string, held: { id: string; name: string }, asked: { id: string; name: string }) =>
    `The sandbox company in ${path} already holds people or units under its top department "${held.name}" (id "${held.id}"), ` +
    `so --root-id/--root-name cannot make "${asked.name}" (id "${asked.id}") its top department. ` +
    `To rehearse from an empty company with that top department, delete ${path} and run again; to go on with this company, leave out --root-id and --root-name.`,
};

export const sandboxWords = phrasebook({
  en,
  da: {
    listening: (baseUrl) => `Sandkasse for Organisation Sync API (v3 og v2) lytter på ${baseUrl}`,
    baseUrlLabel: 'basis-URL:',
    companyIdLabel: 'virksomheds-id:',
    accessTokenLabel: 'adgangstoken:',
    stateFileLabel: 'tilstandsfil:',
    faultsLabel: 'fejlindsprøjtning:',
    paths: '(stierne /v3/... og /v2/...)',
    tokenNote: '(sandkassens eget adgangstoken, gælder kun for denne sandkasse; det underskriver også JWT’er)',
    noStateFile: 'ingen (virksomheden går tabt, når sandkassen stopper; brug --state FIL for at beholde den)',
    noFaults: 'ingen',
    latency: (ms) => `+${ms} ms ventetid`,
    unavailable: (percent) => `${percent} % besvares med 503`,
    rateLimit: (perSecond) => `429 over ${perSecond} forespørgsler/s`,
    dropAfterCommit: (percent) => `${percent} % af ændringerne gemmes, hvorefter forbindelsen afbrydes`,
    importFromAnotherTerminal: 'Importér til den fra en anden terminal:',
    workbookPlaceholder: 'PROJEKTMAPPE.xlsx',
    pressCtrlC: 'Tryk Ctrl-C for at stoppe.',
    rootHeld: (path, held, asked) =>
      `Sandkassens virksomhed i ${path} har allerede personer eller enheder under sin topafdeling "${held.name}" (id "${held.id}"), ` +
      `så --root-id/--root-name kan ikke gøre "${asked.name}" (id "${asked.id}") til dens topafdeling. ` +
      `Slet ${path} og kør igen for at øve fra en tom virksomhed med den topafdeling; udelad --root-id og --root-name for at fortsætte med denne virksomhed.`,
  },
});
