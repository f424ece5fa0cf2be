/**
 * The words of a saved plan made again (src/plan/saved.ts: what changed since it was saved, why approved
 * removals cannot be carried out now) and of `undo` (src/plan/undo.ts: what it cannot give back).
 * Operation keys (`fireEmployee:121`) are codes and stay as they are.
 */
import { formatNumber, phrasebook, plural } from './language.js';

const en = {
  noLongerNeeded: (key: string) => `${key} is no longer needed`,
  otherValues: (key: string) => `${key} would now send other values`,
  otherDependencies: (key: string) => `${key} would now wait for other operations`,
  neededNow: (key: string) => `${key} is needed now and not in the saved plan`,
  otherChangesPending: (count: number, shown: readonly string[]) =>
    `${formatNumber(count)} change(s) other than removals are pending (${shown.join(', ')}${count > shown.length ? ', …' : ''})`,
  approvedNoLongerNeeded: (key: string) => `${key} is no longer needed (already done, or the entity is gone)`,
  waitsForUnapproved: (key: string, waitsFor: string) => `${key} must wait for ${waitsFor}, which is not approved: approve both or neither`,

  teamGone: (id: string) =>
    `Team ${id} was deleted: it cannot be restored with its dialog data (create it again in the workbook if it is wanted).`,
  staysOutOfDeletedTeam: (employeeId: string, teamId: string) => `Employee ${employeeId} stays out of team ${teamId}, which was deleted.`,
  absencesStay: (count: number) => `${formatNumber(count)} absence report(s) cannot be taken back: the service keeps reported absences.`,
  peopleStay: (count: number) =>
    `${formatNumber(count)} person record(s) the run created stay (the service has no way to remove a person); their employments are ended.`,
  rehiredTitleStays: (employeeId: string) =>
    `Employee ${employeeId}, whom the run rehired, is fired again with the employment title the run gave them (the service did not show the one before).`,
};

export const savedPlanWords = phrasebook({
  en,
  da: {
    noLongerNeeded: (key) => `${key} er ikke længere nødvendig`,
    otherValues: (key) => `${key} ville nu sende andre værdier`,
    otherDependencies: (key) => `${key} ville nu vente på andre handlinger`,
    neededNow: (key) => `${key} er nødvendig nu og står ikke i den gemte plan`,
    otherChangesPending: (count, shown) =>
      `${formatNumber(count)} ${plural(count, 'ændring', 'ændringer')} ud over fjernelser venter (${shown.join(', ')}${count > shown.length ? ', …' : ''})`,
    approvedNoLongerNeeded: (key) => `${key} er ikke længere nødvendig (allerede udført, eller det, den gælder, findes ikke mere)`,
    waitsForUnapproved: (key, waitsFor) => `${key} skal vente på ${waitsFor}, som ikke er godkendt: godkend begge eller ingen af dem`,

    teamGone: (id) =>
      `Team ${id} blev slettet: det kan ikke genskabes med sine dialogdata (opret det igen i projektmappen, hvis du vil have det).`,
    staysOutOfDeletedTeam: (employeeId, teamId) => `Medarbejder ${employeeId} forbliver uden for team ${teamId}, som blev slettet.`,
    absencesStay: (count) =>
      `${formatNumber(count)} ${plural(count, 'fraværsindberetning', 'fraværsindberetninger')} kan ikke trækkes tilbage: tjenesten beholder indberettet fravær.`,
    peopleStay: (count) =>
      `${formatNumber(count)} ${plural(count, 'person', 'personer')}, som kørslen oprettede, bliver (tjenesten kan ikke fjerne en person); deres ansættelser afsluttes.`,
    rehiredTitleStays: (employeeId) =>
      `Medarbejder ${employeeId}, som kørslen genansatte, fratræder igen med den stilling, kørslen gav dem (tjenesten viste ikke den tidligere).`,
  },
});
