/**
 * The sentences of the reporting line (src/validate/reporting-line.ts, exports.md "Who reports to whom"):
 * a manager who cannot be found, a loop, a unit whose leader the line cannot tell, a leader column that
 * names another leader than the line; and of placements joined onto people (src/validate/placements.ts).
 */
import { formatNumber, phrasebook } from './language.js';

const en = {
  personAtRow: (name: string, row: number | undefined) => (row === undefined ? `"${name}"` : `"${name}" (row ${row})`),
  unknownManager: (who: string) =>
    `The manager "${who}" is no active employee of the export (by employee id, e-mail or name): this person's reporting line is left out when leaders are found. Correct the manager, or leave the cell empty for someone who reports to nobody.`,
  reportsToSelf: (who: string) =>
    `The person reports to themselves ("${who}"): read as reporting to nobody here, this line is left out when leaders are found. Leave the cell empty for the top of the reporting line.`,
  sharedName: (who: string, count: number) =>
    `${formatNumber(count)} active employees are called "${who}", so which one is the manager cannot be told: this line is left out when leaders are found. Write the manager's employee id or e-mail instead.`,
  loop: (loop: string) =>
    `The reporting line goes round in a loop: ${loop}. Those lines are left out when leaders are found: correct one of the managers.`,
  tie: (unit: string, id: string, heads: readonly string[], count: number) =>
    `The leader of "${unit}" (${id}) cannot be told from the reporting line: ${formatNumber(count)} of its people report to different people outside it (${heads.join(', ')}${count > heads.length ? ', …' : ''}). Its leader is left as the service has it; name it in a leader column to set it.`,
  placementOfNobody: (person: string) =>
    `The person "${person}" is placed here, but the people list has no employee with that id: this placement is left out. Check the person's id, or add them to the people list.`,
  secondPlacement: (first: string, row: number) =>
    `This person already has a current placement, in "${first}" (row ${row}): a person works from one team, so this one is left out. End one of the placements (its to-date) if only one is current.`,
  leaderColumnDiffers: (unit: string, id: string, column: string, line: string) =>
    `The leader column names ${column} as the leader of "${unit}" (${id}), the reporting line ${line}: the leader column is used. Check which is right.`,
};

export const validateReportingWords = phrasebook({
  en,
  da: {
    personAtRow: (name, row) => (row === undefined ? `"${name}"` : `"${name}" (række ${row})`),
    unknownManager: (who) =>
      `Lederen "${who}" er ikke en aktiv medarbejder i eksporten (efter medarbejder-id, e-mail eller navn): personens ledelseslinje udelades, når enhedernes ledere findes. Ret lederen, eller lad cellen stå tom for en, der ikke refererer til nogen.`,
    reportsToSelf: (who) =>
      `Personen refererer til sig selv ("${who}"): læses som at referere til ingen, og linjen udelades, når enhedernes ledere findes. Lad cellen stå tom for toppen af ledelseslinjen.`,
    sharedName: (who, count) =>
      `${formatNumber(count)} aktive medarbejdere hedder "${who}", så hvem der er lederen, kan ikke afgøres: linjen udelades, når enhedernes ledere findes. Skriv lederens medarbejder-id eller e-mail i stedet.`,
    loop: (loop) => `Ledelseslinjen går i ring: ${loop}. De linjer udelades, når enhedernes ledere findes: ret en af lederne.`,
    tie: (unit, id, heads, count) =>
      `Lederen af "${unit}" (${id}) kan ikke afgøres ud fra ledelseslinjen: ${formatNumber(count)} af dens folk refererer til forskellige personer uden for den (${heads.join(', ')}${count > heads.length ? ', …' : ''}). Dens leder bliver, som tjenesten har den; angiv den i en lederkolonne for at sætte den.`,
    placementOfNobody: (person) =>
      `Personen "${person}" er placeret her, men personlisten har ingen medarbejder med det id: placeringen udelades. Kontrollér personens id, eller tilføj personen til personlisten.`,
    secondPlacement: (first, row) =>
      `Personen har allerede en gældende placering, i "${first}" (række ${row}): en person arbejder fra ét team, så denne udelades. Afslut en af placeringerne (dens til-dato), hvis kun én gælder.`,
    leaderColumnDiffers: (unit, id, column, line) =>
      `Lederkolonnen angiver ${column} som leder af "${unit}" (${id}), ledelseslinjen ${line}: lederkolonnen bruges. Kontrollér, hvad der er rigtigt.`,
  },
});
