/**
 * The words of src/load/: what became of an operation (outcome.ts, executor.ts, held.ts,
 * absence-answer.ts) and the journal's errors a person reads (journal.ts, journal-lock.ts).
 */
import { formatNumber, phrasebook } from './language.js';

/** How an operation was settled when not by the request asked for (service/adapter.ts `Settled`, and a confirmation). */
export type SettledHow = 'already_existed' | 'already_gone' | 'already_done' | 'rehired' | 'confirmed';

const en = {
  settled: {
    already_existed: 'the service already had it',
    already_gone: 'already gone from the service',
    already_done: 'the service already had it',
    rehired: 'rehired: the id belonged to a fired employee, whose data returns',
    confirmed: 'confirmed: the service already had it',
  } satisfies Record<SettledHow, string>,
  notStartedInterrupted: 'not started: the run was interrupted',
  notStartedStopped: 'not started: the run stopped',
  notSentJournal: 'not sent: the journal could not be written',
  interruptedUnknown: 'interrupted: whether the service carried it out is checked on the next run',
  blockedBy: (key: string) => `skipped (blocked by ${key})`,
  held: 'held for approval',
  waitsForHeld: (key: string) => `skipped (waits for ${key}, held for approval)`,
  absenceAnswerDiffers: (
    employeeId: string,
    answered: { start: string; end: string | null },
    asked: { start: string; end: string | null },
  ) =>
    `the service answered that it holds ${answered.start} to ${answered.end ?? 'open'} for employee ${employeeId}, ` +
    `not ${asked.start} to ${asked.end ?? 'open'} as expected: its rules for overlapping periods kept the other dates. ` +
    'The answer is recorded; the next run plans the requests that correct it, or the period must be corrected on the site',

  journalStarting: (journal: string) =>
    `Another orgsync-import is starting on the journal ${journal} right now. Wait for it to finish, then run again.`,
  journalTooLarge: (journal: string, megabytes: number, most: number) =>
    `The journal ${journal} is ${formatNumber(megabytes)} MB, far larger than a run of this importer writes (at most ${formatNumber(most)} MB), so it was not read. Delete that file and run again: the service is read afresh, and a run that was interrupted is checked against it. Nothing was sent.`,
  journalNotAFile: (journal: string) =>
    `The journal ${journal} is not a plain file (it is a device, folder or pipe), so progress could not be recorded and resumed. Give --journal the name of a file, or leave it out. Nothing was sent.`,
};

export const loadWords = phrasebook({
  en,
  da: {
    settled: {
      already_existed: 'tjenesten havde det allerede',
      already_gone: 'allerede væk fra tjenesten',
      already_done: 'tjenesten havde det allerede',
      rehired: "genansat: id'et tilhørte en fratrådt medarbejder, hvis data kommer tilbage",
      confirmed: 'bekræftet: tjenesten havde det allerede',
    },
    notStartedInterrupted: 'ikke startet: kørslen blev afbrudt',
    notStartedStopped: 'ikke startet: kørslen stoppede',
    notSentJournal: 'ikke sendt: journalen kunne ikke skrives',
    interruptedUnknown: 'afbrudt: om tjenesten udførte den, kontrolleres ved næste kørsel',
    blockedBy: (key) => `sprunget over (blokeret af ${key})`,
    held: 'tilbageholdt til godkendelse',
    waitsForHeld: (key) => `sprunget over (venter på ${key}, tilbageholdt til godkendelse)`,
    absenceAnswerDiffers: (employeeId, answered, asked) =>
      `tjenesten svarede, at den har ${answered.start} til ${answered.end ?? 'åben'} for medarbejder ${employeeId}, ` +
      `ikke ${asked.start} til ${asked.end ?? 'åben'} som ventet: dens regler for overlappende perioder beholdt de andre datoer. ` +
      'Svaret er gemt; næste kørsel planlægger de forespørgsler, der retter det, ellers skal perioden rettes på sitet',

    journalStarting: (journal) =>
      `En anden orgsync-import er ved at starte på journalen ${journal} lige nu. Vent til den er færdig, og kør så igen.`,
    journalTooLarge: (journal, megabytes, most) =>
      `Journalen ${journal} fylder ${formatNumber(megabytes)} MB, langt mere end en kørsel af dette program skriver (højst ${formatNumber(most)} MB), så den blev ikke læst. Slet den fil, og kør igen: tjenesten læses på ny, og en afbrudt kørsel kontrolleres mod den. Intet blev sendt.`,
    journalNotAFile: (journal) =>
      `Journalen ${journal} er ikke en almindelig fil (det er en enhedsfil, en mappe eller en pipe), så fremskridtet kunne ikke gemmes og genoptages. Giv --journal navnet på en fil, eller udelad den. Intet blev sendt.`,
  },
});
