/**
 * The sentences about the files a run leaves or refuses to write (src/app/ and the notices of
 * src/view/run-notices.ts: the error files, the page, the report, the history record).
 */
import { formatNumber, phrasebook } from './language.js';

const en = {
  // reports.ts
  markedUpCopy: (path: string) => `Marked-up copy with every problem: ${path}`,
  staleErrorFileRemoved: (path: string) => `Removed ${path}, left by an earlier run: its file has no errors now.`,
  couldNotWriteErrorFile: (why: string) => `Could not write the error file: ${why}`,
  reportWritten: (path: string) => `Report written to ${path}`,
  couldNotWriteReport: (path: string, why: string) => `Could not write the report ${path}: ${why}`,

  // pages.ts
  noPage: (operations: number, most: number, whole: string | null) =>
    `No org chart page: the plan has ${formatNumber(operations)} operations, more than a page shows (${formatNumber(most)}); ${whole !== null ? `the whole plan is in ${whole}` : 'add --report FILE.json to have the whole plan in that file'}.`,
  pageWritten: (kind: 'plan' | 'report', path: string) =>
    `${kind === 'plan' ? 'The plan as an org chart' : 'The report as an org chart'}: ${path}`,
  couldNotWritePage: (path: string, why: string) => `Could not write the page ${path}: ${why}`,

  // output-paths.ts; option null: the error file written beside the input.
  outputOverInput: (option: string | null, path: string, same: boolean, input: string) =>
    `${option ?? 'the error file'} ${path} ${same ? 'is' : 'leads to'} the input file ${input}; writing it would replace your own file. Name another file for ${option ?? 'the error file with --errors-out'}. Nothing was read or sent.`,

  // output-mode.ts
  moreLeftOut: '(more output was left out: run without --quiet to see it all)',

  // run-record.ts
  baselineUnreadable: (path: string) =>
    `Cannot read ${path}, the summary of the last successful run that this export is compared with (a damaged file?). ` +
    'Nothing was sent. Check the export, then run again with --accept-changes: a successful run writes the summary anew.',
  couldNotRecordRun: (dir: string, why: string) => `Could not record this run in ${dir}: ${why}`,

  // run-map-init.ts
  mapNeedsExport: 'map needs the export to read: orgsync-import map --init export.xlsx [--out profile.json]',
  outIsTheExport: (out: string) => `--out ${out} is the export itself; give another file name`,
  outExists: (out: string) => `${out} already exists; give another --out, or add --overwrite to replace it`,
  noHeaderRow: (file: string) => `${file}: no header row found (every sheet is empty)`,
  profileWritten: (out: string, recognised: number, guessed: number, unrecognised: number) =>
    `Wrote ${out}: ${formatNumber(recognised)} headers recognised, ${formatNumber(guessed)} guessed (check them: "_guessed"), ${formatNumber(unrecognised)} unrecognised (mapped to null, listed under "_unrecognised").`,
  profileLacks: (lack: string) => `Still missing for an import: ${lack}`,
  editProfile: (file: string, out: string) => `Edit it, then check the export with it: orgsync-import validate ${file} --map ${out}`,

  // run-template.ts
  wrote: (file: string) => `Wrote ${file}`,
};

export const appOutputWords = phrasebook({
  en,
  da: {
    markedUpCopy: (path) => `Kopi med alle problemer markeret: ${path}`,
    staleErrorFileRemoved: (path) => `Fjernede ${path} fra en tidligere kørsel: filen har ingen fejl nu.`,
    couldNotWriteErrorFile: (why) => `Kunne ikke skrive fejlfilen: ${why}`,
    reportWritten: (path) => `Rapporten er skrevet til ${path}`,
    couldNotWriteReport: (path, why) => `Kunne ikke skrive rapporten ${path}: ${why}`,

    noPage: (operations, most, whole) =>
      `Ingen side med organisationsdiagram: planen har ${formatNumber(operations)} handlinger, flere end en side kan vise (${formatNumber(most)}); ${whole !== null ? `hele planen står i ${whole}` : 'tilføj --report FIL.json for at få hele planen i den fil'}.`,
    pageWritten: (kind, path) => `${kind === 'plan' ? 'Planen som organisationsdiagram' : 'Rapporten som organisationsdiagram'}: ${path}`,
    couldNotWritePage: (path, why) => `Kunne ikke skrive siden ${path}: ${why}`,

    outputOverInput: (option, path, same, input) =>
      `${option ?? 'Fejlfilen'} ${path} ${same ? 'er' : 'fører til'} filen ${input}, som du læser ind; at skrive den ville erstatte din egen fil. Angiv en anden fil til ${option ?? 'fejlfilen med --errors-out'}. Intet blev læst eller sendt.`,

    moreLeftOut: '(mere tekst blev udeladt: kør uden --quiet for at se det hele)',

    baselineUnreadable: (path) =>
      `Kan ikke læse ${path}, oversigten over den sidste vellykkede kørsel, som denne eksport sammenlignes med (en beskadiget fil?). ` +
      'Intet blev sendt. Kontrollér eksporten, og kør så igen med --accept-changes: en vellykket kørsel skriver oversigten på ny.',
    couldNotRecordRun: (dir, why) => `Kunne ikke registrere denne kørsel i ${dir}: ${why}`,

    mapNeedsExport: 'map skal have eksporten at læse: orgsync-import map --init export.xlsx [--out profile.json]',
    outIsTheExport: (out) => `--out ${out} er selve eksporten; angiv et andet filnavn`,
    outExists: (out) => `${out} findes allerede; angiv en anden --out, eller tilføj --overwrite for at erstatte den`,
    noHeaderRow: (file) => `${file}: ingen overskriftsrække fundet (alle ark er tomme)`,
    profileWritten: (out, recognised, guessed, unrecognised) =>
      `Skrev ${out}: ${formatNumber(recognised)} overskrifter genkendt, ${formatNumber(guessed)} gættet (kontrollér dem: "_guessed"), ${formatNumber(unrecognised)} ikke genkendt (sat til null og listet under "_unrecognised").`,
    profileLacks: (lack) => `Mangler stadig for en indlæsning: ${lack}`,
    editProfile: (file, out) => `Ret den, og kontrollér så eksporten med den: orgsync-import validate ${file} --map ${out}`,

    wrote: (file) => `Skrev ${file}`,
  },
});
